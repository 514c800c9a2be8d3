//===- StoredAddresses.cpp - __shared__ addresses kept where the walk loses them

#include "matchers/StoredAddresses.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace lds {

using namespace clang;

namespace {

class Finder : public RecursiveASTVisitor<Finder> {
public:
  explicit Finder(ASTContext &Ctx) : Ctx(Ctx) {}

  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->hasAttr<CUDASharedAttr>())
      return true;
    if (const Expr *Into = storedInto(DRE))
      Out.push_back({VD, Into});
    return true;
  }

  std::vector<StoredAddress> Out;

private:
  /// The initializer or assignment that keeps E's address in an object;
  /// null when E is indexed, passed to a call (EscapedPointer's business) or
  /// used otherwise.
  const Expr *storedInto(const Expr *E) {
    const Stmt *Child = E;
    for (int Depth = 0; Depth < 8; ++Depth) {
      auto Parents = Ctx.getParents(*Child);
      if (Parents.empty())
        return nullptr;
      if (const auto *P = Parents[0].get<Expr>()) {
        if (isa<ImplicitCastExpr, ParenExpr, CStyleCastExpr, CXXStaticCastExpr,
                CXXReinterpretCastExpr>(P) ||
            (isa<UnaryOperator>(P) && cast<UnaryOperator>(P)->getOpcode() == UO_AddrOf) ||
            (isa<BinaryOperator>(P) && cast<BinaryOperator>(P)->isAdditiveOp())) {
          Child = P;
          continue;
        }
        if (isa<InitListExpr, CXXConstructExpr, ParenListExpr>(P))
          return P;
        if (const auto *BO = dyn_cast<BinaryOperator>(P))
          if (BO->isAssignmentOp() && BO->getRHS() == Child &&
              isa<MemberExpr>(BO->getLHS()->IgnoreParenImpCasts()))
            return BO;
        return nullptr;
      }
      if (const auto *VD = Parents[0].get<VarDecl>())
        if (VD->getType()->isRecordType())
          return cast<Expr>(Child);
      return nullptr;
    }
    return nullptr;
  }

  ASTContext &Ctx;
};

} // namespace

std::vector<StoredAddress> findStoredAddresses(ASTContext &Ctx, const FunctionDecl *K) {
  Finder F(Ctx);
  if (const Stmt *Body = K->getBody())
    F.TraverseStmt(const_cast<Stmt *>(Body));
  return std::move(F.Out);
}

} // namespace lds
