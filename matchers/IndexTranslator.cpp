//===- IndexTranslator.cpp - clang::Expr -> LaneExpr ----------------------===//

#include "matchers/IndexTranslator.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace lds {

bool toBinaryOp(BinaryOperatorKind K, BinaryOp &Out) {
  switch (K) {
  case BO_Add:
  case BO_AddAssign:
    Out = BinaryOp::Add;
    return true;
  case BO_Sub:
  case BO_SubAssign:
    Out = BinaryOp::Sub;
    return true;
  case BO_Mul:
  case BO_MulAssign:
    Out = BinaryOp::Mul;
    return true;
  case BO_Div:
  case BO_DivAssign:
    Out = BinaryOp::Div;
    return true;
  case BO_Rem:
  case BO_RemAssign:
    Out = BinaryOp::Rem;
    return true;
  case BO_Shl:
  case BO_ShlAssign:
    Out = BinaryOp::Shl;
    return true;
  case BO_Shr:
  case BO_ShrAssign:
    Out = BinaryOp::Shr;
    return true;
  case BO_And:
  case BO_AndAssign:
    Out = BinaryOp::And;
    return true;
  case BO_Or:
  case BO_OrAssign:
    Out = BinaryOp::Or;
    return true;
  case BO_Xor:
  case BO_XorAssign:
    Out = BinaryOp::Xor;
    return true;
  case BO_LT:
    Out = BinaryOp::LT;
    return true;
  case BO_LE:
    Out = BinaryOp::LE;
    return true;
  case BO_GT:
    Out = BinaryOp::GT;
    return true;
  case BO_GE:
    Out = BinaryOp::GE;
    return true;
  case BO_EQ:
    Out = BinaryOp::EQ;
    return true;
  case BO_NE:
    Out = BinaryOp::NE;
    return true;
  case BO_LAnd:
    Out = BinaryOp::LogicalAnd;
    return true;
  case BO_LOr:
    Out = BinaryOp::LogicalOr;
    return true;
  default:
    return false;
  }
}

IntType IndexTranslator::intTypeOf(QualType T) const {
  T = T.getCanonicalType();
  if (T->isBooleanType())
    return IntType::boolean();
  if (T->isIntegralOrEnumerationType() && !T->isDependentType())
    return {static_cast<unsigned>(Ctx.getTypeSize(T)), T->isSignedIntegerOrEnumerationType()};
  // Pointers difference and the like: 64-bit signed.
  return IntType::i64();
}

