//===- FixKinds.h - The kinds of fix, each planned, written and checked ---===//
//
// The registry of fix kinds: for each, the check that offers it, the id its
// fixes carry, how a plan of it becomes source edits, and how a plan is
// checked before any edit is made. The layout kinds are planned together
// by planFix (planner/FixPlanner.h), which weighs them against each other;
// a kind planned on its own (issue 11's barrier moves) adds its planner
// beside it. A new kind is
// one entry in fixKinds() plus its files: its candidates in planner/ (beside
// PadCandidates.cpp), its rewrite here (beside PaddingRewrite.cpp), its
// check in verify. The planner asks canRewrite (through RewriteQuery.h)
// before it chooses, so a plan that is chosen is one that can be written.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REWRITES_FIXKINDS_H
#define LDS_REWRITES_FIXKINDS_H

#include "planner/FixPlanner.h"
#include "rewrites/ArrayRewrite.h"
#include "rewrites/SourceEdits.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace lds {

struct FixKind {
  FixCandidate::Kind Kind;
  const char *Check; ///< the check whose fix it is
  const char *Id;    ///< in fix ids: "pad", "swizzle", "pad-swizzle"
  /// The plan as source edits, or a RefusalError saying what text stops it.
  llvm::Expected<FileEdits> (*Rewrite)(clang::ASTContext &, const ArrayEdit &, const FixPlan &);
  /// Before anything is written: an empty string when the plan is sound
  /// for Array, else why not.
  std::string (*Verify)(const SharedArray &Array, const FixPlan &Plan);
};

/// Every kind, in the order the planner prefers them on a tie.
llvm::ArrayRef<FixKind> fixKinds();
const FixKind &fixKindOf(FixCandidate::Kind K);

/// "lds-bank-conflict/pad/tile@12:14": the kind of fix, its array and the
/// line and column of its declaration; what fix results are keyed by.
std::string fixId(const FixKind &Kind, const std::string &Array, const SourceLoc &Decl);

/// Why the rewrite cannot write Plan for Edit (a RefusalError's message and
/// place), or nothing when it can.
struct RewriteRefusal {
  std::string Why;
  clang::SourceLocation Loc;
};
std::optional<RewriteRefusal> canRewrite(clang::ASTContext &Ctx, const ArrayEdit &Edit,
                                         const FixPlan &Plan);

} // namespace lds

#endif
