//===- Main.cpp - The lds-rewrite program ---------------------------------===//
//
//   lds-rewrite [options] <file>... [-- <compiler args>]
//   lds-rewrite explain <file>:<line>[:<col>] [options]
//   lds-rewrite isa <file> [options]      (IsaMode.h)
//   lds-rewrite trace <trace> [files]     (TraceMode.h)
//   lds-rewrite bench <spec> [options]    (BenchMode.h)
//
// Parses each file's device side, finds every __shared__ access, and reports
// its bank cost on each target (docs/design.md is the contract). The work
// is pipeline/CheckRun's; this file reads the options of check and explain
// and picks the mode. Exit status: 0 no finding, 1 findings, 2 the tool
// could not do its job.
//
//===----------------------------------------------------------------------===//

#include "pipeline/CheckFilter.h"
#include "pipeline/ClangDatabase.h"
#include "pipeline/CheckRun.h"
#include "report/CheckNames.h"
#include "tool/BenchMode.h"
#include "tool/ExplainMode.h"
#include "tool/IsaMode.h"
#include "tool/TraceMode.h"
#include "tool/Options.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <new>

using namespace llvm;
using namespace lds;
using options::fail;

/// The options of check; explain takes them too, and refuses those that
/// make no sense for it with its own message (ExplainMode.h).
#define CheckAndExplain cl::sub(cl::SubCommand::getTopLevel()), cl::sub(options::explainCommand())

static cl::list<std::string> Files(cl::Positional, cl::desc("<file>..."),
                                   cl::cat(options::category()), CheckAndExplain);
static cl::opt<OutputFormat>
    FormatOpt("format", cl::desc("Output format"), cl::init(OutputFormat::Text),
              cl::values(clEnumValN(OutputFormat::Text, "text", "clang-style diagnostics"),
                         clEnumValN(OutputFormat::Json, "json", "the JSON report (schema 1)"),
                         clEnumValN(OutputFormat::Sarif, "sarif",
                                    "SARIF 2.1.0, as GitHub code scanning reads it")),
              cl::cat(options::category()), CheckAndExplain);
static cl::opt<std::string> BuildPath("p", cl::value_desc("build-dir"),
                                      cl::desc("Directory holding compile_commands.json"),
                                      cl::cat(options::category()), CheckAndExplain);
static cl::opt<bool> FixOpt("fix", cl::desc("Apply the fixes in place"),
                            cl::cat(options::category()), CheckAndExplain);
static cl::opt<bool> DiffOpt("diff",
                             cl::desc("Print the fixes as a unified diff; change "
                                      "nothing"),
                             cl::cat(options::category()), CheckAndExplain);
static cl::opt<std::string>
    FixToOpt("fix-to", cl::value_desc("DIR"),
             cl::desc("With --fix: write the fixed files into DIR, not over the "
                      "originals: the file as DIR/<name>, each edited header as "
                      "DIR/h<N>-<name>, and DIR/overlay.yaml for clang's -ivfsoverlay"),
             cl::cat(options::category()), CheckAndExplain);
static cl::opt<std::string>
    ProjectRootOpt("project-root", cl::value_desc("DIR"),
                   cl::desc("The project whose headers a fix may edit (default: the nearest "
                            "folder above the file with .lds-rewrite.yaml, else with .git, "
                            "else the file's own folder); headers elsewhere are left alone"),
                   cl::cat(options::category()), CheckAndExplain);
static cl::opt<bool>
    PrintParseCommand("print-parse-command",
                      cl::desc("Print the device-side compile command of each file and exit"),
                      cl::cat(options::category()), CheckAndExplain);
static cl::opt<bool> ListTargets("list-targets", cl::desc("Print the bank model's targets"),
                                 cl::cat(options::category()), CheckAndExplain);
static cl::opt<std::string>
    ChecksOpt("checks", cl::value_desc("LIST"),
              cl::desc("Which checks run and fix, as clang-tidy's --checks: globs, '-' to turn "
                       "off, the last match wins, after the project's Checks: (default: all)"),
              cl::cat(options::category()), CheckAndExplain);
