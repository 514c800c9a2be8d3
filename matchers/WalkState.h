//===- WalkState.h - What the kernel walker knows at one program point ----===//
//
// The walker executes a kernel body symbolically, once per kernel, in program
// order. At each point it knows the value of every local variable as a
// LaneExpr (or, for pointers into shared memory, which array and at what byte
// offset), the lane predicate of the enclosing branches, and the uniform
// symbols introduced so far.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_WALKSTATE_H
#define LDS_MATCHERS_WALKSTATE_H

#include "analysis/AccessModel.h"
#include "analysis/LaneExpr.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"

#include <array>
#include <map>
#include <string>
#include <vector>

namespace lds {

/// How a pointer into a __shared__ array was reached, as subscripts of the
/// array's dimensions: what the fix planner needs to re-evaluate an access
/// under another layout. Units[i] is the size in bytes of what Index[i]
/// counts. Any step the planner could not redo (pointer arithmetic that
/// crosses units, a per-lane choice between pointers) makes it invalid.
struct SubscriptTrack {
  bool Valid = true;
  std::string Why;
  std::vector<ExprRef> Index;
  std::vector<uint64_t> Units;
  int64_t InnerBytes = 0;
  void invalidate(const std::string &Reason) {
    if (Valid) {
      Valid = false;
      Why = Reason;
    }
  }
};

/// A pointer (or reference) into a __shared__ variable.
struct SharedPointer {
  const clang::VarDecl *Array = nullptr;
  ExprRef ByteOffset; ///< from the start of Array
  SubscriptTrack Track;
  bool valid() const { return Array != nullptr; }
};

/// The value of a local variable: an integer, a shared pointer, or neither
/// (floats, global pointers...: reading them gives an Unknown).
struct SymValue {
  ExprRef Int;
  SharedPointer Ptr;
};

struct WalkConfig {
  std::array<unsigned, 3> Block = {256, 1, 1};
  unsigned WaveSize = 64;
  std::map<std::string, int64_t> Assumptions;
  /// Enumerate at most this many iterations of a loop whose counter is
  /// uniform; the rest are assumed like the ones seen.
  unsigned MaxLoopIterations = 4096;
};

struct WalkState {
  std::map<const clang::ValueDecl *, SymValue> Env;
  std::map<std::string, SymbolInfo> Symbols;
  std::vector<ExprRef> Predicates; ///< conjunction: lane is active
  std::vector<std::string> Notes;  ///< assumptions made on this path
  std::vector<clang::SourceLocation> CallChain;
  unsigned LoopDepth = 0;
  unsigned CallDepth = 0;
  /// Set after a `return` on every lane: nothing below executes.
  bool Dead = false;
};

} // namespace lds

#endif
