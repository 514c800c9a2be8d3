//===- Main.cpp - The lds-rewrite program ---------------------------------===//
//
//   lds-rewrite [options] <file>... [-- <compiler args>]
//
// Parses each file's device side, finds every __shared__ access, and reports
// its bank cost on each target (shared/design.md is the contract). Exit
// status: 0 no finding, 1 findings, 2 the tool could not do its job.
//
//===----------------------------------------------------------------------===//

#include "pipeline/AssumeOption.h"
#include "pipeline/BlockOption.h"
#include "pipeline/CheckAction.h"
#include "pipeline/DeviceCompileArgs.h"
#include "pipeline/FixMode.h"
#include "pipeline/HostErrors.h"
#include "pipeline/ProjectConfig.h"
#include "pipeline/RunConfig.h"
#include "pipeline/Suppressions.h"
#include "report/ExportFixes.h"
#include "report/HostErrorText.h"
#include "report/JsonReport.h"
#include "report/SarifReport.h"
#include "report/TextReporter.h"
#include "tool/BenchMode.h"
#include "tool/ExplainMode.h"
#include "tool/IsaMode.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <future>
#include <set>

using namespace llvm;
using namespace lds;

static cl::OptionCategory Category("lds-rewrite options");

static cl::list<std::string> Files(cl::Positional, cl::desc("<file>..."), cl::cat(Category));
static cl::list<std::string>
    TargetList("target", cl::CommaSeparated, cl::value_desc("T[,T...]"),
               cl::desc("Targets to analyse (default: the compile command's "
                        "offload arch, else gfx942 for HIP and sm_90 for CUDA)"),
               cl::cat(Category));
static cl::opt<std::string>
    BlockOpt("block", cl::value_desc("X[,Y[,Z]]"),
             cl::desc("Block (workgroup) shape, overriding what is inferred"), cl::cat(Category));
static cl::opt<OutputFormat>
    FormatOpt("format", cl::desc("Output format"), cl::init(OutputFormat::Text),
              cl::values(clEnumValN(OutputFormat::Text, "text", "clang-style diagnostics"),
                         clEnumValN(OutputFormat::Json, "json", "the JSON report (schema 1)"),
                         clEnumValN(OutputFormat::Sarif, "sarif",
                                    "SARIF 2.1.0, as GitHub code scanning reads it")),
              cl::cat(Category));
static cl::list<std::string>
    AssumeList("assume", cl::value_desc("NAME=VALUE"),
               cl::desc("Give a runtime value (kernel argument, global) a value"),
               cl::cat(Category));
static cl::opt<std::string>
    BankModelFile("bank-model", cl::value_desc("FILE"),
                  cl::desc("JSON file adding or overriding bank-model rows"), cl::cat(Category));
static cl::opt<std::string> BuildPath("p", cl::value_desc("build-dir"),
                                      cl::desc("Directory holding compile_commands.json"),
                                      cl::cat(Category));
static cl::opt<GpuHeaders> HeadersOpt(
    "gpu-headers", cl::desc("Which HIP/CUDA headers to parse with"), cl::init(GpuHeaders::Auto),
    cl::values(clEnumValN(GpuHeaders::Auto, "auto",
                          "the installed ones, else the bundled minimal set"),
               clEnumValN(GpuHeaders::Bundled, "bundled", "lds-rewrite's minimal headers only")),
    cl::cat(Category));
static cl::opt<bool> FixOpt("fix", cl::desc("Apply the fixes in place"), cl::cat(Category));
static cl::opt<bool> DiffOpt("diff",
                             cl::desc("Print the fixes as a unified diff; change "
                                      "nothing"),
                             cl::cat(Category));
static cl::opt<Strategy>
    StrategyOpt("strategy", cl::desc("Which fixes --fix and --diff may use"),
                cl::init(Strategy::Auto),
                cl::values(clEnumValN(Strategy::Auto, "auto", "padding or XOR swizzle"),
                           clEnumValN(Strategy::Pad, "pad", "row padding only"),
                           clEnumValN(Strategy::Swizzle, "swizzle", "XOR swizzle only")),
                cl::cat(Category));
