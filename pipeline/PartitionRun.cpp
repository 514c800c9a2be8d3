//===- PartitionRun.cpp - lds-partition-conflict for one parsed file -------===//

#include "pipeline/PartitionRun.h"

#include "pipeline/Recompile.h"
#include "pipeline/Suppressions.h"
#include "readers/LdsLayout.h"
#include "report/CheckNames.h"

#include "clang/AST/GlobalDecl.h"
#include "clang/AST/Mangle.h"

#include <map>
#include <set>

namespace lds {

namespace {

/// The symbol clang gives D in the device code (a static local of a kernel:
/// _ZZ7rowreadPKDF16_PDF16_E4tile).
std::string symbolOf(clang::MangleContext &MC, const clang::NamedDecl *D) {
  if (!MC.shouldMangleDeclName(D))
    return D->getName().str();
  std::string S;
  llvm::raw_string_ostream OS(S);
  if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D))
    MC.mangleName(clang::GlobalDecl(FD), OS);
  else
    MC.mangleName(clang::GlobalDecl(llvm::cast<clang::VarDecl>(D)), OS);
  return S;
}

/// The bytes of the arrays each kernel's accesses use (a lower bound of its
/// LDS), and whether one of them is dynamic (its size comes from the launch).
struct KernelArrays {
  uint64_t Bytes = 0;
  bool Dynamic = false;
};

std::map<std::string, KernelArrays> arraysByKernel(const Model &M) {
  std::map<std::string, std::set<std::string>> Used;
  for (const Access &A : M.Accesses)
    Used[A.Kernel].insert(A.ArrayId);
  std::map<std::string, KernelArrays> Out;
  for (const auto &[Kernel, Ids] : Used)
    for (const std::string &Id : Ids)
      if (const SharedArray *S = M.findArray(Id)) {
        Out[Kernel].Bytes += S->Bytes;
        Out[Kernel].Dynamic |= S->Dynamic;
      }
  return Out;
}

} // namespace

void runPartitionCheck(clang::ASTContext &Ctx, AnalyzedFile &F,
                       const clang::tooling::CompileCommand &Original, SourceLanguage Lang,
                       const RunConfig &Config) {
  if (!F.runs(PartitionConflictCheck) || Lang != SourceLanguage::HIP)
    return;
  const Model &M = F.Built.M;
  std::map<std::string, KernelArrays> Kernels = arraysByKernel(M);
  std::unique_ptr<clang::MangleContext> MC(Ctx.createMangleContext());
  const clang::SourceManager &SM = Ctx.getSourceManager();

  for (const std::string &T : F.Targets) {
    const TargetModel *TM = Config.Banks.find(T);
    if (!TM || !TM->Partitions.present())
      continue;
    // Which accesses need the compiled layout.
    std::vector<size_t> Wanted;
    for (size_t I = 0; I < M.Accesses.size(); ++I) {
      const Access &A = M.Accesses[I];
      const KernelArrays &K = Kernels[A.Kernel];
      if ((K.Bytes > TM->Partitions.Bytes || K.Dynamic) && F.Built.Origins[I].Kernel &&
          F.Built.Origins[I].Array &&
          !isSuppressed(SM, F.Built.Origins[I].Expr->getBeginLoc(), PartitionConflictCheck))
        Wanted.push_back(I);
    }
    if (Wanted.empty())
      continue;

    std::vector<std::string> Extra = ldslayout::dumpArguments();
    if (!Original.Directory.empty())
      Extra.push_back("-working-directory=" + Original.Directory);
    std::vector<std::string> Cmd = deviceCommand(Original, Lang, {T}, Config).CommandLine;
    CompileResult Built = compileDeviceSide(Cmd, Original.Filename, Original.Filename, Extra);
    std::string LayoutError;
    ldslayout::Layout Layout;
    if (!Built.Ok) {
      LayoutError = "the file did not compile for " + T;
      // The compiler's first error says why (an MFMA builtin gfx1250 lacks).
      llvm::StringRef Log(Built.Log);
      size_t At = Log.find("error: ");
      if (At != llvm::StringRef::npos)
        LayoutError += " (" + Log.substr(At + 7).take_until([](char C) { return C == '\n'; }).str() + ")";
    } else if (auto L = ldslayout::readDumps(Built.Log)) {
      Layout = std::move(*L);
    } else {
      LayoutError = llvm::toString(L.takeError());
    }

    for (size_t I : Wanted) {
      const Access &A = M.Accesses[I];
      PartitionAccess P;
      P.Access = I;
      P.Target = T;
      P.KernelSymbol = symbolOf(*MC, F.Built.Origins[I].Kernel);
      std::string Var = symbolOf(*MC, F.Built.Origins[I].Array);
      if (auto It = Built.LDSBytes.find(P.KernelSymbol); It != Built.LDSBytes.end())
        P.KernelLDSBytes = It->second;
      std::optional<ldslayout::Placement> Place;
      if (LayoutError.empty())
        Place = Layout.find(P.KernelSymbol, Var);
      const clang::VarDecl *Decl = F.Built.Origins[I].Array;
      const SharedArray *Array = M.findArray(A.ArrayId);
      bool Dynamic = Array && Array->Dynamic;
      if (!Place && Dynamic && Built.Ok && Built.LDSBytes.count(P.KernelSymbol)) {
        // Dynamic LDS has no place in the lowering's struct: the back end
        // puts it after the kernel's static LDS, at that size rounded up to
        // the variable's alignment (AMDGPUUsage, "dynamic LDS").
        uint64_t Align = std::max<uint64_t>(1, Ctx.getDeclAlign(Decl).getQuantity());
        ldslayout::Placement After;
        After.Offset = (P.KernelLDSBytes + Align - 1) / Align * Align;
        After.Struct = "dynamic LDS after the kernel's " + std::to_string(P.KernelLDSBytes) +
                       " B of static LDS, aligned to " + std::to_string(Align);
        Place = After;
      }
      if (!Place) {
        P.Result.Result = PartitionResult::Unknown;
        P.Result.Why = !LayoutError.empty()
                           ? "the array's LDS offset could not be read: " + LayoutError
                           : "the compiled " + T + " code does not say where '" +
                                 Decl->getName().str() +
                                 "' lies (clang's LDS lowering left no constant offset for it)";
        F.Partitions.push_back(std::move(P));
        continue;
      }
      P.ArrayOffset = Place->Offset;
      P.OffsetSource = "clang's LDS lowering for " + T + " (amdgpu-lower-module-lds: " +
                       Place->Struct + ")";
      // The kernel's LDS: its static part, plus what its launch passes for
      // a dynamic array when that is known.
      uint64_t Total = P.KernelLDSBytes;
      bool TotalKnown = Total != 0 || !Dynamic;
      if (Dynamic) {
        TotalKnown = A.Block.DynamicSharedBytes != 0;
        Total = P.ArrayOffset + A.Block.DynamicSharedBytes;
      }
      if (TotalKnown && Total && Total <= TM->Partitions.Bytes) {
        // Every byte of the kernel lies in partition 0: nothing a source
        // edit within this LDS size separates.
        continue;
      }
      PartitionQuery Q;
      Q.A = &A;
      Q.ArrayOffset = Place->Offset;
      Q.Model = TM->Partitions;
      Q.WaveSize = TM->WaveSize;
      Q.Assumptions = Config.Assumptions;
      P.Result = analyzePartitions(Q);
      F.Partitions.push_back(std::move(P));
    }
  }
}

} // namespace lds
