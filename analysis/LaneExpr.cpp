//===- LaneExpr.cpp - Builders, constant folding and rendering ------------===//

#include "analysis/LaneExpr.h"
#include "analysis/LaneEvaluator.h"

#include <string>

namespace lds {

namespace {

std::shared_ptr<LaneExpr> makeNode(ExprKind K, IntType T) {
  auto N = std::make_shared<LaneExpr>();
  N->Kind = K;
  N->Ty = T;
  return N;
}

/// Folds a node whose operands are all constants. The evaluator is the one
/// definition of C semantics, so folding cannot disagree with evaluation.
/// Nodes that would fail (division by zero, bad shift) stay unfolded, so the
/// analysis reports the failure when a lane really executes them.
/// Trees (their shared parts counted each time they are reached: that is
/// what evaluating them costs) larger than this become an unknown: a value
/// that grows every iteration of a loop (`a = a + b; b = a + b`) would
/// otherwise grow without bound.
constexpr uint32_t MaxTreeSize = 1u << 15;

ExprRef bounded(std::shared_ptr<LaneExpr> N) {
  uint64_t Size = 1;
  for (const ExprRef &E : {N->A, N->B, N->C})
    if (E)
      Size += E->Size;
  if (Size > MaxTreeSize)
    return LaneExpr::unknown("an index expression too large to evaluate (more "
                             "than " +
                                 std::to_string(MaxTreeSize) + " terms)",
                             N->Ty);
  N->Size = static_cast<uint32_t>(Size);
  return N;
}

ExprRef foldIfConstant(std::shared_ptr<LaneExpr> N) {
  for (const ExprRef &E : {N->A, N->B, N->C})
    if (E && !E->isConstant())
      return bounded(std::move(N));
  LaneEnv Env;
  if (std::optional<int64_t> V = LaneEvaluator::eval(*N, Env))
    return LaneExpr::constant(*V, N->Ty);
  return N;
}

const char *dimName(unsigned Dim) {
  switch (Dim) {
  case 0:
    return "x";
  case 1:
    return "y";
  default:
    return "z";
  }
}

const char *binaryOpSpelling(BinaryOp Op) {
  switch (Op) {
  case BinaryOp::Add:
    return "+";
  case BinaryOp::Sub:
    return "-";
  case BinaryOp::Mul:
    return "*";
  case BinaryOp::Div:
    return "/";
  case BinaryOp::Rem:
    return "%";
  case BinaryOp::Shl:
    return "<<";
  case BinaryOp::Shr:
    return ">>";
  case BinaryOp::And:
    return "&";
  case BinaryOp::Or:
    return "|";
  case BinaryOp::Xor:
    return "^";
  case BinaryOp::LT:
    return "<";
  case BinaryOp::LE:
    return "<=";
  case BinaryOp::GT:
    return ">";
  case BinaryOp::GE:
    return ">=";
  case BinaryOp::EQ:
    return "==";
  case BinaryOp::NE:
    return "!=";
  case BinaryOp::LogicalAnd:
    return "&&";
  case BinaryOp::LogicalOr:
    return "||";
  case BinaryOp::Min:
    return "min";
  case BinaryOp::Max:
    return "max";
  }
  return "?";
}

std::string typeSpelling(IntType T) {
  if (T.Bits == 1 && !T.Signed)
    return "bool";
  std::string Base;
  switch (T.Bits) {
  case 8:
    Base = "char";
    break;
  case 16:
    Base = "short";
    break;
  case 32:
    Base = "int";
    break;
  case 64:
    Base = "long long";
    break;
  default:
    return (T.Signed ? "int" : "uint") + std::to_string(T.Bits) + "_t";
  }
  if (!T.Signed)
    return "unsigned " + Base;
  return T.Bits == 8 ? "signed char" : Base;
}

} // namespace

ExprRef LaneExpr::constant(int64_t V, IntType T) {
  auto N = makeNode(ExprKind::Const, T);
  N->Value = LaneEvaluator::wrap(V, T);
  return N;
}

ExprRef LaneExpr::threadIdx(unsigned Dim) {
  auto N = makeNode(ExprKind::ThreadIdx, IntType::u32());
  N->Dim = Dim;
  return N;
}

ExprRef LaneExpr::blockDim(unsigned Dim) {
  auto N = makeNode(ExprKind::BlockDim, IntType::u32());
  N->Dim = Dim;
  return N;
}

ExprRef LaneExpr::laneId() { return makeNode(ExprKind::LaneId, IntType::u32()); }

// warpSize is an int in both CUDA and HIP.
ExprRef LaneExpr::waveSize() { return makeNode(ExprKind::WaveSize, IntType::i32()); }

ExprRef LaneExpr::symbol(const std::string &Name, IntType T) {
  auto N = makeNode(ExprKind::Symbol, T);
  N->Name = Name;
  return N;
}

ExprRef LaneExpr::unknown(const std::string &Why, IntType T) {
  auto N = makeNode(ExprKind::Unknown, T);
  N->Name = Why;
  return N;
}

ExprRef LaneExpr::unknown(const UnknownCause &Why, IntType T) {
  auto N = makeNode(ExprKind::Unknown, T);
  N->Name = causeText(Why);
  N->Cause = std::make_shared<const UnknownCause>(Why);
  return N;
}

ExprRef LaneExpr::unary(UnaryOp Op, ExprRef A, IntType T) {
  auto N = makeNode(ExprKind::Unary, T);
  N->UOp = Op;
  N->A = std::move(A);
  return foldIfConstant(N);
}

/// x + 0, x - 0, x * 1, x << 0, x >> 0 are x when x already has the type:
/// the front end adds zero offsets everywhere (the start of an array).
static ExprRef identityOperand(BinaryOp Op, const ExprRef &A, const ExprRef &B, IntType T) {
  if (!A || !B)
    return nullptr;
  auto Is = [](const ExprRef &E, int64_t V) { return E->isConstant() && E->Value == V; };
  switch (Op) {
  case BinaryOp::Add:
    if (Is(A, 0) && B->Ty == T)
      return B;
    [[fallthrough]];
  case BinaryOp::Sub:
  case BinaryOp::Shl:
  case BinaryOp::Shr:
    return Is(B, 0) && A->Ty == T ? A : nullptr;
  case BinaryOp::Mul:
    if (Is(A, 1) && B->Ty == T)
      return B;
    return Is(B, 1) && A->Ty == T ? A : nullptr;
  default:
    return nullptr;
  }
}

ExprRef LaneExpr::binary(BinaryOp Op, ExprRef A, ExprRef B, IntType T) {
  if (ExprRef Same = identityOperand(Op, A, B, T))
    return Same;
  auto N = makeNode(ExprKind::Binary, T);
  N->BOp = Op;
  N->A = std::move(A);
  N->B = std::move(B);
  return foldIfConstant(N);
}

ExprRef LaneExpr::select(ExprRef Cond, ExprRef A, ExprRef B, IntType T) {
  // A constant condition picks its branch, whatever the other one is: C
  // never evaluates the branch not taken.
  if (Cond->isConstant())
    return cast(Cond->Value != 0 ? std::move(A) : std::move(B), T);
  auto N = makeNode(ExprKind::Select, T);
  N->A = std::move(Cond);
  N->B = std::move(A);
  N->C = std::move(B);
  return bounded(std::move(N));
}

ExprRef LaneExpr::cast(ExprRef A, IntType T) {
  if (A->Ty == T)
    return A;
  auto N = makeNode(ExprKind::Cast, T);
  N->A = std::move(A);
  return foldIfConstant(N);
}

ExprRef LaneExpr::add(ExprRef A, ExprRef B) {
  IntType T = A->Ty;
  return binary(BinaryOp::Add, std::move(A), cast(std::move(B), T), T);
}

ExprRef LaneExpr::mul(ExprRef A, ExprRef B) {
  IntType T = A->Ty;
  return binary(BinaryOp::Mul, std::move(A), cast(std::move(B), T), T);
}

bool LaneExpr::isUniform() const {
  if (Kind == ExprKind::ThreadIdx || Kind == ExprKind::LaneId || Kind == ExprKind::Unknown)
    return false;
  for (const ExprRef &E : {A, B, C})
    if (E && !E->isUniform())
      return false;
  return true;
}

const LaneExpr *LaneExpr::firstUnknown() const {
  if (Kind == ExprKind::Unknown)
    return this;
  for (const ExprRef &E : {A, B, C})
    if (const LaneExpr *U = E ? E->firstUnknown() : nullptr)
      return U;
  return nullptr;
}

bool LaneExpr::findUnknown(std::string &Why) const {
  const LaneExpr *U = firstUnknown();
  if (U)
    Why = U->Name;
  return U != nullptr;
}

bool LaneExpr::findUnknown(UnknownCause &Why) const {
  const LaneExpr *U = firstUnknown();
  if (U)
    Why = U->Cause ? *U->Cause : plainCause(U->Name);
  return U != nullptr;
}

std::string LaneExpr::str() const {
  switch (Kind) {
  case ExprKind::Const:
    if (!Ty.Signed && Ty.Bits == 64)
      return std::to_string(static_cast<uint64_t>(Value));
    return std::to_string(Value);
  case ExprKind::ThreadIdx:
    return std::string("threadIdx.") + dimName(Dim);
  case ExprKind::BlockDim:
    return std::string("blockDim.") + dimName(Dim);
  case ExprKind::LaneId:
    return "__lane_id()";
  case ExprKind::WaveSize:
    return "warpSize";
  case ExprKind::Symbol:
    return Name;
  case ExprKind::Unknown:
    return "unknown(" + Name + ")";
  case ExprKind::Unary: {
    switch (UOp) {
    case UnaryOp::Neg:
      return "-" + A->str();
    case UnaryOp::BitNot:
      return "~" + A->str();
    case UnaryOp::LogicalNot:
      return "!" + A->str();
    case UnaryOp::Ffs:
      return "__ffs(" + A->str() + ")";
    case UnaryOp::Popcount:
      return "__popc(" + A->str() + ")";
    case UnaryOp::Clz:
      return "__clz(" + A->str() + ")";
    case UnaryOp::Ctz:
      return "__builtin_ctz(" + A->str() + ")";
    }
    return "?";
  }
  case ExprKind::Binary:
    if (BOp == BinaryOp::Min || BOp == BinaryOp::Max)
      return std::string(binaryOpSpelling(BOp)) + "(" + A->str() + ", " + B->str() + ")";
    return "(" + A->str() + " " + binaryOpSpelling(BOp) + " " + B->str() + ")";
  case ExprKind::Select:
    return "(" + A->str() + " ? " + B->str() + " : " + C->str() + ")";
  case ExprKind::Cast:
    // Only casts that can change the value are shown: the int <-> unsigned
    // conversions that C inserts everywhere would bury the index in noise.
    if (Ty.Bits < A->Ty.Bits || (Ty.Bits == 1 && !Ty.Signed))
      return "(" + typeSpelling(Ty) + ")" + A->str();
    return A->str();
  }
  return "?";
}

} // namespace lds
