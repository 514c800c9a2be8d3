//===- TransposeMatcher.cpp - Column reads of LDS a transpose load could do ===//

#include "matchers/TransposeMatcher.h"

#include "analysis/TransposeRead.h"
#include "matchers/ExprNames.h"
#include "matchers/KernelMatchers.h"
#include "matchers/SharedArrayInfo.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <map>

using namespace clang;

namespace lds {

namespace {

bool mentions(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S); E && varOf(E) == V)
    return true;
  for (const Stmt *C : S->children())
    if (mentions(C, V))
      return true;
  return false;
}

/// Every name S reads is uniform across a block's lanes: kernel
/// parameters, constants, blockIdx / blockDim / gridDim, the counter
/// Own of the loop whose header S is, and counters of enclosing loops
/// (Uniform). threadIdx, calls and other locals are not proven so.
bool uniformHeader(const Stmt *S, const std::vector<const VarDecl *> &Uniform) {
  if (!S)
    return true;
  if (isa<CallExpr>(S) && !isa<CXXOperatorCallExpr>(S))
    return false;
  if (const auto *D = dyn_cast<DeclRefExpr>(S)) {
    if (const auto *V = dyn_cast<VarDecl>(D->getDecl())) {
      if (isa<ParmVarDecl>(V) || (V->getType().isConstQualified() && V->getInit() &&
                                  V->getInit()->isIntegerConstantExpr(V->getASTContext())))
        return true;
      if (llvm::is_contained(Uniform, V))
        return true;
      std::string N = V->getName().str();
      return N == "blockIdx" || N == "blockDim" || N == "gridDim";
    }
    return true; // enumerators, functions named but not called
  }
  for (const Stmt *C : S->children())
    if (!uniformHeader(C, Uniform))
      return false;
  return true;
}

/// Whether evaluating E fewer times could change what the kernel does: a
/// certain side effect (assignment, ++, a volatile read), or a call to
/// anything but a builtin, a constexpr or const/pure function, or a const
/// member function (threadIdx.x is a const conversion operator in HIP).
bool mayHaveEffects(const Expr *E) {
  struct Calls : RecursiveASTVisitor<Calls> {
    bool Found = false;
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *F = C->getDirectCallee();
      bool Pure = F && (F->getBuiltinID() || F->isConstexpr() || F->hasAttr<ConstAttr>() ||
                        F->hasAttr<PureAttr>());
      if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(F))
        Pure |= M->isConst();
      Found |= !Pure;
      return !Found;
    }
  } V;
  V.TraverseStmt(const_cast<Expr *>(E));
  return V.Found;
}

