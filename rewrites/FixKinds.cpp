//===- FixKinds.cpp - The kinds of fix, each planned, written and checked -===//

#include "rewrites/FixKinds.h"

#include <algorithm>

namespace lds {

namespace {

/// Both layouts map row r onto row r and depend on r only through
/// (r >> Shift) & Mask: when the row count is unknown (a dynamic array
/// whose launch size is not constant), one period of rows decides.
std::string layoutIsOneToOne(const SharedArray &Array, const FixPlan &Plan) {
  uint64_t Rows = Plan.NewLayout.Rows;
  if (!Rows)
    Rows = std::max<uint64_t>(64, Plan.Choice.Swz.rowPeriod());
  std::string Why;
  if (isBijection(Array, Plan.Choice, Plan.NewLayout.Flat ? Plan.NewLayout.RowLength : 0, Rows,
                  &Why, Plan.NewLayout.SwizzledColumns))
    return "";
  return "the planned layout is not one-to-one: " + Why;
}

const FixKind Kinds[] = {
    {FixCandidate::Pad, "lds-bank-conflict", "pad", padRows, layoutIsOneToOne},
    {FixCandidate::Swizzle, "lds-bank-conflict", "swizzle", swizzleColumns, layoutIsOneToOne},
    {FixCandidate::PadSwizzle, "lds-bank-conflict", "pad-swizzle", padAndSwizzle, layoutIsOneToOne},
};

} // namespace

llvm::ArrayRef<FixKind> fixKinds() { return Kinds; }

const FixKind &fixKindOf(FixCandidate::Kind K) {
  for (const FixKind &F : Kinds)
    if (F.Kind == K)
      return F;
  llvm_unreachable("every FixCandidate::Kind has an entry");
}

std::string fixId(const FixKind &Kind, const std::string &Array, const SourceLoc &Decl) {
  return std::string(Kind.Check) + "/" + Kind.Id + "/" + Array + "@" + std::to_string(Decl.Line) +
         ":" + std::to_string(Decl.Column);
}

std::optional<RewriteRefusal> canRewrite(clang::ASTContext &Ctx, const ArrayEdit &Edit,
                                         const FixPlan &Plan) {
  auto Edits = rewriteArray(Ctx, Edit, Plan);
  if (Edits)
    return std::nullopt;
  RewriteRefusal R;
  llvm::handleAllErrors(
      Edits.takeError(),
      [&](const RefusalError &E) {
        R.Why = E.Message;
        R.Loc = E.Loc;
      },
      [&](const llvm::ErrorInfoBase &E) { R.Why = E.message(); });
  return R;
}

} // namespace lds
