//===- TraceMode.cpp - lds-rewrite trace: its options, then TraceRun ------===//

#include "tool/TraceMode.h"

#include "pipeline/TraceRun.h"
#include "tool/Options.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lds {

namespace {

cl::SubCommand &sub() { return options::traceCommand(); }

cl::list<std::string> Args(cl::Positional, cl::desc("<trace> [<source file>...]"), cl::sub(sub()));
cl::opt<std::string> BuildPath("p", cl::value_desc("build"),
                               cl::desc("A build folder with compile_commands.json: its files "
                                        "are the sources the trace's paths are matched to"),
                               cl::cat(options::category()), cl::sub(sub()));
cl::opt<std::string> Format("format", cl::value_desc("text|json"), cl::init("text"),
                            cl::desc("Output format"), cl::cat(options::category()),
                            cl::sub(sub()));
cl::opt<double> StallPerHit("lds-stall", cl::value_desc("CYCLES"), cl::init(100),
                            cl::desc("Type A: an LDS access stalling more cycles per instance"),
                            cl::cat(options::category()), cl::sub(sub()));
cl::opt<double> WaitAfterWrite("write-wait", cl::value_desc("CYCLES"), cl::init(2000),
                               cl::desc("Type B: an LDS wait after a write stalling more cycles "
                                        "per instance"),
                               cl::cat(options::category()), cl::sub(sub()));
cl::opt<unsigned> WriteWaitDistance("write-wait-distance", cl::value_desc("N"), cl::init(4),
                                    cl::desc("Type B without wave files: at most N instructions "
                                             "between the write and the wait"),
                                    cl::cat(options::category()), cl::sub(sub()));
cl::opt<double> ReductionBarriers("reduction-barriers", cl::value_desc("N"), cl::init(4),
                                  cl::desc("Type C: more than N barriers per wave in a "
                                           "reduction region"),
                                  cl::cat(options::category()), cl::sub(sub()));
cl::opt<double> Headline("lds-share", cl::value_desc("PERCENT"), cl::init(15),
                         cl::desc("Say so when LDS-related stall is above PERCENT of the "
                                  "kernel's"),
                         cl::cat(options::category()), cl::sub(sub()));

} // namespace

int runTraceMode() {
  if (Args.empty())
    return options::fail("no trace; usage: lds-rewrite trace PATH [FILE...] [-p build] "
                         "[--target=T]",
                         "trace");
  auto Config = options::makeRunConfig(GpuHeaders::Auto);
  if (!Config)
    return options::fail(toString(Config.takeError()), "trace");
  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  if (!BuildPath.empty()) {
    std::string Err;
    DB = clang::tooling::CompilationDatabase::autoDetectFromDirectory(BuildPath, Err);
    if (!DB)
      return options::fail("cannot load a compilation database from '" + BuildPath + "': " + Err,
                           "trace");
  }
  if (Format != "text" && Format != "json")
    return options::fail("--format=" + Format + ": trace writes text or json", "trace");
  TraceRequest R;
  R.Path = Args.front();
  R.Files.assign(Args.begin() + 1, Args.end());
  R.Database = DB.get();
  R.CompilerArgs = options::CompilerArgs;
  R.Config = std::move(*Config);
  R.Config.Format = Format == "json" ? OutputFormat::Json : OutputFormat::Text;
  R.Thresholds.LdsStallPerHit = StallPerHit;
  R.Thresholds.WaitAfterWrite = WaitAfterWrite;
  R.Thresholds.WriteWaitDistance = WriteWaitDistance;
  R.Thresholds.ReductionBarriers = ReductionBarriers;
  R.Thresholds.Headline = Headline / 100;
  R.Color = sys::Process::StandardOutHasColors();
  return runTrace(R, outs(), errs());
}

} // namespace lds
