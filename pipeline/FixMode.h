//===- FixMode.h - --fix and --diff ---------------------------------------===//
//
// Plans a fix for every conflicting array of a file (FixPlanning.h, while
// its AST is alive) and reports the plans, then, with the AST gone: applies
// them in memory, re-parses and re-analyses the result (it must parse and
// have exactly the planned costs), compiles it for every AMD target (and
// CUDA files for their sm target) reporting LDS bytes before and after, and
// only then writes the files atomically or prints the diff. A fix may edit
// a header of the project besides the file (ProjectRoot.h): every edited
// file takes part in each step, and they are written all or none.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_FIXMODE_H
#define LDS_PIPELINE_FIXMODE_H

#include "matchers/AnalyzedFile.h"
#include "pipeline/DeviceCompileArgs.h"
#include "pipeline/RunConfig.h"
#include "planner/FixPlanner.h"
#include "report/ExportFixes.h"
#include "pipeline/LayoutTieBreak.h"
#include "rewrites/SourceEdits.h"

#include "clang/AST/ASTContext.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

namespace lds {

struct ArrayFix {
  std::string Id;                 ///< fixId (rewrites/FixKinds.h)
  std::string ArrayId;            ///< of the first kernel using it
  std::set<std::string> ArrayIds; ///< of every kernel and instantiation
  std::set<std::string> Kernels;  ///< that use it, as the model names them
  std::string Name;
  SourceLoc Decl;
  FixPlan Plan;
  unsigned Replacements = 0;
  FileEdits Reps; ///< this array's edits (--export-fixes, SARIF)
};

/// The fix of one lds-redundant-barrier finding: the barrier goes.
struct BarrierFix {
  std::string Id;       ///< "lds-redundant-barrier/remove@14:3"
  std::string Identity; ///< the finding's (ReportFinding::Identity)
  SourceLoc Removed, Kept;
  /// Why it may go: "the one at line 10 orders the same accesses".
  std::string Reason;
  FileEdits Reps;
};

/// The fix of a single-wave kernel (lds-redundant-barrier): its launch bound.
struct LaunchBoundsFix {
  std::string Identity;
  std::string Kernel;
  SourceLoc FirstBarrier;
  unsigned Threads = 0;
  FileEdits Reps;
};

/// The fix of one lds-exposed-write-latency finding: the register prefetch.
struct PrefetchFix {
  std::string Id;       ///< "lds-exposed-write-latency/prefetch@16:5"
  std::string Identity; ///< the finding's (ReportFinding::Identity)
  SourceLoc Loop, Wait;
  std::string Kernel;
  PrefetchPlacement Placement = PrefetchPlacement::BeforeWait;
  FileEdits Reps;
};

/// The fix of one lds-reduction-tail finding: the in-wave levels as shuffles.
struct TailFix {
  std::string Id, Identity;
  SourceLoc Loop;
  std::string Array;
  FileEdits Reps;
};

/// The fix of one lds-transpose-load finding: the column read as one
/// transpose load per target whose proof held, the loop kept in #else.
struct TransposeFix {
  std::string Id, Identity;
  SourceLoc Loop;
  std::string Array;
  std::vector<std::string> Targets; ///< whose proof held: gfx950, gfx1250
  FileEdits Reps;
};

/// A file the plan edits, as the parse saw it.
struct EditedFile {
  std::string Path;   ///< absolute
  std::string Parsed; ///< its text when it was parsed
  bool Main = false;
};

struct FilePlan {
  std::string File;     ///< as given on the command line
  std::string MainPath; ///< as the replacements name it
  std::vector<std::string> Targets;
  FileEdits Reps;
  std::map<std::string, EditedFile> Edited; ///< by the names Reps uses
  std::vector<ArrayFix> Fixes;
  std::vector<BarrierFix> BarrierFixes;
  /// Redundant barriers no fix removes (a macro spells them): findings
  /// that remain, for the exit status.
  unsigned UnfixedBarriers = 0;
  std::vector<PrefetchFix> PrefetchFixes;
  std::vector<LaunchBoundsFix> LaunchBoundsFixes;
  /// lds-exposed-write-latency findings no fix removes (a rule forbids the
  /// move, or the edit cannot be written).
  unsigned UnfixedRefills = 0;
  std::vector<TailFix> TailFixes;
  unsigned UnfixedTails = 0;
  std::vector<TransposeFix> TransposeFixes;
  unsigned UnfixedTransposes = 0;
  std::set<std::string> DisabledChecks; ///< of the run, for the re-parse
  Strategy Strat = Strategy::Auto;      ///< of the run, for the second pass
  size_t BarrierPlaces = 0;             ///< barriers written in the file
  size_t fixCount() const {
    return Fixes.size() + BarrierFixes.size() + PrefetchFixes.size() + TailFixes.size() +
           LaunchBoundsFixes.size() + TransposeFixes.size();
  }
  unsigned Refused = 0;
  unsigned ConflictingAccesses = 0;
  std::string Messages; ///< rendered fix reports and refusals
  /// Errors of the file's host-only code (HostErrors.h): the re-parse of the
  /// fix must find exactly these, and the result cannot be compiled.
  std::vector<HostError> HostErrors;
  /// Set by finishFix: the fixes re-parsed with the planned costs and
  /// compiled for every target (the JSON report lists them then).
  bool Verified = false;
};

/// With Ties, layouts equally good by the bank model are told apart by
/// the code they compile to (LayoutTieBreak.h); without, the model's order
/// stands (explain and trace, which compile nothing).
FilePlan planFixes(clang::ASTContext &Ctx, const AnalyzedFile &F, const RunConfig &Config,
                   Strategy S, bool Color, const TieBreakBuild *Ties = nullptr);

/// "prefetch the next iteration's global loads of the loop at line 16 into
/// registers, before the wait at line 19".
std::string prefetchDescription(const PrefetchFix &F);

/// "add __launch_bounds__(64) to 'k'".
std::string transposeDescription(const TransposeFix &F);
std::string launchBoundsDescription(const LaunchBoundsFix &F);

/// "do the in-wave levels of the reduction over 'sdata' at line 18 with wave
/// shuffles".
std::string tailDescription(const TailFix &F);

/// The planned fixes of P as plain edits (locations read from SM), for
/// --export-fixes and SARIF.
std::vector<PlainFix> plainFixes(const clang::SourceManager &SM, const FilePlan &P);

/// Applies, verifies, recompiles, then writes (Write) or prints the diff to
/// DiffOut. Messages go to Msgs. Sets P.Verified once the fixes re-parse
/// with the planned costs and compile. Returns the exit status of design.md.
int finishFix(FilePlan &P, const clang::tooling::CompileCommand &Original, SourceLanguage Lang,
              const RunConfig &Config, bool Write, llvm::raw_ostream &Msgs,
              llvm::raw_ostream &DiffOut);

} // namespace lds

#endif