uint64_t IndexTranslator::sizeOf(QualType T) const {
  if (T.isNull() || T->isIncompleteType() || T->isDependentType() || T->isVoidType())
    return 0;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

ExprRef IndexTranslator::unknown(const std::string &Why, const Expr *E) {
  return LaneExpr::unknown(Why, E ? intTypeOf(E->getType()) : IntType::i32());
}

ExprRef IndexTranslator::uniformSymbol(const std::string &Name, const std::string &Description,
                                       IntType T, SourceLocation Loc) {
  auto It = Config.Assumptions.find(Name);
  SymbolInfo &Info = State.Symbols[Name];
  if (Info.Description.empty()) {
    Info.Description = Description;
    if (It != Config.Assumptions.end()) {
      Info.Dom = SymbolInfo::Assumed;
      Info.Vals = {It->second};
    }
  }
  return LaneExpr::symbol(Name, T);
}

ExprRef IndexTranslator::scaleBy(ExprRef Index, uint64_t Bytes) {
  return LaneExpr::binary(BinaryOp::Mul, LaneExpr::cast(Index, IntType::i64()),
                          LaneExpr::constant(Bytes, IntType::i64()), IntType::i64());
}

void IndexTranslator::advance(SharedPointer &P, ExprRef Index, uint64_t PointeeBytes,
                              bool Negative) {
  if (!P.valid())
    return;
  P.ByteOffset = LaneExpr::binary(Negative ? BinaryOp::Sub : BinaryOp::Add, P.ByteOffset,
                                  scaleBy(Index, PointeeBytes), IntType::i64());
  SubscriptTrack &T = P.Track;
  if (!T.Valid)
    return;
  if (T.Index.empty() || T.InnerBytes != 0 || PointeeBytes < T.Units.back() ||
      PointeeBytes % T.Units.back() != 0) {
    T.invalidate("pointer arithmetic that does not follow the array's rows");
    return;
  }
  ExprRef Step = LaneExpr::cast(Index, IntType::i64());
  if (uint64_t Ratio = PointeeBytes / T.Units.back(); Ratio != 1)
    Step = LaneExpr::binary(BinaryOp::Mul, Step, LaneExpr::constant(Ratio, IntType::i64()),
                            IntType::i64());
  T.Index.back() =
      LaneExpr::binary(Negative ? BinaryOp::Sub : BinaryOp::Add,
                       LaneExpr::cast(T.Index.back(), IntType::i64()), Step, IntType::i64());
}

void IndexTranslator::decay(SharedPointer &P, uint64_t ElementBytes) {
  if (!P.valid() || !P.Track.Valid)
    return;
  if (P.Track.InnerBytes != 0) {
    P.Track.invalidate("an array inside an element");
    return;
  }
  P.Track.Index.push_back(LaneExpr::constant(0, IntType::i64()));
  P.Track.Units.push_back(ElementBytes);
}

void IndexTranslator::addInnerBytes(SharedPointer &P, int64_t Bytes) {
  if (!P.valid())
    return;
  P.ByteOffset = LaneExpr::binary(BinaryOp::Add, P.ByteOffset,
                                  LaneExpr::constant(Bytes, IntType::i64()), IntType::i64());
  P.Track.InnerBytes += Bytes;
}

// The builtin coordinate variables. HIP spells threadIdx.x as a member `x`
// with a conversion operator; CUDA as an MS property. Both end in a
// DeclRefExpr to a variable with the builtin's name.
std::string IndexTranslator::builtinCoordinate(const Expr *E, unsigned &Dim) {
  E = E->IgnoreParenImpCasts();
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(E))
    if (isa<CXXConversionDecl>(MCE->getMethodDecl()))
      E = MCE->getImplicitObjectArgument()->IgnoreParenImpCasts();
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E))
    E = POE->getSyntacticForm()->IgnoreParenImpCasts();
  const Expr *Base = nullptr;
  StringRef Member;
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    Base = ME->getBase();
    Member = ME->getMemberDecl()->getName();
  } else if (const auto *PRE = dyn_cast<MSPropertyRefExpr>(E)) {
    Base = PRE->getBaseExpr();
    Member = PRE->getPropertyDecl()->getName();
  } else {
    return "";
  }
  Base = Base->IgnoreParenImpCasts();
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
    Base = OVE->getSourceExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(Base);
  if (!DRE)
    return "";
  StringRef Name = DRE->getDecl()->getName();
  if (Name != "threadIdx" && Name != "blockIdx" && Name != "blockDim" && Name != "gridDim")
    return "";
  if (Member == "x")
    Dim = 0;
  else if (Member == "y")
    Dim = 1;
  else if (Member == "z")
    Dim = 2;
  else
    return "";
  return Name.str();
}

namespace {
/// Whether D lies in namespace cooperative_groups (or one inside it).
bool inCooperativeGroups(const Decl *D) {
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(C))
      if (NS->getName() == "cooperative_groups")
        return true;
  return false;
}
} // namespace

