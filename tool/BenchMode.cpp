//===- BenchMode.cpp - lds-rewrite bench ----------------------------------===//

#include "tool/BenchMode.h"

#include "bench/BenchSpec.h"
#include "bench/HarnessGen.h"
#include "pipeline/DeviceCompileArgs.h"
#include "pipeline/RunConfig.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
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

bool parseOptions(int Argc, const char **Argv, Options &O, std::string &Err) {
  for (int I = 2; I < Argc; ++I) {
    StringRef A = Argv[I];
    auto Value = [&](StringRef Name, std::string &Out) {
      if (A.consume_front(Name)) {
        if (A.consume_front("=")) {
          Out = A.str();
          return true;
        }
        if (!A.empty())
          return false;
        if (I + 1 >= Argc) {
          Err = Name.str() + " needs a value";
          return true;
        }
        Out = Argv[++I];
        return true;
      }
      return false;
    };
    std::string V;
    if (A == "-h" || A == "--help" || A == "-help") {
      outs() << Usage;
      std::exit(0);
    } else if (A == "--build-only") {
      O.BuildOnly = true;
    } else if (A == "--no-fix") {
      O.NoFix = true;
    } else if (Value("--variant", V)) {
      O.Variants.push_back(V);
    } else if (Value("--runs", V)) {
      if (Err.empty() && (StringRef(V).getAsInteger(10, O.Runs) || !O.Runs))
        Err = "--runs expects a positive count, got '" + V + "'";
    } else if (Value("--launches", V)) {
      if (Err.empty() && (StringRef(V).getAsInteger(10, O.Launches) || !O.Launches))
        Err = "--launches expects a positive count, got '" + V + "'";
    } else if (Value("--out", V)) {
      O.Out = V;
    } else if (Value("--nvcc", V)) {
      O.Nvcc = V;
    } else if (Value("--ncu", V)) {
      O.Ncu = V;
    } else if (Value("--hipcc", V)) {
      O.Hipcc = V;
    } else if (Value("--rocprof", V)) {
      O.Rocprof = V;
    } else if (Value("--platform", V)) {
      O.Platform = V;
      if (Err.empty() && V != "auto" && V != "nvidia" && V != "amd")
        Err = "--platform expects auto, nvidia or amd, got '" + V + "'";
    } else if (Value("--strategy", V)) {
      O.Strategy = V;
      if (Err.empty() && V != "auto" && V != "pad" && V != "swizzle")
        Err = "--strategy expects auto, pad or swizzle, got '" + V + "'";
    } else if (A.starts_with("-")) {
      Err = "unknown option '" + A.str() + "' (lds-rewrite bench --help)";
    } else if (O.Spec.empty()) {
      O.Spec = A.str();
    } else {
      Err = "one SPEC only; got '" + O.Spec + "' and '" + A.str() + "'";
    }
    if (!Err.empty())
      return false;
  }
  if (O.Spec.empty()) {
    Err = "no SPEC given\n" + std::string(Usage);
    return false;
  }
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

std::string findTool(StringRef Name, ArrayRef<StringRef> Extra) {
  if (auto P = sys::findProgramByName(Name))
    return *P;
  if (auto P = sys::findProgramByName(Name, Extra))
    return *P;
  return "";
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
Prediction predict(const std::string &Self, const BenchSpec &S, const std::string &File,
                   const std::string &Kernel, const std::vector<std::string> &CompilerArgs,
                   const std::string &Target, const std::string &Dir, const std::string &Tag) {
  Prediction P;
  std::vector<std::string> Args = {
      "--format=json", "--target=" + Target,
      formatv("--block={0},{1},{2}", S.Block[0], S.Block[1], S.Block[2]).str()};
  std::map<std::string, int64_t> Assume = S.Assume;
  for (const bench::ArgSpec &A : S.Args)
    if (!A.Buffer && A.Integral && !Assume.count(A.Name))
      Assume[A.Name] = static_cast<int64_t>(A.Value);
  for (const auto &[Name, V] : Assume)
    Args.push_back("--assume=" + Name + "=" + std::to_string(V));
  Args.push_back(File);
  Args.push_back("--");
  Args.insert(Args.end(), CompilerArgs.begin(), CompilerArgs.end());
  SmallString<256> Log(Dir);
  sys::path::append(Log, "predict-" + Tag + ".json");
  SmallString<256> ErrLog(Dir);
  sys::path::append(ErrLog, "predict-" + Tag + ".log");
  int RC = runLogged(Self, Args, Log, nullptr, ErrLog);
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

/// How this machine builds an AMD harness.
struct AmdToolchain {
  std::string Compiler; ///< empty: none (Why says why)
  std::string Kind;     ///< "hipcc", "amdclang++", "Debian clang"
  std::vector<std::string> Flags, LinkFlags;
  bool CompileOnly = false;
  std::string NoLinkWhy, Why;
};

std::string siblingClangxx() {
  SmallString<256> P(sys::path::parent_path(LDS_CLANG_PATH));
  sys::path::append(P, "clang++");
  return sys::fs::can_execute(P) ? std::string(P) : std::string();
}

/// hipcc or amdclang++ (--hipcc, $HIPCC, PATH, /opt/rocm); else this
/// program's clang with Debian's HIP, its flags made by deviceCommand (the
/// same --rocm-path, compat prelude and wave size as the tool's parses).
AmdToolchain findAmdToolchain(const Options &O, const std::vector<std::string> &Gfx,
                              const std::string &FallbackIncludeDir) {
  AmdToolchain T;
  std::string Given = O.Hipcc;
  if (Given.empty())
    if (std::optional<std::string> E = sys::Process::GetEnv("HIPCC"))
      Given = *E;
  if (!Given.empty()) {
    if (!sys::fs::can_execute(Given)) {
      if (auto P = sys::findProgramByName(Given))
        Given = *P;
      else {
        T.Why = "--hipcc " + Given + ": not an executable";
        return T;
      }
    }
    T.Compiler = Given;
  } else if (std::string P = findTool("hipcc", {"/opt/rocm/bin"}); !P.empty()) {
    T.Compiler = P;
  } else if (std::string P = findTool("amdclang++", {"/opt/rocm/bin", "/opt/rocm/llvm/bin"});
             !P.empty()) {
    T.Compiler = P;
  }
  if (!T.Compiler.empty()) {
    T.Kind = sys::path::filename(T.Compiler).contains("hipcc") ? "hipcc" : "amdclang++";
    if (T.Kind != "hipcc")
      T.LinkFlags.push_back("--hip-link"); // the HIP runtime library
    return T;
  }

  // Debian: clang 22 with libamdhip64-dev (ROCm 5.2).
  T.Compiler = siblingClangxx();
  T.Kind = "Debian clang";
  if (T.Compiler.empty()) {
    T.Why = std::string("neither ROCm (hipcc, amdclang++: PATH, /opt/rocm/bin, "
                        "/opt/rocm/llvm/bin; --hipcc PATH) nor clang++ beside ") +
            LDS_CLANG_PATH + " found";
    return T;
  }
  RunConfig Config;
  Config.ClangPath = T.Compiler;
  Config.FallbackIncludeDir = FallbackIncludeDir;
  std::string Wave;
  bool SameWave = true;
  std::string RocmPath;
  for (size_t I = 0; I < Gfx.size(); ++I) {
    clang::tooling::CompileCommand CC(".", "harness.cu", {T.Compiler, "harness.cu"}, "");
    DeviceParse DP = deviceCommand(CC, SourceLanguage::HIP, {Gfx[I]}, Config);
    if (DP.UsedFallbackHeaders) {
      T.Compiler.clear();
      T.Why = "neither ROCm (hipcc, amdclang++: PATH, /opt/rocm/bin, /opt/rocm/llvm/bin; "
              "--hipcc PATH) nor Debian's HIP (libamdhip64-dev: /usr/include/hip) is installed";
      return T;
    }
    const std::vector<std::string> &A = DP.CommandLine;
    for (size_t J = 1; J < A.size(); ++J) {
      StringRef X = A[J];
      if (X.starts_with("-D__AMDGCN_WAVEFRONT_SIZE=")) {
        if (I == 0)
          Wave = X.str();
        SameWave &= Wave == X;
        continue;
      }
      if (I)
        continue;
      if (X == "-include" && J + 1 < A.size()) {
        T.Flags.push_back(A[J]);
        T.Flags.push_back(A[++J]);
      } else if (X.starts_with("--rocm-path=")) {
        T.Flags.push_back(A[J]);
        RocmPath = X.drop_front(strlen("--rocm-path=")).str();
      }
    }
  }
  // Mixed wave sizes: the compat prelude picks per target.
  if (SameWave && !Wave.empty())
    T.Flags.push_back(Wave);
  T.Flags.push_back("-Wno-unused-command-line-argument");

  // Clang 22 no longer links hip.bc by itself and finds no device libraries
  // in Debian's layout: name them, when the target's ISA file is there.
  std::string BcDir;
  for (std::string D : {RocmPath + "/lib/x86_64-linux-gnu/amdgcn/bitcode",
                        RocmPath + "/amdgcn/bitcode", RocmPath + "/lib/amdgcn/bitcode"})
    if (sys::fs::exists(D + "/ockl.bc")) {
      BcDir = D;
      break;
    }
  auto Has = [&](const std::string &F) { return sys::fs::exists(BcDir + "/" + F); };
  std::string Isa = Gfx.size() == 1 ? "oclc_isa_version_" + Gfx[0].substr(3) + ".bc" : "";
  bool HasRuntime = sys::fs::exists(RocmPath + "/lib/x86_64-linux-gnu/libamdhip64.so") ||
                    sys::fs::exists(RocmPath + "/lib/libamdhip64.so");
  if (BcDir.empty())
    T.NoLinkWhy = "no ROCm device libraries (ockl.bc) under " + RocmPath;
  else if (Gfx.size() != 1)
    T.NoLinkWhy = "the device libraries are named for one target; this spec has " +
                  std::to_string(Gfx.size());
  else if (!Has(Isa) || !Has("hip.bc"))
    T.NoLinkWhy = "Debian's ROCm device libraries (" + BcDir + ") have no " +
                  (Has("hip.bc") ? Isa : std::string("hip.bc")) +
                  ", which the device code's calls (__ockl_*, __atomic_work_item_fence) "
                  "need";
  else if (!HasRuntime)
    T.NoLinkWhy = "no libamdhip64.so under " + RocmPath + "/lib";
  if (!T.NoLinkWhy.empty()) {
    T.CompileOnly = true;
    T.Flags.push_back("-nogpulib");
    return T;
  }
  bool Wave64 = Wave != "-D__AMDGCN_WAVEFRONT_SIZE=32";
  // ROCm 5.x runtimes load code object v4.
  if (Has("oclc_abi_version_400.bc"))
    T.Flags.push_back("-mcode-object-version=4");
  T.Flags.push_back("--hip-device-lib-path=" + BcDir);
  for (std::string L : {"hip", "ocml", "ockl", "oclc_daz_opt_off", "oclc_unsafe_math_off",
                        "oclc_finite_only_off", "oclc_correctly_rounded_sqrt_on",
                        Wave64 ? "oclc_wavefrontsize64_on" : "oclc_wavefrontsize64_off"})
    T.Flags.push_back("--hip-device-lib=" + L + ".bc");
  T.Flags.push_back("--hip-device-lib=" + Isa);
  if (Has("oclc_abi_version_400.bc"))
    T.Flags.push_back("--hip-device-lib=oclc_abi_version_400.bc");
  T.LinkFlags = {"--hip-link", "-lamdhip64"};
  return T;
}

} // namespace

int runBenchMode(int Argc, const char **Argv, const std::string &FallbackIncludeDir) {
  Options O;
  std::string Err;
  if (!parseOptions(Argc, Argv, O, Err))
    return fail(Err);
  std::string Self = sys::fs::getMainExecutable(Argv[0], (void *)&runBenchMode);

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
  std::string PredTarget =
      IsAmd ? (Amd.empty() ? "gfx942" : Amd[0]) : (Nv.empty() ? "sm_90" : Nv[0]);
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
    std::vector<std::string> Args = {
        "--fix", "--project-root=" + sys::path::parent_path(Copy).str(),
        "--target=" + join(S.Targets, ","),
        formatv("--block={0},{1},{2}", S.Block[0], S.Block[1], S.Block[2]).str(),
        "--strategy=" + S.Strategy};
    for (const auto &[Name, V] : S.Assume)
      Args.push_back("--assume=" + Name + "=" + std::to_string(V));
    for (const bench::ArgSpec &A : S.Args)
      if (!A.Buffer && A.Integral && !S.Assume.count(A.Name))
        Args.push_back("--assume=" + A.Name + "=" + std::to_string(static_cast<int64_t>(A.Value)));
    Args.push_back(Copy);
    Args.push_back("--");
    for (const std::string &A : ToolArgs(sys::path::parent_path(S.Source).str(), {}))
      Args.push_back(A);
    SmallString<256> Log(Dir);
    sys::path::append(Log, "fix.log");
    int RC = runLogged(Self, Args, Log);
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
    Prediction P = predict(Self, S, V.Source, V.Kernel, ToolArgs(V.OriginalDir, V.Defines),
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
  AmdToolchain TC;
  std::string Compiler;
  if (IsAmd) {
    HO.Plat = bench::Platform::Amd;
    TC = findAmdToolchain(O, Amd, FallbackIncludeDir);
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
    Compiler = O.Nvcc;
    if (Compiler.empty())
      if (std::optional<std::string> E = sys::Process::GetEnv("NVCC"))
        Compiler = *E;
    if (Compiler.empty())
      Compiler = findTool("nvcc", {"/usr/local/cuda/bin"});
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
