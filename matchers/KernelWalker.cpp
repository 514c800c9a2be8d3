//===- KernelWalker.cpp - Symbolic walk of a kernel body ------------------===//

#include "matchers/KernelWalker.h"
#include "matchers/WrittenVariables.h"

#include "matchers/IterationMerge.h"

#include "analysis/LaneEvaluator.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace clang;

namespace lds {

namespace {
/// A loop is unrolled for at most this many iterations, and all unrolled
/// loops of a kernel together walk at most MaxUnrolledBodies bodies; beyond
/// that the loop's variables are havocked (unknown, or sampled if uniform).
constexpr unsigned MaxUnrolledIterations = 512;
constexpr unsigned MaxUnrolledBodies = 4096;
} // namespace

KernelWalker::KernelWalker(ASTContext &Ctx, const WalkConfig &Config)
    : Ctx(Ctx), Config(Config), Translator(Ctx, State, Config) {
  Translator.setAccessSink(
      [this](const Expr *E, SharedPointer P, AccessKind K, QualType T) { onAccess(E, P, K, T); });
  Translator.setOtherMemorySink(
      [this](const Expr *E, AccessKind K, QualType T) { onOtherMemory(E, K, T); });
  Translator.setCallHandler([this](const CallExpr *CE) { return onCall(CE); });
  Translator.setPointerCallHandler([this](const CallExpr *CE) { return onPointerCall(CE); });
}

std::string KernelWalker::locString(SourceLocation L) const {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(L));
  if (P.isInvalid())
    return "?";
  return llvm::sys::path::filename(P.getFilename()).str() + ":" + std::to_string(P.getLine());
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
      State.Notes.push_back("guard" + Where + " depends on " + Why + "; " + DroppedGuardNote);
    return;
  }
  // The runtime values the guard reads that nobody gave.
  std::vector<std::string> Free;
  C->forEachSymbol([&](const std::string &Name) {
    auto It = State.Symbols.find(Name);
    bool Known = Config.Assumptions.count(Name) ||
                 (It != State.Symbols.end() && It->second.Dom != SymbolInfo::Free);
    if (!Known && std::find(Free.begin(), Free.end(), Name) == Free.end())
      Free.push_back(Name);
  });
  if (!Free.empty()) {
    // A uniform guard either runs the access for the whole wave or not at
    // all: the cost when it runs does not depend on it.
    if (!C->isUniform() && NoteIfDropped) {
      std::string List, Assume;
      for (size_t I = 0; I < Free.size(); ++I) {
        List += (I ? (I + 1 == Free.size() ? " and " : ", ") : "") + ("'" + Free[I] + "'");
        Assume += (I ? " " : "") + ("--assume " + Free[I] + "=VALUE");
      }
      State.Notes.push_back("guard" + Where + " depends on " + List + "; " + DroppedGuardNote +
                            " (use " + Assume + " to evaluate it)");
    }
    return;
  }
  State.Predicates.push_back(C);
}

