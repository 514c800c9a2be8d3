//===- IsaMode.cpp - lds-rewrite isa: what the compiler made of the LDS code =//

#include "tool/IsaMode.h"
#include "targets/Targets.h"

#include "matchers/AnalyzedFile.h"
#include "pipeline/AssumeOption.h"
#include "pipeline/CheckAction.h"
#include "pipeline/CheckRun.h"
#include "pipeline/DeviceCompileArgs.h"
#include "pipeline/RunConfig.h"
#include "report/JsonReport.h"
#include "tool/Options.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <set>

using namespace llvm;

namespace lds {

using amdasm::AsmFile;
using amdasm::DsInstr;
using amdasm::DsKind;
using amdasm::SourceFrame;

namespace {

struct IsaOptions {
  std::string File;
  std::vector<std::string> Targets;
  std::string Compare;
  bool CompareFix = false;
  std::string Strategy; ///< --strategy, when given: "auto", "pad", "swizzle"
  OutputFormat Format = OutputFormat::Text;
  GpuHeaders Headers = GpuHeaders::Bundled;
  std::string AsmDir; ///< keep the assembly there
  std::vector<std::string> CompilerArgs;
};

const char *const Usage =
    "usage: lds-rewrite isa FILE [--target=gfx942[,gfx950,gfx1250...]]\n"
    "                   [--compare FILE2 | --compare-fix [--strategy=auto|pad|swizzle]]\n"
    "                   [--format=text|json] [--gpu-headers=bundled|auto]\n"
    "                   [--block=X[,Y[,Z]]] [--assume NAME=VALUE]... [--bank-model=FILE]\n"
    "                   [--asm-dir=DIR] [-- compiler args]\n"
    "\n"
    "Compiles FILE's device side with clang-22 -O3 -S -gline-tables-only for each\n"
    "AMD target and reports per kernel: LDS bytes, VGPRs/AGPRs/SGPRs, the ds_*\n"
    "instructions with their source lines, and for each LDS write the number of\n"
    "instructions until the next s_waitcnt lgkmcnt(0) / s_wait_dscnt 0 / barrier.\n"
    "Source accesses whose compiled width differs from the source are re-costed.\n"
    "  --compare FILE2   the same for a rewritten FILE2, next to FILE\n"
    "  --compare-fix     the same for lds-rewrite --fix applied to a copy of FILE\n"
    "  --gpu-headers     bundled (default): the project's minimal HIP headers, where\n"
    "                    __syncthreads() is a fence and s_barrier; auto: Debian's HIP\n"
    "                    headers, where it is a call to an external function\n"
    "  --asm-dir=DIR     keep the assembly files in DIR\n";

int fail(const Twine &Msg) {
  WithColor::error(errs(), "lds-rewrite isa") << Msg << "\n";
  return 2;
}

std::string absPath(StringRef P) {
  SmallString<256> A(P);
  sys::fs::make_absolute(A);
  sys::path::remove_dots(A, /*remove_dot_dot=*/true);
  return std::string(A);
}

std::string currentDir() {
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  return std::string(Cwd);
}

cl::list<std::string> Files(cl::Positional, cl::desc("<file>"), cl::sub(options::isaCommand()));
cl::opt<std::string> CompareOpt("compare", cl::value_desc("FILE2"),
                                cl::desc("The same for a rewritten FILE2, next to FILE"),
                                cl::cat(options::category()), cl::sub(options::isaCommand()));
cl::opt<bool> CompareFixOpt("compare-fix",
                            cl::desc("The same for lds-rewrite --fix applied to a copy of FILE"),
                            cl::cat(options::category()), cl::sub(options::isaCommand()));
cl::opt<std::string> FormatOpt("format", cl::value_desc("text|json"), cl::desc("Output format"),
                               cl::init("text"), cl::cat(options::category()),
                               cl::sub(options::isaCommand()));
cl::opt<std::string> AsmDirOpt("asm-dir", cl::value_desc("DIR"),
                               cl::desc("Keep the assembly files in DIR"),
                               cl::cat(options::category()), cl::sub(options::isaCommand()));

// isa's own options into O. Returns 0 to go on, 2 on an error.
int parseOptions(IsaOptions &O) {
  if (Files.size() > 1)
    return fail("isa takes one file (and --compare FILE2); got '" + Files[0] + "' and '" +
                Files[1] + "'");
  if (Files.empty())
    return fail(Twine("no input file\n") + Usage);
  O.File = Files[0];
  O.Compare = CompareOpt;
  O.CompareFix = CompareFixOpt;
  if (FormatOpt == "json")
    O.Format = OutputFormat::Json;
  else if (FormatOpt != "text")
    return fail("--format must be text or json, got '" + FormatOpt + "'");
  O.AsmDir = AsmDirOpt;
  O.CompilerArgs = options::CompilerArgs;
  if (options::StrategyOpt.getNumOccurrences())
    O.Strategy = options::StrategyOpt == Strategy::Pad       ? "pad"
                 : options::StrategyOpt == Strategy::Swizzle ? "swizzle"
                                                             : "auto";
  if (!O.Compare.empty() && O.CompareFix)
    return fail("--compare and --compare-fix cannot be used together");
  if (!O.Strategy.empty() && !O.CompareFix)
    return fail("--strategy only applies to --compare-fix");
  O.Targets = options::Targets.empty()
                  ? std::vector<std::string>{defaultAMDTarget()}
                  : std::vector<std::string>(options::Targets.begin(), options::Targets.end());
  return 0;
}

//===----------------------------------------------------------------------===//
// The source analysis (the check pipeline) of the original file
//===----------------------------------------------------------------------===//

struct SourceAnalysis {
  bool Ok = false;
  Model M;
  std::vector<std::vector<AccessResult>> Results; ///< [access][target]
  std::vector<std::string> Targets;
};

clang::tooling::CompileCommand commandFor(const std::string &File,
                                          const std::vector<std::string> &Args) {
  clang::tooling::CompileCommand Cmd;
  Cmd.Directory = currentDir();
  Cmd.Filename = File;
  Cmd.CommandLine.push_back("clang");
  Cmd.CommandLine.insert(Cmd.CommandLine.end(), Args.begin(), Args.end());
  Cmd.CommandLine.push_back(File);
  return Cmd;
}

SourceAnalysis analyzeSource(const IsaOptions &O, const RunConfig &Config) {
  SourceAnalysis Out;
  clang::tooling::CompileCommand Cmd = commandFor(O.File, O.CompilerArgs);
  AnalyzedFile Template;
  Template.File = O.File;
  Template.Targets = O.Targets;
  DeviceParse Parse = deviceCommand(Cmd, SourceLanguage::HIP, O.Targets, Config);
  Template.UsedFallbackHeaders = Parse.UsedFallbackHeaders;
  Cmd.CommandLine = Parse.CommandLine;
  SingleCommandDatabase Single(Cmd);
  clang::tooling::ClangTool Tool(Single, {Cmd.Filename});
  Tool.clearArgumentsAdjusters();
  bool Called = false;
  auto Factory = newCheckActionFactory(Config, Template, [&](clang::ASTContext &, AnalyzedFile &F) {
    Out.M = F.Built.M;
    Out.Results = F.Results;
    Out.Targets = F.Targets;
    Called = true;
  });
  int RC = Tool.run(Factory.get());
  Out.Ok = RC == 0 && Called;
  return Out;
}

//===----------------------------------------------------------------------===//
// Compiling to assembly
//===----------------------------------------------------------------------===//

struct Variant {
  std::string Role;    ///< "original", "rewritten", "fixed"
  std::string Display; ///< as shown
  std::string Input;   ///< the file compiled
  std::vector<std::string> ExtraArgs;
  std::map<std::string, AsmFile> Asm;        ///< by target
  std::map<std::string, std::string> Errors; ///< by target: compiler output
  std::string TempDir;                       ///< removed once compiled (--compare-fix's copy)
};

bool hasOptLevel(const std::vector<std::string> &Args) {
  for (const std::string &A : Args)
    if (StringRef(A).starts_with("-O"))
      return true;
  return false;
}

std::string readFile(StringRef Path) {
  if (auto Buf = MemoryBuffer::getFile(Path))
    return (*Buf)->getBuffer().str();
  return std::string();
}

/// The device compile of V for T as a command line (clang first).
std::vector<std::string> asmCommand(const Variant &V, const std::string &T, const IsaOptions &O,
                                    const RunConfig &Config, StringRef AsmPath) {
  std::vector<std::string> Args = O.CompilerArgs;
  Args.insert(Args.end(), V.ExtraArgs.begin(), V.ExtraArgs.end());
  clang::tooling::CompileCommand Cmd = commandFor(V.Input, Args);
  DeviceParse Parse = deviceCommand(Cmd, SourceLanguage::HIP, {T}, Config);
  std::vector<std::string> Out;
  for (const std::string &A : Parse.CommandLine) {
    if (A == "-fsyntax-only") {
      if (!hasOptLevel(O.CompilerArgs))
        Out.push_back("-O3");
      for (const char *X : {"-S", "-gline-tables-only", "-o"})
        Out.push_back(X);
      Out.push_back(AsmPath.str());
      continue;
    }
    Out.push_back(A);
  }
  return Out;
}

void compileVariant(Variant &V, const IsaOptions &O, const RunConfig &Config) {
  for (const std::string &T : O.Targets) {
    SmallString<128> Asm, Log;
    if (!O.AsmDir.empty()) {
      sys::fs::create_directories(O.AsmDir);
      Asm = O.AsmDir;
      std::string Stem = sys::path::stem(V.Input).str();
      sys::path::append(Asm, Stem + (V.Role == "original" ? "" : "." + V.Role) + "." + T + ".s");
    } else {
      sys::fs::createTemporaryFile("lds-rewrite-isa", "s", Asm);
    }
    sys::fs::createTemporaryFile("lds-rewrite-isa", "log", Log);
    std::vector<std::string> Args = asmCommand(V, T, O, Config, Asm);
    std::vector<StringRef> Argv(Args.begin(), Args.end());
    std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Log), StringRef(Log)};
    std::string Err;
    int RC = sys::ExecuteAndWait(Args[0], Argv, std::nullopt, Redirects,
                                 /*SecondsToWait=*/600, 0, &Err);
    if (RC == 0) {
      V.Asm[T] = amdasm::parse(readFile(Asm));
    } else {
      std::string Msg = readFile(Log) + Err;
      V.Errors[T] = Msg.empty() ? "the compiler failed" : Msg;
    }
    if (O.AsmDir.empty())
      sys::fs::remove(Asm);
    sys::fs::remove(Log);
  }
}

