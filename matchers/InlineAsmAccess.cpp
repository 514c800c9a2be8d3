//===- InlineAsmAccess.cpp - Shared-memory accesses made by inline PTX ----===//
//
// Three parts: the PTX template reader; IndexTranslator's tracking of
// integers that hold a shared address (__cvta_generic_to_shared and what is
// computed from it); and KernelWalker::walkInlineAsm, which turns an asm
// statement into accesses.
//
// Cost of ldmatrix / stmatrix, measured (test/oracle/ldmatrix): lanes
// 0..8n-1 each supply the address of a 16-byte row; each group of 8 lanes is
// one matrix, served on its own. That is a 16-byte access of those lanes,
// costed by the target's Matrix bank rows.
//
//===----------------------------------------------------------------------===//

#include "matchers/InlineAsmAccess.h"

#include "matchers/IndexTranslator.h"
#include "matchers/KernelWalker.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace lds {

namespace {

/// The instructions of a template: split at ';', newlines and braces, with
/// // comments and a leading @predicate removed.
std::vector<llvm::StringRef> ptxStatements(llvm::StringRef T) {
  std::vector<llvm::StringRef> Out;
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  T.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line = Line.split("//").first;
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    Line.split(Parts, ';');
    for (llvm::StringRef P : Parts) {
      P = P.trim(" \t\r{}");
      if (P.consume_front("@")) // predicate guard: @p / @!p
        P = P.drop_until([](char C) { return C == ' ' || C == '\t'; }).trim();
      if (!P.empty())
        Out.push_back(P);
    }
  }
  return Out;
}

/// "%4", "%[addr]" -> operand number; -1 if it is neither.
int operandNumber(llvm::StringRef &S, llvm::function_ref<int(llvm::StringRef)> NamedOperand) {
  if (!S.consume_front("%"))
    return -1;
  if (S.consume_front("[")) {
    auto [Name, Rest] = S.split(']');
    S = Rest;
    return NamedOperand(Name.trim());
  }
  unsigned N = 0;
  if (S.consumeInteger(10, N))
    return -1;
  return static_cast<int>(N);
}

/// "[%N]", "[%N+16]", "[%[a] - 32]": operand and byte offset.
bool parseAddress(llvm::StringRef Operands, llvm::function_ref<int(llvm::StringRef)> NamedOperand,
                  unsigned &Operand, int64_t &Offset) {
  size_t Open = Operands.find('[');
  size_t Close = Operands.find(']', Open == llvm::StringRef::npos ? 0 : Open);
  if (Open == llvm::StringRef::npos || Close == llvm::StringRef::npos)
    return false;
  llvm::StringRef In = Operands.slice(Open + 1, Close).trim();
  // %[name] has its own brackets: take up to the matching one.
  if (In.starts_with("%[")) {
    Close = Operands.find(']', Operands.find(']', Open + 1) + 1);
    if (Close == llvm::StringRef::npos)
      return false;
    In = Operands.slice(Open + 1, Close).trim();
  }
  int N = operandNumber(In, NamedOperand);
  if (N < 0)
    return false;
  In = In.trim();
  Offset = 0;
  if (!In.empty()) {
    bool Neg = In.front() == '-';
    if (In.front() != '+' && !Neg)
      return false;
    In = In.drop_front().trim();
    int64_t V = 0;
    if (In.getAsInteger(0, V))
      return false;
    Offset = Neg ? -V : V;
  }
  Operand = static_cast<unsigned>(N);
  return true;
}

/// ldmatrix / stmatrix of 8x8 b16 matrices in shared memory; anything else
/// (generic addressing, sm_100's m16n16 b8) is not recognised.
bool parseMatrixOp(llvm::StringRef Stmt, llvm::function_ref<int(llvm::StringRef)> NamedOperand,
                   PtxMatrixOp &Op) {
  size_t Space = Stmt.find_first_of(" \t");
  llvm::StringRef Mnemonic = Stmt.take_front(Space);
  llvm::StringRef Operands = Stmt.drop_front(Mnemonic.size());
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Mnemonic.split(Parts, '.');
  if (Parts.empty() || (Parts[0] != "ldmatrix" && Parts[0] != "stmatrix"))
    return false;
  Op = PtxMatrixOp();
  Op.Store = Parts[0] == "stmatrix";
  Op.Mnemonic = Mnemonic.str();
  bool Shared = false, M8N8 = false, B16 = false, Num = false;
  for (llvm::StringRef P : llvm::ArrayRef(Parts).drop_front()) {
    if (P == "shared" || P == "shared::cta")
      Shared = true;
    else if (P == "m8n8")
      M8N8 = true;
    else if (P == "b16")
      B16 = true;
    else if (P == "trans")
      Op.Trans = true;
    else if (P == "x1" || P == "x2" || P == "x4") {
      Op.Matrices = P[1] - '0';
      Num = true;
    } else if (P != "sync" && P != "aligned")
      return false;
  }
  return Shared && M8N8 && B16 && Num &&
         parseAddress(Operands, NamedOperand, Op.Operand, Op.Offset);
}

