//===- KernelWalker.h - Symbolic walk of a kernel body --------------------===//
//
// Executes a kernel once, in program order, with symbolic values: branches
// become lane predicates (and merged values after them), loops become loop
// counters with their enumerated values (or a uniform iteration number when
// the counter depends on the lane), calls into __device__ helpers are
// followed with their actual arguments. Every read, write or atomic on a
// __shared__ variable is reported to the sink with the state at that point.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_KERNELWALKER_H
#define LDS_MATCHERS_KERNELWALKER_H

#include "analysis/UnknownCause.h"
#include "matchers/IndexTranslator.h"
#include "matchers/WalkState.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

#include <functional>
#include <set>

namespace lds {

/// One access as the walker saw it, still with Clang locations.
struct WalkedAccess {
  const clang::Expr *Expr = nullptr; ///< the shared lvalue
  const clang::VarDecl *Array = nullptr;
  AccessKind Kind = AccessKind::Load;
  unsigned WidthBytes = 0;
  ExprRef ByteOffset;
  ExprRef Predicate;
  std::map<std::string, SymbolInfo> Symbols;
  std::vector<std::string> Notes;
  std::vector<clang::SourceLocation> CallChain;
  unsigned LoopDepth = 0;
  SubscriptTrack Track;
  bool Matrix = false; ///< ldmatrix / stmatrix (Access::Matrix)
};

/// A load or store of other memory (GlobalAccess in the model), still with
/// Clang locations.
struct WalkedGlobal {
  const clang::Expr *Expr = nullptr;
  AccessKind Kind = AccessKind::Load;
  const clang::VarDecl *Pointer = nullptr; ///< the parameter or global variable
  ExprRef Index;
  unsigned ElementBytes = 0;
  ExprRef Predicate;
  std::map<std::string, SymbolInfo> Symbols;
  std::string Why;
};

/// A shared pointer that escaped into code the tool cannot see.
struct EscapedPointer {
  const clang::VarDecl *Array = nullptr;
  const clang::CallExpr *Call = nullptr;
};

class KernelWalker {
public:
  KernelWalker(clang::ASTContext &Ctx, const WalkConfig &Config);

  /// Walks kernel K; kernel arguments become uniform symbols.
  void walkKernel(const clang::FunctionDecl *K);

  const std::vector<WalkedAccess> &accesses() const { return Accesses; }
  const std::vector<EscapedPointer> &escapes() const { return Escapes; }
  const std::vector<WalkedGlobal> &globals() const { return Globals; }
  /// Every __shared__ variable declared in the bodies walked.
  const std::vector<const clang::VarDecl *> &declaredShared() const { return Declared; }

private:
  void walkStmt(const clang::Stmt *S);
  void walkIf(const clang::IfStmt *If);
  void walkFor(const clang::ForStmt *For);
  void walkLoopBody(const clang::Stmt *Body, const clang::Stmt *Loop,
                    const clang::VarDecl *Counter);
  void walkDecl(const clang::VarDecl *VD);
  ExprRef onCall(const clang::CallExpr *CE);
  /// A call whose result is a pointer: followed like any helper, and the
  /// shared pointer it returns (if any) is its value.
  SharedPointer onPointerCall(const clang::CallExpr *CE);
  /// The definition onCall would follow, or null.
  const clang::FunctionDecl *followable(const clang::CallExpr *CE) const;
  ExprRef followCall(const clang::CallExpr *CE, const clang::FunctionDecl *FD);
  void onAccess(const clang::Expr *E, SharedPointer P, AccessKind K, clang::QualType T);
  /// Memory that is not LDS (GlobalAccesses.cpp): global memory through a
  /// kernel parameter, with its index, or a pointer it cannot place.
  void onOtherMemory(const clang::Expr *E, AccessKind K, clang::QualType T);
  /// Inline assembly (InlineAsmAccess.cpp): ldmatrix / stmatrix become
  /// accesses; any other shared address it receives, one of unknown cost.
  void walkInlineAsm(const clang::GCCAsmStmt *Asm);
  void recordAsmAccess(const clang::Expr *E, SharedPointer P, AccessKind K, unsigned Width,
                       bool Matrix, ExprRef LanePredicate);

