//===- PaddingRewrite.cpp - Widen the rows of a shared array --------------===//

#include "rewrites/ArrayRewrite.h"
#include "rewrites/ArraySubscripts.h"
#include "rewrites/FixKinds.h"
#include "rewrites/SourceEdits.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"

#include <regex>

using namespace clang;

namespace lds {

namespace {

/// The innermost (row) extent as written: `32` in `float s[8][32]`.
ArrayTypeLoc innermostArray(const VarDecl *VD) {
  ArrayTypeLoc Innermost;
  if (!VD->getTypeSourceInfo())
    return Innermost;
  TypeLoc TL = VD->getTypeSourceInfo()->getTypeLoc();
  while (true) {
    TL = TL.getUnqualifiedLoc();
    if (auto P = TL.getAs<ParenTypeLoc>()) {
      TL = P.getInnerLoc();
      continue;
    }
    if (auto A = TL.getAs<ArrayTypeLoc>()) {
      Innermost = A;
      TL = A.getElementLoc();
      continue;
    }
    break;
  }
  return Innermost;
}

/// Text + P as the user would write it: an extent already padded by hand
/// or by an earlier fix, `16 + 1`, becomes `16 + 2`, not `16 + 1 + 1`.
/// Text binding more loosely than + (a shift, a comparison, ?:, a comma) is
/// parenthesized.
std::string plus(const std::string &Text, unsigned P) {
  if (Text.find_first_of("?,<>&|^=") != std::string::npos)
    return "(" + Text + ") + " + std::to_string(P);
  // A trailing `+ K` (K a decimal literal) takes the pad.
  static const std::regex Trailing(
      "^(.*[^ \\t+\\-*/%])([ \\t]*\\+[ \\t]*)([1-9][0-9]{0,8})[ \\t]*$");
  std::smatch M;
  if (std::regex_match(Text, M, Trailing))
    return M[1].str() + M[2].str() + std::to_string(std::stoull(M[3].str()) + P);
  return Text + " + " + std::to_string(P);
}

/// A name for the padded stride that neither the file being fixed nor the
/// one declaring the array (a header) uses yet.
std::string freshName(const std::string &Base, ASTContext &Ctx, const VarDecl *VD) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::StringRef Main = SM.getBufferData(SM.getMainFileID());
  llvm::StringRef Decl = SM.getBufferData(SM.getFileID(SM.getExpansionLoc(VD->getLocation())));
  std::string Name = Base;
  for (int N = 2; Main.contains(Name) || Decl.contains(Name); ++N)
    Name = Base + std::to_string(N);
  return Name;
}

llvm::Expected<FileEdits> padMultiDim(ASTContext &Ctx, const ArrayEdit &Edit, const FixPlan &Plan) {
  const SourceManager &SM = Ctx.getSourceManager();
  ArrayTypeLoc Row = innermostArray(Edit.Decl);
  if (!Row || !Row.getSizeExpr())
    return refuse("the row extent of '" + Edit.Decl->getNameAsString() +
                      "' is not written in its declaration",
                  Edit.Decl->getLocation());
  auto Range =
      editableRange(Row.getSizeExpr()->getSourceRange(), Ctx,
                    "the row extent of '" + Edit.Decl->getNameAsString() + "'", Edit.Scope);
  if (!Range)
    return Range.takeError();
  FileEdits Reps;
  if (llvm::Error E = addReplacement(
          Reps, tooling::Replacement(SM, *Range, plus(textOf(*Range, Ctx), Plan.Choice.PadElems)),
          Edit.Decl->getLocation()))
    return E;
  return Reps;
}

/// W as the accesses spell it (`W` in `s[r * W + c]`), for the padded
/// stride of an array whose size does not spell it (a dynamic one): the
/// stride then follows W when W changes. The number when no access spells
/// it in the file, or spells it with a variable declared after the array
/// (the stride is declared just above the array).
std::string rowLengthText(ASTContext &Ctx, const ArrayEdit &Edit, uint64_t W) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Expr *A : Edit.Accesses) {
    std::vector<const Expr *> Subs = subscriptsOf(A, Edit.Decl);
    if (Subs.size() != 1)
      continue;
    for (const SumTerm &T : sumTerms(Subs[0])) {
      const Expr *ConstSide = nullptr;
      if (!multipleOfW(T.E, W, Ctx, ConstSide) || !ConstSide)
        continue;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(ConstSide->IgnoreParenImpCasts()))
        if (isa<VarDecl>(DRE->getDecl()) &&
            !SM.isBeforeInTranslationUnit(DRE->getDecl()->getLocation(), Edit.Decl->getBeginLoc()))
          continue;
      auto R = editableRange(ConstSide->getSourceRange(), Ctx, "the row stride", Edit.Scope);
      if (!R) {
        llvm::consumeError(R.takeError());
        continue;
      }
      return textOf(*R, Ctx);
    }
  }
  return std::to_string(W);
}