ExprRef IndexTranslator::translateGroupCall(const CallExpr *MC) {
  // `cta.thread_rank()`: a member call, or (CUDA 13, where the ranks are
  // static members) a plain call through a member expression.
  const Expr *Obj = nullptr;
  if (const auto *MCE = dyn_cast<CXXMemberCallExpr>(MC))
    Obj = MCE->getImplicitObjectArgument();
  else if (const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParenImpCasts()))
    Obj = ME->getBase();
  const auto *M = dyn_cast_or_null<CXXMethodDecl>(MC->getDirectCallee());
  if (!M || !M->getIdentifier() || !Obj)
    return nullptr;
  QualType OT = Obj->getType();
  if (OT->isPointerType())
    OT = OT->getPointeeType();
  const CXXRecordDecl *R = OT->getAsCXXRecordDecl();
  if (!R || !inCooperativeGroups(R))
    return nullptr;
  StringRef Method = M->getName();
  IntType T = intTypeOf(MC->getType());
  // The thread's rank in its block, x fastest, as cooperative groups
  // number them.
  auto U = [](ExprRef E) { return LaneExpr::cast(E, IntType::u32()); };
  ExprRef Linear =
      LaneExpr::add(U(LaneExpr::threadIdx(0)),
                    LaneExpr::mul(U(LaneExpr::blockDim(0)),
                                  LaneExpr::add(U(LaneExpr::threadIdx(1)),
                                                LaneExpr::mul(U(LaneExpr::blockDim(1)),
                                                              U(LaneExpr::threadIdx(2))))));
  if (R->getName() == "thread_block") {
    if (Method == "thread_rank")
      return LaneExpr::cast(Linear, T);
    if (Method == "size" || Method == "num_threads")
      return LaneExpr::cast(
          LaneExpr::mul(U(LaneExpr::blockDim(0)),
                        LaneExpr::mul(U(LaneExpr::blockDim(1)), U(LaneExpr::blockDim(2)))),
          T);
    return nullptr;
  }
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(R);
  if (!Spec || Spec->getName() != "thread_block_tile" || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Integral)
    return nullptr;
  int64_t N = Spec->getTemplateArgs()[0].getAsIntegral().getExtValue();
  if (N <= 0)
    return nullptr;
  ExprRef Size = LaneExpr::constant(N, IntType::u32());
  if (Method == "thread_rank")
    return LaneExpr::cast(LaneExpr::binary(BinaryOp::Rem, Linear, Size, IntType::u32()), T);
  if (Method == "meta_group_rank")
    return LaneExpr::cast(LaneExpr::binary(BinaryOp::Div, Linear, Size, IntType::u32()), T);
  if (Method == "size" || Method == "num_threads")
    return LaneExpr::cast(Size, T);
  return nullptr;
}

ExprRef IndexTranslator::translateBuiltinCall(const CallExpr *CE) {
  if (ExprRef G = translateGroupCall(CE))
    return G;
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return nullptr;
  StringRef N = FD->getName();
  auto Arg = [&](unsigned I) { return translateInt(CE->getArg(I)); };
  auto Dim = [&](StringRef Suffix) -> int {
    return Suffix == "x" ? 0 : Suffix == "y" ? 1 : Suffix == "z" ? 2 : -1;
  };
  IntType T = intTypeOf(CE->getType());
  // AMDGPU and NVPTX spellings of the thread coordinates.
  if (N.consume_front("__builtin_amdgcn_workitem_id_") && Dim(N) >= 0)
    return LaneExpr::cast(LaneExpr::threadIdx(Dim(N)), T);
  if (N.consume_front("__builtin_amdgcn_workgroup_size_") && Dim(N) >= 0)
    return LaneExpr::cast(LaneExpr::blockDim(Dim(N)), T);
  if (N.consume_front("__nvvm_read_ptx_sreg_tid_") && Dim(N) >= 0)
    return LaneExpr::cast(LaneExpr::threadIdx(Dim(N)), T);
  if (N.consume_front("__nvvm_read_ptx_sreg_ntid_") && Dim(N) >= 0)
    return LaneExpr::cast(LaneExpr::blockDim(Dim(N)), T);
  N = FD->getName();
  if ((N == "__ockl_get_local_id" || N == "__ockl_get_local_size") && CE->getNumArgs() == 1) {
    Expr::EvalResult R;
    if (CE->getArg(0)->EvaluateAsInt(R, Ctx)) {
      unsigned D = R.Val.getInt().getZExtValue();
      if (D < 3)
        return LaneExpr::cast(
            N == "__ockl_get_local_id" ? LaneExpr::threadIdx(D) : LaneExpr::blockDim(D), T);
    }
  }
  if (N == "__lane_id" || N == "__nvvm_read_ptx_sreg_laneid")
    return LaneExpr::cast(LaneExpr::laneId(), T);
  if ((N == "min" || N == "max" || N == "umin" || N == "umax" || N == "__builtin_elementwise_min" ||
       N == "__builtin_elementwise_max") &&
      CE->getNumArgs() == 2 && CE->getType()->isIntegralOrEnumerationType()) {
    bool Min = N.contains("min");
    return LaneExpr::binary(Min ? BinaryOp::Min : BinaryOp::Max, LaneExpr::cast(Arg(0), T),
                            LaneExpr::cast(Arg(1), T), T);
  }
  // Bit counts: `__ffs(blockDim.x) - 3` sizes a swizzle in rocm-examples'
  // histogram.
  if (CE->getNumArgs() == 1) {
    std::optional<UnaryOp> Op;
    if (N == "__ffs" || N == "__ffsll" || N == "__builtin_ffs" || N == "__builtin_ffsll")
      Op = UnaryOp::Ffs;
    else if (N == "__popc" || N == "__popcll" || N == "__builtin_popcount" ||
             N == "__builtin_popcountll")
      Op = UnaryOp::Popcount;
    else if (N == "__clz" || N == "__clzll" || N == "__builtin_clz" || N == "__builtin_clzll")
      Op = UnaryOp::Clz;
    else if (N == "__builtin_ctz" || N == "__builtin_ctzll")
      Op = UnaryOp::Ctz;
    if (Op) {
      const Expr *A0 = CE->getArg(0)->IgnoreParenImpCasts();
      ExprRef V = translateInt(CE->getArg(0));
      // Count in the argument's declared width, not a promoted one.
      V = LaneExpr::cast(V, intTypeOf(FD->getParamDecl(0)->getType()));
      (void)A0;
      return LaneExpr::unary(*Op, V, T);
    }
  }
  if ((N == "__mul24" || N == "__umul24") && CE->getNumArgs() == 2)
    return LaneExpr::binary(BinaryOp::Mul, LaneExpr::cast(Arg(0), T), LaneExpr::cast(Arg(1), T), T);
  return nullptr;
}

