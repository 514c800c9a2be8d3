//===- BenchBuild.cpp - Build a bench harness, run it, or show its plan ---===//

#include "bench/BenchBuild.h"

#include "bench/BenchIO.h"
#include "bench/Toolchain.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace lds::bench {

namespace {

Error failure(const Twine &Msg) { return make_error<StringError>(Msg, inconvertibleErrorCode()); }

/// The harness's settings and, for AMD, the toolchain that builds it.
HarnessOptions harnessOptions(const BenchRequest &R, const BenchPlan &P, AmdToolchain &TC,
                              raw_ostream &OS) {
  HarnessOptions HO;
  HO.PredTarget = P.PredTarget;
  if (!P.IsAmd)
    return HO;
  HO.Plat = Platform::Amd;
  TC = findAmdToolchain(R.Hipcc, P.Amd, R.CheckBase.ClangPath, R.CheckBase.FallbackIncludeDir);
  HO.AmdFlags = TC.Flags;
  HO.AmdLinkFlags = TC.LinkFlags;
  HO.AmdCompileOnly = TC.CompileOnly;
  HO.AmdNoLinkWhy = TC.NoLinkWhy;
  HO.AmdCompiler = TC.Compiler.empty() ? "" : TC.Compiler + " (" + TC.Kind + ")";
  if (!P.S.NvccFlags.empty())
    OS << "note: nvcc_flags are for NVIDIA harnesses; not used here\n";
  return HO;
}

/// Runs the build's commands in order until one fails; all their output
/// goes to DIR/build.log (and to Err when one fails).
Error compile(const HarnessBuild &Build, const std::string &Compiler, const BenchPlan &P,
              const std::string &Kind, raw_ostream &OS, raw_ostream &Err) {
  SmallString<256> BuildLog(P.Dir);
  sys::path::append(BuildLog, "build.log");
  OS << "building: " << Compiler << (P.IsAmd ? " (" + Kind + ")" : std::string()) << " ... ("
     << P.Dir << "/build.sh; log " << BuildLog << ")\n";
  OS.flush();
  std::string ExecErr;
  int RC = 0;
  std::string LogText;
  for (const BuildCommand &C : Build.Commands) {
    SmallString<256> StepLog(P.Dir);
    sys::path::append(StepLog, "build-step.log");
    RC = runLogged(Compiler, C.ArgsAbs, StepLog, &ExecErr);
    std::string Line = Compiler;
    for (const std::string &A : C.ArgsAbs)
      Line += " " + A;
    LogText += "$ " + Line + "\n" + readText(StepLog);
    sys::fs::remove(StepLog);
    if (RC != 0)
      break;
  }
  writeText(BuildLog, LogText);
  if (RC == 0)
    return Error::success();
  Err << LogText;
  return failure("the harness does not build (" + sys::path::filename(Compiler).str() + " exit " +
                 std::to_string(RC) + (ExecErr.empty() ? "" : ": " + ExecErr) + "); " +
                 std::string(BuildLog));
}

/// --build-only: the predictions as a table, and how to run the harness.
void printPlan(const BenchPlan &P, const HarnessBuild &Build, raw_ostream &OS) {
  if (Build.Links)
    OS << "built " << Build.Binary << "\n";
  OS << "\npredicted passes per instruction on " << P.PredTarget << " (lds-rewrite):\n";
  size_t W = 7, WL = 7, WS = 7;
  for (const HarnessVariant &V : P.Vars) {
    W = std::max(W, V.Name.size());
    WL = std::max(WL, V.PredLd.size());
    WS = std::max(WS, V.PredSt.size());
  }
  OS << "| " << left_justify("variant", W) << " | " << right_justify("pred ld", WL) << " | "
     << right_justify("pred st", WS) << " |\n| " << std::string(W, '-') << " | "
     << std::string(WL - 1, '-') << ": | " << std::string(WS - 1, '-') << ": |\n";
  for (const HarnessVariant &V : P.Vars)
    OS << "| " << left_justify(V.Name, W) << " | " << right_justify(V.PredLd, WL) << " | "
       << right_justify(V.PredSt, WS) << " |\n";
  for (const HarnessVariant &V : P.Vars)
    if (!V.Details.empty())
      OS << "  " << V.Name << ":\n" << V.Details;
  if (Build.Links)
    OS << "run it on a machine with " << (P.IsAmd ? "an AMD" : "an NVIDIA")
       << " GPU: " << Build.Binary << " --runs " << P.S.Runs
       << " (--cpu-selftest checks the comparison without a GPU)\n";
  else
    OS << "on a machine with ROCm and an AMD GPU: " << P.Dir << "/build.sh && " << Build.Binary
       << " --runs " << P.S.Runs << "\n";
}

/// Runs the harness; it prints its own table and writes DIR/results.json.
Expected<int> runHarness(const BenchRequest &R, const BenchPlan &P, const HarnessBuild &Build,
                         raw_ostream &OS) {
  std::vector<std::string> RunArgs = {"--runs", std::to_string(P.S.Runs)};
  RunArgs.push_back(P.IsAmd ? "--rocprof" : "--ncu");
  RunArgs.push_back(P.IsAmd ? R.Rocprof : R.Ncu);
  if (P.S.Launches) {
    RunArgs.push_back("--launches");
    RunArgs.push_back(std::to_string(P.S.Launches));
  }
  SmallString<256> Json(P.Dir);
  sys::path::append(Json, "results.json");
  RunArgs.push_back("--json");
  RunArgs.push_back(std::string(Json));
  std::vector<StringRef> RunArgv = {Build.Binary};
  for (const std::string &A : RunArgs)
    RunArgv.push_back(A);
  OS << "running: " << Build.Binary << " " << join(RunArgs, " ") << "\n";
  OS.flush();
  std::string ExecErr;
  int RC = sys::ExecuteAndWait(Build.Binary, RunArgv, std::nullopt, {}, 0, 0, &ExecErr);
  if (RC < 0 || RC > 1)
    return failure("the harness failed (exit " + std::to_string(RC) +
                   (ExecErr.empty() ? "" : ": " + ExecErr) + "); is there " +
                   (P.IsAmd ? "an AMD" : "an NVIDIA") + " GPU? It is built: " + Build.Binary);
  return RC;
}

} // namespace