  /// Adds C to the lane predicate, unless it depends on unknown data or on
  /// uniform values the tool cannot enumerate: then the guard is assumed
  /// true for every lane and a note says so.
  void addPredicate(ExprRef C, const clang::Expr *Cond, bool NoteIfDropped = true);
  /// Evaluates a uniform LaneExpr with the known symbol values.
  std::optional<int64_t> evalUniform(const ExprRef &E) const;
  /// Gives variables assigned inside a loop a value that stands for "any
  /// iteration" before the body is walked.
  void havocLoopVariables(const clang::Stmt *Body, const clang::Stmt *Loop,
                          const clang::VarDecl *Counter);
  /// Whether the body (or a for loop's increment) assigns a variable that
  /// lives across iterations, other than Counter: then walking the body once
  /// with a symbolic counter would lose that variable's value.
  bool hasCarriedVariables(const clang::Stmt *Body, const clang::Stmt *Loop,
                           const clang::VarDecl *Counter) const;
  /// Walks the loop once per iteration while its condition is uniform and
  /// known (with Counter, if given, a constant each time), then merges each
  /// access's iterations (IterationMerge.h). Returns false, with the state
  /// as before, when the condition cannot be evaluated or the loop runs too
  /// long; UnrollFailure then says why.
  bool unrollLoop(const clang::Stmt *Loop, const clang::Expr *Cond, const clang::Stmt *Body,
                  const clang::Expr *Inc, const clang::VarDecl *Counter, bool CondFirst);
  /// Merges the iterations walked by an unroll into one access per source
  /// access, over a symbol for the loop (IterationMerge.h).
  void mergeUnrolled(const clang::Stmt *Loop, const clang::VarDecl *Counter, IntType CounterTy,
                     const std::vector<int64_t> &Values,
                     const std::vector<std::vector<WalkedAccess>> &Iterations);
  /// Walks Body once for each of Values given to Var, then merges.
  void walkPerValue(const clang::Stmt *Loop, const clang::Stmt *Body, const clang::VarDecl *Var,
                    IntType T, const std::vector<int64_t> &Values);
  /// A range-for over a braced list of constants, walked once per element.
  bool unrollRangeFor(const clang::CXXForRangeStmt *RF);
  /// The symbol naming a loop's iterations: the counter's name, unless
  /// another symbol has it; the same every time the loop is walked.
  std::string loopSymbolName(const clang::Stmt *Loop, const std::string &Base);
  /// "kernel argument 'n'" for each free symbol E reads, and the first name.
  std::string freeSymbolsOf(const ExprRef &E, std::string *FirstName) const;
  /// Whether E (a step `v += E` inside a loop) is the same for every lane
  /// in every iteration: constants, block coordinates, kernel arguments and
  /// variables uniform on entry that the loop does not assign.
  bool looksUniform(const clang::Expr *E,
                    const std::vector<const clang::VarDecl *> &AssignedInLoop) const;
  /// Why a variable carried across iterations of Loop is unknown.
  UnknownCause carriedReason(const clang::VarDecl *VD, const clang::Stmt *Loop) const;
  std::string locString(clang::SourceLocation L) const;
  /// Merges a pointer a `return` statement gives into the helper's result.
  void returnPointer(SharedPointer P);
  ExprRef conjunction() const;

  clang::ASTContext &Ctx;
  const WalkConfig &Config;
  WalkState State;
  IndexTranslator Translator;
  std::vector<WalkedAccess> Accesses;
  std::vector<EscapedPointer> Escapes;
  std::vector<WalkedGlobal> Globals;
  std::set<const clang::ValueDecl *> WrittenInKernel;
  std::vector<const clang::VarDecl *> Declared;
  /// Return value of the helper being followed (integer, or pointer).
  std::vector<ExprRef> ReturnValues;
  struct ReturnedPointer {
    SharedPointer P;
    bool Conflicting = false; ///< two returns pointing into different arrays
  };
  std::vector<ReturnedPointer> ReturnPointers;
  /// What the last helper followed returned, if a shared pointer.
  SharedPointer LastReturnedPointer;
  unsigned LoopSerial = 0;
  /// Body walks left for unrolling in this kernel (nested loops share it).
  unsigned UnrollBudget = 0;
  std::string UnrollFailure;
  std::string UnrollFailureSymbol; ///< the --assume that would unroll it
  std::map<const clang::Stmt *, std::string> LoopNames;
  std::set<std::string> UsedLoopNames;
};

} // namespace lds

#endif