//===----------------------------------------------------------------------===//
// --compare-fix: the tool's own --fix on a copy
//===----------------------------------------------------------------------===//

bool runFixOnCopy(const IsaOptions &O, const RunConfig &Config, Variant &Fixed, std::string &Report,
                  std::string &Error, bool &Changed) {
  SmallString<128> Dir;
  if (sys::fs::createUniqueDirectory("lds-rewrite-isa-fix", Dir)) {
    Error = "cannot create a temporary folder";
    return false;
  }
  std::string OrigDir = sys::path::parent_path(absPath(O.File)).str();
  // The check's own --fix, in-process, with the fix of FILE (and of the
  // project's headers it edits) written to Dir (--fix-to), never over FILE.
  CheckRequest R;
  R.Files = {O.File};
  R.CompilerArgs = O.CompilerArgs;
  R.Config = Config;
  R.Config.Targets = O.Targets;
  R.Config.Format = OutputFormat::Text;
  R.Config.FixTo = std::string(Dir);
  R.Fix = FixOutput::InPlace;
  R.StrategyGiven = !O.Strategy.empty();
  R.Strat = O.Strategy == "pad"       ? Strategy::Pad
            : O.Strategy == "swizzle" ? Strategy::Swizzle
                                      : Strategy::Auto;
  raw_string_ostream Log(Report);
  int RC = runCheck(R, Log, Log).Status;
  Log.flush();
  if (RC != 0 && RC != 1) {
    sys::fs::remove_directories(Dir);
    Error = "lds-rewrite --fix failed (exit " + std::to_string(RC) + ")\n" + Report;
    return false;
  }
  SmallString<256> Copy(Dir), Overlay(Dir);
  sys::path::append(Copy, sys::path::filename(O.File));
  sys::path::append(Overlay, "overlay.yaml");
  if (!sys::fs::exists(Copy)) { // nothing to fix: the original, unchanged
    if (sys::fs::copy_file(O.File, Copy)) {
      sys::fs::remove_directories(Dir);
      Error = "cannot copy " + O.File + " to " + std::string(Copy);
      return false;
    }
  }
  bool Headers = sys::fs::exists(Overlay);
  Changed = Headers || readFile(O.File) != readFile(Copy);
  Fixed.Role = "fixed";
  Fixed.Display = O.File + " (lds-rewrite --fix)";
  Fixed.Input = std::string(Copy);
  // The copy's quoted includes are next to the original; the rewritten
  // headers stand in for theirs through the overlay.
  Fixed.ExtraArgs = {"-I" + OrigDir};
  if (Headers) {
    Fixed.ExtraArgs.push_back("-ivfsoverlay");
    Fixed.ExtraArgs.push_back(std::string(Overlay));
  }
  Fixed.TempDir = std::string(Dir);
  return true;
}