static cl::opt<bool> ListChecks("list-checks",
                                cl::desc("Print the checks that run with --checks, and exit"),
                                cl::cat(options::category()), CheckAndExplain);
static cl::opt<std::string>
    ExportFixesFile("export-fixes", cl::value_desc("FILE"),
                    cl::desc("Write every finding and its fix as the YAML clang-tidy "
                             "--export-fixes writes, for clang-apply-replacements"),
                    cl::cat(options::category()), CheckAndExplain);
static cl::opt<unsigned>
    JobsOpt("j", cl::value_desc("N"), cl::init(1), cl::Prefix,
            cl::desc("Analyse N translation units in parallel (0: one per core); "
                     "--fix and --diff take files one at a time"),
            cl::cat(options::category()), CheckAndExplain);
static cl::opt<std::string>
    HtmlOpt("html", cl::value_desc("PAGE"),
            cl::desc("explain: also write one self-contained HTML page with a bank "
                     "map of every access of the file, before and after its fix"),
            cl::cat(options::category()), CheckAndExplain);
static cl::opt<bool>
    OnlySharedOpt("only-shared",
                  cl::desc("Skip, without parsing them, the files whose text has no "
                           "__shared__ (nor HIP_DYNAMIC_SHARED); the pre-commit hooks use it"),
                  cl::cat(options::category()), CheckAndExplain);

static cl::opt<std::string> WriteClangDatabaseOpt(
    "write-clang-database", cl::value_desc("DIR"),
    cl::desc("Write DIR/compile_commands.json: -p's database with each nvcc command as clang's "
             "device-only CUDA command (for clang-tidy and the plugin), and exit"),
    cl::cat(options::category()), cl::sub(cl::SubCommand::getTopLevel()));

// run-clang-tidy's "[3/11] file.hip" before each file's output, on a
// terminal; and a closing count of what the run found.
static cl::opt<bool>
    ProgressOpt("progress",
                cl::desc("Print [N/M] FILE as each file is done, also when stderr is not a "
                         "terminal (default: on a terminal, with several files)"),
                cl::cat(options::category()), cl::sub(cl::SubCommand::getTopLevel()));
static cl::opt<bool>
    QuietOpt("quiet",
             cl::desc("No progress lines and no closing summary (\"N warnings (M with fixes) "
                      "in K files, U unknown\")"),
             cl::cat(options::category()), cl::sub(cl::SubCommand::getTopLevel()));

#undef CheckAndExplain

/// clang-tidy's --list-checks: the checks --checks turns on, without a
/// project's Checks: (that is per file).
static int listChecks() {
  CheckFilter Filter;
  Filter.add(ChecksOpt);
  outs() << "Enabled checks:\n";
  for (const char *C : AllChecks)
    if (Filter.enabled(C))
      outs() << "    " << C << "\n";
  return 0;
}

static int listTargets() {
  BankModel Banks = BankModel::builtin();
  if (!options::BankModelFile.empty())
    if (Error E = Banks.mergeJSONFile(options::BankModelFile))
      return fail(toString(std::move(E)));
  for (const auto &[Name, T] : Banks.targets())
    outs() << Name << "\t" << T.Description << "\n";
  return 0;
}

/// The check's own options, checked and added to Config; an error message,
/// empty when all is well.
static std::string checkOptions(RunConfig &Config) {
  Config.Format = FormatOpt;
  Config.ProjectRoot = ProjectRootOpt;
  Config.FixTo = FixToOpt;
  Config.ChecksOption = ChecksOpt;
  if (FixOpt && DiffOpt)
    return "--fix and --diff cannot be used together";
  if (!FixToOpt.empty() && !FixOpt)
    return "--fix-to needs --fix";
  if (!ProjectRootOpt.empty() && !sys::fs::is_directory(ProjectRootOpt))
    return "--project-root=" + ProjectRootOpt + ": no such folder";
  if (!FixToOpt.empty() && Files.size() > 1)
    return "--fix-to takes one file: the copies of two would share its folder";
  if (Files.empty())
    return "no input files; usage: lds-rewrite [options] <file>... [-- <compiler args>]";
  return "";
}