class Finder : public RecursiveASTVisitor<Finder> {
public:
  Finder(ASTContext &Ctx, const FunctionDecl *K, std::vector<MatchedTranspose> &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Kernel(K), Out(Out) {}
  bool VisitForStmt(ForStmt *For) {
    match(For);
    return true;
  }

private:
  void match(const ForStmt *For) {
    MatchedTranspose M;
    const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
    if (!Init || !Init->isSingleDecl())
      return;
    M.Counter = dyn_cast<VarDecl>(Init->getSingleDecl());
    if (!M.Counter || !M.Counter->getType()->isIntegerType() || !M.Counter->getInit())
      return;
    auto Start = strip(M.Counter->getInit())->getIntegerConstantExpr(Ctx);
    if (!Start || *Start != 0)
      return;
    const auto *Cond = dyn_cast_or_null<BinaryOperator>(strip(For->getCond()));
    if (!Cond || Cond->getOpcode() != BO_LT || varOf(Cond->getLHS()) != M.Counter)
      return;
    auto N = strip(Cond->getRHS())->getIntegerConstantExpr(Ctx);
    if (!N || (*N != 4 && *N != 8))
      return;
    M.Count = unsigned(N->getExtValue());
    const Expr *Inc = strip(For->getInc());
    bool Step = false;
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
      Step = U->isIncrementOp() && varOf(U->getSubExpr()) == M.Counter;
    if (const auto *B = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
      auto One = strip(B->getRHS())->getIntegerConstantExpr(Ctx);
      Step = B->getOpcode() == BO_AddAssign && varOf(B->getLHS()) == M.Counter && One && *One == 1;
    }
    if (!Step)
      return;
    const Stmt *Body = For->getBody();
    if (const auto *CS = dyn_cast<CompoundStmt>(Body)) {
      if (CS->size() != 1)
        return;
      Body = CS->body_front();
    }
    const auto *Assign = dyn_cast<BinaryOperator>(Body);
    if (!Assign || Assign->getOpcode() != BO_Assign)
      return;
    const auto *Dst = dyn_cast<ArraySubscriptExpr>(strip(Assign->getLHS()));
    if (!Dst || varOf(Dst->getIdx()) != M.Counter)
      return;
    const VarDecl *DstVar = varOf(Dst->getBase());
    if (!DstVar || !DstVar->isLocalVarDecl() || DstVar->hasAttr<CUDASharedAttr>())
      return;
    const auto *Outer = dyn_cast<ArraySubscriptExpr>(strip(Assign->getRHS()));
    if (!Outer)
      return;
    const auto *Inner = dyn_cast<ArraySubscriptExpr>(strip(Outer->getBase()));
    if (!Inner)
      return;
    M.Array = varOf(Inner->getBase());
    if (!M.Array || !M.Array->hasAttr<CUDASharedAttr>())
      return;
    const auto *AT = dyn_cast<ConstantArrayType>(Ctx.getAsArrayType(M.Array->getType()));
    if (!AT)
      return;
    const auto *RowT = dyn_cast<ConstantArrayType>(Ctx.getAsArrayType(AT->getElementType()));
    if (!RowT || RowT->getElementType()->isArrayType())
      return;
    QualType Elem = RowT->getElementType();
    // A volatile read must stay one read per value, as written.
    if (Elem->isIncompleteType() || !Elem.isTriviallyCopyableType(Ctx) ||
        Elem.isVolatileQualified())
      return;
    M.ElementBytes = unsigned(Ctx.getTypeSizeInChars(Elem).getQuantity());
    if (M.ElementBytes != 1 && M.ElementBytes != 2)
      return;
    M.RowLength = RowT->getSize().getZExtValue();
    const auto *Row = dyn_cast<BinaryOperator>(strip(Inner->getIdx()));
    if (!Row || Row->getOpcode() != BO_Add)
      return;
    if (varOf(Row->getRHS()) == M.Counter)
      M.RowBase = Row->getLHS();
    else if (varOf(Row->getLHS()) == M.Counter)
      M.RowBase = Row->getRHS();
    if (!M.RowBase || mentions(M.RowBase, M.Counter) || mentions(Outer->getIdx(), M.Counter))
      return;
    // The loop evaluates the row and column N times, the transpose load
    // once: only expressions without side effects may be evaluated fewer
    // times.
    if (M.RowBase->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false) ||
        Outer->getIdx()->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false) ||
        mayHaveEffects(M.RowBase) || mayHaveEffects(Outer->getIdx()))
      return;
    M.Column = Outer->getIdx();
    M.Read = Outer;
    M.Dest = Assign->getLHS();
    M.Kernel = Kernel;
    M.Loop = For;
    M.ArrayName = M.Array->getName().str();
    M.KernelName = Kernel->getNameAsString();
    M.DeclaredAlign = unsigned(Ctx.getDeclAlign(M.Array).getQuantity());
    M.Loc = toSourceLoc(SM.getExpansionLoc(For->getBeginLoc()), SM);
    M.ReadLoc = toSourceLoc(SM.getExpansionLoc(Outer->getBeginLoc()), SM);
    if (For->getBeginLoc().isMacroID() || alreadyRewritten(For))
      return;
    M.Divergent = divergence(For);
    Out.push_back(std::move(M));
  }

  /// The loop is the #else branch of this check's rewrite.
  bool alreadyRewritten(const ForStmt *For) {
    bool Invalid = false;
    StringRef Buf = SM.getBufferData(SM.getFileID(SM.getExpansionLoc(For->getBeginLoc())), &Invalid);
    if (Invalid)
      return false;
    StringRef Before = Buf.take_front(SM.getFileOffset(SM.getExpansionLoc(For->getBeginLoc())));
    Before = Before.rtrim();
    if (!Before.ends_with("#else"))
      return false;
    size_t If = Before.rfind("#if ");
    return If != StringRef::npos && Before.substr(If).contains("(lds-transpose-load)");
  }

  std::string divergence(const ForStmt *For) {
    std::vector<const VarDecl *> Uniform;
    DynTypedNode N = DynTypedNode::create(*For);
    while (true) {
      auto Parents = Ctx.getParents(N);
      if (Parents.empty())
        return "its place in the kernel is not known";
      N = Parents[0];
      if (const auto *FD = N.get<FunctionDecl>()) {
        // A lambda's or local class's body: whether every lane calls it is
        // a question about its caller, not answered here.
        if (FD != Kernel)
          return "it lies in a function called from the kernel ('" + FD->getNameAsString() +
                 "'): whether every lane calls it is not known";
        break;
      }
      const Stmt *S = N.get<Stmt>();
      if (!S)
        return "its place in the kernel is not known";
      if (isa<CompoundStmt>(S))
        continue;
      if (const auto *F = dyn_cast<ForStmt>(S)) {
        if (const auto *D = dyn_cast_or_null<DeclStmt>(F->getInit()))
          for (const Decl *X : D->decls())
            if (const auto *V = dyn_cast<VarDecl>(X))
              Uniform.push_back(V);
        continue;
      }
      const char *What = isa<IfStmt>(S)                ? "an if"
                         : isa<SwitchStmt>(S)          ? "a switch"
                         : isa<WhileStmt>(S)           ? "a while loop"
                         : isa<DoStmt>(S)              ? "a do loop"
                         : isa<ConditionalOperator>(S) ? "a ?:"
                                                       : S->getStmtClassName();
      return std::string("it lies inside ") + What + " at line " +
             std::to_string(SM.getExpansionLineNumber(S->getBeginLoc())) +
             ": EXEC might not be all ones (divergent control flow)";
    }
    // The enclosing loops' headers, with every counter among them known.
    N = DynTypedNode::create(*For);
    while (true) {
      auto Parents = Ctx.getParents(N);
      N = Parents[0];
      if (N.get<FunctionDecl>())
        break;
      if (const auto *F = N.get<ForStmt>()) {
        for (const Stmt *H : {F->getInit(), static_cast<const Stmt *>(F->getCond()),
                              static_cast<const Stmt *>(F->getInc())})
          if (const auto *D = dyn_cast_or_null<DeclStmt>(H)) {
            for (const Decl *X : D->decls())
              if (const auto *V = dyn_cast<VarDecl>(X); V && !uniformHeader(V->getInit(), Uniform))
                return "the loop at line " +
                       std::to_string(SM.getExpansionLineNumber(F->getBeginLoc())) +
                       " around it starts from a value that may differ between lanes";
          } else if (!uniformHeader(H, Uniform)) {
            return "the loop at line " +
                   std::to_string(SM.getExpansionLineNumber(F->getBeginLoc())) +
                   " around it has a header that may differ between lanes";
          }
        if (hasJump(F->getBody(), For))
          return "the loop at line " + std::to_string(SM.getExpansionLineNumber(F->getBeginLoc())) +
                 " around it has a break, continue or goto";
      }
    }
    unsigned At = SM.getFileOffset(SM.getExpansionLoc(For->getBeginLoc()));
    if (unsigned R = returnBefore(Kernel->getBody(), At))
      return "a return or goto at line " + std::to_string(R) +
             " before it may leave lanes inactive";
    return "";
  }

  static bool hasJump(const Stmt *S, const Stmt *Skip) {
    if (!S || S == Skip)
      return false;
    if (isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<GotoStmt>(S))
      return true;
    if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<SwitchStmt>(S)) {
      // Their own breaks leave only them; a goto still counts.
      for (const Stmt *C : S->children())
        if (C && hasGoto(C))
          return true;
      return false;
    }
    for (const Stmt *C : S->children())
      if (hasJump(C, Skip))
        return true;
    return false;
  }
  static bool hasGoto(const Stmt *S) {
    if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S))
      return true;
    for (const Stmt *C : S->children())
      if (C && hasGoto(C))
        return true;
    return false;
  }
  unsigned returnBefore(const Stmt *S, unsigned At) {
    if (!S)
      return 0;
    if ((isa<ReturnStmt>(S) || isa<GotoStmt>(S)) &&
        SM.getFileOffset(SM.getExpansionLoc(S->getBeginLoc())) < At)
      return SM.getExpansionLineNumber(S->getBeginLoc());
    for (const Stmt *C : S->children())
      if (unsigned L = returnBefore(C, At))
        return L;
    return 0;
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const FunctionDecl *Kernel;
  std::vector<MatchedTranspose> &Out;
};

} // namespace