ExprRef IndexTranslator::translateDeclRef(const DeclRefExpr *DRE) {
  const ValueDecl *D = DRE->getDecl();
  IntType T = intTypeOf(DRE->getType());
  if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
    return LaneExpr::constant(EC->getInitVal().getExtValue(), T);
  // warpSize is a constant of the parse, but the analysis asks per target.
  if (D->getName() == "warpSize" && !State.Env.count(D))
    return LaneExpr::cast(LaneExpr::waveSize(), T);
  auto It = State.Env.find(D);
  if (It != State.Env.end()) {
    if (It->second.Int)
      return It->second.Int;
    return unknown("'" + D->getNameAsString() + "' is not an integer the tool follows", DRE);
  }
  if (const auto *VD = dyn_cast<VarDecl>(D)) {
    if (VD->hasGlobalStorage() && !VD->hasAttr<CUDASharedAttr>()) {
      if (VD->getType().isConstQualified() && VD->getInit())
        if (const VarDecl *Def = VD->getDefinition())
          if (Def->getInit())
            return translateInt(Def->getInit());
      return uniformSymbol(VD->getNameAsString(), "global variable '" + VD->getNameAsString() + "'",
                           T, VD->getLocation());
    }
    return unknown("value of '" + VD->getNameAsString() + "' is not known here", DRE);
  }
  return unknown("'" + D->getNameAsString() + "'", DRE);
}

SharedPointer IndexTranslator::boundReference(const DeclRefExpr *DRE) const {
  const ValueDecl *D = DRE->getDecl();
  if (!D->getType()->isReferenceType())
    return {};
  auto It = State.Env.find(D);
  return It == State.Env.end() ? SharedPointer() : It->second.Ptr;
}

ExprRef IndexTranslator::translateIncDec(const UnaryOperator *UO) {
  const Expr *Sub = UO->getSubExpr()->IgnoreParens();
  const auto *DRE = dyn_cast<DeclRefExpr>(Sub);
  if (!DRE || !State.Env.count(DRE->getDecl()) || boundReference(DRE).valid()) {
    // ++s[i] (or ++a with `T &a` bound to s[i]): a load and a store.
    SharedPointer P = translateLValue(Sub);
    record(Sub, P, AccessKind::Load, Sub->getType());
    record(Sub, P, AccessKind::Store, Sub->getType());
    return unknown("value read from memory", UO);
  }
  ExprRef Old = translateInt(UO->getSubExpr());
  IntType T = intTypeOf(UO->getSubExpr()->getType());
  ExprRef New = LaneExpr::binary(UO->isIncrementOp() ? BinaryOp::Add : BinaryOp::Sub, Old,
                                 LaneExpr::constant(1, T), T);
  auto It = State.Env.find(DRE->getDecl());
  if (It != State.Env.end()) {
    if (UO->getSubExpr()->getType()->isPointerType()) {
      // p++ on a shared pointer: step by the pointee size.
      advance(It->second.Ptr, LaneExpr::constant(1, IntType::i64()),
              sizeOf(UO->getSubExpr()->getType()->getPointeeType()), UO->isDecrementOp());
      return Old;
    }
    It->second.Int = New;
  }
  return UO->isPrefix() ? New : Old;
}