/// lds-rewrite [explain] ...: the check, or with Explain.Active its
/// explanation of one line.
/// --write-clang-database=DIR: the copy of -p's database (ClangDatabase.h).
static int writeClangDatabase() {
  if (BuildPath.empty())
    return fail("--write-clang-database needs -p BUILD: the database to copy");
  std::string Err;
  auto DB = clang::tooling::CompilationDatabase::autoDetectFromDirectory(BuildPath, Err);
  if (!DB)
    return fail("cannot load a compilation database from '" + BuildPath + "': " + Err);
  auto Copy = lds::writeClangDatabase(*DB, BuildPath, WriteClangDatabaseOpt);
  if (!Copy)
    return fail(toString(Copy.takeError()));
  outs() << "lds-rewrite: wrote " << Copy->Path << ": " << Copy->Entries
         << (Copy->Entries == 1 ? " entry, " : " entries, ") << Copy->Translated
         << " translated from nvcc (clang-tidy -p " << WriteClangDatabaseOpt << " ...)\n";
  return 0;
}

static int runCheckMode(ExplainRequest &Explain) {
  if (ListTargets)
    return listTargets();
  if (!WriteClangDatabaseOpt.empty() && !Explain.Active)
    return writeClangDatabase();
  if (ListChecks)
    return listChecks();
  auto Config = options::makeRunConfig(GpuHeaders::Auto);
  if (!Config)
    return fail(toString(Config.takeError()));
  if (std::string Err = setUpExplain(Explain, Files, HtmlOpt,
                                     FixOpt || DiffOpt || FormatOpt != OutputFormat::Text);
      !Err.empty())
    return fail(Err);
  if (std::string Err = checkOptions(*Config); !Err.empty())
    return fail(Err);
  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  if (!BuildPath.empty()) {
    std::string Err;
    DB = clang::tooling::CompilationDatabase::autoDetectFromDirectory(BuildPath, Err);
    if (!DB)
      return fail("cannot load a compilation database from '" + BuildPath + "': " + Err);
  }

  // Without -p, as clang-tidy: a compile_commands.json beside each file.
  DiscoveredDatabases Discovered;
  CheckRequest R;
  if (!DB)
    R.Discovered = &Discovered;
  R.Files = Files;
  R.CompilerArgs = options::CompilerArgs;
  R.Database = DB.get();
  R.Config = std::move(*Config);
  R.Strat = options::StrategyOpt;
  R.StrategyGiven = options::StrategyOpt.getNumOccurrences() > 0;
  R.Fix = FixOpt ? FixOutput::InPlace : DiffOpt ? FixOutput::Diff : FixOutput::None;
  R.ExportFixesFile = ExportFixesFile;
  R.OnlyShared = OnlySharedOpt;
  R.PrintParseCommand = PrintParseCommand;
  R.Jobs = JobsOpt;
  R.Color = options::useColor();
  if (!QuietOpt && !Explain.Active) {
    R.Progress = ProgressOpt || (R.Files.size() > 1 && sys::Process::StandardErrIsDisplayed());
    R.Summary = true;
  }
  if (Explain.Active)
    R.Explain = [&](clang::ASTContext &Ctx, const AnalyzedFile &F, const RunConfig &C, Strategy S) {
      Explain.run(Ctx, F, C, S, outs(), R.Color);
    };
  CheckResult Result = runCheck(R, outs(), errs());
  if (Explain.Active)
    return Result.Failed ? 2 : Explain.Status;
  return Result.Status;
}

int main(int argc, const char **argv) {
  // LLVM's own allocation failures (a buffer for a large file) abort with
  // "LLVM ERROR: out of memory" unless a handler takes them: as
  // std::bad_alloc they reach the file's "not analysed" (CheckRun.cpp).
  llvm::install_bad_alloc_error_handler(
      [](void *, const char *, bool) { throw std::bad_alloc(); });
  if (!options::parse(argc, argv))
    return 2;
  if (options::isaCommand())
    return runIsaMode();
  if (options::traceCommand())
    return runTraceMode();
  if (options::benchCommand())
    return runBenchMode();
  ExplainRequest Explain;
  Explain.Active = bool(options::explainCommand());
  return runCheckMode(Explain);
}
