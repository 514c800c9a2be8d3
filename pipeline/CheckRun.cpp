//===- CheckRun.cpp - One run of the check over a list of files -----------===//

#include "pipeline/CheckRun.h"
#include "targets/Targets.h"

#include "pipeline/CheckAction.h"
#include "pipeline/CheckFilter.h"
#include "pipeline/DeviceCompileArgs.h"
#include "pipeline/FixMode.h"
#include "pipeline/HostErrors.h"
#include "pipeline/NvccCommand.h"
#include "pipeline/PartitionRun.h"
#include "pipeline/PreludePch.h"
#include "pipeline/ProjectConfig.h"
#include "pipeline/Suppressions.h"
#include "report/CheckNames.h"
#include "report/ExportFixes.h"
#include "report/HostErrorText.h"
#include "report/JsonReport.h"
#include "report/ReportBuilder.h"
#include "report/RunSummary.h"
#include "pipeline/ProjectRoot.h"
#include "report/SarifReport.h"
#include "report/TextReporter.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ThreadPool.h"

#include <algorithm>
#include <new>
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"

#include <future>
#include <set>

using namespace llvm;

namespace lds {

/// --only-shared: whether File's own text names shared memory at all.
static bool mentionsShared(StringRef File) {
  auto Buf = MemoryBuffer::getFile(File);
  if (!Buf)
    return true; // the run reports why it cannot be read
  StringRef Text = (*Buf)->getBuffer();
  return Text.contains("__shared__") || Text.contains("HIP_DYNAMIC_SHARED");
}

static CheckResult failed(raw_ostream &Err, const Twine &Msg) {
  WithColor::error(Err, "lds-rewrite") << Msg << "\n";
  return {2, true};
}

/// The exit status of a run, in one place: a file that could not be done
/// is 2; with --fix, what the fixes came to (FixMode.h); else 2 if a fix
/// could not be verified, 1 with findings, 0 without.
static int exitStatus(bool Failed, FixOutput Fix, int FixStatus, unsigned Warnings) {
  if (Failed)
    return 2;
  if (Fix == FixOutput::InPlace)
    return FixStatus;
  if (FixStatus == 2)
    return 2;
  return Warnings ? 1 : 0;
}

/// The closing line of --fix on several files: which were written, which
/// needed nothing, which were analysed but not written, which not analysed.
static std::string fixSummary(ArrayRef<std::string> Written, ArrayRef<std::string> Nothing,
                              ArrayRef<std::string> NotWritten,
                              ArrayRef<std::string> NotAnalysed) {
  std::vector<std::string> Parts;
  auto Part = [&](ArrayRef<std::string> Files, StringRef What) {
    if (!Files.empty())
      Parts.push_back(join(Files, ", ") + " " + What.str());
  };
  Part(Written, "fixed");
  Part(Nothing, "needed no change");
  Part(NotWritten, "not changed (a fix could not be verified or written)");
  Part(NotAnalysed, "not analysed");
  return "lds-rewrite: " + join(Parts, "; ") +
         (NotWritten.empty() && NotAnalysed.empty()
              ? "\n"
              : Written.empty() ? "; no file was changed\n"
                                : "; the files fixed stay fixed (each file is written on its "
                                  "own, as clang-tidy -fix does)\n");
}

CheckResult runCheck(const CheckRequest &R, raw_ostream &Out, raw_ostream &Err) {
  const RunConfig &Config = R.Config;
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  bool Color = R.Color;
  JsonReport Json;
  unsigned Warnings = 0;
  bool Failed = false;
  bool Fixing = R.Fix != FixOutput::None;
  int FixStatus = 0;
  // With --diff the diff is the only thing on stdout, so that it can be
  // piped to patch; everything else goes to stderr. So with SARIF.
  // stdout holds the diff, the JSON or the SARIF alone: the rest goes to
  // stderr (with --format=json, --fix's remarks once preceded the report).
  bool ReportToErr = R.Fix == FixOutput::Diff || Config.Format != OutputFormat::Text;
  // --export-fixes and SARIF carry the planned fixes: plan them in check
  // mode too (nothing is written).
  std::optional<FixesExport> Yaml;
  std::optional<SarifReport> Sarif;
  if (!R.ExportFixesFile.empty()) {
    SmallString<256> Main(R.Files.front());
    sys::fs::make_absolute(Main);
    sys::path::remove_dots(Main, /*remove_dot_dot=*/true);
    Yaml.emplace(std::string(Main));
  }
  if (Config.Format == OutputFormat::Sarif)
    Sarif.emplace(reportRoot(R.Files, Config.ProjectRoot, Cwd));
  bool Exporting = Yaml || Sarif;

  // Each file's .lds-rewrite.yaml (ProjectConfig.h), read before any work:
  // a bad one stops the run. Files it ignores are left out.
  ProjectConfigs Projects(Config.Banks);
  struct FileJob {
    std::string File;
    const ProjectConfig *Project = nullptr;
  };
  std::vector<FileJob> Jobs;
  for (const std::string &File : R.Files) {
    FileJob J{File};
    if (sys::fs::exists(File)) {
      SmallString<256> Abs(File);
      sys::fs::make_absolute(Abs);
      sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
      auto Project = Projects.forFile(Abs);
      if (!Project)
        return failed(Err, toString(Project.takeError()));
      if (*Project && !R.Explain && (*Project)->ignores(Abs))
        continue;
      if (R.OnlyShared && !mentionsShared(File))
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
    FileReport Report;
    unsigned Warnings = 0;
    bool Failed = false;
    int FixStatus = 0;
    /// Per finding of Report: a fix is on offer (for the closing count).
    std::vector<bool> WithFix;
    /// With --fix: what became of the file, for the closing summary.
    enum class Fixed { NotAnalysed, Written, NothingToWrite, NotWritten } Fix = Fixed::NotAnalysed;
  };
  // -j: translation units in parallel, each with its own ClangTool. --fix
  // and --diff (whose re-parse changes the working directory) and explain
  // run one file at a time.
  unsigned Threads = R.Jobs ? R.Jobs : llvm::hardware_concurrency().compute_thread_count();
  if (Fixing || R.Explain || R.PrintParseCommand || Jobs.size() < 2)
    Threads = 1;
  bool Parallel = Threads > 1;
  // The closing count, for several files in text; it plans the fixes (with
  // no compile) to say how many warnings have one.
  bool Summarize = R.Summary && Jobs.size() > 1 && Config.Format == OutputFormat::Text &&
                   !R.PrintParseCommand && !R.Explain;
  RunSummary Summary;

  auto ProcessFile = [&](const FileJob &Job, FileOutcome &O) {
    const std::string &File = Job.File;
    auto Emit = [&O](bool ToErr, std::string Text, std::string Key = "") {
      if (!Text.empty())
        O.Segments.push_back({ToErr, std::move(Text), std::move(Key)});
    };
    auto FileFail = [&](const Twine &Msg) {
      std::string S;
      raw_string_ostream OS(S);
      OS.enable_colors(true); // coloured when --use-color forces it (Options.h)
      WithColor::error(OS, "lds-rewrite") << Msg << "\n";
      Emit(true, S);
      O.Failed = true;
      O.Report.Error = Msg.str(); // names the file
    };
    O.Report.File = File;
    if (!sys::fs::exists(File)) {
      FileFail(File + ": no such file");
      return;
    }
    // The project's configuration, under the command line.
    RunConfig FileConfig = Config;
    Strategy Strat = R.Strat;
    if (const ProjectConfig *P = Job.Project) {
      if (Config.Targets.empty())
        FileConfig.Targets = P->Targets;
      if (!Config.Block) {
        FileConfig.KernelBlocks = P->KernelBlocks;
        FileConfig.DefaultBlock = P->Block;
        FileConfig.ConfigFile = P->Path;
      }
      if (!R.StrategyGiven && P->Strat)
        Strat = *P->Strat;
    }
    FileConfig.Checks = CheckFilter();
    if (Job.Project)
      FileConfig.Checks.add(Job.Project->Checks);
    FileConfig.Checks.add(Config.ChecksOption);
    if (FileConfig.Checks.noneEnabled()) {
      FileFail(File + ": no check runs (--checks" +
               (Job.Project && !Job.Project->Checks.empty() ? " and the Checks: of " + Job.Project->Path
                                                            : std::string()) +
               " turn every one off)");
      return;
    }
    SmallString<256> Abs(File);
    sys::fs::make_absolute(Abs);
    clang::tooling::CompileCommand Cmd;
    bool FromDB = false;
    const clang::tooling::CompilationDatabase *DB =
        R.Database ? R.Database : static_cast<const clang::tooling::CompilationDatabase *>(R.Discovered);
    if (DB) {
      std::vector<clang::tooling::CompileCommand> Cmds = DB->getCompileCommands(Abs);
      if (!Cmds.empty()) {
        Cmd = Cmds.front();
        FromDB = true;
        // CMake's CUDA language writes nvcc commands: clang's CUDA driver
        // takes them translated (the targets of -arch/-gencode kept).
        if (isNvccCommand(Cmd.CommandLine))
          Cmd.CommandLine = nvccToClang(Cmd.CommandLine);
      }
    }
    // A database written elsewhere (or by hand) may name a folder that is
    // not here: clang would abort in chdir.
    if (FromDB && !sys::fs::is_directory(Cmd.Directory)) {
      FileFail(File + ": its compile command names the directory '" + Cmd.Directory +
               "', which does not exist (the entry for " + Cmd.Filename + " in " +
               (R.Discovered && !R.Database ? R.Discovered->sourceOf(Abs) : std::string("the -p database")) +
               ")");
      return;
    }
    if (FromDB && !R.Database && R.Discovered && !R.PrintParseCommand) {
      std::string S;
      raw_string_ostream OS(S);
      OS.enable_colors(true); // coloured when --use-color forces it (Options.h)
      WithColor::note(OS, "lds-rewrite") << File << ": compile command from "
                                         << R.Discovered->sourceOf(Abs) << " (-p names another)\n";
      Emit(true, S);
    }
    if (!FromDB) {
      Cmd.Directory = std::string(Cwd);
      Cmd.Filename = File;
      Cmd.CommandLine.push_back("clang");
      Cmd.CommandLine.insert(Cmd.CommandLine.end(), R.CompilerArgs.begin(), R.CompilerArgs.end());
      Cmd.CommandLine.push_back(File);
    } else {
      Cmd.CommandLine.insert(Cmd.CommandLine.end() - 1, R.CompilerArgs.begin(),
                             R.CompilerArgs.end());
    }
    O.Report.BuildDirectory = Cmd.Directory;
    SourceLanguage Lang = languageOf(File, Cmd.CommandLine);
    const clang::tooling::CompileCommand OriginalCmd = Cmd;

    AnalyzedFile Template;
    Template.File = File;
    Template.Targets = FileConfig.Targets;
    Template.DisabledChecks = FileConfig.Checks.disabled();
    if (Template.Targets.empty()) {
      for (const std::string &A : archesIn(Cmd.CommandLine))
        if (FileConfig.Banks.find(A))
          Template.Targets.push_back(A);
      if (Template.Targets.empty())
        Template.Targets.push_back(defaultTarget(Lang == SourceLanguage::HIP));
    }
    DeviceParse Parse = deviceCommand(Cmd, Lang, Template.Targets, FileConfig);
    Template.UsedFallbackHeaders = Parse.UsedFallbackHeaders;
    Cmd.CommandLine = Parse.CommandLine;
    if (R.PrintParseCommand) {
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

    // The headers before the file, precompiled once (PreludePch.h); after
    // --print-parse-command, which prints the command a compiler would run.
    Cmd.CommandLine = withPreludePch(Cmd.CommandLine, Cmd.Directory, Parse.OwnIncludes);
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
          if (R.Explain) {
            O.Report.HostErrors = F.HostErrors;
            Err << HostWarning;
            R.Explain(Ctx, F, FileConfig, Strat);
            return;
          }
          Emit(true, HostWarning);
          // lds-partition-conflict compiles the file for its targets
          // (PartitionRun.h) before the report is built.
          runPartitionCheck(Ctx, F, OriginalCmd, Lang, FileConfig);
          // The report, built once; suppressed findings are not printed
          // (Suppressions.h).
          BuiltReport Built =
              buildReport(Ctx.getSourceManager(), F, FileConfig.Format == OutputFormat::Json);
          Built.Report.BuildDirectory = O.Report.BuildDirectory;
          if (FileConfig.Format == OutputFormat::Text)
            printFindings(Ctx, Built, Color && !ReportToErr);
          O.Report = std::move(Built.Report);
          if (FileConfig.Format == OutputFormat::Text) {
            for (const ReportFinding &R : O.Report.Findings)
              if (!R.Suppressed)
                Emit(ReportToErr, R.Text,
                     R.Loc.valid() && !R.Accesses.empty() ? findingKey(R) : "");
            Emit(ReportToErr, assumedShapeNotes(F, O.Report));
          }
          if (Fixing || Exporting)
          {
            TieBreakBuild Ties{OriginalCmd, Lang, FileConfig};
            Plan = planFixes(Ctx, withoutSuppressed(F), FileConfig, Strat, Color && !ReportToErr,
                             &Ties);
          }
          if (Summarize && !Plan)
            Plan = planFixes(Ctx, withoutSuppressed(F), FileConfig, Strat, false);
          if (Summarize && Plan) {
            std::vector<PlainFix> Offered = plainFixes(Ctx.getSourceManager(), *Plan);
            for (const ReportFinding &Found : O.Report.Findings)
              O.WithFix.push_back(std::any_of(Offered.begin(), Offered.end(),
                                              [&](const PlainFix &X) { return fixes(X, Found); }));
          }
          if (Exporting) {
            if (Plan)
              O.Report.Fixes = plainFixes(Ctx.getSourceManager(), *Plan);
            attachFixes(O.Report);
          }
          O.Warnings += F.RedundantBarriers.size() + F.SingleWave.size() + F.RefillLoops.size() +
                        F.Reductions.size() + F.Transposes.size();
          for (const PartitionAccess &P : F.Partitions)
            O.Warnings += P.separable();
          for (size_t I = 0; I < F.Results.size() && F.runs(CheckName); ++I)
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
      bool Write = R.Fix == FixOutput::InPlace;
      int S = finishFix(*Plan, OriginalCmd, Lang, FileConfig, Write, MsgsOS, DiffOS);
      if (S == 2)
        O.Fix = FileOutcome::Fixed::NotWritten;
      else if (Plan->Verified && !Plan->Reps.empty())
        O.Fix = FileOutcome::Fixed::Written;
      else
        O.Fix = FileOutcome::Fixed::NothingToWrite;
      if (Plan->Verified)
        for (const ArrayFix &Fix : Plan->Fixes)
          O.Report.Verified.push_back({Fix.ArrayId, Fix.Plan, Plan->Targets, Fix.Replacements,
                                       Write ? "applied" : "planned"});
      if (Plan->Verified)
        for (const BarrierFix &Fix : Plan->BarrierFixes)
          O.Report.VerifiedOther.push_back(
              {RedundantBarrierCheck, "remove_barrier",
               "remove the barrier at line " + std::to_string(Fix.Removed.Line) + "; " +
                   Fix.Reason,
               Fix.Removed, static_cast<unsigned>(countEdits(Fix.Reps)),
               Write ? "applied" : "planned"});
      // The other checks' verified fixes, each with its strategy and place.
      auto Other = [&](const char *Check, const char *Strategy, std::string Description,
                       const SourceLoc &At, const FileEdits &Reps) {
        O.Report.VerifiedOther.push_back({Check, Strategy, std::move(Description), At,
                                          static_cast<unsigned>(countEdits(Reps)),
                                          Write ? "applied" : "planned"});
      };
      if (Plan->Verified) {
        for (const PrefetchFix &Fix : Plan->PrefetchFixes)
          Other(ExposedWriteLatencyCheck, "prefetch", prefetchDescription(Fix), Fix.Wait, Fix.Reps);
        for (const LaunchBoundsFix &Fix : Plan->LaunchBoundsFixes)
          Other(RedundantBarrierCheck, "launch_bounds", launchBoundsDescription(Fix),
                Fix.FirstBarrier, Fix.Reps);
        for (const TransposeFix &Fix : Plan->TransposeFixes)
          Other(TransposeLoadCheck, "transpose_load", transposeDescription(Fix), Fix.Loop, Fix.Reps);
        for (const TailFix &Fix : Plan->TailFixes)
          Other(ReductionTailCheck, "shuffle_tail", tailDescription(Fix), Fix.Loop, Fix.Reps);
      }
      Emit(ReportToErr, Msgs);
      Emit(false, Diff);
      O.FixStatus = std::max(O.FixStatus, S);
      if (S == 2) {
        // Not verified: export the findings without the fixes.
        O.Report.Fixes.clear();
        for (ReportFinding &R : O.Report.Findings)
          R.Fix = -1;
      }
    }
  };

  // A parse that runs out of memory (rocPRIM's radix-sort benchmark needs
  // more than 11 GB) throws std::bad_alloc through clang: that file is
  // "not analysed", said as such, instead of std::terminate and exit 134
  // with nothing printed.
  auto ProcessSafely = [&](const FileJob &Job, FileOutcome &O) {
    try {
      // Test hook: LDS_REWRITE_TEST_OUT_OF_MEMORY=NAME fails the files
      // named NAME as an exhausted allocator would (test/lit/errors).
      if (auto Name = sys::Process::GetEnv("LDS_REWRITE_TEST_OUT_OF_MEMORY");
          Name && sys::path::filename(Job.File) == *Name)
        throw std::bad_alloc();
      ProcessFile(Job, O);
    } catch (const std::bad_alloc &) {
      O.Segments.clear();
      std::string S;
      raw_string_ostream OS(S);
      OS.enable_colors(true);
      WithColor::error(OS, "lds-rewrite")
          << Job.File << ": not analysed: out of memory while parsing or analysing it"
          << (Fixing ? " (nothing was changed)" : "") << "\n";
      O.Segments.push_back({true, S, ""});
      O.Failed = true;
      O.Report.File = Job.File;
      O.Report.Error = Job.File + ": out of memory";
    }
  };
  std::set<std::string> PrintedFindings;
  std::map<FileOutcome::Fixed, std::vector<std::string>> FixSummary;
  auto Collect = [&](FileOutcome &O, size_t I) {
    if (R.Progress) {
      Out.flush();
      Err << "[" << (I + 1) << "/" << Jobs.size() << "] " << Jobs[I].File << "\n";
    }
    if (Summarize)
      Summary.add(O.Report, O.WithFix, O.Failed);
    FixSummary[O.Fix].push_back(O.Report.File);
    for (Segment &S : O.Segments) {
      if (!S.Key.empty() && !PrintedFindings.insert(S.Key).second)
        continue;
      if (S.ToErr)
        Out.flush();
      (S.ToErr ? Err : Out) << S.Text;
    }
    if (Config.Format == OutputFormat::Json) {
      JsonReport FileJson;
      FileJson.add(O.Report);
      Json.append(FileJson, O.Report.BuildDirectory);
    }
    if (Yaml)
      Yaml->add(O.Report);
    if (Sarif)
      Sarif->add(O.Report);
    Warnings += O.Warnings;
    Failed |= O.Failed;
    FixStatus = std::max(FixStatus, O.FixStatus);
    O = FileOutcome();
  };
  std::vector<FileOutcome> Outcomes(Jobs.size());
  if (!Parallel) {
    for (size_t I = 0; I < Jobs.size(); ++I) {
      ProcessSafely(Jobs[I], Outcomes[I]);
      Collect(Outcomes[I], I);
    }
  } else {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Threads));
    std::vector<std::shared_future<void>> Done;
    for (size_t I = 0; I < Jobs.size(); ++I)
      Done.push_back(Pool.async([&, I] { ProcessSafely(Jobs[I], Outcomes[I]); }));
    for (size_t I = 0; I < Jobs.size(); ++I) {
      Done[I].wait();
      Collect(Outcomes[I], I);
    }
  }
  // --fix on several files, one of which fails, still writes the others
  // (as clang-tidy -fix does) and exits 2: the summary says which is which.
  if (R.Fix == FixOutput::InPlace && Jobs.size() > 1 && Config.FixTo.empty()) {
    Out.flush();
    Err << fixSummary(FixSummary[FileOutcome::Fixed::Written],
                      FixSummary[FileOutcome::Fixed::NothingToWrite],
                      FixSummary[FileOutcome::Fixed::NotWritten],
                      FixSummary[FileOutcome::Fixed::NotAnalysed]);
  }
  if (R.Explain) {
    Out.flush();
    return {Failed ? 2 : 0, Failed};
  }
  if (Summarize) {
    Out.flush();
    Err << Summary.line(/*FixesPlanned=*/true);
  }
  if (Config.Format == OutputFormat::Json)
    Out << formatv("{0:2}", Json.render()) << "\n";
  if (Sarif)
    Out << formatv("{0:2}", Sarif->render(!Failed)) << "\n";
  if (Yaml)
    if (Error E = Yaml->write(R.ExportFixesFile)) {
      failed(Err, "--export-fixes: " + toString(std::move(E)));
      Failed = true;
    }
  Out.flush();
  return {exitStatus(Failed, R.Fix, FixStatus, Warnings), Failed};
}

} // namespace lds