/// EditAccesses false: the declaration and the stride only (a pad with a
/// swizzle: swizzleColumns writes the accesses with the stride).
/// Whether E, in an instantiation, was written with a template parameter
/// (`N`): its value here is one instantiation's, not the text's.
bool writtenWithTemplateParameter(const Stmt *E) {
  if (!E)
    return false;
  if (isa<SubstNonTypeTemplateParmExpr>(E))
    return true;
  for (const Stmt *Child : E->children())
    if (writtenWithTemplateParameter(Child))
      return true;
  return false;
}

llvm::Expected<FileEdits> padFlat(ASTContext &Ctx, const ArrayEdit &Edit, const FixPlan &Plan,
                                  bool EditAccesses) {
  const SourceManager &SM = Ctx.getSourceManager();
  const VarDecl *VD = Edit.Decl;
  uint64_t W = Plan.NewLayout.RowLength;
  unsigned P = Plan.Choice.PadElems;
  std::string Name = paddedStrideName(Ctx, VD);
  FileEdits Reps;
  std::string WText = rowLengthText(Ctx, Edit, W);

  // The declared size: `N * W` keeps N and takes the stride; a constant
  // size becomes rows * stride.
  ArrayTypeLoc AT = innermostArray(VD);
  if (AT && AT.getSizeExpr()) {
    const Expr *Size = AT.getSizeExpr();
    const Expr *ConstSide = nullptr;
    if (multipleOfW(Size, W, Ctx, ConstSide) && ConstSide) {
      auto R = editableRange(ConstSide->getSourceRange(), Ctx,
                             "the size of '" + VD->getNameAsString() + "'", Edit.Scope);
      if (!R)
        return R.takeError();
      WText = textOf(*R, Ctx);
      if (llvm::Error E =
              addReplacement(Reps, tooling::Replacement(SM, *R, Name), VD->getLocation()))
        return E;
    } else {
      Expr::EvalResult N;
      if (Size->isValueDependent() || !Size->EvaluateAsInt(N, Ctx))
        return refuse("the size of '" + VD->getNameAsString() +
                          "' is not a constant the tool can rewrite",
                      Size->getBeginLoc());
      uint64_t Elems = N.Val.getInt().getZExtValue();
      if (Elems % W)
        return refuse("the size of '" + VD->getNameAsString() +
                          "' is not a whole number of rows of " + WText,
                      Size->getBeginLoc());
      auto R = editableRange(Size->getSourceRange(), Ctx,
                             "the size of '" + VD->getNameAsString() + "'", Edit.Scope);
      if (!R)
        return R.takeError();
      // A size written with a template parameter keeps it: every
      // instantiation's elements, in rows of W, still fit (`N` becomes
      // `(N + W - 1) / W * s_stride`), where this instantiation's row count
      // would not.
      std::string NewSize = std::to_string(Elems / W) + " * " + Name;
      if (writtenWithTemplateParameter(Size))
        NewSize = "(" + parenthesize(textOf(*R, Ctx)) + " + " + std::to_string(W - 1) + ") / " +
                  std::to_string(W) + " * " + Name;
      if (llvm::Error E =
              addReplacement(Reps, tooling::Replacement(SM, *R, NewSize), VD->getLocation()))
        return E;
    }
  }

  // Every access: the W of `r * W` becomes the stride.
  for (size_t K = 0; EditAccesses && K < Edit.Accesses.size(); ++K) {
    const Expr *A = Edit.Accesses[K];
    // The plan read it as the linear index i: split it so, whatever terms
    // of W it has (`ty * 32 + tx * 8` read with rows of 32).
    const bool Linear = K < Plan.Linear.size() && Plan.Linear[K];
    std::vector<const Expr *> Subs = subscriptsOf(A, VD);
    std::vector<SumTerm> Terms;
    bool Pointer = false;
    if (Subs.size() == 1)
      Terms = sumTerms(Subs[0]);
    else if (Subs.empty() && pointerOffsetTerms(A, VD, Terms))
      Pointer = true; // `s + c + r * W`, written in place
    else
      return refuse("this access reaches '" + VD->getNameAsString() +
                        "' through a pointer made elsewhere; the tool cannot "
                        "change its row stride",
                    A->getBeginLoc());
    unsigned Found = 0;
    for (const SumTerm &T : Linear ? std::vector<SumTerm>() : Terms) {
      const Expr *ConstSide = nullptr;
      const Expr *X = multipleOfW(T.E, W, Ctx, ConstSide);
      if (!X)
        continue;
      ++Found;
      if (ConstSide) {
        auto R = editableRange(ConstSide->getSourceRange(), Ctx, "the row stride", Edit.Scope);
        if (!R)
          return R.takeError();
        if (llvm::Error E =
                addReplacement(Reps, tooling::Replacement(SM, *R, Name), A->getBeginLoc()))
          return E;
      } else {
        auto TR = editableRange(T.E->getSourceRange(), Ctx, "the row stride", Edit.Scope);
        auto XR = editableRange(X->getSourceRange(), Ctx, "the row index", Edit.Scope);
        if (!TR)
          return TR.takeError();
        if (!XR)
          return XR.takeError();
        if (llvm::Error E = addReplacement(
                Reps, tooling::Replacement(SM, *TR, parenthesize(textOf(*XR, Ctx)) + " * " + Name),
                A->getBeginLoc()))
          return E;
      }
    }
    if (!Found && Pointer && Linear)
      return refuse("the tool would have to split this address, '" + VD->getNameAsString() +
                        " + ...', into row and column " + "of " + WText +
                        " elements; write it as a subscript",
                    A->getBeginLoc());
    if (!Found && Pointer)
      return refuse("this address, '" + VD->getNameAsString() + " + ...', has no term of " + WText +
                        " (the row stride); the tool cannot widen its rows",
                    A->getBeginLoc());
    if (!Found) {
      // A linear index i (s[tid]) becomes i / W * stride + i % W.
      if (Subs[0]->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
        return refuse("this index has side effects; splitting it into row "
                      "and column would repeat them",
                      Subs[0]->getBeginLoc());
      auto R = editableRange(Subs[0], Ctx, Edit.Scope);
      if (!R)
        return R.takeError();
      std::string I = parenthesize(textOf(*R, Ctx));
      if (llvm::Error E = addReplacement(
              Reps,
              tooling::Replacement(SM, *R,
                                   I + " / " + WText + " * " + Name + " + " + I + " % " + WText),
              A->getBeginLoc()))
        return E;
    }
  }

  // The stride, declared on its own line just above the array.
  SourceLocation DeclStart = SM.getExpansionLoc(VD->getBeginLoc());
  FileID DeclFile = SM.getFileID(DeclStart);
  std::string Why;
  if (!Edit.Scope.allows(SM, DeclFile, Why))
    return refuse("'" + VD->getNameAsString() + "' " + Why, VD->getLocation());
  std::string Indent = indentationAt(DeclStart, Ctx);
  unsigned Offset = SM.getFileOffset(DeclStart);
  unsigned LineStart = Offset - static_cast<unsigned>(Indent.size());
  llvm::StringRef Buf = SM.getBufferData(DeclFile);
  if (Buf.substr(LineStart, Indent.size()) != Indent)
    return refuse("'" + VD->getNameAsString() +
                      "' does not start its line; "
                      "the tool cannot place the padded stride",
                  VD->getLocation());
  std::string Line = Indent + "constexpr int " + Name + " = " + plus(WText, P) +
                     "; // lds-rewrite: padded row stride of '" + VD->getNameAsString() + "'" +
                     lineEnding(SM, DeclFile);
  if (llvm::Error E =
          addReplacement(Reps, tooling::Replacement(SM.getFilename(DeclStart), LineStart, 0, Line),
                         VD->getLocation()))
    return E;
  return Reps;
}

} // namespace

