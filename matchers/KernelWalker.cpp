//===- KernelWalker.cpp - Symbolic walk of a kernel body ------------------===//

#include "KernelWalker.h"

#include "LaneEvaluator.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace clang;

namespace lds {

KernelWalker::KernelWalker(ASTContext &Ctx, const WalkConfig &Config)
    : Ctx(Ctx), Config(Config), Translator(Ctx, State, Config) {
  Translator.setAccessSink([this](const Expr *E, SharedPointer P, AccessKind K,
                                  QualType T) { onAccess(E, P, K, T); });
  Translator.setCallHandler([this](const CallExpr *CE) { return onCall(CE); });
}

std::string KernelWalker::locString(SourceLocation L) const {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(L));
  if (P.isInvalid())
    return "?";
  return llvm::sys::path::filename(P.getFilename()).str() + ":" +
         std::to_string(P.getLine());
}

ExprRef KernelWalker::conjunction() const {
  ExprRef C;
  for (const ExprRef &P : State.Predicates)
    C = C ? LaneExpr::binary(BinaryOp::LogicalAnd, C, P, IntType::boolean()) : P;
  return C;
}

std::optional<int64_t> KernelWalker::evalUniform(const ExprRef &E) const {
  if (!E || !E->isUniform())
    return std::nullopt;
  std::map<std::string, int64_t> Known;
  for (const auto &[Name, Info] : State.Symbols)
    if (Info.Dom == SymbolInfo::Assumed && !Info.Vals.empty())
      Known[Name] = Info.Vals.front();
  for (const auto &[Name, V] : Config.Assumptions)
    Known[Name] = V;
  LaneEnv Env;
  for (unsigned D = 0; D < 3; ++D)
    Env.BlockDim[D] = Config.Block[D];
  Env.WaveSize = Config.WaveSize;
  Env.Symbols = &Known;
  return LaneEvaluator::eval(*E, Env);
}

void KernelWalker::addPredicate(ExprRef C, const Expr *Cond, bool NoteIfDropped) {
  if (!C)
    return;
  if (C->isConstant()) {
    if (!C->Value)
      State.Predicates.push_back(C); // never taken: no lane active
    return;
  }
  std::string Why;
  std::string Where = Cond ? " at " + locString(Cond->getBeginLoc()) : "";
  if (C->findUnknown(Why)) {
    if (NoteIfDropped)
      State.Notes.push_back("guard" + Where + " depends on " + Why +
                            "; assumed true for every lane");
    return;
  }
  std::string FreeName;
  C->forEachSymbol([&](const std::string &Name) {
    auto It = State.Symbols.find(Name);
    bool Known = Config.Assumptions.count(Name) ||
                 (It != State.Symbols.end() &&
                  It->second.Dom != SymbolInfo::Free);
    if (!Known && FreeName.empty())
      FreeName = Name;
  });
  if (!FreeName.empty()) {
    // A uniform guard either runs the access for the whole wave or not at
    // all: the cost when it runs does not depend on it.
    if (!C->isUniform() && NoteIfDropped)
      State.Notes.push_back("guard" + Where + " depends on '" + FreeName +
                            "'; assumed true for every lane (use --assume " +
                            FreeName + "=VALUE to evaluate it)");
    return;
  }
  State.Predicates.push_back(C);
}

void KernelWalker::onAccess(const Expr *E, SharedPointer P, AccessKind K,
                            QualType T) {
  if (!P.valid() || T->isArrayType())
    return;
  uint64_t Width = Translator.sizeOf(T);
  if (Width == 0)
    return;
  WalkedAccess A;
  A.Expr = E;
  A.Array = P.Array;
  A.Kind = K;
  A.WidthBytes = static_cast<unsigned>(Width);
  A.ByteOffset = P.ByteOffset;
  A.Predicate = conjunction();
  A.Symbols = State.Symbols;
  A.Notes = State.Notes;
  // Notes about symbols, only where this access depends on them.
  std::set<std::string> Used;
  auto Collect = [&](const std::string &N) { Used.insert(N); };
  P.ByteOffset->forEachSymbol(Collect);
  if (A.Predicate)
    A.Predicate->forEachSymbol(Collect);
  for (const std::string &N : Used) {
    auto It = State.Symbols.find(N);
    if (It != State.Symbols.end() && !It->second.Note.empty())
      A.Notes.push_back(It->second.Note);
  }
  A.CallChain = State.CallChain;
  A.LoopDepth = State.LoopDepth;
  A.Track = P.Track;
  Accesses.push_back(std::move(A));
}

