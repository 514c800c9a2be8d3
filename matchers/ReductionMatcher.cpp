//===- ReductionMatcher.cpp - Tree reductions over LDS with a barrier per level -===//

#include "matchers/ReductionMatcher.h"
#include "matchers/ExprNames.h"
#include "matchers/IndexTranslator.h"
#include "matchers/KernelMatchers.h"
#include "matchers/LoopEffects.h"
#include "matchers/SharedArrayInfo.h"
#include "matchers/WrittenVariables.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <functional>
#include <set>

using namespace clang;

namespace lds {

namespace {

bool isInt(const Expr *E, uint64_t V) {
  const auto *L = dyn_cast_or_null<IntegerLiteral>(strip(E));
  return L && L->getValue() == V;
}

bool isVar(const Expr *E, const VarDecl *V) { return V && varOf(E) == V; }

/// The array and the index of a subscript, whichever side each is on (a
/// template's dependent index is no integer yet, so getBase() may be wrong).
std::pair<const VarDecl *, const Expr *> subscript(const ArraySubscriptExpr *E) {
  const auto *A = dyn_cast_or_null<VarDecl>(storedBase(E));
  const Expr *L = strip(E->getLHS());
  return {A, varOf(L) == A ? E->getRHS() : E->getLHS()};
}

class ReductionFinder {
public:
  ReductionFinder(ASTContext &Ctx, const FunctionDecl *Kernel) : Ctx(Ctx), Kernel(Kernel) {
    Written = writtenVariables(Kernel->getBody());
  }

  std::optional<MatchedReduction> match(const ForStmt *For) {
    MatchedReduction M;
    M.Kernel = Kernel;
    M.Loop = For;
    const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
    if (!Init || !Init->isSingleDecl())
      return std::nullopt;
    M.Counter = dyn_cast<VarDecl>(Init->getSingleDecl());
    if (!M.Counter || !M.Counter->getType()->isIntegerType() || !M.Counter->getInit())
      return std::nullopt;
    const VarDecl *S = M.Counter;
    std::optional<ReductionForm> Form;
    if (halves(For, S) && isPositive(For->getCond(), S))
      Form = ReductionForm::Sequential;
    else if (doubles(For, S) && isInt(S->getInit(), 1) && isLessThan(For->getCond(), S))
      Form = ReductionForm::Interleaved;
    if (!Form)
      return std::nullopt;
    const auto *Body = dyn_cast_or_null<CompoundStmt>(For->getBody());
    if (!Body || Body->size() < 2 || Body->size() > 3 || !barrierCallOf(Body->body_back()))
      return std::nullopt;
    // Harris's "reduction #2": `T index = 2 * s * tid; if (index < n)
    // a[index] += a[index + s];` pairs the same elements as the
    // interleaved form, by other threads.
    const VarDecl *Index = nullptr;
    if (Body->size() == 3) {
      const auto *DS = dyn_cast<DeclStmt>(Body->body_front());
      Index = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
      if (*Form != ReductionForm::Interleaved || !Index || !Index->getInit() ||
          Written.count(Index) || !stridedIndex(Index->getInit(), S, M))
        return std::nullopt;
    }
    const CallExpr *Sync = barrierCallOf(Body->body_back());
    if (Sync->getDirectCallee()->getName() != "__syncthreads")
      return std::nullopt;
    M.Barrier = Body->body_back();
    const auto *If = dyn_cast<IfStmt>(*(Body->body_begin() + (Index ? 1 : 0)));
    if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
      return std::nullopt;
    const Stmt *Then = If->getThen();
    if (const auto *C = dyn_cast<CompoundStmt>(Then); C && C->size() == 1)
      Then = C->body_front();
    if (Index ? !indexGuard(If->getCond(), Index, For)
        : *Form == ReductionForm::Sequential ? !sequentialGuard(If->getCond(), S, M)
                                             : !interleavedGuard(If->getCond(), S, M))
      return std::nullopt;
    auto Element = [&](const Expr *E) { return Index ? isVar(E, Index) : sameThread(E, M.Tid); };
    if (!update(Then, S, Element, M))
      return std::nullopt;
    M.Update = Then;
    const SourceManager &SM = Ctx.getSourceManager();
    M.Plain.Kernel = Kernel->getNameAsString();
    M.Plain.Array = M.Array->getNameAsString();
    M.Plain.Loop = toSourceLoc(SM.getExpansionLoc(For->getBeginLoc()), SM);
    M.Plain.Form = *Form;
    M.Plain.ArrayElements =
        cast<ConstantArrayType>(M.Array->getType().getTypePtr())->getSize().getZExtValue();
    if (*Form == ReductionForm::Interleaved) {
      const Expr *N = cast<BinaryOperator>(strip(For->getCond()))->getRHS();
      unsigned Dim = 0;
      M.Plain.BoundIsBlockX = IndexTranslator::builtinCoordinate(N, Dim) == "blockDim" && Dim == 0;
      Expr::EvalResult R;
      if (!N->isValueDependent() && N->EvaluateAsInt(R, Ctx))
        M.Plain.Bound = R.Val.getInt().getZExtValue();
    }
    readsAfter(For, M);
    return M;
  }

private:
  /// s >>= 1, s /= 2, s = s >> 1, s = s / 2.
  static bool halves(const ForStmt *For, const VarDecl *S) {
    const auto *B = dyn_cast_or_null<BinaryOperator>(strip(For->getInc()));
    if (!B || !isVar(B->getLHS(), S))
      return false;
    if (B->getOpcode() == BO_ShrAssign)
      return isInt(B->getRHS(), 1);
    if (B->getOpcode() == BO_DivAssign)
      return isInt(B->getRHS(), 2);
    if (B->getOpcode() != BO_Assign)
      return false;
    const auto *R = dyn_cast<BinaryOperator>(strip(B->getRHS()));
    return R && isVar(R->getLHS(), S) &&
           ((R->getOpcode() == BO_Shr && isInt(R->getRHS(), 1)) ||
            (R->getOpcode() == BO_Div && isInt(R->getRHS(), 2)));
  }

