//===- BenchMode.cpp - lds-rewrite bench ----------------------------------===//

#include "tool/BenchMode.h"
#include "targets/Targets.h"

#include "bench/BenchSpec.h"
#include "bench/HarnessGen.h"
#include "bench/Toolchain.h"
#include "pipeline/CheckRun.h"
#include "pipeline/DeviceCompileArgs.h"
#include "pipeline/RunConfig.h"
#include "tool/Options.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <map>
#include <set>

using namespace llvm;

namespace lds {

namespace {

using bench::BenchSpec;
using bench::HarnessVariant;

int fail(const Twine &Msg) {
  WithColor::error(errs(), "lds-rewrite bench") << Msg << "\n";
  return 2;
}

const char *Usage =
    "usage: lds-rewrite bench SPEC [--variant [NAME=]FILE]... [--runs N] [--launches L]\n"
    "                         [--build-only] [--out DIR] [--no-fix] [--strategy auto|pad|swizzle]\n"
    "                         [--nvcc PATH] [--ncu auto|off|PATH] [--platform auto|nvidia|amd]\n"
    "                         [--hipcc PATH] [--rocprof auto|off|PATH]\n"
    "\n"
    "Builds the spec's kernel as written, as rewritten by lds-rewrite --fix, and as\n"
    "each --variant, into one CUDA (or, for gfx targets, HIP) harness; runs every\n"
    "variant on the same inputs, checks that the outputs equal the original's, times\n"
    "each (events: warm-up, then the median of N samples of a launch loop) and prints\n"
    "a table with the tool's predicted passes and, when ncu (NVIDIA) or rocprofv3\n"
    "(AMD) is found, the measured bank-conflict counters. README.md (\"bench\")\n"
    "documents the spec.\n"
    "Exit status: 0 all outputs equal, 1 a variant's outputs differ, 2 an error.\n";

struct Options {
  std::string Spec;
  std::vector<std::string> Variants; ///< [NAME=]FILE
  unsigned Runs = 0, Launches = 0;
  bool BuildOnly = false, NoFix = false;
  std::string Out, Nvcc, Ncu = "auto", Strategy;
  std::string Platform = "auto", Hipcc, Rocprof = "auto";
};

cl::list<std::string> SpecArgs(cl::Positional, cl::desc("<spec>"),
                               cl::sub(options::benchCommand()));
cl::list<std::string> VariantOpts("variant", cl::value_desc("[NAME=]FILE"),
                                  cl::desc("A hand-written variant to build, check and time"),
                                  cl::cat(options::category()), cl::sub(options::benchCommand()));
cl::opt<std::string> RunsOpt("runs", cl::value_desc("N"), cl::desc("Timed samples per variant"),
                             cl::cat(options::category()), cl::sub(options::benchCommand()));
cl::opt<std::string> LaunchesOpt("launches", cl::value_desc("L"),
                                 cl::desc("Launches per sample (default: a sample >= 10 ms)"),
                                 cl::cat(options::category()), cl::sub(options::benchCommand()));
cl::opt<bool> BuildOnlyOpt("build-only", cl::desc("Build the harness and stop"),
                           cl::cat(options::category()), cl::sub(options::benchCommand()));
cl::opt<bool> NoFixOpt("no-fix", cl::desc("No tool-fixed variant"), cl::cat(options::category()),
                       cl::sub(options::benchCommand()));
cl::opt<std::string> OutOpt("out", cl::value_desc("DIR"),
                            cl::desc("The harness folder (default: a new temporary one)"),
                            cl::cat(options::category()), cl::sub(options::benchCommand()));
cl::opt<std::string> NvccOpt("nvcc", cl::value_desc("PATH"), cl::desc("The CUDA compiler"),
                             cl::cat(options::category()), cl::sub(options::benchCommand()));
cl::opt<std::string> NcuOpt("ncu", cl::value_desc("auto|off|PATH"), cl::init("auto"),
                            cl::desc("Nsight Compute, for the measured conflict counters"),
                            cl::cat(options::category()), cl::sub(options::benchCommand()));
cl::opt<std::string> PlatformOpt("platform", cl::value_desc("auto|nvidia|amd"), cl::init("auto"),
                                 cl::desc("Which harness to build"), cl::cat(options::category()),
                                 cl::sub(options::benchCommand()));
cl::opt<std::string> HipccOpt("hipcc", cl::value_desc("PATH"), cl::desc("The HIP compiler"),
                              cl::cat(options::category()), cl::sub(options::benchCommand()));
cl::opt<std::string> RocprofOpt("rocprof", cl::value_desc("auto|off|PATH"), cl::init("auto"),
                                cl::desc("rocprofv3, for the measured conflict counters"),
                                cl::cat(options::category()), cl::sub(options::benchCommand()));

/// bench's options into O; false with Err set when one is wrong.
bool parseOptions(Options &O, std::string &Err) {
  auto Count = [&](const cl::opt<std::string> &Opt, const char *Name, unsigned &Out) {
    if (Opt.getNumOccurrences() && (StringRef(Opt).getAsInteger(10, Out) || !Out))
      Err = std::string(Name) + " expects a positive count, got '" + Opt + "'";
  };
  Count(RunsOpt, "--runs", O.Runs);
  Count(LaunchesOpt, "--launches", O.Launches);
  O.Variants.assign(VariantOpts.begin(), VariantOpts.end());
  O.BuildOnly = BuildOnlyOpt;
  O.NoFix = NoFixOpt;
  O.Out = OutOpt;
  O.Nvcc = NvccOpt;
  O.Ncu = NcuOpt;
  O.Hipcc = HipccOpt;
  O.Rocprof = RocprofOpt;
  O.Platform = PlatformOpt;
  if (Err.empty() && O.Platform != "auto" && O.Platform != "nvidia" && O.Platform != "amd")
    Err = "--platform expects auto, nvidia or amd, got '" + O.Platform + "'";
  if (options::StrategyOpt.getNumOccurrences())
    O.Strategy = options::StrategyOpt == Strategy::Pad       ? "pad"
                 : options::StrategyOpt == Strategy::Swizzle ? "swizzle"
                                                             : "auto";
  if (SpecArgs.size() > 1 && Err.empty())
    Err = "one SPEC only; got '" + SpecArgs[0] + "' and '" + SpecArgs[1] + "'";
  if (!Err.empty())
    return false;
  if (SpecArgs.empty()) {
    Err = "no SPEC given\n" + std::string(Usage);
    return false;
  }
  O.Spec = SpecArgs[0];
  return true;
}

/// Runs Program with Args (argv list), stdout and stderr into Log.
int runLogged(StringRef Program, ArrayRef<std::string> Args, StringRef Log,
              std::string *ErrMsg = nullptr, StringRef ErrLog = "") {
  std::vector<StringRef> Argv = {Program};
  for (const std::string &A : Args)
    Argv.push_back(A);
  std::optional<StringRef> Redirects[] = {StringRef(""), Log, ErrLog.empty() ? Log : ErrLog};
  std::string Msg;
  int RC = sys::ExecuteAndWait(Program, Argv, std::nullopt, Redirects, 0, 0, &Msg);
  if (ErrMsg)
    *ErrMsg = Msg;
  return RC;
}

std::string readText(StringRef Path) {
  auto B = MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : std::string();
}

std::string formatPasses(double V) {
  char Buf[32];
  snprintf(Buf, sizeof Buf, "%.2f", V);
  StringRef S(Buf);
  if (S.contains('.'))
    S = S.rtrim('0').rtrim('.');
  return S.str();
}

/// "32", or "6 (2, 8, 8)" when the accesses differ, "?" when one is unknown.
std::string summarise(const std::vector<double> &V, bool Unknown) {
  if (Unknown)
    return "?";
  if (V.empty())
    return "-";
  double Sum = 0;
  bool Same = true;
  for (double X : V) {
    Sum += X;
    Same &= std::fabs(X - V[0]) < 1e-9;
  }
  if (Same)
    return formatPasses(V[0]);
  std::string S = formatPasses(Sum / V.size());
  if (V.size() <= 4) {
    S += " (";
    for (size_t I = 0; I < V.size(); ++I)
      S += (I ? ", " : "") + formatPasses(V[I]);
    S += ")";
  }
  return S;
}

std::string normaliseKernel(StringRef K) {
  std::string S;
  for (char C : K)
    if (!isSpace(C))
      S += C;
  return S;
}

struct Prediction {
  std::string Ld = "?", St = "?", Details;
  std::string Why; ///< why there is none
};

/// This program's JSON report on File, for the kernel, on Target.
/// A run of the check on File as the spec describes it: its targets (or
/// Target), block, values and compiler arguments, in-process.
CheckRequest checkOf(const RunConfig &Base, const BenchSpec &S, const std::string &File,
                     const std::vector<std::string> &CompilerArgs) {
  CheckRequest R;
  R.Files = {File};
  R.CompilerArgs = CompilerArgs;
  R.Config = Base;
  R.Config.Block =
      std::array<unsigned, 3>{unsigned(S.Block[0]), unsigned(S.Block[1]), unsigned(S.Block[2])};
  for (const auto &[Name, V] : S.Assume)
    R.Config.Assumptions[Name] = V;
  for (const bench::ArgSpec &A : S.Args)
    if (!A.Buffer && A.Integral && !S.Assume.count(A.Name))
      R.Config.Assumptions[A.Name] = static_cast<int64_t>(A.Value);
  return R;
}

/// Writes Text to Path (the harness folder keeps every log).
void writeText(StringRef Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (!EC)
    OS << Text;
}

Prediction predict(const RunConfig &Base, const BenchSpec &S, const std::string &File,
                   const std::string &Kernel, const std::vector<std::string> &CompilerArgs,
                   const std::string &Target, const std::string &Dir, const std::string &Tag) {
  Prediction P;
  CheckRequest R = checkOf(Base, S, File, CompilerArgs);
  R.Config.Targets = {Target};
  R.Config.Format = OutputFormat::Json;
  SmallString<256> Log(Dir);
  sys::path::append(Log, "predict-" + Tag + ".json");
  SmallString<256> ErrLog(Dir);
  sys::path::append(ErrLog, "predict-" + Tag + ".log");
  std::string Report, Messages;
  raw_string_ostream ReportOS(Report), MessagesOS(Messages);
  int RC = runCheck(R, ReportOS, MessagesOS).Status;
  writeText(Log, Report);
  writeText(ErrLog, Messages);
  auto V = json::parse(readText(Log));
  if (RC < 0 || RC > 1 || !V) {
    if (!V)
      consumeError(V.takeError());
    P.Why = "lds-rewrite could not analyse it (exit " + std::to_string(RC) + "; see " +
            std::string(ErrLog) + ")";
    return P;
  }
  const json::Object *Root = V->getAsObject();
  const json::Array *Acc = Root ? Root->getArray("accesses") : nullptr;
  std::map<std::string, std::string> ArrayNames;
  if (const json::Array *Arrays = Root ? Root->getArray("arrays") : nullptr)
    for (const json::Value &A : *Arrays)
      if (const json::Object *O = A.getAsObject())
        if (auto Id = O->getString("id"))
          if (auto Name = O->getString("name"))
            ArrayNames[Id->str()] = Name->str();
  std::string Want = normaliseKernel(Kernel);
  bool WantTemplate = StringRef(Kernel).contains('<');
  std::vector<double> Ld, St;
  bool LdUnknown = false, StUnknown = false;
  std::string Details;
  if (Acc)
    for (const json::Value &AV : *Acc) {
      const json::Object *A = AV.getAsObject();
      if (!A)
        continue;
      std::string K = normaliseKernel(A->getString("kernel").value_or(""));
      if (WantTemplate ? K != Want : S.kernelBaseName(K) != S.kernelBaseName(Want))
        continue;
      std::string Kind = A->getString("kind").value_or("load").str();
      bool IsLoad = Kind == "load";
      if (Kind != "load" && Kind != "store")
        continue;
      const json::Array *Results = A->getArray("results");
      if (!Results)
        continue;
      for (const json::Value &RV : *Results) {
        const json::Object *R = RV.getAsObject();
        if (!R || R->getString("target").value_or("") != Target)
          continue;
        std::string Array = ArrayNames[A->getString("array").value_or("").str()];
        std::string Line =
            formatv("    {0}:{1} {2} '{3}' {4} B: ", A->getInteger("line").value_or(0),
                    A->getInteger("column").value_or(0), Kind, Array,
                    A->getInteger("width_bytes").value_or(0))
                .str();
        if (R->getString("status").value_or("") != "exact") {
          (IsLoad ? LdUnknown : StUnknown) = true;
          Line += "unknown (" + R->getString("reason").value_or("").str() + ")";
        } else {
          double Passes = R->getNumber("passes").value_or(0);
          (IsLoad ? Ld : St).push_back(Passes);
          Line += formatPasses(Passes) + (Passes == 1 ? " pass" : " passes") + ", ideal " +
                  formatPasses(R->getNumber("ideal_passes").value_or(0));
        }
        Details += Line + "\n";
      }
    }
  P.Ld = summarise(Ld, LdUnknown);
  P.St = summarise(St, StUnknown);
  P.Details = Details;
  if (Details.empty())
    P.Why = "no __shared__ access of kernel '" + Kernel + "' found by lds-rewrite";
  return P;
}

std::string safeName(StringRef N) {
  std::string S;
  for (char C : N)
    S += (isAlnum(C) || C == '-' || C == '_' || C == '.') ? C : '_';
  return S.empty() ? "variant" : S;
}

} // namespace

int runBenchMode() {
  Options O;
  std::string Err;
  if (!parseOptions(O, Err))
    return fail(Err);

  // The check's settings for the fix and the predictions, as the command
  // line would make them.
  auto CheckBaseOr = options::makeRunConfig(GpuHeaders::Auto);
  if (!CheckBaseOr)
    return fail(toString(CheckBaseOr.takeError()));
  const RunConfig CheckBase = std::move(*CheckBaseOr);
  const std::string &FallbackIncludeDir = CheckBase.FallbackIncludeDir;

  auto SpecOr = bench::parseBenchSpec(O.Spec);
  if (!SpecOr) {
    // The message is complete: "spec.yaml:7:11: error: ...".
    errs() << toString(SpecOr.takeError()) << "\n";
    return 2;
  }
  BenchSpec S = std::move(*SpecOr);
  if (O.Runs)
    S.Runs = O.Runs;
  if (O.Launches)
    S.Launches = O.Launches;
  if (!O.Strategy.empty())
    S.Strategy = O.Strategy;
  if (O.NoFix)
    S.Fix = false;
  for (const std::string &V : O.Variants) {
    bench::VariantIn In;
    StringRef File = V;
    auto [Name, Rest] = StringRef(V).split('=');
    if (!Rest.empty() && !sys::fs::exists(V)) {
      In.Name = Name.str();
      File = Rest;
    }
    SmallString<256> Abs(File);
    sys::fs::make_absolute(Abs);
    if (!sys::fs::is_regular_file(Abs))
      return fail("--variant " + V + ": no such file");
    In.File = std::string(Abs);
    if (In.Name.empty())
      In.Name = sys::path::stem(In.File).str();
    S.Variants.push_back(In);
  }

  // The output folder.
  SmallString<256> Dir;
  if (!O.Out.empty()) {
    Dir = O.Out;
    sys::fs::make_absolute(Dir);
    if (std::error_code EC = sys::fs::create_directories(Dir))
      return fail("cannot create " + Dir + ": " + EC.message());
  } else if (std::error_code EC =
                 sys::fs::createUniqueDirectory("lds-bench-" + safeName(S.Name), Dir)) {
    return fail("cannot create a folder for the harness: " + EC.message());
  }
  std::string DirS(Dir);

  // The platform: AMD when the targets are all gfx (or --platform amd);
  // predictions are for the platform's first target.
  std::vector<std::string> Amd, Nv;
  for (const std::string &T : S.Targets)
    (isAMDTarget(T) ? Amd : Nv).push_back(T);
  bool IsAmd = O.Platform == "amd" || (O.Platform == "auto" && !Amd.empty() && Nv.empty());
  std::string PredTarget = IsAmd ? (Amd.empty() ? defaultAMDTarget() : Amd[0])
                                 : (Nv.empty() ? defaultNVIDIATarget() : Nv[0]);
  if (IsAmd && Amd.empty())
    Amd.push_back(PredTarget);
  if (!IsAmd && !Amd.empty())
    outs() << "note: targets " << join(Amd, ", ")
           << ": used for the fix; this is an NVIDIA harness (--platform amd builds a HIP one)\n";
  if (IsAmd && !Nv.empty())
    outs() << "note: targets " << join(Nv, ", ")
           << ": used for the fix; this is an AMD harness (--platform nvidia builds a CUDA one)\n";

  // Compiler arguments for the tool's parses: the source's folder, the
  // spec's include folders and defines.
  auto ToolArgs = [&](const std::string &OrigDir, const std::vector<std::string> &Defines) {
    std::vector<std::string> A = {"-I" + OrigDir};
    for (const std::string &D : S.IncludeDirs)
      A.push_back("-I" + D);
    for (const std::string &D : S.Defines)
      A.push_back("-D" + D);
    for (const std::string &D : Defines)
      A.push_back("-D" + D);
    return A;
  };

  // Variants: copies in DIR/src/<i>-<name>/.
  std::vector<HarnessVariant> Vars;
  std::set<std::string> Used;
  auto Add = [&](std::string Name, const std::string &From, const std::string &Kernel,
                 const std::vector<std::string> &Defines) -> std::string {
    std::string Base = Name;
    for (int N = 2; !Used.insert(Name).second; ++N)
      Name = Base + "-" + std::to_string(N);
    SmallString<256> Sub(Dir);
    sys::path::append(Sub, "src", std::to_string(Vars.size()) + "-" + safeName(Name));
    sys::fs::create_directories(Sub);
    SmallString<256> Copy(Sub);
    sys::path::append(Copy, sys::path::filename(From));
    if (std::error_code EC = sys::fs::copy_file(From, Copy)) {
      fail("cannot copy " + From + " to " + Copy + ": " + EC.message());
      return "";
    }
    HarnessVariant V;
    V.Name = Name;
    V.Source = std::string(Copy);
    V.OriginalDir = sys::path::parent_path(From).str();
    V.Kernel = Kernel.empty() ? S.Kernel : Kernel;
    V.Defines = Defines;
    Vars.push_back(V);
    return V.Source;
  };

  outs() << "lds-rewrite bench: " << S.Name << ": kernel " << S.Kernel << " of " << S.Source
         << ", grid " << S.Grid[0] << "x" << S.Grid[1] << "x" << S.Grid[2] << ", block "
         << S.Block[0] << "x" << S.Block[1] << "x" << S.Block[2] << "\n";
  outs() << "harness folder: " << DirS << "\n";
  if (Add("original", S.Source, "", {}).empty())
    return 2;

  if (S.Fix) {
    std::string Copy = Add("tool-fixed", S.Source, "", {});
    if (Copy.empty())
      return 2;
    std::string Before = readText(Copy);
    // The copy is a project of its own: its headers are the user's
    // originals, which a benchmark must not edit.
    CheckRequest R =
        checkOf(CheckBase, S, Copy, ToolArgs(sys::path::parent_path(S.Source).str(), {}));
    R.Fix = FixOutput::InPlace;
    R.Config.ProjectRoot = sys::path::parent_path(Copy).str();
    R.Config.Targets = S.Targets;
    R.Strat = S.Strategy == "pad"       ? Strategy::Pad
              : S.Strategy == "swizzle" ? Strategy::Swizzle
                                        : Strategy::Auto;
    R.StrategyGiven = true;
    SmallString<256> Log(Dir);
    sys::path::append(Log, "fix.log");
    std::string FixText;
    raw_string_ostream FixOS(FixText);
    int RC = runCheck(R, FixOS, FixOS).Status;
    FixOS.flush();
    writeText(Log, FixText);
    std::string Text = readText(Log);
    SmallVector<StringRef, 16> Lines;
    StringRef(Text).split(Lines, '\n', -1, false);
    for (StringRef L : Lines)
      if (L.contains("remark: fixing") || L.contains("not fixing") || L.contains("error:") ||
          L.contains("rewritten file compiles") || L.contains("wrote"))
        outs() << "  tool-fixed: " << L << "\n";
    std::string After = readText(Copy);
    if (RC == 2 || RC < 0) {
      outs() << "warning: lds-rewrite --fix failed (exit " << RC << "; " << Log
             << "); no tool-fixed variant\n";
      Vars.pop_back();
    } else if (After == Before) {
      outs() << "note: lds-rewrite --fix changed nothing (no conflict found for "
             << join(S.Targets, ",") << ", or every fix refused: " << Log
             << "); no tool-fixed variant\n";
      Vars.pop_back();
    }
  }
  for (const bench::VariantIn &V : S.Variants)
    if (Add(V.Name, V.File, V.Kernel, V.Defines).empty())
      return 2;

  // Predictions for every variant.
  for (size_t I = 0; I < Vars.size(); ++I) {
    HarnessVariant &V = Vars[I];
    Prediction P = predict(CheckBase, S, V.Source, V.Kernel, ToolArgs(V.OriginalDir, V.Defines),
                           PredTarget, DirS, std::to_string(I));
    V.PredLd = P.Ld;
    V.PredSt = P.St;
    V.Details = P.Details;
    if (!P.Why.empty())
      outs() << "note: " << V.Name << ": no prediction: " << P.Why << "\n";
  }

  // The harness.
  SmallString<256> RuntimeDir(FallbackIncludeDir);
  sys::path::append(RuntimeDir, "hip-on-cuda");
  bench::HarnessOptions HO;
  HO.PredTarget = PredTarget;
  bench::AmdToolchain TC;
  std::string Compiler;
  if (IsAmd) {
    HO.Plat = bench::Platform::Amd;
    TC = bench::findAmdToolchain(O.Hipcc, Amd, LDS_CLANG_PATH, FallbackIncludeDir);
    HO.AmdFlags = TC.Flags;
    HO.AmdLinkFlags = TC.LinkFlags;
    HO.AmdCompileOnly = TC.CompileOnly;
    HO.AmdNoLinkWhy = TC.NoLinkWhy;
    HO.AmdCompiler = TC.Compiler.empty() ? "" : TC.Compiler + " (" + TC.Kind + ")";
    Compiler = TC.Compiler;
    if (!S.NvccFlags.empty())
      outs() << "note: nvcc_flags are for NVIDIA harnesses; not used here\n";
  }
  auto Build = bench::writeHarness(S, Vars, DirS, std::string(RuntimeDir), HO);
  if (!Build)
    return fail(toString(Build.takeError()));

  if (IsAmd) {
    if (Compiler.empty())
      return fail(TC.Why + "; the harness is written: " + DirS +
                  "/build.sh builds it on a machine with ROCm");
  } else {
    Compiler = bench::findNvcc(O.Nvcc);
    if (Compiler.empty())
      return fail("nvcc not found (PATH, /usr/local/cuda/bin; or --nvcc PATH, $NVCC); the "
                  "harness is written: " +
                  DirS + "/build.sh builds it");
  }
  SmallString<256> BuildLog(Dir);
  sys::path::append(BuildLog, "build.log");
  outs() << "building: " << Compiler << (IsAmd ? " (" + TC.Kind + ")" : std::string()) << " ... ("
         << DirS << "/build.sh; log " << BuildLog << ")\n";
  outs().flush();
  std::string ExecErr;
  int RC = 0;
  std::string LogText;
  for (const bench::BuildCommand &C : Build->Commands) {
    SmallString<256> StepLog(Dir);
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
  {
    std::error_code EC;
    raw_fd_ostream LogOS(BuildLog, EC);
    if (!EC)
      LogOS << LogText;
  }
  if (RC != 0) {
    errs() << LogText;
    return fail("the harness does not build (" + sys::path::filename(Compiler).str() + " exit " +
                std::to_string(RC) + (ExecErr.empty() ? "" : ": " + ExecErr) + "); " +
                std::string(BuildLog));
  }
  if (!Build->Links) {
    outs() << "compiled every unit for " << join(Amd, ", ") << " (" << Build->Commands.size()
           << " commands: device code to assembly, host code to objects); not linked: "
           << TC.NoLinkWhy << "\n";
    if (!O.BuildOnly)
      return fail("the harness cannot be linked here; " + DirS +
                  "/build.sh builds it on a machine with ROCm");
  }

  if (O.BuildOnly) {
    if (Build->Links)
      outs() << "built " << Build->Binary << "\n";
    outs() << "\npredicted passes per instruction on " << PredTarget << " (lds-rewrite):\n";
    size_t W = 7, WL = 7, WS = 7;
    for (const HarnessVariant &V : Vars) {
      W = std::max(W, V.Name.size());
      WL = std::max(WL, V.PredLd.size());
      WS = std::max(WS, V.PredSt.size());
    }
    outs() << "| " << left_justify("variant", W) << " | " << right_justify("pred ld", WL) << " | "
           << right_justify("pred st", WS) << " |\n| " << std::string(W, '-') << " | "
           << std::string(WL - 1, '-') << ": | " << std::string(WS - 1, '-') << ": |\n";
    for (const HarnessVariant &V : Vars)
      outs() << "| " << left_justify(V.Name, W) << " | " << right_justify(V.PredLd, WL) << " | "
             << right_justify(V.PredSt, WS) << " |\n";
    for (const HarnessVariant &V : Vars)
      if (!V.Details.empty())
        outs() << "  " << V.Name << ":\n" << V.Details;
    if (Build->Links)
      outs() << "run it on a machine with " << (IsAmd ? "an AMD" : "an NVIDIA")
             << " GPU: " << Build->Binary << " --runs " << S.Runs
             << " (--cpu-selftest checks the comparison without a GPU)\n";
    else
      outs() << "on a machine with ROCm and an AMD GPU: " << DirS << "/build.sh && "
             << Build->Binary << " --runs " << S.Runs << "\n";
    return 0;
  }

  std::vector<std::string> RunArgs = {"--runs", std::to_string(S.Runs)};
  RunArgs.push_back(IsAmd ? "--rocprof" : "--ncu");
  RunArgs.push_back(IsAmd ? O.Rocprof : O.Ncu);
  if (S.Launches) {
    RunArgs.push_back("--launches");
    RunArgs.push_back(std::to_string(S.Launches));
  }
  SmallString<256> Json(Dir);
  sys::path::append(Json, "results.json");
  RunArgs.push_back("--json");
  RunArgs.push_back(std::string(Json));
  std::vector<StringRef> RunArgv = {Build->Binary};
  for (const std::string &A : RunArgs)
    RunArgv.push_back(A);
  outs() << "running: " << Build->Binary << " " << join(RunArgs, " ") << "\n";
  outs().flush();
  RC = sys::ExecuteAndWait(Build->Binary, RunArgv, std::nullopt, {}, 0, 0, &ExecErr);
  if (RC < 0 || RC > 1)
    return fail("the harness failed (exit " + std::to_string(RC) +
                (ExecErr.empty() ? "" : ": " + ExecErr) + "); is there " +
                (IsAmd ? "an AMD" : "an NVIDIA") + " GPU? It is built: " + Build->Binary);
  return RC;
}

} // namespace lds