void KernelWalker::walkKernel(const FunctionDecl *K) {
  State = WalkState();
  for (const ParmVarDecl *P : K->parameters()) {
    QualType T = P->getType();
    if (T->isIntegralOrEnumerationType())
      State.Env[P].Int = Translator.uniformSymbol(
          P->getNameAsString(), "kernel argument '" + P->getNameAsString() + "'",
          Translator.intTypeOf(T), P->getLocation());
    else
      State.Env[P] = SymValue{};
  }
  if (const Stmt *Body = K->getBody())
    walkStmt(Body);
}

void KernelWalker::walkDecl(const VarDecl *VD) {
  if (VD->hasAttr<CUDASharedAttr>()) {
    Declared.push_back(VD);
    return;
  }
  if (VD->isStaticLocal())
    return;
  const Expr *Init = VD->getInit();
  QualType T = VD->getType();
  SymValue V;
  if (T->isReferenceType()) {
    if (Init) {
      V.Ptr = Translator.translateLValue(Init);
      if (!V.Ptr.valid() && T.getNonReferenceType()->isIntegralOrEnumerationType())
        V.Int = Translator.translateInt(Init);
      else if (!V.Ptr.valid())
        Translator.evaluateForEffects(Init);
    }
  } else if (T->isPointerType()) {
    if (Init)
      V.Ptr = Translator.translatePointer(Init);
  } else if (T->isIntegralOrEnumerationType()) {
    V.Int = Init ? LaneExpr::cast(Translator.translateInt(Init),
                                  Translator.intTypeOf(T))
                 : LaneExpr::unknown("'" + VD->getNameAsString() +
                                     "' is not initialised");
    V.Ptr = Init ? Translator.translateSharedAddress(Init) : SharedPointer();
  } else if (Init) {
    Translator.evaluateForEffects(Init);
  }
  State.Env[VD] = V;
}

void KernelWalker::walkStmt(const Stmt *S) {
  if (!S || State.Dead)
    return;
  if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : CS->body())
      walkStmt(Child);
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        walkDecl(VD);
    return;
  }
  if (const auto *If = dyn_cast<IfStmt>(S))
    return walkIf(If);
  if (const auto *For = dyn_cast<ForStmt>(S))
    return walkFor(For);
  if (const auto *While = dyn_cast<WhileStmt>(S)) {
    size_t Mark = State.Predicates.size();
    havocLoopVariables(While->getBody(), While, nullptr);
    if (const Expr *Cond = While->getCond())
      addPredicate(Translator.translateInt(Cond), Cond, /*NoteIfDropped=*/false);
    walkLoopBody(While->getBody(), While, nullptr);
    State.Predicates.resize(Mark);
    return;
  }
  if (const auto *Do = dyn_cast<DoStmt>(S)) {
    havocLoopVariables(Do->getBody(), Do, nullptr);
    walkLoopBody(Do->getBody(), Do, nullptr);
    Translator.evaluateForEffects(Do->getCond());
    return;
  }
  if (const auto *RF = dyn_cast<CXXForRangeStmt>(S)) {
    walkStmt(RF->getLoopVarStmt());
    havocLoopVariables(RF->getBody(), RF, nullptr);
    walkLoopBody(RF->getBody(), RF, nullptr);
    return;
  }
  if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
    if (const Expr *V = Ret->getRetValue()) {
      if (V->getType()->isIntegralOrEnumerationType() && !ReturnValues.empty()) {
        ExprRef R = Translator.translateInt(V);
        ExprRef C = conjunction();
        // Several returns under different guards: the later one applies
        // where the earlier guard did not hold.
        ExprRef &Slot = ReturnValues.back();
        Slot = Slot && C ? LaneExpr::select(C, R, Slot, R->Ty) : R;
      } else {
        Translator.evaluateForEffects(V);
      }
    }
    State.Dead = true;
    return;
  }
  if (const auto *E = dyn_cast<Expr>(S)) {
    Translator.evaluateForEffects(E);
    return;
  }
  if (const auto *Asm = dyn_cast<GCCAsmStmt>(S))
    return walkInlineAsm(Asm);
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S))
    return;
  for (const Stmt *Child : S->children())
    walkStmt(Child);
}