void KernelWalker::onAccess(const Expr *E, SharedPointer P, AccessKind K, QualType T) {
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
  UnrollBudget = MaxUnrolledBodies;
  LoopNames.clear();
  UsedLoopNames.clear();
  WrittenInKernel = writtenVariables(K->getBody());
  for (const ParmVarDecl *P : K->parameters()) {
    QualType T = P->getType();
    if (T->isIntegralOrEnumerationType())
      State.Env[P].Int = Translator.uniformSymbol(P->getNameAsString(),
                                                  "kernel argument '" + P->getNameAsString() + "'",
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
    V.Int = Init ? LaneExpr::cast(Translator.translateInt(Init), Translator.intTypeOf(T))
                 : LaneExpr::unknown("'" + VD->getNameAsString() + "' is not initialised");
    V.Ptr = Init ? Translator.translateSharedAddress(Init) : SharedPointer();
  } else if (Init) {
    Translator.evaluateForEffects(Init);
  }
  State.Env[VD] = V;
}

void KernelWalker::returnPointer(SharedPointer P) {
  ReturnedPointer &Slot = ReturnPointers.back();
  if (Slot.Conflicting)
    return;
  if (!Slot.P.valid()) {
    Slot.P = std::move(P);
    return;
  }
  // Several returns: the later one applies where the earlier guard did not
  // hold; into different arrays, the pointer is not followed.
  ExprRef C = conjunction();
  if (!P.valid() || P.Array != Slot.P.Array || !C) {
    Slot.Conflicting = true;
    Slot.P = SharedPointer();
    return;
  }
  Slot.P.ByteOffset = LaneExpr::select(C, P.ByteOffset, Slot.P.ByteOffset, IntType::i64());
  Slot.P.Track.invalidate("a pointer returned differently on two paths");
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
    if (hasCarriedVariables(While->getBody(), While, nullptr) &&
        unrollLoop(While, While->getCond(), While->getBody(), nullptr, nullptr,
                   /*CondFirst=*/true))
      return;
    size_t Mark = State.Predicates.size();
    havocLoopVariables(While->getBody(), While, nullptr);
    if (const Expr *Cond = While->getCond())
      addPredicate(Translator.translateInt(Cond), Cond, /*NoteIfDropped=*/false);
    walkLoopBody(While->getBody(), While, nullptr);
    State.Predicates.resize(Mark);
    return;
  }
  if (const auto *Do = dyn_cast<DoStmt>(S)) {
    if (hasCarriedVariables(Do->getBody(), Do, nullptr) &&
        unrollLoop(Do, Do->getCond(), Do->getBody(), nullptr, nullptr,
                   /*CondFirst=*/false))
      return;
    havocLoopVariables(Do->getBody(), Do, nullptr);
    walkLoopBody(Do->getBody(), Do, nullptr);
    Translator.evaluateForEffects(Do->getCond());
    return;
  }
  if (const auto *RF = dyn_cast<CXXForRangeStmt>(S)) {
    if (unrollRangeFor(RF))
      return;
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
      } else if (V->getType()->isPointerType() && !ReturnPointers.empty()) {
        returnPointer(Translator.translatePointer(V));
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
        ElseV.Ptr.ByteOffset =
            LaneExpr::select(C, ThenV.Ptr.ByteOffset, ElseV.Ptr.ByteOffset, IntType::i64());
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

/// Whether S reads V anywhere.
bool mentions(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (DRE->getDecl() == V)
      return true;
  for (const Stmt *C : S->children())
    if (mentions(C, V))
      return true;
  return false;
}

/// Whether a loop inside Body starts or ends at a value computed from
/// Counter (bitonic sorts' `for (j = k / 2; j > 0; j /= 2)` inside the loop
/// over k): that inner loop's iterations are only known once k is.
bool innerLoopDependsOn(const Stmt *Body, const VarDecl *Counter) {
  if (!Body || !Counter)
    return false;
  if (const auto *For = dyn_cast<ForStmt>(Body))
    if (mentions(For->getInit(), Counter) || mentions(For->getCond(), Counter))
      return true;
  if (const auto *While = dyn_cast<WhileStmt>(Body))
    if (mentions(While->getCond(), Counter))
      return true;
  for (const Stmt *C : Body->children())
    if (innerLoopDependsOn(C, Counter))
      return true;
  return false;
}

/// One assignment (=, op=, ++, --) of a local variable: whether it steps
/// the variable (+=, -=, ++, --) and by what (null for ++ and --).
struct Assignment {
  const VarDecl *Var;
  bool Additive;
  const Expr *Amount; ///< the right-hand side of = and op=, null for ++/--
};

void collectAssignments(const Stmt *S, std::vector<Assignment> &Out) {
  if (!S)
    return;
  auto Note = [&](const Expr *LHS, bool Additive, const Expr *Amount) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        Out.push_back({VD, Additive, Amount});
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp()) {
      bool Step = BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign;
      Note(BO->getLHS(), Step, BO->getRHS());
    }
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp())
      Note(UO->getSubExpr(), true, nullptr);
  }
  for (const Stmt *C : S->children())
    collectAssignments(C, Out);
}

