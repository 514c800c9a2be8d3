//===- FixPlanning.h - The fix of each conflicting __shared__ array -------===//
//
// For every __shared__ declaration of a parsed file with an access that
// conflicts on some target: the padding or swizzle that removes it, as
// replacements (the declaration, its accesses and, for a padded dynamic
// array, the sizes its launches pass), or why there is none. lds-rewrite
// --fix and the clang-tidy check both plan here, so that they offer the same
// fixes; each words the outcome its own way. Planned while the AST is alive:
// the results point into it.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REWRITES_FIXPLANNING_H
#define LDS_REWRITES_FIXPLANNING_H

#include "matchers/AnalyzedFile.h"
#include "planner/FixPlanner.h"
#include "rewrites/SourceEdits.h"

#include "clang/AST/ASTContext.h"
#include "clang/Tooling/Core/Replacement.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace lds {

/// A constant-size launch of a padded dynamic array's kernel, and what
/// became of the size it passes.
struct LaunchResize {
  clang::SourceLocation Loc;
  uint64_t Before = 0, After = 0;
  bool Rewritten = false;
  std::string Why; ///< when not rewritten
};

/// A layout the model cannot tell from a fix's (FixPlan::Ties), written.
struct TiedLayout {
  FixPlan Plan;
  FileEdits Reps;
};

/// The fix of one declaration, shared by every kernel and instantiation
/// that uses it (they share its text), or why there is none.
struct DeclFix {
  unsigned Key = 0; ///< declKey of Decl
  const clang::VarDecl *Decl = nullptr;
  std::string Name;
  unsigned ConflictingAccesses = 0;
  bool Found = false;
  /// When Found: fixId of the fix (FixKinds.h), what its results are keyed by.
  std::string Id;
  /// When !Found: where the refusal points (valid), and why.
  clang::SourceLocation RefusalLoc;
  std::string Refusal;
  // When Found:
  const SharedArray *Array = nullptr; ///< as the first kernel using it sees it
  std::set<std::string> ArrayIds;     ///< of every kernel and instantiation
  FixPlan Plan;
  FileEdits Reps; ///< launch sizes included
  /// " (padding is not possible: ...)" when Strategy::Auto took the other
  /// kind because the rewrite refused the planner's favourite; else empty.
  std::string Instead;
  std::vector<LaunchResize> Launches; ///< of a padded dynamic array
  /// Layouts as good by the model as Plan's, written (Plan.Ties, less any
  /// that would resize a launch): the compiled code chooses among them.
  std::vector<TiedLayout> Ties;
};

struct FileFixes {
  std::vector<DeclFix> Decls; ///< in the order of declKey
  FileEdits Reps;             ///< of every Found fix
};

/// Identifies a declaration across template instantiations: its place as
/// written.
unsigned declKey(const clang::SourceManager &SM, const clang::VarDecl *VD);

/// Scope says which files the edits may land in (the project's headers
/// besides the file itself: projectScope, ProjectRoot.h). Rank and Ties:
/// as PlanOptions.
FileFixes planFileFixes(clang::ASTContext &Ctx, const AnalyzedFile &F, const BankModel &Banks,
                        const std::map<std::string, int64_t> &Assumptions, Strategy S,
                        const EditScope &Scope, unsigned Rank = 0, unsigned Ties = 0);

/// What the launches of Array, a dynamic array padded by Plan, must pass:
/// "N bytes (was M)", or per row when the row count is unknown.
std::string dynamicLaunchSize(const FixPlan &Plan, const SharedArray &Array);

} // namespace lds

#endif