llvm::Expected<FileEdits> padRows(ASTContext &Ctx, const ArrayEdit &Edit, const FixPlan &Plan) {
  if (Plan.NewLayout.Flat)
    return padFlat(Ctx, Edit, Plan, /*EditAccesses=*/true);
  return padMultiDim(Ctx, Edit, Plan);
}

std::string paddedStrideName(ASTContext &Ctx, const VarDecl *VD) {
  return freshName(VD->getNameAsString() + "_stride", Ctx, VD);
}

/// Both: the declaration widened (and, for a flat array, the stride
/// declared), then every access swizzled; the swizzle of a flat array
/// writes its rows with the padded stride.
llvm::Expected<FileEdits> padAndSwizzle(ASTContext &Ctx, const ArrayEdit &Edit,
                                        const FixPlan &Plan) {
  auto Pad = Plan.NewLayout.Flat ? padFlat(Ctx, Edit, Plan, /*EditAccesses=*/false)
                                 : padMultiDim(Ctx, Edit, Plan);
  if (!Pad)
    return Pad.takeError();
  auto Swz = swizzleColumns(Ctx, Edit, Plan);
  if (!Swz)
    return Swz.takeError();
  if (llvm::Error E = mergeEdits(*Pad, *Swz))
    return E;
  return std::move(*Pad);
}

llvm::Expected<FileEdits> rewriteArray(ASTContext &Ctx, const ArrayEdit &Edit,
                                       const FixPlan &Plan) {
  QualType Elem = Edit.Decl->getType();
  while (const ArrayType *AT = Ctx.getAsArrayType(Elem))
    Elem = AT->getElementType();
  if (Elem->isUnionType())
    return refuse("'" + Edit.Decl->getNameAsString() +
                      "' holds unions: other members alias its elements",
                  Edit.Decl->getLocation());
  return fixKindOf(Plan.Choice.K).Rewrite(Ctx, Edit, Plan);
}

} // namespace lds
