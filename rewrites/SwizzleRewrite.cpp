//===- SwizzleRewrite.cpp - XOR the column of every access with its row ---===//

#include "rewrites/ArrayRewrite.h"
#include "rewrites/IndexFunction.h"
#include "rewrites/ArraySubscripts.h"
#include "rewrites/SourceEdits.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace lds {

llvm::Expected<FileEdits> swizzleColumns(ASTContext &Ctx, const ArrayEdit &Edit,
                                         const FixPlan &Plan) {
  const SourceManager &SM = Ctx.getSourceManager();
  const VarDecl *VD = Edit.Decl;
  const SwizzleParams &P = Plan.Choice.Swz;
  FileEdits Reps;
  // A layout with column terms reads better as a function of its own.
  std::optional<IndexFunction> Fn = indexFunction(Ctx, Edit, Plan);
  auto Swizzled = [&](const std::string &RowText, const std::string &ColText) {
    return Fn ? Fn->call(RowText, ColText)
              : parenthesize(ColText) + " ^ " + xorTerm(RowText, ColText, P);
  };
  if (Fn)
    if (llvm::Error E = mergeEdits(Reps, Fn->Definition))
      return std::move(E);
  for (size_t K = 0; K < Edit.Accesses.size(); ++K) {
    const Expr *A = Edit.Accesses[K];
    // Read by the plan as the linear index i (see FixPlan::Linear).
    const bool Linear = K < Plan.Linear.size() && Plan.Linear[K];
    std::vector<const Expr *> Subs = subscriptsOf(A, VD);
    std::vector<SumTerm> PointerTerms;
    if (Subs.empty() && pointerOffsetTerms(A, VD, PointerTerms))
      return refuse("this access computes its address in place, '" + VD->getNameAsString() +
                        " + ...'; the tool can widen its rows but not swizzle it",
                    A->getBeginLoc());
    if (Subs.empty())
      return refuse("this access reaches '" + VD->getNameAsString() +
                        "' through a pointer made elsewhere; the tool cannot "
                        "swizzle it",
                    A->getBeginLoc());
    if (!Plan.NewLayout.Flat) {
      if (Subs.size() < 2)
        return refuse("this access does not give a row and a column of '" + VD->getNameAsString() +
                          "'",
                      A->getBeginLoc());
      const Expr *Row = Subs[Subs.size() - 2], *Col = Subs.back();
      if (Row->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
        return refuse("the row index has side effects; repeating it in the "
                      "swizzle would change the program",
                      Row->getBeginLoc());
      if (P.readsColumn() && Col->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
        return refuse("the column index has side effects; repeating it in the "
                      "swizzle would change the program",
                      Col->getBeginLoc());
      auto RR = editableRange(Row, Ctx, Edit.Scope);
      auto CR = editableRange(Col, Ctx, Edit.Scope);
      if (!RR)
        return RR.takeError();
      if (!CR)
        return CR.takeError();
      std::string New = Swizzled(textOf(*RR, Ctx), textOf(*CR, Ctx));
      if (llvm::Error E =
              addReplacement(Reps, tooling::Replacement(SM, *CR, New), A->getBeginLoc()))
        return E;
      continue;
    }
    // Flat: `r * W + c` becomes `r * W + (c ^ ((r ...) & M))`; with a pad,
    // `r * s_stride + (c ^ ...)` (padAndSwizzle declares the stride).
    uint64_t W = Plan.NewLayout.RowLength;
    const std::string Stride = Plan.Choice.pads() ? paddedStrideName(Ctx, VD) : std::string();
    if (Subs.size() != 1)
      return refuse("this access does not index '" + VD->getNameAsString() + "' as row * " +
                        std::to_string(W) + " + column",
                    A->getBeginLoc());
    auto IR = editableRange(Subs[0], Ctx, Edit.Scope);
    if (!IR)
      return IR.takeError();
    std::string RowText, ColText, RowTermText;
    for (const SumTerm &T : Linear ? std::vector<SumTerm>() : sumTerms(Subs[0])) {
      const Expr *ConstSide = nullptr;
      auto TR = editableRange(T.E, Ctx, Edit.Scope);
      if (!TR)
        return TR.takeError();
      std::string Text = textOf(*TR, Ctx);
      const Expr *X = multipleOfW(T.E, W, Ctx, ConstSide);
      if (X && RowText.empty() && !T.Negative) {
        if (X->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
          return refuse("the row index has side effects", X->getBeginLoc());
        auto XR = editableRange(X, Ctx, Edit.Scope);
        if (!XR)
          return XR.takeError();
        RowText = textOf(*XR, Ctx);
        RowTermText = Stride.empty() ? Text : parenthesize(RowText) + " * " + Stride;
        continue;
      }
      if (ColText.empty())
        ColText = T.Negative ? "-" + parenthesize(Text) : Text;
      else
        ColText += (T.Negative ? " - " : " + ") + parenthesize(Text);
    }
    if (RowText.empty()) {
      // A linear index i: row i / W, column i % W.
      if (Subs[0]->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
        return refuse("this index has side effects; splitting it into row "
                      "and column would repeat them",
                      Subs[0]->getBeginLoc());
      std::string I = parenthesize(textOf(*IR, Ctx));
      std::string WS = std::to_string(W);
      RowText = I + " / " + WS;
      RowTermText = RowText + " * " + (Stride.empty() ? WS : Stride);
      ColText = I + " % " + WS;
    }
    if (ColText.empty())
      ColText = "0";
    if (P.readsColumn() && Subs[0]->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
      return refuse("the column index has side effects; repeating it in the swizzle would "
                    "change the program",
                    Subs[0]->getBeginLoc());
    std::string New = RowTermText + " + " + (Fn ? Swizzled(RowText, ColText)
                                                : "(" + Swizzled(RowText, ColText) + ")");
    if (llvm::Error E = addReplacement(Reps, tooling::Replacement(SM, *IR, New), A->getBeginLoc()))
      return E;
  }
  return Reps;
}

} // namespace lds