bool isAddressConversion(const std::vector<llvm::StringRef> &Stmts) {
  bool Cvta = false;
  for (llvm::StringRef S : Stmts) {
    if (S.contains('['))
      return false;
    if (S.starts_with("cvta.to.shared"))
      Cvta = true;
    else if (!S.starts_with(".reg") && !S.starts_with("cvt.") && !S.starts_with("mov."))
      return false;
  }
  return Cvta;
}

} // namespace

PtxTemplate parsePtxTemplate(llvm::StringRef Template,
                             llvm::function_ref<int(llvm::StringRef)> NamedOperand) {
  PtxTemplate Out;
  std::vector<llvm::StringRef> Stmts = ptxStatements(Template);
  for (llvm::StringRef S : Stmts) {
    PtxMatrixOp Op;
    if (parseMatrixOp(S, NamedOperand, Op))
      Out.MatrixOps.push_back(Op);
    Out.Writes |= S.starts_with("st") || S.starts_with("red.");
    Out.Atomic |= S.starts_with("atom.");
  }
  Out.AddressConversion = isAddressConversion(Stmts);
  if (Stmts.size() == 1) {
    llvm::SmallVector<llvm::StringRef, 4> Tok;
    Stmts[0].split(Tok, ' ', -1, /*KeepEmpty=*/false);
    Out.LaneIdRead =
        Tok.size() == 3 && Tok[0] == "mov.u32" && Tok[1] == "%0," && Tok[2] == "%%laneid";
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// Integers that hold a shared address
//===----------------------------------------------------------------------===//

namespace {
bool isCvtaToShared(const CallExpr *CE) {
  const FunctionDecl *FD = CE->getDirectCallee();
  return FD && FD->getIdentifier() && CE->getNumArgs() == 1 &&
         (FD->getName() == "__cvta_generic_to_shared" ||
          FD->getName() == "__nvvm_cvta_generic_to_shared");
}

/// `return X;` when that is the whole body of FD, else null.
const Expr *singleReturnValue(const FunctionDecl *FD) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body || Body->size() != 1)
    return nullptr;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_front());
  return Ret ? Ret->getRetValue() : nullptr;
}
} // namespace

SharedPointer IndexTranslator::translateSharedAddress(const Expr *E) {
  if (!E || !E->getType()->isIntegralOrEnumerationType())
    return {};
  // Only where the address comes from; the value itself is translated (and
  // its accesses recorded) by translateInt.
  bool WasQuiet = Quiet;
  Quiet = true;
  SharedPointer P = sharedAddressOf(E);
  Quiet = WasQuiet;
  return P;
}

SharedPointer IndexTranslator::sharedAddressOf(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return sharedAddressOf(EWC->getSubExpr());
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = CE->getSubExpr();
    if (CE->getCastKind() == CK_LValueToRValue) {
      const auto *DRE = dyn_cast<DeclRefExpr>(Sub->IgnoreParens());
      auto It = DRE ? State.Env.find(DRE->getDecl()) : State.Env.end();
      if (It == State.Env.end() || DRE->getDecl()->getType()->isReferenceType())
        return {};
      return It->second.Ptr;
    }
    // Narrowing to 32 bits keeps a shared address (the window is < 4 GiB).
    if (Sub->getType()->isIntegralOrEnumerationType())
      return sharedAddressOf(Sub);
    return {};
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    if (isCvtaToShared(CE))
      return translatePointer(CE->getArg(0));
    return addressReturnedBy(CE);
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub)
      return {};
    SharedPointer P = sharedAddressOf(BO->getLHS());
    const Expr *Other = BO->getRHS();
    if (!P.valid() && BO->getOpcode() == BO_Add) {
      P = sharedAddressOf(BO->getRHS());
      Other = BO->getLHS();
    }
    if (P.valid())
      advance(P, translateInt(Other), 1, BO->getOpcode() == BO_Sub);
    return P;
  }
  return {};
}