void KernelWalker::walkIf(const IfStmt *If) {
  walkStmt(If->getInit());
  if (const DeclStmt *CV = If->getConditionVariableDeclStmt())
    walkStmt(CV);
  const Expr *Cond = If->getCond();
  ExprRef C;
  if (Cond->getType()->isIntegralOrEnumerationType())
    C = Translator.translateInt(Cond);
  else {
    Translator.evaluateForEffects(Cond);
    C = LaneExpr::unknown("a non-integer condition", IntType::boolean());
  }
  if (C->isConstant()) {
    walkStmt(C->Value ? If->getThen() : If->getElse());
    return;
  }
  size_t Mark = State.Predicates.size();
  size_t NoteMark = State.Notes.size();
  auto Before = State.Env;

  addPredicate(C, Cond);
  walkStmt(If->getThen());
  auto ThenEnv = std::move(State.Env);
  bool ThenDead = State.Dead;
  State.Predicates.resize(Mark);
  State.Notes.resize(NoteMark);
  State.Dead = false;

  State.Env = Before;
  ExprRef NotC = LaneExpr::unary(UnaryOp::LogicalNot, C, IntType::boolean());
  if (If->getElse()) {
    addPredicate(NotC, Cond);
    walkStmt(If->getElse());
    State.Predicates.resize(Mark);
    State.Notes.resize(NoteMark);
  }
  bool ElseDead = State.Dead;
  State.Dead = false;

  // Join: a variable assigned on one side takes either value, per lane.
  for (auto &[D, ElseV] : State.Env) {
    auto It = ThenEnv.find(D);
    if (It == ThenEnv.end())
      continue;
    const SymValue &ThenV = It->second;
    if (ThenDead)
      continue; // only the else side reaches here
    if (ElseDead) {
      ElseV = ThenV;
      continue;
    }
    if (ThenV.Int != ElseV.Int && ThenV.Int && ElseV.Int)
      ElseV.Int = LaneExpr::select(C, ThenV.Int, ElseV.Int, ElseV.Int->Ty);
    if (ThenV.Ptr.ByteOffset != ElseV.Ptr.ByteOffset) {
      if (ThenV.Ptr.Array == ElseV.Ptr.Array && ThenV.Ptr.valid()) {
        ElseV.Ptr.ByteOffset = LaneExpr::select(C, ThenV.Ptr.ByteOffset,
                                                ElseV.Ptr.ByteOffset,
                                                IntType::i64());
        ElseV.Ptr.Track.invalidate("a pointer assigned differently on two "
                                   "branches");
      } else
        ElseV.Ptr = SharedPointer();
    }
  }
  if (ThenDead && ElseDead)
    State.Dead = true;
  else if (ThenDead)
    addPredicate(NotC, Cond); // `if (tid >= n) return;` guards the rest
  else if (ElseDead)
    addPredicate(C, Cond);
}

namespace {
/// The variable a loop increment steps, and how.
struct LoopStep {
  const VarDecl *Var = nullptr;
  const Expr *Amount = nullptr; ///< for += / -=; null for ++ / --
  bool Additive = false;
  bool Negative = false;
};

LoopStep analyzeIncrement(const Expr *Inc) {
  LoopStep S;
  if (!Inc)
    return S;
  Inc = Inc->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc)) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens())) {
      S.Var = dyn_cast<VarDecl>(DRE->getDecl());
      S.Additive = UO->isIncrementDecrementOp();
      S.Negative = UO->isDecrementOp();
    }
  } else if (const auto *BO = dyn_cast<BinaryOperator>(Inc)) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens())) {
      S.Var = dyn_cast<VarDecl>(DRE->getDecl());
      if (BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign) {
        S.Additive = true;
        S.Negative = BO->getOpcode() == BO_SubAssign;
        S.Amount = BO->getRHS();
      }
    }
  }
  return S;
}

/// Local variables assigned (=, op=, ++, --) anywhere below S.
void collectAssigned(const Stmt *S, std::vector<const VarDecl *> &Out,
                     std::vector<bool> &AdditiveOnly) {
  if (!S)
    return;
  auto Note = [&](const Expr *LHS, bool Additive) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        for (size_t I = 0; I < Out.size(); ++I)
          if (Out[I] == VD) {
            AdditiveOnly[I] = AdditiveOnly[I] && Additive;
            return;
          }
        Out.push_back(VD);
        AdditiveOnly.push_back(Additive);
      }
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp())
      Note(BO->getLHS(), BO->getOpcode() == BO_AddAssign ||
                             BO->getOpcode() == BO_SubAssign);
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp())
      Note(UO->getSubExpr(), true);
  }
  for (const Stmt *C : S->children())
    collectAssigned(C, Out, AdditiveOnly);
}
} // namespace