//===----------------------------------------------------------------------===//
// Reporting
//===----------------------------------------------------------------------===//

struct Printer {
  std::string Cwd = currentDir();
  std::map<std::string, std::string> Names; ///< absolute path -> as shown
  std::vector<std::string> SkipPrefixes;

  std::string show(const std::string &File) const {
    std::string A = absPath(File);
    auto It = Names.find(A);
    if (It != Names.end())
      return It->second;
    StringRef R(A);
    if (R.consume_front(Cwd + "/"))
      return R.str();
    return A;
  }
  std::string where(const DsInstr &I) const {
    const SourceFrame *F = amdasm::userFrame(I, SkipPrefixes);
    if (!F)
      return "(no line)";
    return show(F->File) + ":" + std::to_string(F->Line);
  }
};

std::string pad(StringRef S, size_t W) {
  std::string Out = S.str();
  if (Out.size() < W)
    Out.append(W - Out.size(), ' ');
  return Out;
}

std::string optNum(const std::optional<unsigned> &V) { return V ? std::to_string(*V) : "?"; }
std::string optNum(const std::optional<uint64_t> &V) { return V ? std::to_string(*V) : "?"; }

json::Value jsonNum(const std::optional<unsigned> &V) {
  return V ? json::Value(static_cast<int64_t>(*V)) : json::Value(nullptr);
}
json::Value jsonNum(const std::optional<uint64_t> &V) {
  return V ? json::Value(static_cast<int64_t>(*V)) : json::Value(nullptr);
}

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

