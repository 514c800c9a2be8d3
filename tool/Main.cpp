//===- Main.cpp - The lds-rewrite program ---------------------------------===//
//
//   lds-rewrite [options] <file>... [-- <compiler args>]
//
// Parses each file's device side, finds every __shared__ access, and reports
// its bank cost on each target (shared/design.md is the contract). Exit
// status: 0 no finding, 1 findings, 2 the tool could not do its job.
//
//===----------------------------------------------------------------------===//

#include "CheckAction.h"
#include "DeviceCompileArgs.h"
#include "FixMode.h"
#include "JsonReport.h"
#include "RunConfig.h"
#include "TextReporter.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace lds;

static cl::OptionCategory Category("lds-rewrite options");

static cl::list<std::string> Files(cl::Positional, cl::desc("<file>..."),
                                   cl::cat(Category));
static cl::list<std::string>
    TargetList("target", cl::CommaSeparated, cl::value_desc("T[,T...]"),
               cl::desc("Targets to analyse (default: the compile command's "
                        "offload arch, else gfx942 for HIP and sm_90 for CUDA)"),
               cl::cat(Category));
static cl::opt<std::string>
    BlockOpt("block", cl::value_desc("X[,Y[,Z]]"),
             cl::desc("Block (workgroup) shape, overriding what is inferred"),
             cl::cat(Category));
static cl::opt<OutputFormat> FormatOpt(
    "format", cl::desc("Output format"), cl::init(OutputFormat::Text),
    cl::values(clEnumValN(OutputFormat::Text, "text", "clang-style diagnostics"),
               clEnumValN(OutputFormat::Json, "json", "the JSON report (schema 1)")),
    cl::cat(Category));
static cl::list<std::string>
    AssumeList("assume", cl::value_desc("NAME=VALUE"),
               cl::desc("Give a runtime value (kernel argument, global) a value"),
               cl::cat(Category));
static cl::opt<std::string>
    BankModelFile("bank-model", cl::value_desc("FILE"),
                  cl::desc("JSON file adding or overriding bank-model rows"),
                  cl::cat(Category));
static cl::opt<std::string>
    BuildPath("p", cl::value_desc("build-dir"),
              cl::desc("Directory holding compile_commands.json"),
              cl::cat(Category));
static cl::opt<GpuHeaders> HeadersOpt(
    "gpu-headers", cl::desc("Which HIP/CUDA headers to parse with"),
    cl::init(GpuHeaders::Auto),
    cl::values(clEnumValN(GpuHeaders::Auto, "auto",
                          "the installed ones, else the bundled minimal set"),
               clEnumValN(GpuHeaders::Bundled, "bundled",
                          "lds-rewrite's minimal headers only")),
    cl::cat(Category));
static cl::opt<bool> FixOpt("fix", cl::desc("Apply the fixes in place"),
                            cl::cat(Category));
static cl::opt<bool> DiffOpt("diff",
                             cl::desc("Print the fixes as a unified diff; change "
                                      "nothing"),
                             cl::cat(Category));
static cl::opt<Strategy> StrategyOpt(
    "strategy", cl::desc("Which fixes --fix and --diff may use"),
    cl::init(Strategy::Auto),
    cl::values(clEnumValN(Strategy::Auto, "auto", "padding or XOR swizzle"),
               clEnumValN(Strategy::Pad, "pad", "row padding only"),
               clEnumValN(Strategy::Swizzle, "swizzle", "XOR swizzle only")),
    cl::cat(Category));
static cl::opt<bool> PrintParseCommand(
    "print-parse-command",
    cl::desc("Print the device-side compile command of each file and exit"),
    cl::cat(Category));
static cl::opt<bool> ListTargets("list-targets",
                                 cl::desc("Print the bank model's targets"),
                                 cl::cat(Category));

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "lds-rewrite") << Msg << "\n";
  return 2;
}