void KernelWalker::havocLoopVariables(const Stmt *Body, const Stmt *Loop,
                                      const VarDecl *Counter) {
  std::vector<const VarDecl *> Vars;
  std::vector<bool> Additive;
  collectAssigned(Body, Vars, Additive);
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    collectAssigned(For->getInc(), Vars, Additive);
  for (size_t I = 0; I < Vars.size(); ++I) {
    const VarDecl *VD = Vars[I];
    if (VD == Counter)
      continue;
    auto It = State.Env.find(VD);
    if (It == State.Env.end())
      continue; // declared inside the loop
    SymValue &V = It->second;
    std::string Name = VD->getNameAsString() + "@" +
                       locString(Loop->getBeginLoc());
    std::string Desc = "the value of '" + VD->getNameAsString() +
                       "' in the loop at " + locString(Loop->getBeginLoc());
    if (V.Ptr.valid()) {
      if (Additive[I]) {
        ExprRef Sym = Translator.uniformSymbol(Name, Desc, IntType::i64(),
                                               VD->getLocation());
        V.Ptr.ByteOffset = LaneExpr::add(V.Ptr.ByteOffset, Sym);
        V.Ptr.Track.invalidate("a pointer advanced inside a loop");
      } else {
        V.Ptr = SharedPointer();
      }
      continue;
    }
    if (!V.Int)
      continue;
    IntType T = V.Int->Ty;
    if (V.Int->isUniform())
      V.Int = Translator.uniformSymbol(Name, Desc, T, VD->getLocation());
    else if (Additive[I])
      V.Int = LaneExpr::binary(BinaryOp::Add, V.Int,
                               Translator.uniformSymbol(Name, Desc, T,
                                                        VD->getLocation()),
                               T);
    else
      V.Int = LaneExpr::unknown("'" + VD->getNameAsString() +
                                    "' changes per iteration in a way the "
                                    "tool does not follow",
                                T);
  }
}

void KernelWalker::walkLoopBody(const Stmt *Body, const Stmt *Loop,
                                const VarDecl *Counter) {
  size_t Mark = State.Predicates.size();
  size_t NoteMark = State.Notes.size();
  ++State.LoopDepth;
  walkStmt(Body);
  --State.LoopDepth;
  State.Predicates.resize(Mark);
  State.Notes.resize(NoteMark);
  State.Dead = false;
}

