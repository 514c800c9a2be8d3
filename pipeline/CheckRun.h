//===- CheckRun.h - One run of the check over a list of files -------------===//
//
// What `lds-rewrite [options] FILE...` does once its options are read: for
// each file, its compile command (from -p's database or the arguments after
// "--"), the project's .lds-rewrite.yaml, the device-side parse, the costs
// of every access, the report in the chosen format and, with --fix or
// --diff, the fixes planned, verified and written. The command line, `isa
// --compare-fix` and `bench` all run it in-process; it decides the exit
// status in one place (docs/design.md: 0 clean, 1 findings, 2 the tool
// could not do its job).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_CHECKRUN_H
#define LDS_PIPELINE_CHECKRUN_H

#include "matchers/AnalyzedFile.h"
#include "pipeline/RunConfig.h"
#include "planner/FixPlanner.h"

#include "clang/AST/ASTContext.h"
#include "pipeline/DatabaseDiscovery.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>
#include <vector>

namespace lds {

/// What a run writes: InPlace over the files (or into RunConfig::FixTo),
/// Diff as a unified diff on the output stream.
enum class FixOutput { None, InPlace, Diff };

struct CheckRequest {
  std::vector<std::string> Files;
  /// After "--": appended to every compile command.
  std::vector<std::string> CompilerArgs;
  /// -p: where compile commands come from; null: CompilerArgs only.
  const clang::tooling::CompilationDatabase *Database = nullptr;
  /// Without -p: the databases found beside each file (said when used).
  const DiscoveredDatabases *Discovered = nullptr;
  /// Targets, block, values, format, headers, bank model, paths.
  RunConfig Config;
  Strategy Strat = Strategy::Auto;
  /// --strategy was given: it wins over .lds-rewrite.yaml's.
  bool StrategyGiven = false;
  FixOutput Fix = FixOutput::None;
  /// --export-fixes FILE; empty: none.
  std::string ExportFixesFile;
  /// --only-shared: files whose text has no __shared__ are skipped.
  bool OnlyShared = false;
  /// --print-parse-command: print each device-side command, analyse nothing.
  bool PrintParseCommand = false;
  /// -j: files analysed in parallel (0: one per core).
  unsigned Jobs = 1;
  /// Whether the output stream takes colours.
  bool Color = false;
  /// "[3/11] file.hip" on stderr before each file's output.
  bool Progress = false;
  /// With several files and text output: the closing count on stderr
  /// (RunSummary.h); --quiet turns it off.
  bool Summary = false;
  /// explain: called with each parsed file instead of the report; files a
  /// .lds-rewrite.yaml ignores are explained all the same.
  std::function<void(clang::ASTContext &, const AnalyzedFile &, const RunConfig &, Strategy)>
      Explain;
};

struct CheckResult {
  /// 0: no finding; 1: findings (with --fix: a fix refused or not
  /// verified, as FixMode decides); 2: the tool could not do its job.
  int Status = 0;
  /// Some file could not be read, parsed or configured.
  bool Failed = false;
};

/// Runs R: the report goes to Out (with --diff and SARIF: the diff or the
/// SARIF log only; everything else goes to Err).
CheckResult runCheck(const CheckRequest &R, llvm::raw_ostream &Out, llvm::raw_ostream &Err);

} // namespace lds

#endif
