//===- IndexFunction.cpp - An XOR layout's column map as a function -------===//

#include "rewrites/IndexFunction.h"
#include "planner/PlanText.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace lds {

namespace {

/// (X >> S) & M, the shift left out when 0.
std::string field(const std::string &X, unsigned Shift, unsigned Mask) {
  std::string R = parenthesize(X);
  if (Shift)
    R = "(" + R + " >> " + std::to_string(Shift) + ")";
  return "(" + R + " & " + std::to_string(Mask) + ")";
}

/// The declaration as written around FD: its template (of the pattern, for
/// an instantiation), else FD, so that text inserted before it lands before
/// any `template <...>`.
const Decl *asWritten(const FunctionDecl *FD) {
  if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
    FD = Pattern;
  if (const FunctionTemplateDecl *T = FD->getDescribedFunctionTemplate())
    return T;
  return FD;
}

/// The function whose body holds E, as written.
const Decl *enclosingFunction(ASTContext &Ctx, const Stmt *E) {
  DynTypedNodeList Parents = Ctx.getParents(*E);
  while (!Parents.empty()) {
    if (const auto *FD = Parents[0].get<FunctionDecl>())
      return asWritten(FD);
    Parents = Ctx.getParents(Parents[0]);
  }
  return nullptr;
}

/// "Bs_column", else "Bs_column2", ...: a name no token of the translation
/// unit spells.
std::string freshName(ASTContext &Ctx, const std::string &Base) {
  std::string Name = Base;
  for (int N = 2; Ctx.Idents.find(Name) != Ctx.Idents.end(); ++N)
    Name = Base + std::to_string(N);
  return Name;
}

} // namespace

namespace {

/// The general layout's flip, in elements: (((row >> 3) & 1) * 5 ^ ((col
/// >> 7) & 1) * 2) << 2 for 4-element units, each piece a field of the row
/// or the column times its vector (pieces() keeps the products carry-free).
std::string linearXorTerm(const std::string &Row, const std::string &Col,
                          const SwizzleParams &P) {
  unsigned Log2Unit = 0;
  while ((1u << Log2Unit) < P.VecElems)
    ++Log2Unit;
  std::vector<std::string> Parts;
  for (const SwizzleParams::Piece &Pc : P.pieces()) {
    const bool FromRow = Pc.From == SwizzleParams::XorTerm::Row;
    std::string F = field(FromRow ? Row : Col, FromRow ? Pc.Bit : Pc.Bit + Log2Unit,
                          (1u << Pc.Width) - 1);
    Parts.push_back(Pc.Vector == 1 ? F : F + " * " + std::to_string(Pc.Vector));
  }
  std::string X = Parts.size() == 1 && !Log2Unit ? Parts[0] : llvm::join(Parts, " ^ ");
  if (Log2Unit)
    return "((" + X + ") << " + std::to_string(Log2Unit) + ")";
  return "(" + X + ")";
}

} // namespace

std::string xorTerm(const std::string &Row, const std::string &Col, const SwizzleParams &P) {
  if (P.isLinear())
    return linearXorTerm(Row, Col, P);
  auto Times = [](std::string T, unsigned Unit) {
    return Unit > 1 ? "(" + T + " * " + std::to_string(Unit) + ")" : T;
  };
  auto Xor = [](const std::vector<std::string> &Parts) {
    return Parts.size() == 1 ? Parts[0] : "(" + llvm::join(Parts, " ^ ") + ")";
  };
  unsigned Log2Unit = 0;
  while ((1u << Log2Unit) < P.colUnit())
    ++Log2Unit;
  std::vector<std::string> RowParts, ColParts;
  if (P.Mask)
    RowParts.push_back(field(Row, P.Shift, P.Mask));
  for (unsigned S : P.hasColumnTerm() ? P.ColShifts : std::vector<unsigned>())
    ColParts.push_back(field(Col, S + Log2Unit, P.ColMask));
  if (ColParts.empty())
    return Times(Xor(RowParts), P.VecElems);
  if (RowParts.empty())
    return Times(Xor(ColParts), P.colUnit());
  if (P.colUnit() == P.VecElems) {
    RowParts.insert(RowParts.end(), ColParts.begin(), ColParts.end());
    return Times(Xor(RowParts), P.VecElems);
  }
  return "(" + Times(Xor(RowParts), P.VecElems) + " ^ " + Times(Xor(ColParts), P.colUnit()) + ")";
}

std::string IndexFunction::call(const std::string &Row, const std::string &Col) const {
  return Name + "(" + (TakesRow ? Row + ", " : std::string()) + Col + ")";
}

std::optional<IndexFunction> indexFunction(ASTContext &Ctx, const ArrayEdit &Edit,
                                           const FixPlan &Plan) {
  const SwizzleParams &P = Plan.Choice.Swz;
  // A general layout is always a function: its rule needs saying once.
  if (!Plan.Choice.swizzles() || !(P.hasColumnTerm() || P.isLinear()))
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  const VarDecl *VD = Edit.Decl;
  // The first function, in file order, that declares the array or reaches it.
  const Decl *First = nullptr;
  auto Consider = [&](const Decl *D) {
    if (D && (!First || SM.isBeforeInTranslationUnit(SM.getExpansionLoc(D->getBeginLoc()),
                                                     SM.getExpansionLoc(First->getBeginLoc()))))
      First = D;
  };
  if (const auto *FD = dyn_cast<FunctionDecl>(VD->getDeclContext()))
    Consider(asWritten(FD));
  for (const Expr *A : Edit.Accesses)
    Consider(enclosingFunction(Ctx, A));
  if (!First || !First->getDeclContext()->isFileContext())
    return std::nullopt;
  // `__global__` is a macro: its expansion is where the text starts.
  SourceLocation Begin = SM.getExpansionLoc(First->getBeginLoc());
  if (!Begin.isFileID())
    return std::nullopt;
  FileID File = SM.getFileID(Begin);
  std::string Why;
  if (!Edit.Scope.allows(SM, File, Why))
    return std::nullopt;
  SourceLocation LineStart = SM.translateLineCol(File, SM.getSpellingLineNumber(Begin), 1);

  IndexFunction F;
  F.Name = freshName(Ctx, VD->getNameAsString() + "_column");
  F.TakesRow = P.readsRow();
  const std::string NL = lineEnding(SM, File);
  const unsigned ElemBytes = static_cast<unsigned>(
      Ctx.getTypeSizeInChars(Ctx.getBaseElementType(VD->getType())).getQuantity());
  std::string Text = "// '" + VD->getNameAsString() + "' layout (lds-rewrite): " +
                     (P.isLinear() ? planner::linearRuleText(P, ElemBytes)
                                   : planner::swizzleDescription(P, ElemBytes)) +
                     NL;
  Text += "__device__ __forceinline__ int " + F.Name + "(" +
          (F.TakesRow ? "int row, " : "") + "int col) {" + NL;
  Text += "  return col ^ " + xorTerm("row", "col", P) + ";" + NL + "}" + NL + NL;
  if (llvm::Error E =
          addReplacement(F.Definition, tooling::Replacement(SM, LineStart, 0, Text), Begin)) {
    llvm::consumeError(std::move(E));
    return std::nullopt;
  }
  return F;
}

} // namespace lds
