//===- GlobalAccesses.cpp - Memory the walker sees that is not LDS --------===//
//
// KernelWalker::onOtherMemory: every load or store the translator met that
// is not a shared pointer's. The thread's own variables are dropped; an
// access through a kernel parameter (or a __device__ variable) is kept with
// its index, evaluated in the walker's state, so that the race check of a
// barrier removal can enumerate it; anything else is kept with the reason
// the check cannot place it (it refuses then).
//
//===----------------------------------------------------------------------===//

#include "matchers/KernelWalker.h"
#include "matchers/LoopEffects.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace lds {

namespace {

/// The thread's own storage: a local or by-value parameter that is not a
/// pointer or reference (its address may be taken, but only the thread
/// itself can have it).
bool isPrivate(const VarDecl *V) {
  QualType T = V->getType();
  return V->hasLocalStorage() && !V->hasAttr<CUDASharedAttr>() && !T->isPointerType() &&
         !T->isReferenceType();
}

/// The subscript or dereference under member and vector-element accesses:
/// `p[i].x` reads the element p[i] (a whole element: over-approximated).
const Expr *elementOf(const Expr *E) {
  for (;;) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow()) {
      E = M->getBase();
      continue;
    }
    if (const auto *V = dyn_cast<ExtVectorElementExpr>(E); V && !V->isArrow()) {
      E = V->getBase();
      continue;
    }
    return E;
  }
}

bool names(const Expr *E, const VarDecl *V) {
  const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return D && D->getDecl() == V;
}

/// Whether E calls a function of the user's (evaluating it again could
/// repeat its effects); the builtin coordinates and the headers' functions
/// are fine.
bool callsUserCode(const Stmt *E, ASTContext &Ctx) {
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    unsigned Dim = 0;
    const FunctionDecl *F = C->getDirectCallee();
    const SourceManager &SM = Ctx.getSourceManager();
    unsigned ID = F ? F->getBuiltinID() : 0;
    if (IndexTranslator::builtinCoordinate(C, Dim).empty() &&
        !(ID && Ctx.BuiltinInfo.isConst(ID)) &&
        !(F && SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation()))))
      return true;
  }
  for (const Stmt *Child : E->children())
    if (Child && callsUserCode(Child, Ctx))
      return true;
  return false;
}

} // namespace

void KernelWalker::onOtherMemory(const Expr *E, AccessKind K, QualType T) {
  if (State.Dead)
    return;
  const auto *V = dyn_cast_or_null<VarDecl>(storedBase(E));
  if (V && isPrivate(V))
    return;
  WalkedGlobal G;
  G.Expr = E;
  G.Kind = K;
  G.Predicate = conjunction();
  G.Symbols = State.Symbols;
  bool Global = V && ((isa<ParmVarDecl>(V) && V->getType()->isPointerType()) ||
                      (V->hasGlobalStorage() && !V->hasAttr<CUDASharedAttr>()));
  auto Keep = [&](std::string Why) {
    G.Why = std::move(Why);
    Globals.push_back(std::move(G));
  };
  if (State.CallDepth)
    return Keep("it is in a helper function");
  if (!Global)
    return Keep(V ? "it goes through '" + V->getNameAsString() +
                        "', which the check cannot tell from LDS"
                  : "it goes through a pointer the check cannot follow");
  G.Pointer = V;
  if (WrittenInKernel.count(V))
    return Keep("'" + V->getNameAsString() + "' is reassigned in the kernel");
  // The index, in elements of what is indexed.
  const Expr *X = elementOf(E);
  const Expr *Index = nullptr;
  bool Direct = false;
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(X)) {
    if (names(A->getLHS(), V))
      Index = A->getRHS();
    else if (names(A->getRHS(), V))
      Index = A->getLHS();
    G.ElementBytes = static_cast<unsigned>(Translator.sizeOf(A->getType()));
  } else if (const auto *U = dyn_cast<UnaryOperator>(X); U && U->getOpcode() == UO_Deref) {
    const Expr *Sub = U->getSubExpr()->IgnoreParenImpCasts();
    Direct = names(Sub, V);
    if (const auto *B = dyn_cast<BinaryOperator>(Sub); B && B->getOpcode() == BO_Add)
      Index = names(B->getLHS(), V) ? B->getRHS() : names(B->getRHS(), V) ? B->getLHS() : nullptr;
    G.ElementBytes = static_cast<unsigned>(Translator.sizeOf(U->getType()));
  } else if (names(X, V) && !V->getType()->isPointerType()) {
    Direct = true; // a __device__ scalar or array element named directly
    G.ElementBytes = static_cast<unsigned>(Translator.sizeOf(X->getType()));
  }
  if (G.ElementBytes == 0)
    return Keep("its element size is not known");
  if (Direct) {
    G.Index = LaneExpr::constant(0, IntType::i64());
  } else if (!Index) {
    return Keep("it is not written as " + V->getNameAsString() + "[index]");
  } else if (Index->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false) ||
             callsUserCode(Index, Ctx)) {
    return Keep("its index has side effects, or calls a function");
  } else {
    bool WasQuiet = Translator.isQuiet();
    Translator.setQuiet(true);
    G.Index = Translator.translateInt(Index);
    Translator.setQuiet(WasQuiet);
  }
  Globals.push_back(std::move(G));
}

} // namespace lds