void KernelWalker::walkFor(const ForStmt *For) {
  walkStmt(For->getInit());
  size_t Mark = State.Predicates.size();
  size_t NoteMark = State.Notes.size();
  LoopStep Step = analyzeIncrement(For->getInc());
  const VarDecl *Counter = Step.Var;
  auto CounterIt = Counter ? State.Env.find(Counter) : State.Env.end();
  if (!Counter || CounterIt == State.Env.end() || !CounterIt->second.Int) {
    havocLoopVariables(For->getBody(), For, nullptr);
    if (const Expr *Cond = For->getCond())
      Translator.evaluateForEffects(Cond);
    walkLoopBody(For->getBody(), For, nullptr);
    return;
  }
  ExprRef Start = CounterIt->second.Int;
  IntType T = Start->Ty;
  std::string Line = locString(For->getBeginLoc());

  if (Start->isUniform()) {
    // Enumerate the counter's values by running the loop header.
    std::vector<int64_t> Vals;
    bool Ok = true, BoundKnown = true;
    Translator.setQuiet(true);
    std::optional<int64_t> V = evalUniform(Start);
    Ok = V.has_value();
    const unsigned UnknownBoundIterations = 16;
    while (Ok && Vals.size() < Config.MaxLoopIterations) {
      State.Env[Counter].Int = LaneExpr::constant(*V, T);
      if (const Expr *Cond = For->getCond()) {
        std::optional<int64_t> C = evalUniform(Translator.translateInt(Cond));
        if (!C) {
          BoundKnown = false;
          if (Vals.size() >= UnknownBoundIterations)
            break;
        } else if (!*C) {
          break;
        }
      }
      Vals.push_back(*V);
      Translator.evaluateForEffects(For->getInc());
      V = evalUniform(State.Env[Counter].Int);
      Ok = V.has_value();
    }
    Translator.setQuiet(false);
    if (Ok || !Vals.empty()) {
      if (Vals.empty()) {
        State.Env[Counter].Int = Start;
        return; // the body never runs
      }
      std::string Name = Counter->getNameAsString();
      if (State.Symbols.count(Name))
        Name += "@" + Line;
      SymbolInfo &Info = State.Symbols[Name];
      Info.Dom = SymbolInfo::Values;
      Info.Vals = Vals;
      Info.IsLoopCounter = true;
      Info.Description = "loop counter '" + Counter->getNameAsString() + "'";
      if (!BoundKnown)
        Info.Note = "the bound of the loop at " + Line +
                    " is not known: its first " + std::to_string(Vals.size()) +
                    " iterations were analysed";
      State.Env[Counter].Int = LaneExpr::symbol(Name, T);
      havocLoopVariables(For->getBody(), For, Counter);
      walkLoopBody(For->getBody(), For, Counter);
      State.Notes.resize(NoteMark);
      return;
    }
    State.Env[Counter].Int = Start;
  }

  // A lane-dependent start (i = tid; i += blockDim.x): i = start + k * step
  // with k the iteration, the same for the whole wave.
  ExprRef Amount = Step.Amount ? Translator.translateInt(Step.Amount)
                               : LaneExpr::constant(1, T);
  if (Step.Additive && Amount->isUniform()) {
    std::string Name = "iteration@" + Line;
    SymbolInfo &Info = State.Symbols[Name];
    Info.Dom = SymbolInfo::Values;
    Info.Vals = {0, 1, 2, 3};
    Info.IsLoopCounter = true;
    Info.Description = "iteration of the loop at " + Line;
    ExprRef K = LaneExpr::symbol(Name, T);
    ExprRef Delta = LaneExpr::binary(BinaryOp::Mul, K, LaneExpr::cast(Amount, T), T);
    State.Env[Counter].Int = LaneExpr::binary(
        Step.Negative ? BinaryOp::Sub : BinaryOp::Add, Start, Delta, T);
    // A loop condition that depends on a kernel argument (i < n) is
    // assumed to hold: that is the steady state of a grid-stride loop.
    if (const Expr *Cond = For->getCond())
      addPredicate(Translator.translateInt(Cond), Cond, /*NoteIfDropped=*/false);
  } else {
    State.Env[Counter].Int = LaneExpr::unknown(
        "loop counter '" + Counter->getNameAsString() +
            "' changes in a way the tool does not follow",
        T);
  }
  havocLoopVariables(For->getBody(), For, Counter);
  walkLoopBody(For->getBody(), For, Counter);
  State.Predicates.resize(Mark);
  State.Notes.resize(NoteMark);
}

static bool isAtomicName(StringRef N) {
  return N.starts_with("atomic") || N.starts_with("__hip_atomic") ||
         N.starts_with("__atomic") || N.starts_with("__builtin_amdgcn_ds_") ||
         N.starts_with("__nvvm_atom") || N.starts_with("unsafeAtomic") ||
         N.starts_with("safeAtomic");
}

