//===- IndexTranslator.h - clang::Expr -> LaneExpr ------------------------===//
//
// Turns the integer expressions that index shared memory into LaneExprs, and
// pointer expressions that point into shared memory into (array, byte
// offset). Thread ids become ThreadIdx leaves; constants, constexpr values,
// template arguments, enums and sizeof are folded by Clang's constant
// evaluator; local variables are read from the WalkState; kernel arguments
// and blockIdx become uniform Symbols; anything read from memory is Unknown.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_INDEXTRANSLATOR_H
#define LDS_MATCHERS_INDEXTRANSLATOR_H

#include "matchers/WalkState.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

#include <functional>

namespace lds {

class IndexTranslator {
public:
  /// Called for every call that is not a recognised builtin: the walker
  /// follows calls into helpers (and records atomics). Returns the integer
  /// result if it knows it, else null.
  using CallHandler = std::function<ExprRef(const clang::CallExpr *)>;
  /// Called for a call whose result is a pointer (or a conversion to one,
  /// SharedMemory<T>'s `operator T*`): the walker follows the helper and
  /// returns the shared pointer it returns, if any.
  using PointerCallHandler = std::function<SharedPointer(const clang::CallExpr *)>;
  /// Called for every read or write of shared memory: E is the lvalue,
  /// P where it points, Type what is loaded or stored.
  using AccessSink = std::function<void(const clang::Expr *E, SharedPointer P, AccessKind Kind,
                                        clang::QualType Type)>;

  IndexTranslator(clang::ASTContext &Ctx, WalkState &State, const WalkConfig &Config)
      : Ctx(Ctx), State(State), Config(Config) {}

  void setCallHandler(CallHandler F) { Calls = std::move(F); }
  void setPointerCallHandler(PointerCallHandler F) { PointerCalls = std::move(F); }
  void setAccessSink(AccessSink F) { Sink = std::move(F); }
  /// Called for every other memory lvalue read or written (global memory,
  /// or a pointer the translator cannot place; the thread's own variables
  /// too: the sink sorts them out).
  using OtherMemorySink = std::function<void(const clang::Expr *E, AccessKind Kind, clang::QualType T)>;
  void setOtherMemorySink(OtherMemorySink F) { Other = std::move(F); }
  /// While set, reads and writes are not reported (used when re-evaluating
  /// loop conditions to enumerate iterations).
  void setQuiet(bool Q) { Quiet = Q; }
  bool isQuiet() const { return Quiet; }

  /// Evaluates E only for its effects: shared accesses, assignments to
  /// locals, calls. Used for statements and non-integer expressions.
  void evaluateForEffects(const clang::Expr *E);

  /// The integer value of E (side effects such as i++ update the state).
  ExprRef translateInt(const clang::Expr *E);
  /// The shared pointer E evaluates to, if it points into shared memory.
  SharedPointer translatePointer(const clang::Expr *E);
  /// The shared location an lvalue E designates, if it is in shared memory.
  SharedPointer translateLValue(const clang::Expr *E);
  /// The shared address an integer E holds: __cvta_generic_to_shared(p), a
  /// variable that was given one, that plus or minus bytes, or a helper
  /// returning one (InlineAsmAccess.cpp). Records no accesses.
  SharedPointer translateSharedAddress(const clang::Expr *E);
  /// The shared address variable `v` holds after `v = e`, `v += e`, ...
  SharedPointer addressAfterAssign(const clang::BinaryOperator *BO);

  /// The IntType of a Clang integer type (bool is 1 bit unsigned).
  IntType intTypeOf(clang::QualType T) const;
  /// Size in bytes of T, 0 if incomplete or dependent.
  uint64_t sizeOf(clang::QualType T) const;

  /// The uniform symbol for a kernel argument or other uniform value,
  /// registering it in the state.
  ExprRef uniformSymbol(const std::string &Name, const std::string &Description, IntType T,
                        clang::SourceLocation Loc);

  /// Recognises threadIdx.x / blockDim.y / blockIdx.z / gridDim.x in their
  /// HIP (conversion operator) and CUDA (MS property) spellings. Returns the
  /// builtin variable's name and sets Dim, or "" if E is none of them.
  static std::string builtinCoordinate(const clang::Expr *E, unsigned &Dim);

  /// P moved by Index elements of PointeeBytes each (p + i, p[i], p++).
  void advance(SharedPointer &P, ExprRef Index, uint64_t PointeeBytes, bool Negative = false);

private:
  /// An array lvalue decays to a pointer to its first element.
  void decay(SharedPointer &P, uint64_t ElementBytes);
  void addInnerBytes(SharedPointer &P, int64_t Bytes);
  ExprRef translateBuiltinCall(const clang::CallExpr *CE);
  /// Ranks of cooperative groups: thread_block::thread_rank() is the
  /// thread's linear index, thread_block_tile<N>'s thread_rank() and
  /// meta_group_rank() are it modulo and divided by N.
  ExprRef translateGroupCall(const clang::CallExpr *MC);
  SharedPointer sharedAddressOf(const clang::Expr *E);
  SharedPointer addressReturnedBy(const clang::CallExpr *CE);
  ExprRef translateDeclRef(const clang::DeclRefExpr *DRE);
  /// The shared location a reference variable or parameter is bound to
  /// (`unsigned &a` bound to s[pos]); invalid for anything else.
  SharedPointer boundReference(const clang::DeclRefExpr *DRE) const;
  ExprRef translateIncDec(const clang::UnaryOperator *UO);
  ExprRef translateAssign(const clang::BinaryOperator *BO);
  ExprRef unknown(const std::string &Why, const clang::Expr *E);
  ExprRef scaleBy(ExprRef Index, uint64_t Bytes);

  clang::ASTContext &Ctx;
  WalkState &State;
  const WalkConfig &Config;
  void record(const clang::Expr *E, const SharedPointer &P, AccessKind K, clang::QualType T) {
    if (P.valid() && Sink && !Quiet)
      Sink(E, P, K, T);
    else if (!P.valid() && Other && !Quiet)
      Other(E, K, T);
  }

  CallHandler Calls;
  PointerCallHandler PointerCalls;
  AccessSink Sink;
  OtherMemorySink Other;
  bool Quiet = false;
};

/// Maps a Clang binary opcode to ours; false if it is not an integer op.
bool toBinaryOp(clang::BinaryOperatorKind K, BinaryOp &Out);

} // namespace lds

#endif