ExprRef IndexTranslator::translateAssign(const BinaryOperator *BO) {
  const Expr *LHS = BO->getLHS()->IgnoreParens();
  const auto *DRE = dyn_cast<DeclRefExpr>(LHS);
  QualType LT = LHS->getType();
  if (LT->isPointerType()) {
    SharedPointer P;
    if (BO->getOpcode() == BO_Assign) {
      P = translatePointer(BO->getRHS());
    } else if (BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign) {
      // `src += stride`: the pointer the variable holds (LHS is the
      // variable's lvalue, which translatePointer does not read).
      auto It = DRE ? State.Env.find(DRE->getDecl()) : State.Env.end();
      P = It != State.Env.end() ? It->second.Ptr : translatePointer(LHS);
      ExprRef I = translateInt(BO->getRHS());
      advance(P, I, sizeOf(LT->getPointeeType()), BO->getOpcode() == BO_SubAssign);
    }
    if (DRE)
      State.Env[DRE->getDecl()] = SymValue{nullptr, P};
    return unknown("pointer value", BO);
  }
  if (!DRE || !State.Env.count(DRE->getDecl()) || boundReference(DRE).valid()) {
    // A store to memory (also through a reference bound to shared memory);
    // compound assignments also load.
    SharedPointer P = translateLValue(LHS);
    if (BO->getOpcode() != BO_Assign)
      record(LHS, P, AccessKind::Load, LT);
    ExprRef V;
    if (BO->getRHS()->getType()->isIntegralOrEnumerationType())
      V = translateInt(BO->getRHS());
    else
      evaluateForEffects(BO->getRHS());
    record(LHS, P, AccessKind::Store, LT);
    return V && BO->getOpcode() == BO_Assign ? V : unknown("value in memory", BO);
  }
  if (!LT->isIntegralOrEnumerationType()) {
    evaluateForEffects(BO->getRHS());
    return unknown("not an integer", BO);
  }
  ExprRef Value;
  if (BO->getOpcode() == BO_Assign) {
    Value = LaneExpr::cast(translateInt(BO->getRHS()), intTypeOf(LT));
  } else {
    const auto *CAO = cast<CompoundAssignOperator>(BO);
    BinaryOp Op;
    ExprRef Old = translateInt(LHS);
    ExprRef R = translateInt(BO->getRHS());
    if (!toBinaryOp(BO->getOpcode(), Op) || !LT->isIntegralOrEnumerationType())
      Value = unknown("compound assignment", BO);
    else {
      IntType CT = intTypeOf(CAO->getComputationResultType());
      IntType CL = intTypeOf(CAO->getComputationLHSType());
      Value = LaneExpr::cast(
          LaneExpr::binary(Op, LaneExpr::cast(Old, CL), LaneExpr::cast(R, CT), CT), intTypeOf(LT));
    }
  }
  State.Env[DRE->getDecl()].Ptr = addressAfterAssign(BO);
  State.Env[DRE->getDecl()].Int = Value;
  return Value;
}

void IndexTranslator::evaluateForEffects(const Expr *E) {
  if (!E)
    return;
  E = E->IgnoreParens();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return evaluateForEffects(EWC->getSubExpr());
  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return evaluateForEffects(CE->getSubExpr());
  // `r[u] = helper(...)` binds the helper's result to a temporary: the call
  // inside must still run.
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return evaluateForEffects(MTE->getSubExpr());
  if (const auto *BTE = dyn_cast<CXXBindTemporaryExpr>(E))
    return evaluateForEffects(BTE->getSubExpr());
  QualType T = E->getType();
  if (T->isIntegralOrEnumerationType() && !T->isDependentType()) {
    translateInt(E);
    return;
  }
  if (T->isPointerType()) {
    translatePointer(E);
    return;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp()) {
      translateAssign(BO);
      return;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->isIncrementDecrementOp()) {
      translateIncDec(UO);
      return;
    }
  }
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    if (CE->getCastKind() == CK_LValueToRValue) {
      const Expr *L = CE->getSubExpr()->IgnoreParens();
      record(L, translateLValue(L), AccessKind::Load, L->getType());
      return;
    }
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    if (!translateBuiltinCall(CE) && Calls)
      Calls(CE);
    return;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // Copying a shared struct or vector: float4 v = tile[i].
    for (const Expr *A : CE->arguments()) {
      const Expr *L = A->IgnoreParenImpCasts();
      if (A->isGLValue() && CE->getConstructor()->isCopyOrMoveConstructor()) {
        SharedPointer P = translateLValue(L);
        record(L, P, AccessKind::Load, L->getType());
        if (P.valid())
          continue;
      }
      evaluateForEffects(A);
    }
    return;
  }
  if (E->isGLValue()) {
    // An lvalue in a discarded context (e.g. `s[i];`) is not an access, but
    // its index may have effects.
    translateLValue(E);
    return;
  }
  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      evaluateForEffects(CE);
}