/// Local variables assigned anywhere below Parts, in first-seen order, and
/// whether each is only ever stepped by amounts IsUniform accepts (then it
/// is its entry value plus a uniform amount in every iteration).
void collectAssigned(std::initializer_list<const Stmt *> Parts, std::vector<const VarDecl *> &Out,
                     std::vector<bool> &AdditiveOnly,
                     const std::function<bool(const Expr *, const std::vector<const VarDecl *> &)>
                         &IsUniform = nullptr,
                     std::vector<bool> *UniformOnly = nullptr) {
  std::vector<Assignment> All;
  for (const Stmt *S : Parts)
    collectAssignments(S, All);
  for (const Assignment &A : All)
    if (std::find(Out.begin(), Out.end(), A.Var) == Out.end()) {
      Out.push_back(A.Var);
      AdditiveOnly.push_back(true);
      if (UniformOnly)
        UniformOnly->push_back(true);
    }
  for (const Assignment &A : All) {
    size_t I = std::find(Out.begin(), Out.end(), A.Var) - Out.begin();
    bool Uniform = !A.Amount || !IsUniform || IsUniform(A.Amount, Out);
    AdditiveOnly[I] = AdditiveOnly[I] && A.Additive && Uniform;
    if (UniformOnly)
      (*UniformOnly)[I] = (*UniformOnly)[I] && Uniform;
  }
}
} // namespace

bool KernelWalker::hasCarriedVariables(const Stmt *Body, const Stmt *Loop,
                                       const VarDecl *Counter) const {
  std::vector<const VarDecl *> Vars;
  std::vector<bool> Additive;
  const auto *For = dyn_cast<ForStmt>(Loop);
  collectAssigned({Body, For ? For->getInc() : nullptr}, Vars, Additive);
  const SourceManager &SM = Ctx.getSourceManager();
  SourceRange R = Loop->getSourceRange();
  for (const VarDecl *VD : Vars) {
    if (VD == Counter)
      continue;
    // Declared in the body: a fresh variable each iteration (it may still
    // be in the environment from an earlier walk of the same loop).
    SourceLocation L = SM.getFileLoc(VD->getLocation());
    if (SM.isPointWithin(L, SM.getFileLoc(R.getBegin()), SM.getFileLoc(R.getEnd())))
      continue;
    auto It = State.Env.find(VD);
    if (It != State.Env.end() && (It->second.Int || It->second.Ptr.valid()))
      return true;
  }
  return false;
}

std::string KernelWalker::freeSymbolsOf(const ExprRef &E, std::string *FirstName) const {
  std::vector<std::string> Descriptions;
  if (!E)
    return "";
  E->forEachSymbol([&](const std::string &Name) {
    if (Config.Assumptions.count(Name))
      return;
    auto It = State.Symbols.find(Name);
    if (It != State.Symbols.end() && It->second.Dom == SymbolInfo::Assumed)
      return;
    std::string D = It != State.Symbols.end() && !It->second.Description.empty()
                        ? It->second.Description
                        : "'" + Name + "'";
    bool Counter = It != State.Symbols.end() && It->second.Dom == SymbolInfo::Values;
    if (Counter && !It->second.AssumeHint.empty()) {
      // A counter whose loop could not be walked per iteration: what
      // would let it is the name to give.
      D += " (its loop's bound depends on '" + It->second.AssumeHint + "')";
      if (FirstName && FirstName->empty())
        *FirstName = It->second.AssumeHint;
    }
    if (std::find(Descriptions.begin(), Descriptions.end(), D) != Descriptions.end())
      return;
    // A loop counter has its values; it is no name to give --assume.
    if (FirstName && FirstName->empty() && !Counter)
      *FirstName = Name;
    Descriptions.push_back(D);
  });
  std::string S;
  for (size_t I = 0; I < Descriptions.size(); ++I)
    S += (I ? (I + 1 == Descriptions.size() ? " and " : ", ") : "") + Descriptions[I];
  return S;
}