static cl::opt<std::string>
    FixToOpt("fix-to", cl::value_desc("DIR"),
             cl::desc("With --fix: write the fixed files into DIR, not over the "
                      "originals: the file as DIR/<name>, each edited header as "
                      "DIR/h<N>-<name>, and DIR/overlay.yaml for clang's -ivfsoverlay"),
             cl::cat(Category));
static cl::opt<std::string>
    ProjectRootOpt("project-root", cl::value_desc("DIR"),
                   cl::desc("The project whose headers a fix may edit (default: the nearest "
                            "folder above the file with .lds-rewrite.yaml, else with .git, "
                            "else the file's own folder); headers elsewhere are left alone"),
                   cl::cat(Category));
static cl::opt<bool>
    PrintParseCommand("print-parse-command",
                      cl::desc("Print the device-side compile command of each file and exit"),
                      cl::cat(Category));
static cl::opt<bool> ListTargets("list-targets", cl::desc("Print the bank model's targets"),
                                 cl::cat(Category));
static cl::opt<std::string>
    ExportFixesFile("export-fixes", cl::value_desc("FILE"),
                    cl::desc("Write every finding and its fix as the YAML clang-tidy "
                             "--export-fixes writes, for clang-apply-replacements"),
                    cl::cat(Category));
static cl::opt<unsigned>
    JobsOpt("j", cl::value_desc("N"), cl::init(1), cl::Prefix,
            cl::desc("Analyse N translation units in parallel (0: one per core); "
                     "--fix and --diff take files one at a time"),
            cl::cat(Category));
static cl::opt<std::string>
    HtmlOpt("html", cl::value_desc("PAGE"),
            cl::desc("explain: also write one self-contained HTML page with a bank "
                     "map of every access of the file, before and after its fix"),
            cl::cat(Category));
static cl::opt<bool>
    OnlySharedOpt("only-shared",
                  cl::desc("Skip, without parsing them, the files whose text has no "
                           "__shared__ (nor HIP_DYNAMIC_SHARED); the pre-commit hooks use it"),
                  cl::cat(Category));

/// --only-shared: whether File's own text names shared memory at all.
static bool mentionsShared(StringRef File) {
  auto Buf = MemoryBuffer::getFile(File);
  if (!Buf)
    return true; // the run reports why it cannot be read
  StringRef Text = (*Buf)->getBuffer();
  return Text.contains("__shared__") || Text.contains("HIP_DYNAMIC_SHARED");
}

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "lds-rewrite") << Msg << "\n";
  return 2;
}

static std::string defaultResourceDir() { return LDS_CLANG_RESOURCE_DIR; }

static std::string fallbackIncludeDir(const char *Argv0) {
  // Installed: <prefix>/bin/lds-rewrite and <prefix>/share/lds-rewrite/include.
  std::string Exe = sys::fs::getMainExecutable(Argv0, (void *)&fallbackIncludeDir);
  SmallString<256> Installed(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Installed, "share", "lds-rewrite", "include");
  if (sys::fs::is_directory(Installed))
    return std::string(Installed);
  return LDS_FALLBACK_INCLUDE_DIR;
}