SharedPointer IndexTranslator::addressReturnedBy(const CallExpr *CE) {
  // The smem_u32addr idiom: a helper whose body is
  // `return __cvta_generic_to_shared(p);`, evaluated with its arguments.
  const FunctionDecl *FD = CE->getDirectCallee();
  const FunctionDecl *Def = FD ? FD->getDefinition() : nullptr;
  const Expr *Ret = Def ? singleReturnValue(Def) : nullptr;
  if (!Ret || State.CallDepth >= 8 || Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return {};
  std::vector<std::pair<const ValueDecl *, std::optional<SymValue>>> Saved;
  std::vector<std::pair<const ValueDecl *, SymValue>> Bound;
  for (unsigned I = 0; I < CE->getNumArgs() && I < Def->getNumParams(); ++I) {
    const ParmVarDecl *Parm = Def->getParamDecl(I);
    QualType T = Parm->getType();
    SymValue V;
    if (T->isPointerType())
      V.Ptr = translatePointer(CE->getArg(I));
    else if (T->isIntegralOrEnumerationType()) {
      V.Int = LaneExpr::cast(translateInt(CE->getArg(I)), intTypeOf(T));
      V.Ptr = sharedAddressOf(CE->getArg(I));
    }
    Bound.push_back({Parm, V});
  }
  for (auto &[D, V] : Bound) {
    auto It = State.Env.find(D);
    Saved.push_back(
        {D, It == State.Env.end() ? std::nullopt : std::optional<SymValue>(It->second)});
    State.Env[D] = V;
  }
  ++State.CallDepth;
  SharedPointer P = sharedAddressOf(Ret);
  --State.CallDepth;
  for (auto &[D, V] : Saved) {
    if (V)
      State.Env[D] = *V;
    else
      State.Env.erase(D);
  }
  return P;
}

SharedPointer IndexTranslator::addressAfterAssign(const BinaryOperator *BO) {
  const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens());
  if (!DRE)
    return {};
  if (BO->getOpcode() == BO_Assign)
    return translateSharedAddress(BO->getRHS());
  if (BO->getOpcode() != BO_AddAssign && BO->getOpcode() != BO_SubAssign)
    return {};
  auto It = State.Env.find(DRE->getDecl());
  if (It == State.Env.end() || !It->second.Ptr.valid())
    return {};
  SharedPointer P = It->second.Ptr;
  bool WasQuiet = Quiet;
  Quiet = true;
  advance(P, translateInt(BO->getRHS()), 1, BO->getOpcode() == BO_SubAssign);
  Quiet = WasQuiet;
  return P;
}

//===----------------------------------------------------------------------===//
// The walker: an asm statement
//===----------------------------------------------------------------------===//

namespace {
bool isMemoryConstraint(llvm::StringRef C) { return C.ltrim("=+&").contains('m'); }
} // namespace

void KernelWalker::recordAsmAccess(const Expr *E, SharedPointer P, AccessKind K, unsigned Width,
                                   bool Matrix, ExprRef LanePredicate) {
  P.Track.invalidate("an address handed to inline assembly");
  size_t Before = Accesses.size();
  onAccess(E, P, K, Ctx.UnsignedCharTy);
  if (Accesses.size() == Before)
    return;
  WalkedAccess &A = Accesses.back();
  A.WidthBytes = Width;
  A.Matrix = Matrix;
  if (LanePredicate)
    A.Predicate = A.Predicate ? LaneExpr::binary(BinaryOp::LogicalAnd, A.Predicate, LanePredicate,
                                                 IntType::boolean())
                              : LanePredicate;
}