  /// s *= 2, s <<= 1, s = s * 2, s = 2 * s, s = s << 1.
  static bool doubles(const ForStmt *For, const VarDecl *S) {
    const auto *B = dyn_cast_or_null<BinaryOperator>(strip(For->getInc()));
    if (!B || !isVar(B->getLHS(), S))
      return false;
    if (B->getOpcode() == BO_MulAssign)
      return isInt(B->getRHS(), 2);
    if (B->getOpcode() == BO_ShlAssign)
      return isInt(B->getRHS(), 1);
    if (B->getOpcode() != BO_Assign)
      return false;
    return isTwiceS(B->getRHS(), S);
  }

  static bool isTwiceS(const Expr *E, const VarDecl *S) {
    const auto *R = dyn_cast_or_null<BinaryOperator>(strip(E));
    if (!R)
      return false;
    if (R->getOpcode() == BO_Mul)
      return (isVar(R->getLHS(), S) && isInt(R->getRHS(), 2)) ||
             (isInt(R->getLHS(), 2) && isVar(R->getRHS(), S));
    return R->getOpcode() == BO_Shl && isVar(R->getLHS(), S) && isInt(R->getRHS(), 1);
  }

  /// s > 0, s != 0, s >= 1.
  static bool isPositive(const Expr *Cond, const VarDecl *S) {
    const auto *B = dyn_cast_or_null<BinaryOperator>(strip(Cond));
    return B && isVar(B->getLHS(), S) &&
           (((B->getOpcode() == BO_GT || B->getOpcode() == BO_NE) && isInt(B->getRHS(), 0)) ||
            (B->getOpcode() == BO_GE && isInt(B->getRHS(), 1)));
  }

  /// s < n, with n not written in the kernel (it bounds every level).
  bool isLessThan(const Expr *Cond, const VarDecl *S) const {
    const auto *B = dyn_cast_or_null<BinaryOperator>(strip(Cond));
    if (!B || B->getOpcode() != BO_LT || !isVar(B->getLHS(), S))
      return false;
    const VarDecl *N = varOf(B->getRHS());
    return !N || !Written.count(N);
  }

  /// threadIdx.x, or a local initialised with it and never written.
  bool isThreadX(const Expr *E) const {
    unsigned Dim = 0;
    if (IndexTranslator::builtinCoordinate(E, Dim) == "threadIdx" && Dim == 0)
      return true;
    const VarDecl *V = varOf(E);
    return V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) && !Written.count(V) &&
           V->getInit() && IndexTranslator::builtinCoordinate(V->getInit(), Dim) == "threadIdx" &&
           Dim == 0;
  }

  bool sameThread(const Expr *A, const Expr *B) const {
    if (varOf(A) && varOf(A) == varOf(B))
      return true;
    unsigned D1 = 0, D2 = 0;
    return varOf(A) == nullptr && varOf(B) == nullptr &&
           IndexTranslator::builtinCoordinate(A, D1) == "threadIdx" &&
           IndexTranslator::builtinCoordinate(B, D2) == "threadIdx" && D1 == 0 && D2 == 0;
  }