std::vector<MatchedTranspose> matchTransposeReads(ASTContext &Ctx) {
  std::vector<MatchedTranspose> Found;
  for (const FunctionDecl *K : writtenKernels(Ctx)) {
    if (!K->getBody())
      continue;
    Finder F(Ctx, K, Found);
    F.TraverseStmt(K->getBody());
  }
  return Found;
}

void proveTransposeTargets(MatchedTranspose &M, const Model &Mod,
                           const std::vector<std::string> &Targets) {
  // The model's reads at M's place, per instantiation and block shape, in
  // the order the walker met them (iteration order when it unrolled).
  std::map<std::string, ColumnRead> Groups;
  for (const Access &A : Mod.Accesses) {
    if (A.Kind != AccessKind::Load || A.Loc.File != M.ReadLoc.File ||
        A.Loc.Offset != M.ReadLoc.Offset || !A.CallChain.empty())
      continue;
    std::string Key = A.Kernel + "|" + std::to_string(A.Block.Dims[0]) + "x" +
                      std::to_string(A.Block.Dims[1]) + "x" + std::to_string(A.Block.Dims[2]);
    ColumnRead &R = Groups[Key];
    R.Reads.push_back(&A);
    R.Count = M.Count;
    R.RowLength = M.RowLength;
    const std::string Desc = "loop counter '" + M.Counter->getName().str() + "'";
    for (const auto &[Name, Info] : A.Symbols)
      if (Info.IsLoopCounter && Info.Description == Desc)
        R.Counter = Name;
  }
  for (const std::string &T : Targets) {
    const TransposeInstr *I = transposeInstrFor(T, M.ElementBytes);
    if (!I) {
      M.Others.push_back(T);
      continue;
    }
    M.Targets.push_back(T);
    std::string Why = M.Divergent;
    if (Why.empty() && Groups.empty())
      Why = "the front end did not model the read";
    for (auto &[Key, R] : Groups) {
      if (!Why.empty())
        break;
      Why = proveColumnRead(*I, R);
    }
    M.Refusals.push_back(Why);
  }
}

} // namespace lds