void printKernel(raw_ostream &OS, const std::string &Target, const amdasm::Function &F,
                 const Printer &P) {
  OS << Target << "  " << F.Name << (F.IsKernel ? "" : "  (a device function, not inlined)")
     << "\n";
  OS << "  ";
  if (F.IsKernel)
    OS << "LDS " << optNum(F.LDSBytes) << " B, ";
  OS << "VGPRs " << optNum(F.VGPRs);
  if (F.AGPRs)
    OS << ", AGPRs " << *F.AGPRs;
  OS << ", SGPRs " << optNum(F.SGPRs);
  if (F.Occupancy)
    OS << ", occupancy " << *F.Occupancy << " waves/SIMD";
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
  if (F.Ds.empty()) {
    OS << "  no ds_* instructions\n";
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
  OS << "  ds_* instructions by source line:\n";
  for (const auto &K : Order) {
    const auto &G = Groups[K];
    OS << "    " << pad(K.first, WhereW) << "  " << pad(K.second, MnW) << " x" << G.first << "  ("
       << amdasm::dsKindName(G.second->Op.Kind) << ", " << widthText(G.second->Op) << ")\n";
  }
  bool AnyWrite = false;
  for (const DsInstr &I : F.Ds)
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
      OS << " (across a branch: program order may differ)";
    OS << "\n";
  }
}

