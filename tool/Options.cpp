//===- Options.cpp - lds-rewrite's command line, declared once ------------===//

#include "tool/Options.h"

#include "llvm/Config/llvm-config.h"

#include "pipeline/AssumeOption.h"
#include "pipeline/BlockOption.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lds::options {

cl::OptionCategory &category() {
  static cl::OptionCategory C("lds-rewrite options");
  return C;
}
cl::SubCommand &explainCommand() {
  static cl::SubCommand S("explain",
                          "Draw the banks of the accesses at FILE:LINE[:COL], lane by lane");
  return S;
}
cl::SubCommand &isaCommand() {
  static cl::SubCommand S("isa", "What the compiler made of the LDS code, per AMD (clang-22) or NVIDIA (nvcc) target");
  return S;
}
cl::SubCommand &traceCommand() {
  static cl::SubCommand S("trace", "Classify a profiler's LDS stalls per source line, next to "
                                   "the analysis and its fix");
  return S;
}
cl::SubCommand &benchCommand() {
  static cl::SubCommand S("bench", "Build, run, check and time a kernel old against new");
  return S;
}

/// Options that check, explain, isa and trace all take.
#define LDS_CHECK_EXPLAIN_ISA                                                                      \
  cl::sub(cl::SubCommand::getTopLevel()), cl::sub(explainCommand()), cl::sub(isaCommand()),        \
      cl::sub(traceCommand())

cl::list<std::string> Targets("target", cl::CommaSeparated, cl::value_desc("T[,T...]"),
                              cl::desc("Targets to analyse (default: the compile command's "
                                       "offload arch, else gfx942 for HIP and sm_90 for CUDA; "
                                       "isa: gfx942)"),
                              cl::cat(category()), LDS_CHECK_EXPLAIN_ISA);
cl::opt<std::string> Block("block", cl::value_desc("X[,Y[,Z]]"),
                           cl::desc("Block (workgroup) shape, overriding what is inferred"),
                           cl::cat(category()), LDS_CHECK_EXPLAIN_ISA);
cl::list<std::string> Assume("assume", cl::value_desc("NAME=VALUE"),
                             cl::desc("Give a runtime value (kernel argument, global) a value"),
                             cl::cat(category()), LDS_CHECK_EXPLAIN_ISA);
cl::opt<std::string> BankModelFile("bank-model", cl::value_desc("FILE"),
                                   cl::desc("JSON file adding or overriding bank-model rows"),
                                   cl::cat(category()), LDS_CHECK_EXPLAIN_ISA);
cl::opt<GpuHeaders> Headers(
    "gpu-headers",
    cl::desc("Which HIP/CUDA headers to parse with (isa: bundled by default, where "
             "__syncthreads() is a fence and s_barrier)"),
    cl::init(GpuHeaders::Auto),
    cl::values(clEnumValN(GpuHeaders::Auto, "auto",
                          "the installed ones, else the bundled minimal set"),
               clEnumValN(GpuHeaders::Bundled, "bundled", "lds-rewrite's minimal headers only")),
    cl::cat(category()), LDS_CHECK_EXPLAIN_ISA);
cl::opt<Strategy>
    StrategyOpt("strategy", cl::desc("Which fixes --fix, --diff, isa --compare-fix and bench use"),
                cl::init(Strategy::Auto),
                cl::values(clEnumValN(Strategy::Auto, "auto", "padding or XOR swizzle"),
                           clEnumValN(Strategy::Pad, "pad", "row padding only"),
                           clEnumValN(Strategy::Swizzle, "swizzle", "XOR swizzle only")),
                cl::cat(category()), LDS_CHECK_EXPLAIN_ISA, cl::sub(benchCommand()));

cl::opt<PrefetchPlacement> PlacementOpt(
    "prefetch-placement",
    cl::desc("Where lds-exposed-write-latency's fix issues the next iteration's global loads "
             "(--fix, --diff, isa --compare-fix, bench)"),
    cl::init(PrefetchPlacement::Auto),
    cl::values(clEnumValN(PrefetchPlacement::Auto, "auto",
                          "before-wait when an AMD target is requested, else after-wait"),
               clEnumValN(PrefetchPlacement::BeforeWait, "before-wait",
                          "right after the LDS stores, filling the gap before their barrier"),
               clEnumValN(PrefetchPlacement::AfterWait, "after-wait",
                          "right after that barrier, overlapping the compute")),
    cl::cat(category()), LDS_CHECK_EXPLAIN_ISA, cl::sub(benchCommand()));

cl::opt<unsigned> FixRankOpt(
    "fix-rank", cl::value_desc("N"), cl::init(0),
    cl::desc("--fix, --diff, isa --compare-fix: give each array the layout ranked N among those "
             "that can be written (0: the best; an array with fewer takes its last); bench "
             "--search builds them side by side"),
    cl::cat(category()), cl::sub(cl::SubCommand::getTopLevel()), cl::sub(isaCommand()));

cl::opt<bool> AllowOccupancyLossOpt(
    "allow-occupancy-loss", cl::init(false),
    cl::desc("--fix, --diff, isa --compare-fix: write a layout fix even where its registers lower "
             "a kernel's waves per SIMD on an AMD target (refused otherwise)"),
    cl::cat(category()), cl::sub(cl::SubCommand::getTopLevel()), cl::sub(isaCommand()));

// clang-tidy's --use-color (=false turns colours off), and --no-color as
// the short form: both force the choice, in a pipe too. For the modes that
// print clang-style diagnostics (isa and bench print tables).
#define LDS_COLOURED                                                                               \
  cl::sub(cl::SubCommand::getTopLevel()), cl::sub(explainCommand()), cl::sub(traceCommand())