ExprRef IndexTranslator::translateInt(const Expr *E) {
  if (!E)
    return LaneExpr::unknown("missing expression");
  E = E->IgnoreParens();
  IntType T = intTypeOf(E->getType());

  // Constants first: constexpr, template arguments, enums, sizeof, macros
  // that expand to literals. Builtin coordinates are never constant.
  if (!E->isValueDependent() && E->getType()->isIntegralOrEnumerationType() &&
      !E->HasSideEffects(Ctx)) {
    unsigned Dim;
    bool IsWarpSize = false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      IsWarpSize = DRE->getDecl()->getName() == "warpSize";
    Expr::EvalResult R;
    if (!IsWarpSize && builtinCoordinate(E, Dim).empty() &&
        E->EvaluateAsInt(R, Ctx, Expr::SE_NoSideEffects))
      return LaneExpr::constant(R.Val.getInt().getExtValue(), T);
  }

  unsigned Dim = 0;
  std::string Coord = builtinCoordinate(E, Dim);
  if (!Coord.empty()) {
    static const char *Comp[] = {"x", "y", "z"};
    if (Coord == "threadIdx")
      return LaneExpr::cast(LaneExpr::threadIdx(Dim), T);
    if (Coord == "blockDim")
      return LaneExpr::cast(LaneExpr::blockDim(Dim), T);
    std::string Name = Coord + "." + Comp[Dim];
    return uniformSymbol(Name, Name, T, E->getBeginLoc());
  }

  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return translateInt(CE->getSubExpr());
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return translateInt(EWC->getSubExpr());
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return translateInt(MTE->getSubExpr());
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return translateInt(S->getReplacement());

  if (const auto *ICE = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = ICE->getSubExpr();
    switch (ICE->getCastKind()) {
    case CK_LValueToRValue: {
      const Expr *L = Sub->IgnoreParens();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(L)) {
        // Reading through `T &a` bound to shared memory loads it.
        SharedPointer Bound = boundReference(DRE);
        if (Bound.valid()) {
          record(L, Bound, AccessKind::Load, L->getType());
          return unknown("value read from memory", E);
        }
        return translateDeclRef(DRE);
      }
      if (const auto *ME = dyn_cast<MemberExpr>(L)) {
        // A field of a by-value kernel argument (params.stride) is uniform.
        const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
        if (const auto *BD = dyn_cast<DeclRefExpr>(Base))
          if (const auto *PV = dyn_cast<ParmVarDecl>(BD->getDecl()))
            if (!ME->isArrow() && !State.Env.count(PV)) {
              std::string Name =
                  PV->getNameAsString() + "." + ME->getMemberDecl()->getNameAsString();
              return uniformSymbol(Name, "kernel argument '" + Name + "'", T, ME->getBeginLoc());
            }
      }
      // Reading memory: record shared loads, but the value is data.
      record(L, translateLValue(L), AccessKind::Load, L->getType());
      return unknown("value read from memory", E);
    }
    case CK_IntegralCast:
    case CK_NoOp:
    case CK_BooleanToSignedIntegral:
    case CK_IntegralToBoolean:
    case CK_UserDefinedConversion:
    case CK_ConstructorConversion: {
      ExprRef V = translateInt(Sub);
      if (ICE->getCastKind() == CK_IntegralToBoolean)
        return LaneExpr::binary(BinaryOp::NE, V, LaneExpr::constant(0, V->Ty), IntType::boolean());
      return LaneExpr::cast(V, T);
    }
    case CK_FloatingToIntegral:
    case CK_FloatingToBoolean:
      return unknown("floating-point value", E);
    default:
      return unknown(std::string("cast ") + ICE->getCastKindName(), E);
    }
  }

  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      return translateAssign(BO);
    if (BO->getOpcode() == BO_Comma) {
      translateInt(BO->getLHS());
      return translateInt(BO->getRHS());
    }
    BinaryOp Op;
    if (!toBinaryOp(BO->getOpcode(), Op))
      return unknown("operator " + BO->getOpcodeStr().str(), E);
    if (BO->getLHS()->getType()->isPointerType() || BO->getRHS()->getType()->isPointerType())
      return unknown("pointer arithmetic", E);
    ExprRef L = translateInt(BO->getLHS());
    ExprRef R = translateInt(BO->getRHS());
    return LaneExpr::binary(Op, L, R, T);
  }

  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_Minus:
      return LaneExpr::unary(UnaryOp::Neg, translateInt(UO->getSubExpr()), T);
    case UO_Not:
      return LaneExpr::unary(UnaryOp::BitNot, translateInt(UO->getSubExpr()), T);
    case UO_LNot:
      return LaneExpr::unary(UnaryOp::LogicalNot, translateInt(UO->getSubExpr()), T);
    case UO_Plus:
      return translateInt(UO->getSubExpr());
    case UO_PreInc:
    case UO_PreDec:
    case UO_PostInc:
    case UO_PostDec:
      return translateIncDec(UO);
    default:
      return unknown("operator " + UnaryOperator::getOpcodeStr(UO->getOpcode()).str(), E);
    }
  }

  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    ExprRef C = translateInt(CO->getCond());
    if (C->isConstant())
      return translateInt(C->Value ? CO->getTrueExpr() : CO->getFalseExpr());
    ExprRef A = translateInt(CO->getTrueExpr());
    ExprRef B = translateInt(CO->getFalseExpr());
    return LaneExpr::select(C, A, B, T);
  }

  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return translateDeclRef(DRE);

  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    if (ExprRef B = translateBuiltinCall(CE))
      return B;
    if (Calls)
      if (ExprRef V = Calls(CE))
        return LaneExpr::cast(V, T);
    const FunctionDecl *FD = CE->getDirectCallee();
    return unknown("result of a call to '" + (FD ? FD->getNameAsString() : std::string("?")) + "'",
                   E);
  }

  if (const auto *FCE = dyn_cast<CXXFunctionalCastExpr>(E))
    return LaneExpr::cast(translateInt(FCE->getSubExpr()), T);

  return unknown(std::string("unsupported expression (") + E->getStmtClassName() + ")", E);
}