json::Object kernelJSON(const amdasm::Function &F, const Printer &P) {
  json::Object K{{"symbol", F.Symbol},
                 {"name", F.Name},
                 {"is_kernel", F.IsKernel},
                 {"lds_bytes", jsonNum(F.LDSBytes)},
                 {"scratch_bytes", jsonNum(F.ScratchBytes)},
                 {"vgprs", jsonNum(F.VGPRs)},
                 {"agprs", jsonNum(F.AGPRs)},
                 {"sgprs", jsonNum(F.SGPRs)},
                 {"occupancy", jsonNum(F.Occupancy)},
                 {"instructions", static_cast<int64_t>(F.Instructions)},
                 {"barriers", static_cast<int64_t>(F.Barriers)},
                 {"calls", static_cast<int64_t>(F.Calls)}};
  json::Object Counts;
  for (const auto &[M, N] : F.dsCounts())
    Counts[M] = static_cast<int64_t>(N);
  K["ds_counts"] = std::move(Counts);
  json::Array Ds;
  for (const DsInstr &I : F.Ds) {
    json::Object D{{"mnemonic", I.Mnemonic},
                   {"operands", I.Operands},
                   {"kind", amdasm::dsKindName(I.Op.Kind)},
                   {"width_bytes", static_cast<int64_t>(I.Op.WidthBytes)},
                   {"addresses", static_cast<int64_t>(I.Op.Addresses)},
                   {"stride64", I.Op.Stride64},
                   {"asm_line", static_cast<int64_t>(I.AsmLine)}};
    if (const SourceFrame *S = amdasm::userFrame(I, P.SkipPrefixes)) {
      D["file"] = P.show(S->File);
      D["line"] = static_cast<int64_t>(S->Line);
      D["column"] = static_cast<int64_t>(S->Column);
    } else {
      D["file"] = nullptr;
      D["line"] = nullptr;
    }
    json::Array Frames;
    for (const SourceFrame &S : I.Frames)
      Frames.push_back(json::Object{{"file", P.show(S.File)},
                                    {"line", static_cast<int64_t>(S.Line)},
                                    {"column", static_cast<int64_t>(S.Column)}});
    D["frames"] = std::move(Frames);
    if (I.Op.Kind == DsKind::Store || I.Op.Kind == DsKind::Atomic) {
      D["wait_distance"] = I.WaitDistance < 0 ? json::Value(nullptr) : json::Value(I.WaitDistance);
      D["waited_by"] = amdasm::waitKindName(I.WaitedBy);
      D["wait_instruction"] = I.WaitText;
      D["crosses_branch"] = I.CrossesBranch;
    }
    Ds.push_back(std::move(D));
  }
  K["ds"] = std::move(Ds);
  return K;
}

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
                     const amdasm::Function *B, const std::string &RoleB) {
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
  if ((A && A->Occupancy) || (B && B->Occupancy))
    Row("occupancy", Opt(A, [](auto &F) { return optNum(F.Occupancy); }),
        Opt(B, [](auto &F) { return optNum(F.Occupancy); }));
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

//===----------------------------------------------------------------------===//
// Source accesses against the compiled widths
//===----------------------------------------------------------------------===//

DsKind dsKindOf(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return DsKind::Load;
  case AccessKind::Store:
    return DsKind::Store;
  case AccessKind::Atomic:
    return DsKind::Atomic;
  }
  return DsKind::Load;
}

bool inKernel(const std::string &Function, const std::string &Kernel) {
  if (Kernel.empty())
    return false;
  std::string K = Kernel + "(";
  return StringRef(Function).starts_with(K) || StringRef(Function).contains(" " + K);
}

std::string costText(const AccessResult &R, unsigned Addresses = 1) {
  if (R.Status == ResultStatus::Unknown)
    return "unknown (" + R.Reason + ")";
  std::string S = formatNumber(R.Passes) + (std::fabs(R.Passes - 1) < 1e-9 ? " pass" : " passes") +
                  (Addresses > 1 ? " per address" : "") + ", ideal " + formatNumber(R.IdealPasses);
  S += R.conflicts() ? " (" + formatNumber(R.Degree) + "-way)" : " (no conflict)";
  return S;
}

struct WidthFinding {
  std::string Target;
  const Access *A = nullptr;
  const AccessResult *Source = nullptr;
  std::vector<CompiledAccess> Instrs;
  /// Costs at each compiled width that differs from the source's.
  std::vector<std::pair<unsigned, AccessResult>> Recosted;
};

