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

#include "IndexTranslator.h"
#include "WalkState.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <functional>

namespace lds {

/// One access as the walker saw it, still with Clang locations.
struct WalkedAccess {
  const clang::Expr *Expr = nullptr;  ///< the shared lvalue
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
  /// Every __shared__ variable declared in the bodies walked.
  const std::vector<const clang::VarDecl *> &declaredShared() const {
    return Declared;
  }

private:
  void walkStmt(const clang::Stmt *S);
  void walkIf(const clang::IfStmt *If);
  void walkFor(const clang::ForStmt *For);
  void walkLoopBody(const clang::Stmt *Body, const clang::Stmt *Loop,
                    const clang::VarDecl *Counter);
  void walkDecl(const clang::VarDecl *VD);
  ExprRef onCall(const clang::CallExpr *CE);
  ExprRef followCall(const clang::CallExpr *CE, const clang::FunctionDecl *FD);
  void onAccess(const clang::Expr *E, SharedPointer P, AccessKind K,
                clang::QualType T);
  /// Inline assembly (InlineAsmAccess.cpp): ldmatrix / stmatrix become
  /// accesses; any other shared address it receives, one of unknown cost.
  void walkInlineAsm(const clang::GCCAsmStmt *Asm);
  void recordAsmAccess(const clang::Expr *E, SharedPointer P, AccessKind K,
                       unsigned Width, bool Matrix, ExprRef LanePredicate);

  /// Adds C to the lane predicate, unless it depends on unknown data or on
  /// uniform values the tool cannot enumerate: then the guard is assumed
  /// true for every lane and a note says so.
  void addPredicate(ExprRef C, const clang::Expr *Cond,
                    bool NoteIfDropped = true);
  /// Evaluates a uniform LaneExpr with the known symbol values.
  std::optional<int64_t> evalUniform(const ExprRef &E) const;
  /// Gives variables assigned inside a loop a value that stands for "any
  /// iteration" before the body is walked.
  void havocLoopVariables(const clang::Stmt *Body, const clang::Stmt *Loop,
                          const clang::VarDecl *Counter);
  std::string locString(clang::SourceLocation L) const;
  ExprRef conjunction() const;

  clang::ASTContext &Ctx;
  const WalkConfig &Config;
  WalkState State;
  IndexTranslator Translator;
  std::vector<WalkedAccess> Accesses;
  std::vector<EscapedPointer> Escapes;
  std::vector<const clang::VarDecl *> Declared;
  /// Return value of the helper being followed.
  std::vector<ExprRef> ReturnValues;
  unsigned LoopSerial = 0;
};

} // namespace lds

#endif