Expected<int> buildAndRun(const BenchRequest &R, const BenchPlan &P, raw_ostream &OS,
                          raw_ostream &Err) {
  SmallString<256> RuntimeDir(R.CheckBase.FallbackIncludeDir);
  sys::path::append(RuntimeDir, "hip-on-cuda");
  AmdToolchain TC;
  HarnessOptions HO = harnessOptions(R, P, TC, OS);
  auto Build = writeHarness(P.S, P.Vars, P.Dir, std::string(RuntimeDir), HO);
  if (!Build)
    return Build.takeError();
  std::string Compiler;
  if (P.IsAmd) {
    Compiler = TC.Compiler;
    if (Compiler.empty())
      return failure(TC.Why + "; the harness is written: " + P.Dir +
                     "/build.sh builds it on a machine with ROCm");
  } else {
    Compiler = findNvcc(R.Nvcc);
    if (Compiler.empty())
      return failure("nvcc not found (PATH, /usr/local/cuda/bin; or --nvcc PATH, $NVCC); the "
                     "harness is written: " +
                     P.Dir + "/build.sh builds it");
  }
  if (Error E = compile(*Build, Compiler, P, TC.Kind, OS, Err))
    return E;
  if (!Build->Links) {
    OS << "compiled every unit for " << join(P.Amd, ", ") << " (" << Build->Commands.size()
       << " commands: device code to assembly, host code to objects); not linked: " << TC.NoLinkWhy
       << "\n";
    if (!R.BuildOnly)
      return failure("the harness cannot be linked here; " + P.Dir +
                     "/build.sh builds it on a machine with ROCm");
  }
  if (R.BuildOnly) {
    printPlan(P, *Build, OS);
    return 0;
  }
  return runHarness(R, P, *Build, OS);
}

} // namespace lds::bench