std::vector<WidthFinding> compareWidths(const SourceAnalysis &S, const Variant &V,
                                        const IsaOptions &O, const RunConfig &Config,
                                        const Printer &P) {
  std::vector<WidthFinding> Out;
  ConflictAnalyzer Analyzer(Config.Banks);
  for (size_t T = 0; T < S.Targets.size(); ++T) {
    const std::string &Target = S.Targets[T];
    auto It = V.Asm.find(Target);
    if (It == V.Asm.end())
      continue;
    CompiledWidths W = compiledWidths(It->second, P.SkipPrefixes);
    const TargetModel *TM = Config.Banks.find(Target);
    for (size_t I = 0; I < S.M.Accesses.size(); ++I) {
      const Access &A = S.M.Accesses[I];
      WidthFinding F;
      F.Target = Target;
      F.A = &A;
      F.Source = &S.Results[I][T];
      auto L = W.find(amdasm::LineKey{absPath(A.Loc.File), A.Loc.Line});
      if (L != W.end()) {
        std::vector<CompiledAccess> Same, Any;
        for (const CompiledAccess &C : L->second)
          if (C.Kind == dsKindOf(A.Kind)) {
            Any.push_back(C);
            if (inKernel(C.Function, A.Kernel))
              Same.push_back(C);
          }
        F.Instrs = Same.empty() ? Any : Same;
      }
      std::vector<unsigned> Widths;
      for (const CompiledAccess &C : F.Instrs)
        if (C.WidthBytes && C.WidthBytes != A.WidthBytes &&
            std::find(Widths.begin(), Widths.end(), C.WidthBytes) == Widths.end())
          Widths.push_back(C.WidthBytes);
      for (unsigned Wd : Widths) {
        // The instruction's lane address is the source address rounded down
        // to the compiled width: the alignment LLVM needs to merge narrower
        // accesses into it (a merged ds_read_b64 starts at the lower float;
        // four byte loads read as one ds_read_b32 start at the aligned
        // word). Splitting (a float4 read as ds_read2_b32) keeps it.
        Access Copy = A;
        Copy.WidthBytes = Wd;
        if (Wd > A.WidthBytes && A.ByteOffset) {
          IntType Ty = A.ByteOffset->Ty;
          Copy.ByteOffset = LaneExpr::binary(
              BinaryOp::Sub, A.ByteOffset,
              LaneExpr::binary(BinaryOp::Rem, A.ByteOffset, LaneExpr::constant(Wd, Ty), Ty), Ty);
        }
        F.Recosted.push_back({Wd, Analyzer.analyze(Copy, *TM, Config.Assumptions)});
      }
      Out.push_back(std::move(F));
    }
  }
  return Out;
}

std::string arrayName(const SourceAnalysis &S, const Access &A) {
  if (const SharedArray *Arr = S.M.findArray(A.ArrayId))
    return Arr->Name;
  return A.ArrayId;
}

/// Distinct mnemonics of a finding, "ds_read2_b32 x2, ds_read_b32".
std::string mnemonicList(const std::vector<CompiledAccess> &Instrs) {
  std::vector<std::pair<std::string, unsigned>> C;
  for (const CompiledAccess &I : Instrs) {
    auto It = std::find_if(C.begin(), C.end(), [&](auto &P) { return P.first == I.Mnemonic; });
    if (It == C.end())
      C.push_back({I.Mnemonic, 1});
    else
      ++It->second;
  }
  std::vector<std::string> S;
  for (auto &[M, N] : C)
    S.push_back(N > 1 ? M + " x" + std::to_string(N) : M);
  return join(S, ", ");
}

void printWidthFindings(raw_ostream &OS, const std::vector<WidthFinding> &Fs,
                        const std::string &Target, const SourceAnalysis &S, const Printer &P) {
  std::set<std::string> Kernels;
  for (const Access &A : S.M.Accesses)
    Kernels.insert(A.Kernel);
  for (const WidthFinding &F : Fs) {
    if (F.Target != Target)
      continue;
    const Access &A = *F.A;
    std::string Head = P.show(A.Loc.File) + ":" + std::to_string(A.Loc.Line) + ":" +
                       std::to_string(A.Loc.Column) + ": note: " + Target + ": " +
                       accessKindName(A.Kind) + " of '" + arrayName(S, A) + "'" +
                       (Kernels.size() > 1 ? " in " + A.Kernel : "") + " (" +
                       std::to_string(A.WidthBytes) + " B per lane in the source)";
    if (F.Instrs.empty()) {
      OS << Head
         << ": no ds_* instruction carries this line (merged into another "
            "line's instruction, or its location was dropped)\n";
      continue;
    }
    bool Paired = false;
    for (const CompiledAccess &C : F.Instrs)
      Paired |= C.Addresses > 1;
    if (F.Recosted.empty()) {
      if (Paired)
        OS << Head << " is " << mnemonicList(F.Instrs)
           << ": the same width, two addresses per instruction, each its own "
              "access of that width: "
           << costText(*F.Source, 2) << "\n";
      continue;
    }
    OS << Head << " is " << mnemonicList(F.Instrs) << " in the ISA";
    for (const auto &[W, R] : F.Recosted) {
      unsigned Addr = 1;
      for (const CompiledAccess &C : F.Instrs)
        if (C.WidthBytes == W)
          Addr = std::max(Addr, C.Addresses);
      OS << "; at the compiled " << W << " B: " << costText(R, Addr);
    }
    OS << "; at the source's " << A.WidthBytes << " B: " << costText(*F.Source) << "\n";
  }
}