std::string KernelWalker::loopSymbolName(const Stmt *Loop, const std::string &Base) {
  auto It = LoopNames.find(Loop);
  if (It != LoopNames.end())
    return It->second;
  std::string Name = Base;
  if (State.Symbols.count(Name) || UsedLoopNames.count(Name))
    Name += "@" + locString(Loop->getBeginLoc());
  LoopNames[Loop] = Name;
  UsedLoopNames.insert(Name);
  return Name;
}

bool KernelWalker::unrollLoop(const Stmt *Loop, const Expr *Cond, const Stmt *Body, const Expr *Inc,
                              const VarDecl *Counter, bool CondFirst) {
  const WalkState Saved = State;
  const size_t FirstAccess = Accesses.size(), FirstEscape = Escapes.size();
  auto Fail = [&](const std::string &Why, const std::string &Symbol = "") {
    State = Saved;
    Accesses.resize(FirstAccess);
    Escapes.resize(FirstEscape);
    UnrollFailure = Why;
    UnrollFailureSymbol = Symbol;
    return false;
  };
  // Whether the loop goes on; nullopt (and Fail) if that is not known.
  auto Continues = [&]() -> std::optional<bool> {
    ExprRef C = Translator.translateInt(Cond);
    if (std::optional<int64_t> V = evalUniform(C))
      return *V != 0;
    std::string First;
    std::string Free = C->isUniform() ? freeSymbolsOf(C, &First) : "";
    if (!Free.empty())
      Fail("its condition depends on " + Free, First);
    else
      Fail(C->isUniform() ? "its condition is not known" : "its condition differs between lanes");
    return std::nullopt;
  };

  IntType CounterTy = IntType::i32();
  if (Counter && State.Env[Counter].Int)
    CounterTy = State.Env[Counter].Int->Ty;
  std::vector<std::vector<WalkedAccess>> Iterations;
  std::vector<int64_t> Values;
  for (;;) {
    const size_t Start = Accesses.size();
    if (CondFirst && Cond) {
      std::optional<bool> Go = Continues();
      if (!Go)
        return false;
      if (!*Go) {
        Accesses.resize(Start);
        break;
      }
    }
    if (Values.size() == MaxUnrolledIterations || UnrollBudget == 0)
      return Fail("it runs more than " +
                  std::to_string(std::min<size_t>(Values.size(), MaxUnrolledIterations)) +
                  " iterations");
    --UnrollBudget;
    int64_t V = static_cast<int64_t>(Values.size());
    if (Counter) {
      std::optional<int64_t> C = evalUniform(State.Env[Counter].Int);
      if (!C)
        return Fail("its counter '" + Counter->getNameAsString() + "' is not known");
      V = *C;
      State.Env[Counter].Int = LaneExpr::constant(V, CounterTy);
    }
    Values.push_back(V);
    walkLoopBody(Body, Loop, Counter);
    if (Inc)
      Translator.evaluateForEffects(Inc);
    bool Last = false;
    if (!CondFirst && Cond) {
      std::optional<bool> Go = Continues();
      if (!Go)
        return false;
      Last = !*Go;
    }
    Iterations.emplace_back(Accesses.begin() + Start, Accesses.end());
    Accesses.resize(Start);
    if (Last)
      break;
  }
  mergeUnrolled(Loop, Counter, CounterTy, Values, Iterations);
  return true;
}

