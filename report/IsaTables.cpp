//===- IsaTables.cpp - lds-rewrite isa's text: kernels and comparisons -----===//

#include "report/IsaTables.h"

#include "report/IsaWidthNotes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <array>

using namespace llvm;

namespace lds {

using amdasm::AsmFile;
using amdasm::DsInstr;
using amdasm::DsKind;

namespace {

std::string pad(StringRef S, size_t W) {
  std::string Out = S.str();
  if (Out.size() < W)
    Out.append(W - Out.size(), ' ');
  return Out;
}

std::string optNum(const std::optional<unsigned> &V) { return V ? std::to_string(*V) : "?"; }
std::string optNum(const std::optional<uint64_t> &V) { return V ? std::to_string(*V) : "?"; }

std::string widthText(const amdasm::DsOpInfo &Op) {
  if (Op.WidthBytes == 0)
    return "no data";
  std::string W = std::to_string(Op.WidthBytes) + " B";
  if (Op.Addresses > 1)
    W = std::to_string(Op.Addresses) + " x " + W;
  if (Op.Stride64)
    W += ", offsets x64 dwords";
  return W;
}

std::string distanceList(const amdasm::Function &F) {
  std::vector<std::string> D;
  for (const DsInstr &I : F.Ds)
    if (I.Op.Kind == DsKind::Store || I.Op.Kind == DsKind::Atomic)
      D.push_back(I.WaitDistance < 0 ? "none" : std::to_string(I.WaitDistance));
  if (D.empty())
    return "-";
  if (D.size() > 12) {
    D.resize(12);
    D.push_back("...");
  }
  return join(D, ", ");
}

/// An NVIDIA kernel's line: shared bytes as ptxas -v counts them,
/// registers per thread, warps per SM (at its launch where the source
/// gives one), SASS instructions. The cubin gives no barrier count.
void printSassSummary(raw_ostream &OS, const std::string &Target, const amdasm::Function &F,
                      const IsaResult &R) {
  OS << "  ";
  if (F.IsKernel)
    OS << "shared " << optNum(F.LDSBytes) << " B, ";
  OS << "registers " << optNum(F.VGPRs);
  auto Launch = R.launchOccupancy(Target, F);
  if (Launch) {
    const planner::LaunchOccupancy &L = Launch->O;
    std::string Bound = L.Limit == "LDS"           ? "shared memory"
                        : L.Limit == "wave slots"  ? "warp slots"
                        : L.Limit == "workgroups per CU" ? "blocks per SM"
                                                   : L.Limit;
    unsigned Warps = L.Blocks * L.WavesPerBlock;
    OS << ", occupancy " << Warps << (Warps == 1 ? " warp" : " warps") << "/SM at its launch ("
       << Launch->Threads << " threads, " << Launch->Bytes << " B shared: " << L.Blocks
       << (L.Blocks == 1 ? " block" : " blocks") << " per SM, bound by " << Bound
       << "; registers alone allow " << optNum(F.Occupancy) << ")";
  } else if (F.Occupancy) {
    OS << ", registers allow " << *F.Occupancy << " warps/SM";
  }
  OS << ", " << F.Instructions << " SASS instructions\n";
}

void printKernel(raw_ostream &OS, const std::string &Target, const amdasm::Function &F,
                 const IsaResult &R) {
  const IsaNames &P = R.Names;
  OS << Target << "  " << F.Name << (F.IsKernel ? "" : "  (a device function, not inlined)")
     << "\n";
  if (F.Nvidia) {
    printSassSummary(OS, Target, F, R);
  } else {
  OS << "  ";
  if (F.IsKernel)
    OS << "LDS " << optNum(F.LDSBytes) << " B, ";
  OS << "VGPRs " << optNum(F.VGPRs);
  if (F.AGPRs)
    OS << ", AGPRs " << *F.AGPRs;
  OS << ", SGPRs " << optNum(F.SGPRs);
  auto Launch = R.launchOccupancy(Target, F);
  if (Launch && Launch->O.WavesPerSIMD != F.Occupancy) {
    const planner::LaunchOccupancy &L = Launch->O;
    OS << ", occupancy " << L.WavesPerSIMD << (L.WavesPerSIMD == 1 ? " wave" : " waves")
       << "/SIMD at its launch (" << Launch->Threads << " threads, " << Launch->Bytes
       << " B LDS: " << L.Blocks << (L.Blocks == 1 ? " workgroup" : " workgroups")
       << " per CU, bound by " << L.Limit << "; the compiler says " << optNum(F.Occupancy)
       << ", not knowing the launch)";
  } else if (F.Occupancy) {
    OS << ", occupancy " << *F.Occupancy << " waves/SIMD";
  }
  if (F.ScratchBytes && *F.ScratchBytes)
    OS << ", scratch " << *F.ScratchBytes << " B";
  OS << ", " << F.Instructions << " instructions, " << F.Barriers
     << (F.Barriers == 1 ? " barrier" : " barriers");
  if (F.Calls)
    OS << ", " << F.Calls << (F.Calls == 1 ? " call" : " calls");
  OS << "\n";
  if (F.Calls)
    OS << "  (it calls functions: the registers of one defined in another "
          "file are not counted, and a write's distance ends at the call; "
          "Debian's HIP headers under -nogpulib make threadIdx and "
          "__syncthreads() such calls, --gpu-headers=bundled does not)\n";
  }
  const char *What = F.Nvidia ? "shared-memory" : "ds_*";
  if (F.Ds.empty()) {
    OS << "  no " << What << " instructions\n";
    return;
  }
  // ds_* grouped by (source line, mnemonic), in program order.
  std::vector<std::pair<std::string, std::string>> Order;
  std::map<std::pair<std::string, std::string>, std::pair<unsigned, const DsInstr *>> Groups;
  size_t WhereW = 0, MnW = 0;
  for (const DsInstr &I : F.Ds) {
    auto K = std::make_pair(P.where(I), I.Mnemonic);
    auto &G = Groups[K];
    if (G.first++ == 0) {
      G.second = &I;
      Order.push_back(K);
    }
    WhereW = std::max(WhereW, K.first.size());
    MnW = std::max(MnW, K.second.size());
  }
  OS << "  " << What << " instructions by source line:\n";
  for (const auto &K : Order) {
    const auto &G = Groups[K];
    OS << "    " << pad(K.first, WhereW) << "  " << pad(K.second, MnW) << " x" << G.first << "  ("
       << amdasm::dsKindName(G.second->Op.Kind) << ", " << widthText(G.second->Op) << ")\n";
  }
  bool AnyWrite = false;
  // SASS: no wait is traced (the cubin reader decodes the shared-memory
  // instructions only).
  for (const DsInstr &I : F.Ds)
    if (!F.Nvidia)
    AnyWrite |= I.Op.Kind == DsKind::Store || I.Op.Kind == DsKind::Atomic;
  if (!AnyWrite)
    return;
  OS << "  LDS writes, instructions until the next LDS wait or barrier:\n";
  size_t TextW = 0;
  for (const DsInstr &I : F.Ds)
    if (I.Op.Kind == DsKind::Store || I.Op.Kind == DsKind::Atomic)
      TextW = std::max(TextW, I.Mnemonic.size() + 1 + I.Operands.size());
  for (const DsInstr &I : F.Ds) {
    if (I.Op.Kind != DsKind::Store && I.Op.Kind != DsKind::Atomic)
      continue;
    OS << "    " << pad(P.where(I), WhereW) << "  " << pad(I.Mnemonic + " " + I.Operands, TextW)
       << "  ";
    if (I.WaitDistance < 0)
      OS << "no wait before the end of the function";
    else
      OS << I.WaitDistance << " to " << I.WaitText;
    if (I.CrossesBranch)
      OS << " (through a branch: the nearest on any path)";
    OS << "\n";
  }
}

/// Kernels of A and B paired: same symbol first, then the rest in order.
/// Kernels of A and B paired: same symbol first, then the rest in order.
std::vector<std::pair<const amdasm::Function *, const amdasm::Function *>>
pairKernels(const AsmFile *A, const AsmFile *B) {
  std::vector<const amdasm::Function *> KA, KB;
  if (A)
    KA = A->kernels();
  if (B)
    KB = B->kernels();
  std::vector<std::pair<const amdasm::Function *, const amdasm::Function *>> Out;
  std::vector<bool> UsedB(KB.size());
  std::vector<const amdasm::Function *> RestA;
  for (const amdasm::Function *F : KA) {
    bool Found = false;
    for (size_t J = 0; J < KB.size(); ++J)
      if (!UsedB[J] && KB[J]->Symbol == F->Symbol) {
        Out.push_back({F, KB[J]});
        UsedB[J] = Found = true;
        break;
      }
    if (!Found)
      RestA.push_back(F);
  }
  size_t J = 0;
  for (const amdasm::Function *F : RestA) {
    while (J < KB.size() && UsedB[J])
      ++J;
    if (J < KB.size()) {
      Out.push_back({F, KB[J]});
      UsedB[J] = true;
    } else {
      Out.push_back({F, nullptr});
    }
  }
  for (size_t K = 0; K < KB.size(); ++K)
    if (!UsedB[K])
      Out.push_back({nullptr, KB[K]});
  return Out;
}

void printComparison(raw_ostream &OS, const std::string &Target, const amdasm::Function *A,
                     const amdasm::Function *B, const std::string &RoleB,
                     const IsaResult &R) {
  OS << Target << "  " << (A ? A->Name : "(none)");
  if (!A || !B || A->Name != B->Name)
    OS << "  |  " << (B ? B->Name : "(none)");
  OS << "\n";
  std::vector<std::array<std::string, 3>> Rows;
  auto Row = [&](const std::string &Label, const std::string &X, const std::string &Y) {
    Rows.push_back({Label, X, Y});
  };
  auto Opt = [](const amdasm::Function *F, auto Get) -> std::string { return F ? Get(*F) : "-"; };
  Row("", "original", RoleB);
  Row("LDS bytes", Opt(A, [](auto &F) { return optNum(F.LDSBytes); }),
      Opt(B, [](auto &F) { return optNum(F.LDSBytes); }));
  Row("VGPRs", Opt(A, [](auto &F) { return optNum(F.VGPRs); }),
      Opt(B, [](auto &F) { return optNum(F.VGPRs); }));
  if ((A && A->AGPRs) || (B && B->AGPRs))
    Row("AGPRs", Opt(A, [](auto &F) { return optNum(F.AGPRs); }),
        Opt(B, [](auto &F) { return optNum(F.AGPRs); }));
  Row("SGPRs", Opt(A, [](auto &F) { return optNum(F.SGPRs); }),
      Opt(B, [](auto &F) { return optNum(F.SGPRs); }));
  // At the launch for both, or the compiler's for both: the rewritten
  // file's launch may pass other dynamic bytes than the original's.
  bool AtLaunch = A && B && R.launchOccupancy(Target, *A) && R.launchOccupancy(Target, *B) &&
                  !R.launchOccupancy(Target, *A)->DynamicBytes;
  auto Occ = [&](const amdasm::Function &F) {
    return optNum(AtLaunch ? std::optional<unsigned>(R.launchOccupancy(Target, F)->O.WavesPerSIMD)
                           : F.Occupancy);
  };
  if ((A && A->Occupancy) || (B && B->Occupancy))
    Row(AtLaunch ? "occupancy at launch" : "occupancy", Opt(A, Occ), Opt(B, Occ));
  Row("instructions", Opt(A, [](auto &F) { return std::to_string(F.Instructions); }),
      Opt(B, [](auto &F) { return std::to_string(F.Instructions); }));
  Row("barriers", Opt(A, [](auto &F) { return std::to_string(F.Barriers); }),
      Opt(B, [](auto &F) { return std::to_string(F.Barriers); }));
  std::map<std::string, unsigned> CA, CB;
  if (A)
    CA = A->dsCounts();
  if (B)
    CB = B->dsCounts();
  std::vector<std::string> Mns;
  for (const auto &[M, N] : CA)
    Mns.push_back(M);
  for (const auto &[M, N] : CB)
    if (!CA.count(M))
      Mns.push_back(M);
  std::sort(Mns.begin(), Mns.end());
  for (const std::string &M : Mns)
    Row(M, A ? std::to_string(CA[M]) : "-", B ? std::to_string(CB[M]) : "-");
  Row("write -> wait", Opt(A, [](auto &F) { return distanceList(F); }),
      Opt(B, [](auto &F) { return distanceList(F); }));
  size_t W0 = 0, W1 = 0;
  for (const auto &R : Rows) {
    W0 = std::max(W0, R[0].size());
    W1 = std::max(W1, R[1].size());
  }
  for (const auto &R : Rows) {
    std::string Line = "  " + pad(R[0], W0) + "   " + pad(R[1], W1) + "   " + R[2];
    OS << StringRef(Line).rtrim() << "\n";
  }
}

/// What --fix chose, why an array was left alone, and what was compiled;
/// the write itself went to a temporary folder (--fix-to), never to FILE.
void printFixSummary(raw_ostream &OS, const IsaResult &R) {
  if (!R.FixChanged)
    OS << "  lds-rewrite --fix changed nothing\n";
  SmallVector<StringRef, 8> Lines;
  StringRef(R.FixReport).split(Lines, '\n', -1, false);
  for (StringRef L : Lines)
    if (L.contains("remark: fixing") || L.contains("warning: not fixing") ||
        L.starts_with("lds-rewrite:"))
      OS << "  " << L << "\n";
}

const AsmFile &asmFor(const IsaVariant &V, const std::string &Target) {
  static const AsmFile None;
  auto It = V.Asm.find(Target);
  return It == V.Asm.end() ? None : It->second;
}

} // namespace

void printIsaText(raw_ostream &OS, const IsaResult &R) {
  OS << "lds-rewrite isa: " << R.File;
  if (R.Variants.size() > 1)
    OS << " vs " << R.Variants[1].Display;
  if (R.Cuda)
    OS << "\n  compiled with " << R.Compiler
       << " -arch=<target>; the SASS read from the cubin (line numbers from -lineinfo)\n";
  else
  OS << "\n  compiled with " << R.Compiler << "; headers: "
     << (R.BundledHeaders ? "bundled (include-fallback/hip: __syncthreads() is a fence and "
                            "s_barrier, as with ROCm's device library)"
                          : "auto (the installed HIP headers; with -nogpulib Debian's make "
                            "__syncthreads() a call to an external fence function)")
     << "\n";
  if (!R.HeadersFallback.empty())
    OS << "  (not with the bundled headers, which declare the kernel side of HIP only: "
       << R.HeadersFallback << ")\n";
  if (R.CompareFix)
    printFixSummary(OS, R);
  for (const std::string &T : R.Targets) {
    OS << "\n";
    const AsmFile &A = asmFor(R.Variants[0], T);
    if (R.Variants.size() > 1) {
      const AsmFile &B = asmFor(R.Variants[1], T);
      for (const auto &[KA, KB] : pairKernels(&A, &B))
        printComparison(OS, T, KA, KB, R.Variants[1].Role, R);
    } else {
      if (A.kernels().empty())
        OS << T << "  no kernels\n";
      for (const amdasm::Function &F : A.Functions)
        if (F.IsKernel || !F.Ds.empty())
          printKernel(OS, T, F, R);
    }
    printWidthNotes(OS, R, T);
  }
}

} // namespace lds