json::Array widthFindingsJSON(const std::vector<WidthFinding> &Fs, const SourceAnalysis &S,
                              const Printer &P) {
  json::Array Out;
  for (const WidthFinding &F : Fs) {
    const Access &A = *F.A;
    json::Object O{{"target", F.Target},
                   {"file", P.show(A.Loc.File)},
                   {"line", static_cast<int64_t>(A.Loc.Line)},
                   {"column", static_cast<int64_t>(A.Loc.Column)},
                   {"array", arrayName(S, A)},
                   {"kernel", A.Kernel},
                   {"kind", accessKindName(A.Kind)},
                   {"source_width_bytes", static_cast<int64_t>(A.WidthBytes)}};
    json::Array Instrs;
    for (const CompiledAccess &C : F.Instrs)
      Instrs.push_back(json::Object{{"mnemonic", C.Mnemonic},
                                    {"width_bytes", static_cast<int64_t>(C.WidthBytes)},
                                    {"addresses", static_cast<int64_t>(C.Addresses)},
                                    {"function", C.Function}});
    O["instructions"] = std::move(Instrs);
    O["status"] = F.Instrs.empty()     ? "no_instruction"
                  : F.Recosted.empty() ? "same_width"
                                       : "width_differs";
    O["source_cost"] = resultToJSON(*F.Source, A);
    json::Array Re;
    for (const auto &[W, R] : F.Recosted) {
      json::Object C = resultToJSON(R, A);
      C["width_bytes"] = static_cast<int64_t>(W);
      Re.push_back(std::move(C));
    }
    O["compiled_cost"] = std::move(Re);
    Out.push_back(std::move(O));
  }
  return Out;
}

} // namespace

CompiledWidths compiledWidths(const AsmFile &A, const std::vector<std::string> &SkipPrefixes) {
  CompiledWidths Out;
  for (const amdasm::Function &F : A.Functions)
    for (const DsInstr &I : F.Ds) {
      const SourceFrame *S = amdasm::userFrame(I, SkipPrefixes);
      if (!S)
        continue;
      CompiledAccess C;
      C.Mnemonic = I.Mnemonic;
      C.Kind = I.Op.Kind;
      C.WidthBytes = I.Op.WidthBytes;
      C.Addresses = I.Op.Addresses;
      C.Function = F.Name;
      Out[amdasm::LineKey{absPath(S->File), S->Line}].push_back(C);
    }
  return Out;
}