SharedPointer IndexTranslator::translatePointer(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return translatePointer(EWC->getSubExpr());
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_ArrayToPointerDecay: {
      SharedPointer P = translateLValue(CE->getSubExpr());
      decay(P, sizeOf(CE->getType()->getPointeeType()));
      return P;
    }
    case CK_LValueToRValue: {
      const Expr *L = CE->getSubExpr()->IgnoreParens();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(L)) {
        auto It = State.Env.find(DRE->getDecl());
        if (It != State.Env.end())
          return It->second.Ptr;
      }
      // A pointer loaded from memory is not followed.
      record(L, translateLValue(L), AccessKind::Load, L->getType());
      return {};
    }
    case CK_BitCast:
    case CK_NoOp:
    case CK_AddressSpaceConversion:
    case CK_ReinterpretMemberPointer:
    case CK_UserDefinedConversion: // SharedMemory<T>'s `operator T*()`
      return translatePointer(CE->getSubExpr());
    default:
      return {};
    }
  }
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return translatePointer(MTE->getSubExpr());
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_AddrOf)
      return translateLValue(UO->getSubExpr());
    if (UO->isIncrementDecrementOp()) {
      translateIncDec(UO);
      return {};
    }
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp()) {
      translateAssign(BO);
      return translatePointer(BO->getLHS());
    }
    if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) {
      const Expr *PtrE = BO->getLHS(), *IntE = BO->getRHS();
      if (!PtrE->getType()->isPointerType())
        std::swap(PtrE, IntE);
      if (!PtrE->getType()->isPointerType() || IntE->getType()->isPointerType())
        return {};
      SharedPointer P = translatePointer(PtrE);
      ExprRef I = translateInt(IntE);
      advance(P, I, sizeOf(PtrE->getType()->getPointeeType()), BO->getOpcode() == BO_Sub);
      return P;
    }
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    ExprRef C = translateInt(CO->getCond());
    SharedPointer A = translatePointer(CO->getTrueExpr());
    SharedPointer B = translatePointer(CO->getFalseExpr());
    if (C->isConstant())
      return C->Value ? A : B;
    if (A.valid() && B.valid() && A.Array == B.Array) {
      SharedPointer P = A;
      P.ByteOffset = LaneExpr::select(C, A.ByteOffset, B.ByteOffset, IntType::i64());
      P.Track.invalidate("a pointer chosen per lane with ?:");
      return P;
    }
    return {};
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    // A shared array named directly where a pointer is expected.
    return translateLValue(DRE);
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    // Helpers returning the dynamic buffer (`T *smem()`, a conversion
    // operator): the walker follows them and hands back what they return.
    if (PointerCalls)
      return PointerCalls(CE);
    return {};
  }
  return {};
}