ExprRef KernelWalker::onCall(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  const SourceManager &SM = Ctx.getSourceManager();

  // Assignment operators of class types (HIP's float4): a store, and a load
  // of the right-hand side when it is shared.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE)) {
    OverloadedOperatorKind Op = OC->getOperator();
    if (OC->isAssignmentOp() && OC->getNumArgs() == 2) {
      const Expr *L = OC->getArg(0)->IgnoreParens();
      SharedPointer P = Translator.translateLValue(L);
      if (Op != OO_Equal && P.valid())
        onAccess(L, P, AccessKind::Load, L->getType());
      const Expr *R = OC->getArg(1)->IgnoreParenImpCasts();
      SharedPointer RP = R->isGLValue() ? Translator.translateLValue(R) : SharedPointer();
      if (RP.valid())
        onAccess(R, RP, AccessKind::Load, R->getType());
      else
        Translator.evaluateForEffects(OC->getArg(1));
      if (P.valid())
        onAccess(L, P, AccessKind::Store, L->getType());
      return nullptr;
    }
  }

  if (FD && FD->getIdentifier() && isAtomicName(FD->getName()) &&
      CE->getNumArgs() >= 1 && CE->getArg(0)->getType()->isPointerType()) {
    const Expr *PtrArg = CE->getArg(0);
    SharedPointer P = Translator.translatePointer(PtrArg);
    for (unsigned I = 1; I < CE->getNumArgs(); ++I)
      Translator.evaluateForEffects(CE->getArg(I));
    const Expr *Where = PtrArg->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(Where))
      if (UO->getOpcode() == UO_AddrOf)
        Where = UO->getSubExpr()->IgnoreParens();
    if (P.valid())
      onAccess(Where, P, AccessKind::Atomic, PtrArg->getType()->getPointeeType());
    return LaneExpr::unknown("result of an atomic");
  }

  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  if (Def && Def->hasBody() && !SM.isInSystemHeader(Def->getLocation()) &&
      State.CallDepth < 8)
    return followCall(CE, Def);

  // A call the tool does not follow: evaluate the arguments; a shared
  // pointer passed to it escapes (the fix planner must not rewrite it).
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    const Expr *A = CE->getArg(I);
    if (A->getType()->isPointerType()) {
      SharedPointer P = Translator.translatePointer(A);
      if (P.valid() && !(FD && FD->getBuiltinID()))
        Escapes.push_back({P.Array, CE});
      continue;
    }
    const Expr *L = A->IgnoreParenImpCasts();
    if (A->isGLValue() && L->getType()->isRecordType()) {
      SharedPointer P = Translator.translateLValue(L);
      if (P.valid()) {
        onAccess(L, P, AccessKind::Load, L->getType());
        continue;
      }
    }
    Translator.evaluateForEffects(A);
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(CE))
    Translator.evaluateForEffects(MC->getImplicitObjectArgument());
  return nullptr;
}

ExprRef KernelWalker::followCall(const CallExpr *CE, const FunctionDecl *FD) {
  // Bind parameters to the actual arguments, evaluated in the caller.
  std::vector<std::pair<const ParmVarDecl *, SymValue>> Bound;
  unsigned N = std::min<unsigned>(CE->getNumArgs(), FD->getNumParams());
  unsigned ArgOffset = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(FD) ? 1 : 0;
  for (unsigned I = 0; I + ArgOffset < CE->getNumArgs() && I < FD->getNumParams(); ++I) {
    const ParmVarDecl *P = FD->getParamDecl(I);
    const Expr *A = CE->getArg(I + ArgOffset);
    QualType T = P->getType();
    SymValue V;
    if (T->isReferenceType()) {
      V.Ptr = Translator.translateLValue(A);
      if (!V.Ptr.valid()) {
        if (T.getNonReferenceType()->isIntegralOrEnumerationType())
          V.Int = Translator.translateInt(A);
        else
          Translator.evaluateForEffects(A);
      }
    } else if (T->isPointerType()) {
      V.Ptr = Translator.translatePointer(A);
    } else if (T->isIntegralOrEnumerationType()) {
      V.Int = LaneExpr::cast(Translator.translateInt(A), Translator.intTypeOf(T));
      V.Ptr = Translator.translateSharedAddress(A);
    } else {
      // By-value class arguments copied from shared memory are loads.
      const Expr *L = A->IgnoreParenImpCasts();
      if (const auto *CCE = dyn_cast<CXXConstructExpr>(L))
        if (CCE->getNumArgs() == 1)
          L = CCE->getArg(0)->IgnoreParenImpCasts();
      SharedPointer SP = L->isGLValue() ? Translator.translateLValue(L) : SharedPointer();
      if (SP.valid())
        onAccess(L, SP, AccessKind::Load, L->getType());
      else
        Translator.evaluateForEffects(A);
    }
    Bound.push_back({P, V});
  }
  (void)N;
  for (auto &[P, V] : Bound)
    State.Env[P] = V;

  bool SavedDead = State.Dead;
  size_t Mark = State.Predicates.size();
  State.CallChain.push_back(CE->getBeginLoc());
  ++State.CallDepth;
  ReturnValues.push_back(nullptr);
  walkStmt(FD->getBody());
  ExprRef Result = ReturnValues.back();
  ReturnValues.pop_back();
  --State.CallDepth;
  State.CallChain.pop_back();
  State.Predicates.resize(Mark);
  State.Dead = SavedDead;
  return Result;
}

} // namespace lds