  /// tid < s.
  bool sequentialGuard(const Expr *Cond, const VarDecl *S, MatchedReduction &M) const {
    const auto *B = dyn_cast_or_null<BinaryOperator>(strip(Cond));
    if (!B || B->getOpcode() != BO_LT || !isThreadX(B->getLHS()) || !isVar(B->getRHS(), S))
      return false;
    M.Tid = B->getLHS();
    return true;
  }

  /// tid % (2 * s) == 0.
  bool interleavedGuard(const Expr *Cond, const VarDecl *S, MatchedReduction &M) const {
    const auto *B = dyn_cast_or_null<BinaryOperator>(strip(Cond));
    if (!B || B->getOpcode() != BO_EQ || !isInt(B->getRHS(), 0))
      return false;
    const auto *Mod = dyn_cast<BinaryOperator>(strip(B->getLHS()));
    if (!Mod || Mod->getOpcode() != BO_Rem || !isThreadX(Mod->getLHS()) ||
        !isTwiceS(Mod->getRHS(), S))
      return false;
    M.Tid = Mod->getLHS();
    return true;
  }

  /// 2 * s * tid (the three factors in any order and grouping).
  bool stridedIndex(const Expr *E, const VarDecl *S, MatchedReduction &M) const {
    std::vector<const Expr *> Factors;
    std::function<void(const Expr *)> Split = [&](const Expr *X) {
      const auto *B = dyn_cast<BinaryOperator>(strip(X));
      if (B && B->getOpcode() == BO_Mul) {
        Split(B->getLHS());
        Split(B->getRHS());
      } else {
        Factors.push_back(X);
      }
    };
    Split(E);
    if (Factors.size() != 3)
      return false;
    bool Two = false, Stride = false;
    const Expr *Thread = nullptr;
    for (const Expr *F : Factors) {
      if (!Two && isInt(F, 2))
        Two = true;
      else if (!Stride && isVar(F, S))
        Stride = true;
      else if (!Thread && isThreadX(F))
        Thread = F;
    }
    if (!Two || !Stride || !Thread)
      return false;
    M.Tid = Thread;
    return true;
  }

  /// index < n, n the loop's own bound.
  static bool indexGuard(const Expr *Cond, const VarDecl *Index, const ForStmt *For) {
    const auto *B = dyn_cast_or_null<BinaryOperator>(strip(Cond));
    const auto *L = dyn_cast_or_null<BinaryOperator>(strip(For->getCond()));
    if (!B || B->getOpcode() != BO_LT || !isVar(B->getLHS(), Index) || !L)
      return false;
    const Expr *N = strip(B->getRHS()), *LN = strip(L->getRHS());
    unsigned D1 = 0, D2 = 0;
    if (varOf(N) && varOf(N) == varOf(LN))
      return true;
    if (isa<IntegerLiteral>(N) && isa<IntegerLiteral>(LN))
      return cast<IntegerLiteral>(N)->getValue() == cast<IntegerLiteral>(LN)->getValue();
    return IndexTranslator::builtinCoordinate(N, D1) == "blockDim" &&
           IndexTranslator::builtinCoordinate(LN, D2) == "blockDim" && D1 == 0 && D2 == 0;
  }

  /// a[e] += a[e + s], or a[e] = a[e] + a[e + s], e the element Element
  /// accepts (the thread index, or reduction #2's strided index).
  bool update(const Stmt *U, const VarDecl *S, const std::function<bool(const Expr *)> &Element,
              MatchedReduction &M) const {
    const auto *B = dyn_cast_or_null<BinaryOperator>(dyn_cast_or_null<Expr>(U));
    if (!B)
      return false;
    const Expr *Other = nullptr;
    if (B->getOpcode() == BO_AddAssign) {
      Other = B->getRHS();
    } else if (B->getOpcode() == BO_Assign) {
      const auto *Sum = dyn_cast<BinaryOperator>(strip(B->getRHS()));
      if (!Sum || Sum->getOpcode() != BO_Add || !sameElement(Sum->getLHS(), B->getLHS(), Element))
        return false;
      Other = Sum->getRHS();
    } else {
      return false;
    }
    const auto *Own = dyn_cast<ArraySubscriptExpr>(strip(B->getLHS()));
    const auto *Far = dyn_cast_or_null<ArraySubscriptExpr>(strip(Other));
    if (!Own || !Far)
      return false;
    auto [A, OwnIdx] = subscript(Own);
    auto [FarA, FarIdx] = subscript(Far);
    if (!A || !A->hasAttr<CUDASharedAttr>() || FarA != A)
      return false;
    QualType T = A->getType();
    if (!T->isConstantArrayType() ||
        isa<ArrayType>(cast<ConstantArrayType>(T.getTypePtr())->getElementType().getTypePtr()))
      return false;
    QualType E = cast<ConstantArrayType>(T.getTypePtr())->getElementType();
    if (!E->isArithmeticType())
      return false;
    if (!Element(OwnIdx))
      return false;
    const auto *Plus = dyn_cast<BinaryOperator>(strip(FarIdx));
    if (!Plus || Plus->getOpcode() != BO_Add ||
        !((Element(Plus->getLHS()) && isVar(Plus->getRHS(), S)) ||
          (isVar(Plus->getLHS(), S) && Element(Plus->getRHS()))))
      return false;
    M.Array = A;
    return true;
  }