void KernelWalker::mergeUnrolled(const Stmt *Loop, const VarDecl *Counter, IntType CounterTy,
                                 const std::vector<int64_t> &Values,
                                 const std::vector<std::vector<WalkedAccess>> &Iterations) {
  if (Values.empty())
    return; // the body never runs
  const std::string Line = locString(Loop->getBeginLoc());
  // The counter names the iterations when its values are distinct;
  // otherwise the iteration number does.
  std::vector<int64_t> Sorted = Values;
  std::sort(Sorted.begin(), Sorted.end());
  bool Distinct = std::adjacent_find(Sorted.begin(), Sorted.end()) == Sorted.end();
  IterationSymbol Sym;
  if (Counter && Distinct) {
    Sym.Name = loopSymbolName(Loop, Counter->getNameAsString());
    Sym.Ty = CounterTy;
    Sym.Values = Values;
    Sym.Info.Description = "loop counter '" + Counter->getNameAsString() + "'";
  } else {
    Sym.Name = loopSymbolName(Loop, "iteration@" + Line);
    Sym.Ty = IntType::i32();
    for (size_t K = 0; K < Values.size(); ++K)
      Sym.Values.push_back(static_cast<int64_t>(K));
    Sym.Info.Description = "iteration of the loop at " + Line;
  }
  Sym.Info.Dom = SymbolInfo::Values;
  Sym.Info.Vals = Sym.Values;
  Sym.Info.IsLoopCounter = true;
  for (WalkedAccess &A : mergeIterations(Iterations, Sym))
    Accesses.push_back(std::move(A));
}

bool KernelWalker::unrollRangeFor(const CXXForRangeStmt *RF) {
  // `for (int stride : {WARP_SIZE, WARP_SIZE / 2})`: a list of constants.
  const Expr *Init = RF->getRangeInit();
  if (!Init)
    return false;
  Init = Init->IgnoreImplicit();
  if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(Init))
    Init = IL->getSubExpr()->IgnoreImplicit();
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(Init))
    Init = MTE->getSubExpr()->IgnoreImplicit();
  const auto *List = dyn_cast<InitListExpr>(Init);
  const VarDecl *Var = RF->getLoopVariable();
  if (!List || !Var || !Var->getType()->isIntegralOrEnumerationType() || List->getNumInits() == 0 ||
      List->getNumInits() > MaxUnrolledIterations || List->getNumInits() > UnrollBudget)
    return false;
  std::vector<int64_t> Values;
  for (const Expr *E : List->inits()) {
    Expr::EvalResult R;
    if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
      return false;
    Values.push_back(R.Val.getInt().getExtValue());
  }
  walkPerValue(RF, RF->getBody(), Var, Translator.intTypeOf(Var->getType()), Values);
  return true;
}

void KernelWalker::walkPerValue(const Stmt *Loop, const Stmt *Body, const VarDecl *Var, IntType T,
                                const std::vector<int64_t> &Values) {
  std::vector<std::vector<WalkedAccess>> Iterations;
  for (int64_t V : Values) {
    UnrollBudget -= std::min(UnrollBudget, 1u);
    const size_t Start = Accesses.size();
    State.Env[Var].Int = LaneExpr::constant(V, T);
    walkLoopBody(Body, Loop, Var);
    Iterations.emplace_back(Accesses.begin() + Start, Accesses.end());
    Accesses.resize(Start);
  }
  mergeUnrolled(Loop, Var, T, Values, Iterations);
}