static bool parseBlock(StringRef S, std::array<unsigned, 3> &Out) {
  SmallVector<StringRef, 3> Parts;
  S.split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return false;
  Out = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, Out[I]) || Out[I] == 0)
      return false;
  return true;
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
      return fail("unknown target '" + T + "'; valid targets: " +
                  join(Config.Banks.targetNames(), ", "));
    Config.Targets.push_back(T);
  }
  if (!BlockOpt.empty()) {
    std::array<unsigned, 3> B;
    if (!parseBlock(BlockOpt, B))
      return fail("--block expects X[,Y[,Z]] with positive integers, got '" +
                  BlockOpt + "'");
    Config.Block = B;
  }
  for (const std::string &A : AssumeList) {
    auto [Name, Value] = StringRef(A).split('=');
    int64_t V;
    if (Name.empty() || Value.trim().getAsInteger(0, V))
      return fail("--assume expects NAME=VALUE with an integer value, got '" +
                  A + "'");
    Config.Assumptions[Name.trim().str()] = V;
  }
  Config.Format = FormatOpt;
  Config.Headers = HeadersOpt;
  Config.ResourceDir = defaultResourceDir();
  Config.ClangPath = LDS_CLANG_PATH;
  Config.FallbackIncludeDir = fallbackIncludeDir(argv[0]);
  if (FixOpt && DiffOpt)
    return fail("--fix and --diff cannot be used together");
  if (Files.empty())
    return fail("no input files; usage: lds-rewrite [options] <file>... [-- "
                "<compiler args>]");

  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  if (!BuildPath.empty()) {
    std::string Err;
    DB = clang::tooling::CompilationDatabase::autoDetectFromDirectory(BuildPath, Err);
    if (!DB)
      return fail("cannot load a compilation database from '" + BuildPath +
                  "': " + Err);
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
  // piped to patch; everything else goes to stderr.
  raw_ostream &Report = DiffOpt ? errs() : outs();

  for (const std::string &File : Files) {
    if (!sys::fs::exists(File)) {
      fail(File + ": no such file");
      Failed = true;
      continue;
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
      Cmd.CommandLine.insert(Cmd.CommandLine.end(), CompilerArgs.begin(),
                             CompilerArgs.end());
      Cmd.CommandLine.push_back(File);
    } else {
      Cmd.CommandLine.insert(Cmd.CommandLine.end() - 1, CompilerArgs.begin(),
                             CompilerArgs.end());
    }
    SourceLanguage Lang = languageOf(File, Cmd.CommandLine);
    const clang::tooling::CompileCommand OriginalCmd = Cmd;

    AnalyzedFile Template;
    Template.File = File;
    Template.Targets = Config.Targets;
    if (Template.Targets.empty()) {
      for (const std::string &A : archesIn(Cmd.CommandLine))
        if (Config.Banks.find(A))
          Template.Targets.push_back(A);
      if (Template.Targets.empty())
        Template.Targets.push_back(Lang == SourceLanguage::HIP ? "gfx942" : "sm_90");
    }
    DeviceParse Parse = deviceCommand(Cmd, Lang, Template.Targets, Config);
    Template.UsedFallbackHeaders = Parse.UsedFallbackHeaders;
    Cmd.CommandLine = Parse.CommandLine;
    if (PrintParseCommand) {
      // The same parse as a plain compiler command, for comparisons.
      for (size_t I = 0; I < Cmd.CommandLine.size(); ++I) {
        outs() << (I ? " " : "");
        sys::printArg(outs(), Cmd.CommandLine[I], /*Quote=*/true);
      }
      outs() << "\n";
      continue;
    }

    clang::tooling::FixedCompilationDatabase One(Cmd.Directory, {});
    struct SingleCommandDB : clang::tooling::CompilationDatabase {
      clang::tooling::CompileCommand C;
      std::vector<clang::tooling::CompileCommand>
      getCompileCommands(StringRef) const override {
        return {C};
      }
    } Single;
    Single.C = Cmd;
    clang::tooling::ClangTool Tool(Single, {Cmd.Filename});
    Tool.clearArgumentsAdjusters();
    std::optional<FilePlan> Plan;
    auto Factory = newCheckActionFactory(
        Config, Template, [&](clang::ASTContext &Ctx, AnalyzedFile &F) {
          if (Config.Format == OutputFormat::Json)
            Json.add(F);
          TextSummary S;
          if (Config.Format == OutputFormat::Text)
            S = reportAsText(Ctx, F, Report, Color && !DiffOpt);
          if (Fixing)
            Plan = planFixes(Ctx, F, Config, StrategyOpt, Color && !DiffOpt);
          for (const auto &Row : F.Results)
            for (const AccessResult &R : Row)
              if (R.conflicts()) {
                ++Warnings;
                break;
              }
        });
    int RC = Tool.run(Factory.get());
    if (RC != 0) {
      fail(File + ": could not be parsed; nothing was analysed" +
           (Fixing ? std::string(" and nothing was changed") : std::string()));
      Failed = true;
      continue;
    }
    if (Plan) {
      int S = finishFix(*Plan, OriginalCmd, Lang, Config, FixOpt, Report, outs(),
                        Config.Format == OutputFormat::Json ? &Json : nullptr);
      FixStatus = std::max(FixStatus, S);
    }
  }
  if (Config.Format == OutputFormat::Json)
    outs() << formatv("{0:2}", Json.render()) << "\n";
  outs().flush();
  if (Failed)
    return 2;
  if (FixOpt)
    return FixStatus;
  if (FixStatus == 2)
    return 2;
  return Warnings ? 1 : 0;
}