void KernelWalker::walkInlineAsm(const GCCAsmStmt *Asm) {
  PtxTemplate Info = parsePtxTemplate(Asm->getAsmString(),
                                      [Asm](llvm::StringRef N) { return Asm->getNamedOperand(N); });
  const unsigned NumOut = Asm->getNumOutputs();
  const unsigned NumOps = NumOut + Asm->getNumInputs();
  // Per operand: the shared address it hands to the asm (a pointer, an
  // integer from __cvta_generic_to_shared, or with "m" the memory itself).
  std::vector<SharedPointer> Addr(NumOps);
  std::vector<bool> IsMemory(NumOps, false);
  std::vector<unsigned> MemoryBytes(NumOps, 4);

  auto AddressOf = [&](unsigned I, const Expr *E, llvm::StringRef C) {
    if (isMemoryConstraint(C)) {
      IsMemory[I] = true;
      Addr[I] = Translator.translateLValue(E);
      if (uint64_t B = Translator.sizeOf(E->getType()))
        MemoryBytes[I] = static_cast<unsigned>(B);
    } else if (E->getType()->isPointerType()) {
      Addr[I] = Translator.translatePointer(E);
      if (uint64_t B = Translator.sizeOf(E->getType()->getPointeeType()))
        MemoryBytes[I] = static_cast<unsigned>(B);
    } else {
      Addr[I] = Translator.translateSharedAddress(E);
    }
  };

  for (unsigned I = NumOut; I < NumOps; ++I) {
    const Expr *E = Asm->getInputExpr(I - NumOut);
    std::string C = Asm->getInputConstraint(I - NumOut);
    if (!isMemoryConstraint(C))
      Translator.evaluateForEffects(E); // loads of "r"(tile[i]) and the like
    AddressOf(I, E, C);
  }
  for (unsigned I = 0; I < NumOut; ++I) {
    const Expr *E = Asm->getOutputExpr(I);
    std::string C = Asm->getOutputConstraint(I);
    if (isMemoryConstraint(C)) {
      AddressOf(I, E, C);
      continue;
    }
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    auto It = DRE ? State.Env.find(DRE->getDecl()) : State.Env.end();
    if (It != State.Env.end() && !DRE->getDecl()->getType()->isReferenceType()) {
      // A local the asm writes: what it holds afterwards.
      SymValue V;
      V.Int = Info.LaneIdRead
                  ? LaneExpr::cast(LaneExpr::laneId(), Translator.intTypeOf(E->getType()))
                  : LaneExpr::unknown("a value written by inline assembly");
      if (Info.AddressConversion && NumOut == 1)
        for (unsigned J = NumOut; J < NumOps; ++J)
          if (Addr[J].valid())
            V.Ptr = Addr[J];
      It->second = V;
      continue;
    }
    // "=r"(tile[i]): the compiler stores the result register.
    SharedPointer P = Translator.translateLValue(E);
    if (P.valid()) {
      if (llvm::StringRef(C).starts_with("+"))
        onAccess(E, P, AccessKind::Load, E->getType());
      onAccess(E, P, AccessKind::Store, E->getType());
    }
  }

  std::vector<bool> Modelled(NumOps, false);
  for (const PtxMatrixOp &Op : Info.MatrixOps) {
    if (Op.Operand >= NumOps || IsMemory[Op.Operand] || !Addr[Op.Operand].valid())
      continue; // not a shared address we know: reported below if it is one
    SharedPointer P = Addr[Op.Operand];
    if (Op.Offset)
      Translator.advance(P, LaneExpr::constant(Op.Offset, IntType::i64()), 1);
    // Lanes 8n..31 give no address (measured: their addresses do not count).
    ExprRef Lanes = LaneExpr::binary(BinaryOp::LT, LaneExpr::laneId(),
                                     LaneExpr::constant(8 * Op.Matrices), IntType::boolean());
    const Expr *E = Op.Operand < NumOut ? Asm->getOutputExpr(Op.Operand)
                                        : Asm->getInputExpr(Op.Operand - NumOut);
    recordAsmAccess(E, P, Op.Store ? AccessKind::Store : AccessKind::Load, 16,
                    /*Matrix=*/true, Lanes);
    Modelled[Op.Operand] = true;
  }
  if (Info.AddressConversion)
    return; // cvta.to.shared touches no memory

  // Any other shared address the asm receives: an access of unknown cost.
  for (unsigned I = 0; I < NumOps; ++I) {
    if (Modelled[I] || !Addr[I].valid())
      continue;
    SharedPointer P = Addr[I];
    P.ByteOffset = LaneExpr::unknown("inline assembly", IntType::i64());
    const Expr *E = I < NumOut ? Asm->getOutputExpr(I) : Asm->getInputExpr(I - NumOut);
    AccessKind K = Info.Atomic                 ? AccessKind::Atomic
                   : Info.Writes || I < NumOut ? AccessKind::Store
                                               : AccessKind::Load;
    recordAsmAccess(E, P, K, MemoryBytes[I], /*Matrix=*/false, nullptr);
  }
}

} // namespace lds