static cl::opt<bool> UseColorOpt(
    "use-color",
    cl::desc("Colour the diagnostics (--use-color=false: never); default: when the output is "
             "a terminal that takes colours"),
    cl::cat(category()), LDS_COLOURED);
static cl::opt<bool> NoColorOpt("no-color", cl::desc("Never colour the output (--use-color=false)"),
                                cl::cat(category()), LDS_COLOURED);

#undef LDS_CHECK_EXPLAIN_ISA

// Printed after the options of every mode's --help (cl has one text for
// all of them): each mode's exit status, as design.md and the mode's page
// in docs/ define it.
static cl::extrahelp ExitStatusHelp(R"(
EXIT STATUS:
  lds-rewrite FILE...   0 no finding, 1 findings reported, 2 the tool could not
                        do its job (bad arguments, a file that does not parse)
  --fix                 0 every finding fixed or none, 1 findings left (a fix
                        refused), 2 a fix not verified or not written: that
                        file is left as it was (others given are still fixed)
  --diff                as the check; 2 when a fix could not be verified
  explain               0 something explained, 2 no access at FILE:LINE[:COL]
  isa                   0, or 2 when a file does not parse or compile
  trace                 0 no finding, 1 findings, 2 the trace cannot be read
  bench                 0 every variant's outputs equal the original's, 1 one
                        differs, 2 the bench could not run

Each sub-command's own options: lds-rewrite SUBCOMMAND --help. Reference:
man lds-rewrite, and the docs/ folder of the source.
)");

bool useColor() {
  if (NoColorOpt)
    return false;
  if (UseColorOpt.getNumOccurrences())
    return UseColorOpt;
  return sys::Process::StandardOutHasColors();
}

std::vector<std::string> CompilerArgs;

int fail(const Twine &Msg, StringRef Mode) {
  WithColor::error(errs(), Mode.empty() ? "lds-rewrite" : ("lds-rewrite " + Mode).str())
      << Msg << "\n";
  return 2;
}

/// The bundled headers: installed, <prefix>/share/lds-rewrite/include beside
/// <prefix>/bin/lds-rewrite; else the source tree's include-fallback/.
static std::string fallbackIncludeDir() {
  std::string Exe = sys::fs::getMainExecutable(nullptr, (void *)&fallbackIncludeDir);
  SmallString<256> Installed(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Installed, "share", "lds-rewrite", "include");
  if (sys::fs::is_directory(Installed))
    return std::string(Installed);
  return LDS_FALLBACK_INCLUDE_DIR;
}

Expected<RunConfig> makeRunConfig(GpuHeaders DefaultHeaders) {
  auto Bad = [](const Twine &Msg) { return createStringError(inconvertibleErrorCode(), Msg); };
  RunConfig Config;
  Config.Banks = BankModel::builtin();
  if (!BankModelFile.empty())
    if (Error E = Config.Banks.mergeJSONFile(BankModelFile))
      return E;
  for (const std::string &T : Targets) {
    if (!Config.Banks.find(T))
      return Bad("unknown target '" + T +
                 "'; valid targets: " + join(Config.Banks.targetNames(), ", "));
    Config.Targets.push_back(T);
  }
  if (!Block.empty()) {
    std::array<unsigned, 3> B;
    if (!parseBlock(Block, B))
      return Bad("--block expects X[,Y[,Z]] with positive integers, got '" + Block + "'");
    Config.Block = B;
  }
  for (const std::string &A : Assume) {
    std::string Name;
    int64_t V;
    if (!parseAssumption(A, Name, V))
      return Bad("--assume expects NAME=VALUE with an integer value, got '" + A + "'");
    Config.Assumptions[Name] = V;
  }
  Config.Placement = PlacementOpt;
  Config.FixRank = FixRankOpt;
  Config.AllowOccupancyLoss = AllowOccupancyLossOpt;
  Config.Headers = Headers.getNumOccurrences() ? GpuHeaders(Headers) : DefaultHeaders;
  Config.ResourceDir = LDS_CLANG_RESOURCE_DIR;
  Config.ClangPath = LDS_CLANG_PATH;
  Config.FallbackIncludeDir = fallbackIncludeDir();
  return Config;
}

bool parse(int argc, const char **argv) {
  // Everything after "--" goes to the compiler, as in every LibTooling tool.
  std::vector<const char *> ToolArgs;
  bool SawDashDash = false;
  for (int I = 0; I < argc; ++I) {
    if (!SawDashDash && StringRef(argv[I]) == "--") {
      SawDashDash = true;
      continue;
    }
    if (SawDashDash)
      CompilerArgs.push_back(argv[I]);
    else
      ToolArgs.push_back(argv[I]);
  }
  cl::HideUnrelatedOptions(category());
  // --version: lds-rewrite's own version first, then the LLVM it is built
  // on (clang-tidy prints LLVM's alone, being part of it).
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "lds-rewrite version " << LDS_REWRITE_VERSION << "\n"
       << "  built with LLVM " << LLVM_VERSION_STRING << "\n";
  });
  if (!cl::ParseCommandLineOptions(
          ToolArgs.size(), ToolArgs.data(),
          "lds-rewrite: find LDS / shared-memory bank conflicts in HIP and CUDA kernels\n",
          &errs()))
    return false;
  // lds-rewrite's own messages on stderr ("error:", "note:") follow the
  // same choice when it is forced.
  if (NoColorOpt || UseColorOpt.getNumOccurrences())
    WithColor::setAutoDetectFunction(useColor() ? [](const raw_ostream &) { return true; }
                                                : [](const raw_ostream &) { return false; });
  return true;
}

} // namespace lds::options
