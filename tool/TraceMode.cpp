//===- TraceMode.cpp - lds-rewrite trace: its options, then TraceRun ------===//

#include "tool/TraceMode.h"

#include "pipeline/ProjectConfig.h"
#include "pipeline/TraceRun.h"
#include "tool/Options.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
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
cl::opt<std::string> Format("format", cl::value_desc("text|json|sarif"), cl::init("text"),
                            cl::desc("Output format"), cl::cat(options::category()),
                            cl::sub(sub()));
cl::opt<std::string> HtmlPath("html", cl::value_desc("PAGE"),
                              cl::desc("Also write an HTML page: the measured instructions of "
                                       "each finding next to the predicted bank maps"),
                              cl::cat(options::category()), cl::sub(sub()));
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

/// The value of Opt: given on the command line, else the project's
/// .lds-rewrite.yaml (Trace: Key), else the option's default.
template <typename T> T threshold(const cl::opt<T> &Opt, const ProjectConfig *P, const char *Key) {
  if (Opt.getNumOccurrences() || !P)
    return Opt;
  auto It = P->Trace.find(Key);
  return It == P->Trace.end() ? Opt : static_cast<T>(It->second);
}

/// The .lds-rewrite.yaml of the first source given, else of the current
/// folder (a trace names files of another machine).
Expected<const ProjectConfig *> traceProject(ProjectConfigs &Projects) {
  SmallString<256> From;
  if (Args.size() > 1) {
    From = Args[1];
  } else {
    sys::fs::current_path(From);
    sys::path::append(From, "trace"); // a file in it
  }
  sys::fs::make_absolute(From);
  sys::path::remove_dots(From, /*remove_dot_dot=*/true);
  return Projects.forFile(From);
}

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
  if (Format != "text" && Format != "json" && Format != "sarif")
    return options::fail("--format=" + Format + ": trace writes text, json or sarif", "trace");
  ProjectConfigs Projects(Config->Banks);
  auto Project = traceProject(Projects);
  if (!Project)
    return options::fail(toString(Project.takeError()), "trace");
  TraceRequest R;
  R.Path = Args.front();
  R.Files.assign(Args.begin() + 1, Args.end());
  R.Database = DB.get();
  R.CompilerArgs = options::CompilerArgs;
  R.Config = std::move(*Config);
  R.Config.Format = Format == "json"    ? OutputFormat::Json
                    : Format == "sarif" ? OutputFormat::Sarif
                                        : OutputFormat::Text;
  R.HtmlPath = HtmlPath;
  const ProjectConfig *P = *Project;
  R.Thresholds.LdsStallPerHit = threshold(StallPerHit, P, "LdsStall");
  R.Thresholds.WaitAfterWrite = threshold(WaitAfterWrite, P, "WriteWait");
  R.Thresholds.WriteWaitDistance = threshold(WriteWaitDistance, P, "WriteWaitDistance");
  R.Thresholds.ReductionBarriers = threshold(ReductionBarriers, P, "ReductionBarriers");
  R.Thresholds.Headline = threshold(Headline, P, "LdsShare") / 100;
  R.Color = options::useColor();
  return runTrace(R, outs(), errs());
}

} // namespace lds