bool KernelWalker::looksUniform(const Expr *E,
                                const std::vector<const VarDecl *> &AssignedInLoop) const {
  E = E->IgnoreParenImpCasts();
  Expr::EvalResult R;
  if (!E->isValueDependent() && E->getType()->isIntegralOrEnumerationType() &&
      E->EvaluateAsInt(R, Ctx))
    return true;
  unsigned Dim;
  std::string Coord = IndexTranslator::builtinCoordinate(E, Dim);
  if (!Coord.empty())
    return Coord != "threadIdx";
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD)
      return isa<EnumConstantDecl>(DRE->getDecl());
    if (std::find(AssignedInLoop.begin(), AssignedInLoop.end(), VD) != AssignedInLoop.end())
      return false; // its value in a later iteration is not the entry one
    auto It = State.Env.find(VD);
    if (It != State.Env.end())
      return It->second.Int && It->second.Int->isUniform();
    return VD->hasGlobalStorage() && !VD->hasAttr<CUDASharedAttr>();
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && looksUniform(BO->getLHS(), AssignedInLoop) &&
           looksUniform(BO->getRHS(), AssignedInLoop);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return !UO->isIncrementDecrementOp() && UO->getOpcode() != UO_Deref &&
           looksUniform(UO->getSubExpr(), AssignedInLoop);
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return looksUniform(CO->getCond(), AssignedInLoop) &&
           looksUniform(CO->getTrueExpr(), AssignedInLoop) &&
           looksUniform(CO->getFalseExpr(), AssignedInLoop);
  return false; // calls, memory, anything else: maybe per lane
}

void KernelWalker::havocLoopVariables(const Stmt *Body, const Stmt *Loop, const VarDecl *Counter) {
  std::vector<const VarDecl *> Vars;
  std::vector<bool> Additive;
  // A step that differs between lanes (`addr += 64 * (lane & 1)`) is not a
  // uniform shift: only uniform steps keep the additive form.
  auto IsUniform = [this](const Expr *E, const std::vector<const VarDecl *> &In) {
    return looksUniform(E, In);
  };
  std::vector<bool> StaysUniform;
  const auto *For = dyn_cast<ForStmt>(Loop);
  collectAssigned({Body, For ? For->getInc() : nullptr}, Vars, Additive, IsUniform, &StaysUniform);
  for (size_t I = 0; I < Vars.size(); ++I) {
    const VarDecl *VD = Vars[I];
    if (VD == Counter)
      continue;
    auto It = State.Env.find(VD);
    if (It == State.Env.end())
      continue; // declared inside the loop
    SymValue &V = It->second;
    std::string Name = VD->getNameAsString() + "@" + locString(Loop->getBeginLoc());
    std::string Desc = "the value of '" + VD->getNameAsString() + "' in the loop at " +
                       locString(Loop->getBeginLoc());
    if (V.Ptr.valid()) {
      // As for integers: only a step the same for every lane keeps the
      // lanes' relative addresses (`src += stride`); `src += threadIdx.x`
      // moves each lane its own way.
      if (Additive[I] && StaysUniform[I]) {
        ExprRef Sym = Translator.uniformSymbol(Name, Desc, IntType::i64(), VD->getLocation());
        V.Ptr.ByteOffset = LaneExpr::add(V.Ptr.ByteOffset, Sym);
        V.Ptr.Track.invalidate("a pointer advanced inside a loop");
      } else {
        // Still into this array (as far as the tool knows), but where is
        // not known: its accesses are reported unknown, never dropped.
        V.Ptr.ByteOffset = LaneExpr::unknown(carriedReason(VD, Loop), IntType::i64());
        V.Ptr.Track.invalidate("a pointer reassigned inside a loop");
      }
      continue;
    }
    if (!V.Int)
      continue;
    IntType T = V.Int->Ty;
    if (V.Int->isUniform() && StaysUniform[I]) {
      V.Int = Translator.uniformSymbol(Name, Desc, T, VD->getLocation());
      // The value the user can give is what bounds the loop, if known.
      State.Symbols[Name].AssumeHint = UnrollFailureSymbol;
    } else if (Additive[I])
      V.Int = LaneExpr::binary(BinaryOp::Add, V.Int,
                               Translator.uniformSymbol(Name, Desc, T, VD->getLocation()), T);
    else
      V.Int = LaneExpr::unknown(carriedReason(VD, Loop), T);
  }
}

UnknownCause KernelWalker::carriedReason(const VarDecl *VD, const Stmt *Loop) const {
  std::string Why = "'" + VD->getNameAsString() + "' changes in each iteration of the loop at " +
                    locString(Loop->getBeginLoc());
  if (UnrollFailure.empty())
    return plainCause(Why + " in a way the tool does not follow");
  Why += ", which the tool could not unroll: " + UnrollFailure;
  if (!UnrollFailureSymbol.empty())
    return assumeCause(Why, UnrollFailureSymbol);
  return plainCause(Why);
}