  bool sameElement(const Expr *X, const Expr *Y,
                   const std::function<bool(const Expr *)> &Element) const {
    const auto *A = dyn_cast<ArraySubscriptExpr>(strip(X));
    const auto *B = dyn_cast<ArraySubscriptExpr>(strip(Y));
    if (!A || !B)
      return false;
    auto [VA, IA] = subscript(A);
    auto [VB, IB] = subscript(B);
    return VA && VA == VB && Element(IA) && Element(IB);
  }

  /// After the loop, the array may be read as a[0] only.
  void readsAfter(const ForStmt *For, MatchedReduction &M) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation End = SM.getExpansionLoc(For->getEndLoc());
    struct Refs : RecursiveASTVisitor<Refs> {
      const VarDecl *A;
      std::vector<const DeclRefExpr *> Found;
      std::set<const DeclRefExpr *> AtZero;
      bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
        auto [V, I] = subscript(E);
        if (V == A && isInt(I, 0))
          for (const Expr *Side : {E->getLHS(), E->getRHS()})
            if (const auto *D = dyn_cast<DeclRefExpr>(strip(Side)); D && D->getDecl() == A)
              AtZero.insert(D);
        return true;
      }
      bool VisitDeclRefExpr(DeclRefExpr *D) {
        if (D->getDecl() == A)
          Found.push_back(D);
        return true;
      }
    } R;
    R.A = M.Array;
    R.TraverseStmt(Kernel->getBody());
    for (const DeclRefExpr *D : R.Found)
      if (SM.isBeforeInTranslationUnit(End, SM.getExpansionLoc(D->getLocation())) &&
          !R.AtZero.count(D)) {
        M.Unsupported = "'" + M.Array->getNameAsString() + "' is used after the loop (line " +
                        std::to_string(SM.getExpansionLineNumber(D->getLocation())) +
                        ") other than as " + M.Array->getNameAsString() +
                        "[0]: the shuffles leave its other partial sums unwritten";
        return;
      }
  }

  ASTContext &Ctx;
  const FunctionDecl *Kernel;
  std::set<const ValueDecl *> Written;
};

} // namespace

void readBlockShapes(const SourceManager &SM, const Model &M, MatchedReduction &R) {
  unsigned Begin = SM.getFileOffset(SM.getExpansionLoc(R.Loop->getBeginLoc()));
  unsigned End = SM.getFileOffset(SM.getExpansionLoc(R.Loop->getEndLoc()));
  for (const Access &A : M.Accesses) {
    if (A.Loc.File != R.Plain.Loop.File || A.Loc.Offset < Begin || A.Loc.Offset > End)
      continue;
    bool Known = false;
    for (const BlockShape &B : R.Plain.Blocks)
      Known |= B.Dims == A.Block.Dims && B.Source == A.Block.Source;
    if (!Known)
      R.Plain.Blocks.push_back(A.Block);
  }
}

std::vector<MatchedReduction> matchReductions(ASTContext &Ctx) {
  std::vector<MatchedReduction> Found;
  for (const FunctionDecl *Written : writtenKernels(Ctx)) {
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Written->getBody());
    if (!Body)
      continue;
    ReductionFinder F(Ctx, Written);
    // Statements of the kernel's own braces: a loop around the reduction
    // would make the tail's barrier count per iteration.
    for (const Stmt *S : Body->body())
      if (const auto *For = dyn_cast<ForStmt>(S))
        if (auto M = F.match(For))
          Found.push_back(std::move(*M));
  }
  return Found;
}

} // namespace lds