int runIsaMode() {
  IsaOptions O;
  if (int RC = parseOptions(O))
    return RC;
  // isa's default: the bundled headers, where __syncthreads() is a fence and
  // s_barrier as with ROCm's device library.
  auto ConfigOr = options::makeRunConfig(GpuHeaders::Bundled);
  if (!ConfigOr)
    return fail(toString(ConfigOr.takeError()));
  RunConfig Config = std::move(*ConfigOr);
  for (const std::string &T : O.Targets)
    if (!isAMDTarget(T))
      return fail("isa compiles for AMD targets only; '" + T +
                  "' is not one (gfx942, gfx950, gfx1250, ...)");
  Config.Targets = O.Targets;
  Config.Format = O.Format;
  O.Headers = Config.Headers;
  const std::string &FallbackIncludeDir = Config.FallbackIncludeDir;

  for (const std::string &F : {O.File, O.Compare})
    if (!F.empty() && !sys::fs::exists(F))
      return fail(F + ": no such file");
  if (languageOf(O.File, O.CompilerArgs) == SourceLanguage::CUDA)
    return fail(O.File + ": isa compiles HIP for AMD targets; this is a CUDA file");

  Printer P;
  P.SkipPrefixes = {Config.ResourceDir + "/", FallbackIncludeDir + "/", "/usr/include/",
                    "/usr/lib/", "/opt/rocm"};
  P.Names[absPath(O.File)] = O.File;

  SourceAnalysis S = analyzeSource(O, Config);
  if (!S.Ok)
    return fail(O.File + ": could not be parsed; nothing was compiled");

  std::vector<Variant> Variants(1);
  Variants[0].Role = "original";
  Variants[0].Display = O.File;
  Variants[0].Input = O.File;
  std::string FixReport;
  bool FixChanged = true;
  if (!O.Compare.empty()) {
    Variant V;
    V.Role = "rewritten";
    V.Display = O.Compare;
    V.Input = O.Compare;
    P.Names[absPath(O.Compare)] = O.Compare;
    Variants.push_back(V);
  } else if (O.CompareFix) {
    Variant V;
    std::string Error;
    if (!runFixOnCopy(O, Config, V, FixReport, Error, FixChanged))
      return fail(Error);
    P.Names[absPath(V.Input)] = V.Display;
    Variants.push_back(V);
  }
  for (Variant &V : Variants) {
    compileVariant(V, O, Config);
    if (!V.TempDir.empty())
      sys::fs::remove_directories(V.TempDir);
  }
  bool Failed = false;
  for (const Variant &V : Variants)
    for (const auto &[T, Msg] : V.Errors) {
      fail(V.Display + ": does not compile for " + T + ":\n" + Msg);
      Failed = true;
    }
  if (Failed)
    return 2;

  std::vector<WidthFinding> Widths = compareWidths(S, Variants[0], O, Config, P);
  bool Bundled = O.Headers == GpuHeaders::Bundled;
  std::string HeadersNote = Bundled
                                ? "bundled (include-fallback/hip: __syncthreads() is a fence and "
                                  "s_barrier, as with ROCm's device library)"
                                : "auto (the installed HIP headers; with -nogpulib Debian's make "
                                  "__syncthreads() a call to an external fence function)";
  raw_ostream &OS = outs();
  if (O.Format == OutputFormat::Json) {
    json::Object Root{{"schema", "lds-rewrite-isa/1"},
                      {"file", O.File},
                      {"compiler", std::string(LDS_CLANG_PATH) +
                                       (hasOptLevel(O.CompilerArgs) ? "" : " -O3") +
                                       " -S -gline-tables-only"},
                      {"headers", Bundled ? "bundled" : "auto"}};
    json::Array Ts;
    for (const std::string &T : O.Targets)
      Ts.push_back(T);
    Root["targets"] = std::move(Ts);
    json::Array Vs;
    for (const Variant &V : Variants) {
      json::Object VO{{"role", V.Role}, {"file", V.Display}};
      json::Object PerTarget;
      for (const auto &[T, A] : V.Asm) {
        json::Array Ks;
        // Kernels, and device functions that were not inlined and touch LDS.
        for (const amdasm::Function &F : A.Functions)
          if (F.IsKernel || !F.Ds.empty())
            Ks.push_back(kernelJSON(F, P));
        PerTarget[T] = json::Object{{"kernels", std::move(Ks)}};
      }
      VO["targets"] = std::move(PerTarget);
      Vs.push_back(std::move(VO));
    }
    Root["variants"] = std::move(Vs);
    if (O.CompareFix) {
      Root["fix_changed_file"] = FixChanged;
      Root["fix_output"] = FixReport;
    }
    Root["widths"] = widthFindingsJSON(Widths, S, P);
    OS << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
    return 0;
  }

  OS << "lds-rewrite isa: " << O.File;
  if (Variants.size() > 1)
    OS << " vs " << Variants[1].Display;
  OS << "\n  compiled with " << LDS_CLANG_PATH << (hasOptLevel(O.CompilerArgs) ? "" : " -O3")
     << " -S -gline-tables-only; headers: " << HeadersNote << "\n";
  if (O.CompareFix) {
    if (!FixChanged)
      OS << "  lds-rewrite --fix changed nothing\n";
    SmallVector<StringRef, 8> Lines;
    StringRef(FixReport).split(Lines, '\n', -1, false);
    // What was chosen, why an array was left alone, and what was compiled;
    // the write itself went to a temporary folder (--fix-to), never to FILE.
    for (StringRef L : Lines) {
      if (L.contains("remark: fixing") || L.contains("warning: not fixing")) {
        OS << "  " << L << "\n";
      } else if (L.starts_with("lds-rewrite:")) {
        OS << "  " << L << "\n";
      }
    }
  }
  for (const std::string &T : O.Targets) {
    OS << "\n";
    const AsmFile &A = Variants[0].Asm[T];
    if (Variants.size() > 1) {
      const AsmFile &B = Variants[1].Asm[T];
      for (const auto &[KA, KB] : pairKernels(&A, &B))
        printComparison(OS, T, KA, KB, Variants[1].Role);
    } else {
      if (A.kernels().empty())
        OS << T << "  no kernels\n";
      for (const amdasm::Function &F : A.Functions)
        if (F.IsKernel || !F.Ds.empty())
          printKernel(OS, T, F, P);
    }
    printWidthFindings(OS, Widths, T, S, P);
  }
  return 0;
}

} // namespace lds