void KernelWalker::walkLoopBody(const Stmt *Body, const Stmt *Loop, const VarDecl *Counter) {
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
  bool HasIntCounter = Counter && CounterIt != State.Env.end() && CounterIt->second.Int;
  // Variables carried from one iteration to the next are only exact when
  // every iteration is walked: try that first.
  UnrollFailure.clear();
  UnrollFailureSymbol.clear();
  if ((!HasIntCounter || CounterIt->second.Int->isUniform()) &&
      (hasCarriedVariables(For->getBody(), For, Counter) ||
       innerLoopDependsOn(For->getBody(), HasIntCounter ? Counter : nullptr)) &&
      unrollLoop(For, For->getCond(), For->getBody(), For->getInc(),
                 HasIntCounter ? Counter : nullptr, /*CondFirst=*/true))
    return;
  CounterIt = Counter ? State.Env.find(Counter) : State.Env.end();
  if (!HasIntCounter) {
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
    // Enumerate the counter's values by running the loop header (on a copy
    // of the variables: the increment may step others too).
    const auto EnvBefore = State.Env;
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
    State.Env = EnvBefore;
    if (Ok || !Vals.empty()) {
      if (Vals.empty()) {
        State.Env[Counter].Int = Start;
        return; // the body never runs
      }
      std::string Name = loopSymbolName(For, Counter->getNameAsString());
      SymbolInfo &Info = State.Symbols[Name];
      Info.Dom = SymbolInfo::Values;
      Info.Vals = Vals;
      Info.IsLoopCounter = true;
      Info.Description = "loop counter '" + Counter->getNameAsString() + "'";
      if (!BoundKnown)
        Info.Note = "the bound of the loop at " + Line + " is not known: its first " +
                    std::to_string(Vals.size()) + " iterations were analysed";
      Info.Truncated = !BoundKnown || (Ok && Vals.size() >= Config.MaxLoopIterations);
      // What would let the loop be walked per iteration, for the reasons of
      // what depends on it (argsort's `for (j = k / 2; ...)` inside
      // `for (k = 2; k <= ncols_pad; k *= 2)`).
      Info.AssumeHint = UnrollFailureSymbol;
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
  ExprRef Amount = Step.Amount ? Translator.translateInt(Step.Amount) : LaneExpr::constant(1, T);
  if (Step.Additive && Amount->isUniform()) {
    std::string Name = "iteration@" + Line;
    SymbolInfo &Info = State.Symbols[Name];
    Info.Dom = SymbolInfo::Values;
    Info.Vals = {0, 1, 2, 3};
    Info.CountsIterations = true;
    Info.IsLoopCounter = true;
    Info.Description = "iteration of the loop at " + Line;
    ExprRef K = LaneExpr::symbol(Name, T);
    ExprRef Delta = LaneExpr::binary(BinaryOp::Mul, K, LaneExpr::cast(Amount, T), T);
    State.Env[Counter].Int =
        LaneExpr::binary(Step.Negative ? BinaryOp::Sub : BinaryOp::Add, Start, Delta, T);
    // A loop condition that depends on a kernel argument (i < n) is
    // assumed to hold: that is the steady state of a grid-stride loop.
    if (const Expr *Cond = For->getCond()) {
      ExprRef C = Translator.translateInt(Cond);
      State.Symbols[Name].LoopCondition = C;
      addPredicate(C, Cond, /*NoteIfDropped=*/false);
    }
  } else {
    // Name what the user can give: `stride = N >> 2` with N = 1 << log2N
    // depends on the kernel argument log2N.
    std::string First;
    std::string Free = Start->isUniform() ? freeSymbolsOf(Start, &First) : "";
    std::string Why = "loop counter '" + Counter->getNameAsString() + "'";
    UnknownCause Cause;
    if (Free.empty())
      Cause = plainCause(Why + " changes in a way the tool does not follow");
    else if (First.empty())
      Cause = plainCause(Why + " starts at a value that depends on " + Free);
    else
      Cause = assumeCause(Why + " starts at a value that depends on " + Free, First);
    State.Env[Counter].Int = LaneExpr::unknown(Cause, T);
  }
  havocLoopVariables(For->getBody(), For, Counter);
  walkLoopBody(For->getBody(), For, Counter);
  State.Predicates.resize(Mark);
  State.Notes.resize(NoteMark);
}

static bool isAtomicName(StringRef N) {
  return N.starts_with("atomic") || N.starts_with("__hip_atomic") || N.starts_with("__atomic") ||
         N.starts_with("__builtin_amdgcn_ds_") || N.starts_with("__nvvm_atom") ||
         N.starts_with("unsafeAtomic") || N.starts_with("safeAtomic");
}

ExprRef KernelWalker::onCall(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();

  // Assignment operators of class types (HIP's float4): a store, and a load
  // of the right-hand side when it is shared.
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE)) {
    OverloadedOperatorKind Op = OC->getOperator();
    if (OC->isAssignmentOp() && OC->getNumArgs() == 2) {
      const Expr *L = OC->getArg(0)->IgnoreParens();
      SharedPointer P = Translator.translateLValue(L);
      if (Op != OO_Equal && P.valid())
        onAccess(L, P, AccessKind::Load, L->getType());
      else if (Op != OO_Equal)
        onOtherMemory(L, AccessKind::Load, L->getType());
      const Expr *R = OC->getArg(1)->IgnoreParenImpCasts();
      SharedPointer RP = R->isGLValue() ? Translator.translateLValue(R) : SharedPointer();
      if (RP.valid()) {
        onAccess(R, RP, AccessKind::Load, R->getType());
      } else {
        if (R->isGLValue())
          onOtherMemory(R, AccessKind::Load, R->getType());
        Translator.evaluateForEffects(OC->getArg(1));
      }
      if (P.valid())
        onAccess(L, P, AccessKind::Store, L->getType());
      else
        onOtherMemory(L, AccessKind::Store, L->getType());
      return nullptr;
    }
  }

  if (FD && FD->getIdentifier() && isAtomicName(FD->getName()) && CE->getNumArgs() >= 1 &&
      CE->getArg(0)->getType()->isPointerType()) {
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

  // A launch from device code starts other blocks: not a call within this
  // one (following it would walk the kernel into itself).
  if (isa<CUDAKernelCallExpr>(CE)) {
    for (const Expr *A : CE->arguments())
      Translator.evaluateForEffects(A);
    return nullptr;
  }
  if (const FunctionDecl *Def = followable(CE))
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

const FunctionDecl *KernelWalker::followable(const CallExpr *CE) const {
  const FunctionDecl *FD = CE->getDirectCallee();
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  if (Def && Def->hasBody() && !SM.isInSystemHeader(Def->getLocation()) && State.CallDepth < 8)
    return Def;
  return nullptr;
}

SharedPointer KernelWalker::onPointerCall(const CallExpr *CE) {
  const FunctionDecl *Def = followable(CE);
  if (!Def || isa<CXXOperatorCallExpr>(CE)) {
    onCall(CE); // effects, atomics and escapes of its arguments
    return {};
  }
  followCall(CE, Def);
  return LastReturnedPointer;
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
  ReturnPointers.push_back({});
  walkStmt(FD->getBody());
  ExprRef Result = ReturnValues.back();
  ReturnValues.pop_back();
  LastReturnedPointer = std::move(ReturnPointers.back().P);
  ReturnPointers.pop_back();
  --State.CallDepth;
  State.CallChain.pop_back();
  State.Predicates.resize(Mark);
  State.Dead = SavedDead;
  return Result;
}

} // namespace lds
