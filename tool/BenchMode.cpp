//===- BenchMode.cpp - lds-rewrite bench: its options, then bench/BenchRun =//

#include "tool/BenchMode.h"

#include "bench/BenchRun.h"
#include "bench/BenchSpec.h"
#include "tool/Options.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lds {

namespace {

const char *Usage =
    "usage: lds-rewrite bench SPEC [--variant [NAME=]FILE]... [--runs N] [--launches L]\n"
    "                         [--build-only] [--out DIR] [--no-fix] [--strategy auto|pad|swizzle]\n"
    "                         [--search K]\n"
    "                         [--nvcc PATH] [--ncu auto|off|PATH] [--platform auto|nvidia|amd]\n"
    "                         [--hipcc PATH] [--rocprof auto|off|PATH]\n"
    "\n"
    "Builds the spec's kernel as written, as rewritten by lds-rewrite --fix, and as\n"
    "each --variant (with --search K, also as fixed with the planner's layouts\n"
    "ranked 1 .. K-1), into one CUDA (or, for gfx targets, HIP) harness; runs every\n"
    "variant on the same inputs, checks that the outputs equal the original's, times\n"
    "each (events: warm-up, then the median of N samples of a launch loop) and prints\n"
    "a table with the tool's predicted passes and, when ncu (NVIDIA) or rocprofv3\n"
    "(AMD) is found, the measured bank-conflict counters. docs/bench.md\n"
    "documents the spec.\n"
    "Exit status: 0 all outputs equal, 1 a variant's outputs differ, 2 an error.\n";

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
cl::opt<std::string> SearchOpt("search", cl::value_desc("K"),
                               cl::desc("Also build the fixes with each array's layout ranked 1 "
                                        ".. K-1 by the planner (--fix-rank), side by side"),
                               cl::cat(options::category()), cl::sub(options::benchCommand()));
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

int fail(const Twine &Msg) { return options::fail(Msg, "bench"); }

/// bench's options into R and Spec; false with Err set when one is wrong.
bool parseOptions(bench::BenchRequest &R, std::string &Spec, std::string &Err) {
  auto Count = [&](const cl::opt<std::string> &Opt, const char *Name, unsigned &Out) {
    if (Opt.getNumOccurrences() && (StringRef(Opt).getAsInteger(10, Out) || !Out))
      Err = std::string(Name) + " expects a positive count, got '" + Opt + "'";
  };
  Count(RunsOpt, "--runs", R.Runs);
  Count(LaunchesOpt, "--launches", R.Launches);
  Count(SearchOpt, "--search", R.Search);
  if (Err.empty() && R.Search > FixPlan::MaxRanked)
    Err = "--search expects at most " + std::to_string(FixPlan::MaxRanked) +
          " layouts (the planner ranks no more), got " + std::to_string(R.Search);
  R.Variants.assign(VariantOpts.begin(), VariantOpts.end());
  R.BuildOnly = BuildOnlyOpt;
  R.NoFix = NoFixOpt;
  if (Err.empty() && R.Search && R.NoFix)
    Err = "--search builds ranked fixes; --no-fix builds none";
  R.Out = OutOpt;
  R.Nvcc = NvccOpt;
  R.Ncu = NcuOpt;
  R.Hipcc = HipccOpt;
  R.Rocprof = RocprofOpt;
  R.Platform = PlatformOpt;
  if (Err.empty() && R.Platform != "auto" && R.Platform != "nvidia" && R.Platform != "amd")
    Err = "--platform expects auto, nvidia or amd, got '" + R.Platform + "'";
  if (options::StrategyOpt.getNumOccurrences())
    R.Strat = options::StrategyOpt;
  if (SpecArgs.size() > 1 && Err.empty())
    Err = "one SPEC only; got '" + SpecArgs[0] + "' and '" + SpecArgs[1] + "'";
  if (!Err.empty())
    return false;
  if (SpecArgs.empty()) {
    Err = "no SPEC given\n" + std::string(Usage);
    return false;
  }
  Spec = SpecArgs[0];
  return true;
}

} // namespace

int runBenchMode() {
  bench::BenchRequest R;
  std::string SpecPath, Err;
  if (!parseOptions(R, SpecPath, Err))
    return fail(Err);
  // The check's settings for the fix and the predictions, as the command
  // line would make them.
  auto CheckBaseOr = options::makeRunConfig(GpuHeaders::Auto);
  if (!CheckBaseOr)
    return fail(toString(CheckBaseOr.takeError()));
  R.CheckBase = std::move(*CheckBaseOr);
  auto SpecOr = bench::parseBenchSpec(SpecPath);
  if (!SpecOr) {
    // The message is complete: "spec.yaml:7:11: error: ...".
    errs() << toString(SpecOr.takeError()) << "\n";
    return 2;
  }
  R.Spec = std::move(*SpecOr);
  auto RC = bench::runBench(std::move(R), outs(), errs());
  if (!RC)
    return fail(toString(RC.takeError()));
  return *RC;
}

} // namespace lds
