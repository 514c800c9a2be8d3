//===- BlockShapeFinder.cpp - Where each kernel's block shape comes from --===//

#include "matchers/BlockShapeFinder.h"

#include "matchers/KernelMatchers.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

#include <functional>

using namespace clang;

namespace lds {

namespace {
/// Whether E reads a builtin coordinate (blockDim.x in a device-side
/// relaunch `k<<<1, blockDim.x>>>`): such a launch has no constant shape.
bool readsCoordinate(const Stmt *E) {
  if (!E)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    StringRef N = DRE->getDecl()->getName();
    if (N == "threadIdx" || N == "blockIdx" || N == "blockDim" || N == "gridDim")
      return true;
  }
  for (const Stmt *C : E->children())
    if (readsCoordinate(C))
      return true;
  return false;
}

/// A launch from device code (dynamic parallelism) configures through
/// cudaLaunchDevice(func, params, grid, block, ...): its second argument is
/// no block shape, and it is not the launch the host makes.
bool isDeviceSideLaunch(const CallExpr *Config) {
  const FunctionDecl *FD = Config->getDirectCallee();
  return FD && FD->getIdentifier() && FD->getName() == "cudaLaunchDevice";
}

/// Whether the local VD keeps the value of its initialiser in Body: every
/// use of it is a plain read (no assignment, ++, address taken or binding
/// to a non-const reference).
bool neverModified(const VarDecl *VD, const Stmt *Body, ASTContext &Ctx) {
  if (!Body)
    return false;
  bool Modified = false;
  std::function<void(const Stmt *)> Visit = [&](const Stmt *S) {
    if (!S || Modified)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (DRE->getDecl() == VD) {
        auto Parents = Ctx.getParents(*DRE);
        const auto *ICE = Parents.empty() ? nullptr : Parents[0].get<ImplicitCastExpr>();
        if (!ICE || ICE->getCastKind() != CK_LValueToRValue)
          Modified = true;
      }
    for (const Stmt *C : S->children())
      Visit(C);
  };
  Visit(Body);
  return !Modified;
}

} // namespace

/// Records the launch K: the first constant block shape of each kernel,
/// the others it is launched with, and the constant dynamic LDS bytes.
static void recordLaunch(const CUDAKernelCallExpr *K, ASTContext &Ctx,
                         std::map<const FunctionDecl *, FoundBlockShape> &Out) {
  const FunctionDecl *Callee = K->getDirectCallee();
  const CallExpr *Config = K->getConfig();
  // A launch in host code that clang rejected (HostErrors.h) is not
  // evaluated: the constant evaluator must not see error-containing
  // (value-dependent) expressions.
  if (!Callee || !Config || Config->getNumArgs() < 2 || K->containsErrors() ||
      isDeviceSideLaunch(Config) || readsCoordinate(Config->getArg(1)))
    return;
  auto Dims = BlockShapeFinder::constantDims(Config->getArg(1), Ctx);
  if (!Dims)
    return;
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
}

BlockShapeFinder::BlockShapeFinder(ASTContext &Ctx) : Ctx(Ctx) {
  for (const CUDAKernelCallExpr *K : matchLaunches(Ctx))
    recordLaunch(K, Ctx, Launches);
}

std::optional<std::array<unsigned, 3>> BlockShapeFinder::constantDims(const Expr *E,
                                                                      ASTContext &Ctx) {
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
      std::optional<uint64_t> V = constantScalar(CE->getArg(I), Ctx);
      if (!V)
        return std::nullopt;
      D[I] = static_cast<unsigned>(*V);
    }
    if (CE->getNumArgs() == 0)
      return std::nullopt;
    return D;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (std::optional<uint64_t> V = constantScalar(E, Ctx))
      return std::array<unsigned, 3>{static_cast<unsigned>(*V), 1, 1};
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasLocalStorage() && VD->getInit() && neverModified(VD, enclosingBody(VD), Ctx))
        return constantDims(VD->getInit(), Ctx);
    return std::nullopt;
  }
  if (std::optional<uint64_t> V = constantScalar(E, Ctx))
    return std::array<unsigned, 3>{static_cast<unsigned>(*V), 1, 1};
  return std::nullopt;
}

const Stmt *BlockShapeFinder::enclosingBody(const VarDecl *VD) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  return FD ? FD->getBody() : nullptr;
}

std::optional<uint64_t> BlockShapeFinder::constantScalar(const Expr *E, ASTContext &Ctx) {
  if (!E || E->isValueDependent() || !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult R;
  if (E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getZExtValue();
  // A local with a constant initialiser that nothing changes afterwards:
  // `unsigned threadCount = LIMIT / 2; k<<<1, threadCount>>>(...)`.
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || !VD->getInit() ||
      !VD->getType()->isIntegralOrEnumerationType() || !neverModified(VD, enclosingBody(VD), Ctx))
    return std::nullopt;
  return constantScalar(VD->getInit(), Ctx);
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