int main(int argc, const char **argv) {
  // lds-rewrite isa FILE --target=... [--compare F2 | --compare-fix] (IsaMode.h).
  if (argc > 1 && StringRef(argv[1]) == "isa")
    return runIsaMode(argc, argv, fallbackIncludeDir(argv[0]));
  // lds-rewrite bench SPEC [--variant FILE]... (BenchMode.h).
  if (argc > 1 && StringRef(argv[1]) == "bench")
    return runBenchMode(argc, argv, fallbackIncludeDir(argv[0]));
  // Everything after "--" goes to the compiler, as in every LibTooling tool.
  std::vector<const char *> ToolArgs;
  std::vector<std::string> CompilerArgs;
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
  // lds-rewrite explain <file>:<line>[:<col>] [options] (ExplainMode.h).
  ExplainRequest Explain;
  if (ToolArgs.size() > 1 && StringRef(ToolArgs[1]) == "explain") {
    Explain.Active = true;
    ToolArgs.erase(ToolArgs.begin() + 1);
  }
  cl::HideUnrelatedOptions(Category);
  if (!cl::ParseCommandLineOptions(
          ToolArgs.size(), ToolArgs.data(),
          "lds-rewrite: find LDS / shared-memory bank conflicts in HIP and "
          "CUDA kernels\n",
          &errs()))
    return 2;

  RunConfig Config;
  Config.Banks = BankModel::builtin();
  if (!BankModelFile.empty())
    if (Error E = Config.Banks.mergeJSONFile(BankModelFile))
      return fail(toString(std::move(E)));
  if (ListTargets) {
    for (const auto &[Name, T] : Config.Banks.targets())
      outs() << Name << "\t" << T.Description << "\n";
    return 0;
  }
  for (const std::string &T : TargetList) {
    if (!Config.Banks.find(T))
      return fail("unknown target '" + T +
                  "'; valid targets: " + join(Config.Banks.targetNames(), ", "));
    Config.Targets.push_back(T);
  }
  if (!BlockOpt.empty()) {
    std::array<unsigned, 3> B;
    if (!parseBlock(BlockOpt, B))
      return fail("--block expects X[,Y[,Z]] with positive integers, got '" + BlockOpt + "'");
    Config.Block = B;
  }
  for (const std::string &A : AssumeList) {
    std::string Name;
    int64_t V;
    if (!parseAssumption(A, Name, V))
      return fail("--assume expects NAME=VALUE with an integer value, got '" + A + "'");
    Config.Assumptions[Name] = V;
  }
  Config.Format = FormatOpt;
  Config.Headers = HeadersOpt;
  Config.ProjectRoot = ProjectRootOpt;
  Config.FixTo = FixToOpt;
  Config.ResourceDir = defaultResourceDir();
  Config.ClangPath = LDS_CLANG_PATH;
  Config.FallbackIncludeDir = fallbackIncludeDir(argv[0]);
  if (std::string Err =
          Explain.setUp(Files, HtmlOpt, FixOpt || DiffOpt || FormatOpt != OutputFormat::Text);
      !Err.empty())
    return fail(Err);
  if (FixOpt && DiffOpt)
    return fail("--fix and --diff cannot be used together");
  if (!FixToOpt.empty() && !FixOpt)
    return fail("--fix-to needs --fix");
  if (!ProjectRootOpt.empty() && !sys::fs::is_directory(ProjectRootOpt))
    return fail("--project-root=" + ProjectRootOpt + ": no such folder");
  if (!FixToOpt.empty() && Files.size() > 1)
    return fail("--fix-to takes one file: the copies of two would share its "
                "folder");
  if (Files.empty())
    return fail("no input files; usage: lds-rewrite [options] <file>... [-- "
                "<compiler args>]");

  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  if (!BuildPath.empty()) {
    std::string Err;
    DB = clang::tooling::CompilationDatabase::autoDetectFromDirectory(BuildPath, Err);
    if (!DB)
      return fail("cannot load a compilation database from '" + BuildPath + "': " + Err);
  }

  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  bool Color = sys::Process::StandardOutHasColors();
  JsonReport Json;
  unsigned Warnings = 0;
  bool Failed = false;
  bool Fixing = FixOpt || DiffOpt;
  int FixStatus = 0;
  // With --diff the diff is the only thing on stdout, so that it can be
  // piped to patch; everything else goes to stderr. So with SARIF.
  bool ReportToErr = DiffOpt || Config.Format == OutputFormat::Sarif;
  // --export-fixes and SARIF carry the planned fixes: plan them in check
  // mode too (nothing is written).
  std::optional<FixesExport> Yaml;
  std::optional<SarifReport> Sarif;
  if (!ExportFixesFile.empty()) {
    SmallString<256> Main(Files.front());
    sys::fs::make_absolute(Main);
    sys::path::remove_dots(Main, /*remove_dot_dot=*/true);
    Yaml.emplace(std::string(Main));
  }
  if (Config.Format == OutputFormat::Sarif)
    Sarif.emplace(std::string(Cwd));
  bool Exporting = Yaml || Sarif;

  // Each file's .lds-rewrite.yaml (ProjectConfig.h), read before any work:
  // a bad one stops the run. Files it ignores are left out.
  ProjectConfigs Projects(Config.Banks);
  struct FileJob {
    std::string File;
    const ProjectConfig *Project = nullptr;
  };
  std::vector<FileJob> Jobs;
  for (const std::string &File : Files) {
    FileJob J{File};
    if (sys::fs::exists(File)) {
      SmallString<256> Abs(File);
      sys::fs::make_absolute(Abs);
      sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
      auto Project = Projects.forFile(Abs);
      if (!Project)
        return fail(toString(Project.takeError()));
      if (*Project && !Explain.Active && (*Project)->ignores(Abs))
        continue;
      if (OnlySharedOpt && !mentionsShared(File))
        continue;
      J.Project = *Project;
    }
    Jobs.push_back(std::move(J));
  }

  // What one file produced, printed in command-line order once it is done.
  // A finding (Key: file, offset, message) that an earlier file printed, as
  // one in a header that several files include, is printed once.
  struct Segment {
    bool ToErr = false;
    std::string Text;
    std::string Key;
  };
  struct FileOutcome {
    std::vector<Segment> Segments;
    JsonReport Json;
    FileFindings Findings;
    std::vector<HostError> HostErrors;
    unsigned Warnings = 0;
    bool Failed = false;
    int FixStatus = 0;
  };
  // -j: translation units in parallel, each with its own ClangTool. --fix
  // and --diff (whose re-parse changes the working directory) and explain
  // run one file at a time.
  unsigned Threads =
      JobsOpt ? unsigned(JobsOpt) : llvm::hardware_concurrency().compute_thread_count();
  if (Fixing || Explain.Active || PrintParseCommand || Jobs.size() < 2)
    Threads = 1;
  bool Parallel = Threads > 1;

  auto ProcessFile = [&](const FileJob &Job, FileOutcome &O) {
    const std::string &File = Job.File;
    auto Emit = [&O](bool ToErr, std::string Text, std::string Key = "") {
      if (!Text.empty())
        O.Segments.push_back({ToErr, std::move(Text), std::move(Key)});
    };
    auto FileFail = [&](const Twine &Msg) {
      std::string S;
      raw_string_ostream OS(S);
      WithColor::error(OS, "lds-rewrite") << Msg << "\n";
      Emit(true, S);
      O.Failed = true;
      O.Findings.Error = Msg.str(); // names the file
    };
    O.Findings.File = File;
    if (!sys::fs::exists(File)) {
      FileFail(File + ": no such file");
      return;
    }
    // The project's configuration, under the command line.
    RunConfig FileConfig = Config;
    Strategy Strat = StrategyOpt;
    if (const ProjectConfig *P = Job.Project) {
      if (TargetList.empty())
        FileConfig.Targets = P->Targets;
      if (!Config.Block) {
        FileConfig.KernelBlocks = P->KernelBlocks;
        FileConfig.DefaultBlock = P->Block;
        FileConfig.ConfigFile = P->Path;
      }
      if (StrategyOpt.getNumOccurrences() == 0 && P->Strat)
        Strat = *P->Strat;
    }
    SmallString<256> Abs(File);
    sys::fs::make_absolute(Abs);
    clang::tooling::CompileCommand Cmd;
    bool FromDB = false;
    if (DB) {
      std::vector<clang::tooling::CompileCommand> Cmds = DB->getCompileCommands(Abs);
      if (!Cmds.empty()) {
        Cmd = Cmds.front();
        FromDB = true;
      }
    }
    if (!FromDB) {
      Cmd.Directory = std::string(Cwd);
      Cmd.Filename = File;
      Cmd.CommandLine.push_back("clang");
      Cmd.CommandLine.insert(Cmd.CommandLine.end(), CompilerArgs.begin(), CompilerArgs.end());
      Cmd.CommandLine.push_back(File);
    } else {
      Cmd.CommandLine.insert(Cmd.CommandLine.end() - 1, CompilerArgs.begin(), CompilerArgs.end());
    }
    O.Findings.BuildDirectory = Cmd.Directory;
    SourceLanguage Lang = languageOf(File, Cmd.CommandLine);
    const clang::tooling::CompileCommand OriginalCmd = Cmd;

    AnalyzedFile Template;
    Template.File = File;
    Template.Targets = FileConfig.Targets;
    if (Template.Targets.empty()) {
      for (const std::string &A : archesIn(Cmd.CommandLine))
        if (FileConfig.Banks.find(A))
          Template.Targets.push_back(A);
      if (Template.Targets.empty())
        Template.Targets.push_back(Lang == SourceLanguage::HIP ? "gfx942" : "sm_90");
    }
    DeviceParse Parse = deviceCommand(Cmd, Lang, Template.Targets, FileConfig);
    Template.UsedFallbackHeaders = Parse.UsedFallbackHeaders;
    Cmd.CommandLine = Parse.CommandLine;
    if (PrintParseCommand) {
      // The same parse as a plain compiler command, for comparisons.
      std::string Line;
      raw_string_ostream OS(Line);
      for (size_t I = 0; I < Cmd.CommandLine.size(); ++I) {
        OS << (I ? " " : "");
        sys::printArg(OS, Cmd.CommandLine[I], /*Quote=*/true);
      }
      OS << "\n";
      Emit(false, Line);
      return;
    }

    SingleCommandDatabase Single(Cmd);
    // In parallel, each tool has a file system of its own (the default one
    // changes the process's working directory) and keeps the compiler's
    // messages with the file's other output.
    clang::tooling::ClangTool Tool(
        Single, {Cmd.Filename}, std::make_shared<clang::PCHContainerOperations>(),
        Parallel ? llvm::vfs::createPhysicalFileSystem() : llvm::vfs::getRealFileSystem());
    Tool.clearArgumentsAdjusters();
    std::string CompilerMessages;
    raw_string_ostream CompilerOS(CompilerMessages);
    clang::DiagnosticOptions CompilerDiagOpts;
    clang::TextDiagnosticPrinter CompilerPrinter(CompilerOS, CompilerDiagOpts);
    if (Parallel) {
      Tool.setDiagnosticConsumer(&CompilerPrinter);
      Tool.setPrintErrorMessage(false);
    }
    std::optional<FilePlan> Plan;
    auto Factory =
        newCheckActionFactory(FileConfig, Template, [&](clang::ASTContext &Ctx, AnalyzedFile &F) {
          // Host code that clang rejects: analysed anyway, said once.
          std::string HostWarning = hostErrorWarning(F.HostErrors);
          O.HostErrors = F.HostErrors;
          if (Explain.Active) {
            errs() << HostWarning;
            Explain.run(Ctx, F, FileConfig, Strat, outs(), Color);
            return;
          }
          Emit(true, HostWarning);
          if (FileConfig.Format == OutputFormat::Json)
            O.Json.add(F);
          // Every diagnostic, each with its text; suppressed ones are not
          // printed (Suppressions.h).
          std::vector<ReportedFinding> Found;
          reportAsText(Ctx, F, nulls(), Color && !ReportToErr, &Found);
          for (ReportedFinding &R : Found) {
            R.Suppressed = !R.Accesses.empty() &&
                           llvm::all_of(R.Accesses, [&](size_t I) { return F.suppressed(I); });
            if (FileConfig.Format == OutputFormat::Text && !R.Suppressed)
              Emit(ReportToErr, R.Text, R.Loc.valid() && !R.Accesses.empty() ? findingKey(R) : "");
          }
          if (FileConfig.Format == OutputFormat::Text)
            Emit(ReportToErr, assumedShapeNotes(F, Found));
          if (Fixing || Exporting)
            Plan = planFixes(Ctx, withoutSuppressed(F), FileConfig, Strat, Color && !ReportToErr);
          if (Exporting) {
            O.Findings.Findings = std::move(Found);
            if (Plan)
              O.Findings.Fixes = plainFixes(Ctx.getSourceManager(), *Plan);
            attachFixes(O.Findings);
          }
          for (size_t I = 0; I < F.Results.size(); ++I)
            if (!F.suppressed(I))
              for (const AccessResult &R : F.Results[I])
                if (R.conflicts()) {
                  ++O.Warnings;
                  break;
                }
        });
    // The compiler's closing line ("1 error generated") goes where its
    // messages go.
    struct VerboseTo : clang::tooling::FrontendActionFactory {
      clang::tooling::FrontendActionFactory &Inner;
      raw_ostream &OS;
      VerboseTo(clang::tooling::FrontendActionFactory &Inner, raw_ostream &OS)
          : Inner(Inner), OS(OS) {}
      std::unique_ptr<clang::FrontendAction> create() override {
        struct Action : clang::WrapperFrontendAction {
          raw_ostream &OS;
          Action(std::unique_ptr<clang::FrontendAction> A, raw_ostream &OS)
              : WrapperFrontendAction(std::move(A)), OS(OS) {}
          bool BeginInvocation(clang::CompilerInstance &CI) override {
            CI.setVerboseOutputStream(OS);
            return WrapperFrontendAction::BeginInvocation(CI);
          }
        };
        return std::make_unique<Action>(Inner.create(), OS);
      }
    } Buffered(*Factory, CompilerOS);
    int RC = Parallel ? Tool.run(&Buffered) : Tool.run(Factory.get());
    Emit(true, CompilerMessages);
    if (RC != 0) {
      FileFail(File + ": could not be parsed; nothing was analysed" +
               (Fixing ? std::string(" and nothing was changed") : std::string()));
      return;
    }
    if (Plan && Fixing) {
      std::string Msgs, Diff;
      raw_string_ostream MsgsOS(Msgs), DiffOS(Diff);
      int S = finishFix(*Plan, OriginalCmd, Lang, FileConfig, FixOpt, MsgsOS, DiffOS,
                        FileConfig.Format == OutputFormat::Json ? &O.Json : nullptr);
      Emit(ReportToErr, Msgs);
      Emit(false, Diff);
      O.FixStatus = std::max(O.FixStatus, S);
      if (S == 2) {
        // Not verified: export the findings without the fixes.
        O.Findings.Fixes.clear();
        for (ReportedFinding &R : O.Findings.Findings)
          R.Fix = -1;
      }
    }
  };

  std::set<std::string> PrintedFindings;
  auto Collect = [&](FileOutcome &O) {
    for (Segment &S : O.Segments) {
      if (!S.Key.empty() && !PrintedFindings.insert(S.Key).second)
        continue;
      if (S.ToErr)
        outs().flush();
      (S.ToErr ? errs() : outs()) << S.Text;
    }
    Json.append(O.Json, O.Findings.BuildDirectory);
    if (Yaml)
      Yaml->add(O.Findings);
    if (Sarif) {
      if (!O.Findings.Error.empty())
        Sarif->addError(O.Findings.File, O.Findings.Error);
      Sarif->addHostErrors(O.HostErrors);
      Sarif->add(O.Findings);
    }
    Warnings += O.Warnings;
    Failed |= O.Failed;
    FixStatus = std::max(FixStatus, O.FixStatus);
    O = FileOutcome();
  };
  std::vector<FileOutcome> Outcomes(Jobs.size());
  if (!Parallel) {
    for (size_t I = 0; I < Jobs.size(); ++I) {
      ProcessFile(Jobs[I], Outcomes[I]);
      Collect(Outcomes[I]);
    }
  } else {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Threads));
    std::vector<std::shared_future<void>> Done;
    for (size_t I = 0; I < Jobs.size(); ++I)
      Done.push_back(Pool.async([&, I] { ProcessFile(Jobs[I], Outcomes[I]); }));
    for (size_t I = 0; I < Jobs.size(); ++I) {
      Done[I].wait();
      Collect(Outcomes[I]);
    }
  }
  if (Explain.Active) {
    outs().flush();
    return Failed ? 2 : Explain.Status;
  }
  if (Config.Format == OutputFormat::Json)
    outs() << formatv("{0:2}", Json.render()) << "\n";
  if (Sarif)
    outs() << formatv("{0:2}", Sarif->render(!Failed)) << "\n";
  if (Yaml)
    if (Error E = Yaml->write(ExportFixesFile)) {
      fail("--export-fixes: " + toString(std::move(E)));
      Failed = true;
    }
  outs().flush();
  if (Failed)
    return 2;
  if (FixOpt)
    return FixStatus;
  if (FixStatus == 2)
    return 2;
  return Warnings ? 1 : 0;
}
