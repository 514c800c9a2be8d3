//===- BlockShapeFinder.cpp - Where each kernel's block shape comes from --===//

#include "BlockShapeFinder.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace lds {

namespace {
class LaunchVisitor : public RecursiveASTVisitor<LaunchVisitor> {
public:
  LaunchVisitor(ASTContext &Ctx,
                std::map<const FunctionDecl *, FoundBlockShape> &Out)
      : Ctx(Ctx), Out(Out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
    const FunctionDecl *Callee = K->getDirectCallee();
    const CallExpr *Config = K->getConfig();
    // A launch in host code that clang rejected (HostErrors.h) is not
    // evaluated: the constant evaluator must not see error-containing
    // (value-dependent) expressions.
    if (!Callee || !Config || Config->getNumArgs() < 2 || K->containsErrors())
      return true;
    auto Dims = BlockShapeFinder::constantDims(Config->getArg(1), Ctx);
    if (!Dims)
      return true;
    const FunctionDecl *Key = Callee->getCanonicalDecl();
    auto It = Out.find(Key);
    if (It == Out.end()) {
      FoundBlockShape F;
      F.Shape.Dims = *Dims;
      F.Shape.Source = BlockSource::Launch;
      F.From = K->getBeginLoc();
      Expr::EvalResult Bytes;
      if (Config->getNumArgs() >= 3 && !isa<CXXDefaultArgExpr>(Config->getArg(2)) &&
          Config->getArg(2)->EvaluateAsInt(Bytes, Ctx))
        F.Shape.DynamicSharedBytes = Bytes.Val.getInt().getZExtValue();
      Out.emplace(Key, F);
    } else if (It->second.Shape.Dims != *Dims) {
      It->second.OtherLaunches.push_back(*Dims);
    }
    return true;
  }

private:
  ASTContext &Ctx;
  std::map<const FunctionDecl *, FoundBlockShape> &Out;
};
} // namespace

BlockShapeFinder::BlockShapeFinder(ASTContext &Ctx) : Ctx(Ctx) {
  LaunchVisitor V(Ctx, Launches);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
}

std::optional<std::array<unsigned, 3>>
BlockShapeFinder::constantDims(const Expr *E, ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreImplicit()->IgnoreParens();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return constantDims(EWC->getSubExpr(), Ctx);
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return constantDims(MTE->getSubExpr(), Ctx);
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return constantDims(FC->getSubExpr(), Ctx);
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E))
    return constantDims(ICE->getSubExpr(), Ctx);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getConstructor()->isCopyOrMoveConstructor() && CE->getNumArgs() == 1)
      return constantDims(CE->getArg(0), Ctx);
    // dim3(x, y, z) with default arguments for the missing ones; a
    // converting constructor from an integer is dim3(n).
    std::array<unsigned, 3> D = {1, 1, 1};
    for (unsigned I = 0; I < CE->getNumArgs() && I < 3; ++I) {
      Expr::EvalResult R;
      if (!CE->getArg(I)->EvaluateAsInt(R, Ctx))
        return std::nullopt;
      D[I] = static_cast<unsigned>(R.Val.getInt().getZExtValue());
    }
    if (CE->getNumArgs() == 0)
      return std::nullopt;
    return D;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (E->getType()->isIntegralOrEnumerationType()) {
      Expr::EvalResult R;
      if (E->EvaluateAsInt(R, Ctx))
        return std::array<unsigned, 3>{
            static_cast<unsigned>(R.Val.getInt().getZExtValue()), 1, 1};
    }
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasLocalStorage() && VD->getInit())
        return constantDims(VD->getInit(), Ctx);
    return std::nullopt;
  }
  if (E->getType()->isIntegralOrEnumerationType()) {
    Expr::EvalResult R;
    if (E->EvaluateAsInt(R, Ctx))
      return std::array<unsigned, 3>{
          static_cast<unsigned>(R.Val.getInt().getZExtValue()), 1, 1};
  }
  return std::nullopt;
}

FoundBlockShape BlockShapeFinder::shapeOf(const FunctionDecl *K) const {
  auto It = Launches.find(K->getCanonicalDecl());
  if (It != Launches.end())
    return It->second;
  FoundBlockShape F;
  if (const auto *LB = K->getAttr<CUDALaunchBoundsAttr>()) {
    Expr::EvalResult R;
    if (LB->getMaxThreads() && LB->getMaxThreads()->EvaluateAsInt(R, Ctx)) {
      F.Shape.Dims = {static_cast<unsigned>(R.Val.getInt().getZExtValue()), 1, 1};
      F.Shape.Source = BlockSource::LaunchBounds;
      F.From = LB->getLocation();
      return F;
    }
  }
  if (const auto *FW = K->getAttr<AMDGPUFlatWorkGroupSizeAttr>()) {
    Expr::EvalResult R;
    if (FW->getMax() && FW->getMax()->EvaluateAsInt(R, Ctx)) {
      F.Shape.Dims = {static_cast<unsigned>(R.Val.getInt().getZExtValue()), 1, 1};
      F.Shape.Source = BlockSource::LaunchBounds;
      F.From = FW->getLocation();
      return F;
    }
  }
  F.Shape.Dims = {256, 1, 1};
  F.Shape.Source = BlockSource::Default;
  return F;
}

} // namespace lds