SharedPointer IndexTranslator::translateLValue(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return translateLValue(EWC->getSubExpr());
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DRE->getDecl();
    if (const auto *VD = dyn_cast<VarDecl>(D))
      if (VD->hasAttr<CUDASharedAttr>())
        return {VD, LaneExpr::constant(0, IntType::i64()), SubscriptTrack()};
    auto It = State.Env.find(D);
    if (It != State.Env.end() && D->getType()->isReferenceType())
      return It->second.Ptr;
    return {};
  }
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E)) {
    SharedPointer P = translatePointer(ASE->getBase());
    ExprRef I = translateInt(ASE->getIdx());
    advance(P, I, sizeOf(ASE->getType()));
    return P;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return translatePointer(UO->getSubExpr());
    if (UO->isIncrementDecrementOp() && UO->isPrefix())
      return translateLValue(UO->getSubExpr());
    return {};
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    SharedPointer P =
        ME->isArrow() ? translatePointer(ME->getBase()) : translateLValue(ME->getBase());
    if (!P.valid())
      return P;
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD)
      return {};
    const ASTRecordLayout &L = Ctx.getASTRecordLayout(FD->getParent());
    addInnerBytes(P, L.getFieldOffset(FD->getFieldIndex()) / 8);
    return P;
  }
  if (const auto *EV = dyn_cast<ExtVectorElementExpr>(E)) {
    SharedPointer P =
        EV->isArrow() ? translatePointer(EV->getBase()) : translateLValue(EV->getBase());
    llvm::SmallVector<uint32_t, 4> Elts;
    EV->getEncodedElementAccess(Elts);
    if (!P.valid() || Elts.empty())
      return {};
    uint64_t Sz =
        sizeOf(EV->getType()->isVectorType() ? EV->getType()->castAs<VectorType>()->getElementType()
                                             : EV->getType());
    addInnerBytes(P, Elts[0] * Sz);
    return P;
  }
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    // Lvalue casts: reinterpret_cast<float4&>(s[i]), (T&)x, NoOp.
    switch (CE->getCastKind()) {
    case CK_NoOp:
    case CK_LValueBitCast:
    case CK_BitCast:
      return translateLValue(CE->getSubExpr());
    case CK_UncheckedDerivedToBase:
    case CK_DerivedToBase: {
      // HIP's float4 reaches .x through its base HIP_vector_base.
      SharedPointer P = translateLValue(CE->getSubExpr());
      if (!P.valid())
        return P;
      const CXXRecordDecl *Derived = CE->getSubExpr()->getType()->getAsCXXRecordDecl();
      uint64_t Off = 0;
      for (const CXXBaseSpecifier *B : CE->path()) {
        const CXXRecordDecl *Base = B->getType()->getAsCXXRecordDecl();
        if (!Derived || !Base || B->isVirtual())
          return {};
        Off += Ctx.getASTRecordLayout(Derived).getBaseClassOffset(Base).getQuantity();
        Derived = Base;
      }
      addInnerBytes(P, Off);
      return P;
    }
    default:
      return {};
    }
  }
  if (const auto *MTE = dyn_cast<MaterializeTemporaryExpr>(E))
    return translateLValue(MTE->getSubExpr());
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->isAssignmentOp())
      return translateLValue(BO->getLHS());
    if (BO->getOpcode() == BO_Comma) {
      translateInt(BO->getLHS());
      return translateLValue(BO->getRHS());
    }
  }
  return {};
}

} // namespace lds
