//===- RefillLoopMatcher.h - Loops that refill an LDS tile from global memory -===//
//
// lds-exposed-write-latency's front end: a `for` loop of a kernel whose body
// is
//     s[...] = g[...];  ...        // LDS stores of values loaded from global
//     __syncthreads();             // their wait, with nothing between
//     ... compute from s ...
//     __syncthreads();             // before the next refill
// with, for each loop, every hazard of moving the next iteration's global
// loads above the two barriers (LoopEffects.h, and rules 1 and 3 of
// barriers.md here: what the loads read and depend on). Kernels are looked
// at as written: a template's pattern, once, not each instantiation.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_REFILLLOOPMATCHER_H
#define LDS_MATCHERS_REFILLLOOPMATCHER_H

#include "analysis/RefillLoop.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <map>
#include <string>
#include <vector>

namespace lds {

/// `s[...] = value;`, value loaded from global memory.
struct RefillStore {
  const clang::BinaryOperator *Assign = nullptr;
  const clang::Expr *Value = nullptr;
};

/// A variable the loop's increment changes, and the part of the increment
/// that does (`a += aStep`, `++k`, `k = k * 2`).
struct LoopCounter {
  const clang::VarDecl *Var = nullptr;
  const clang::Expr *Update = nullptr;
};

struct MatchedRefillLoop {
  RefillLoop Plain;
  const clang::FunctionDecl *Kernel = nullptr;
  const clang::ForStmt *Loop = nullptr;
  std::vector<RefillStore> Stores;
  /// Declarations of the body, before the wait, that the stored values use
  /// (directly or through each other), in source order.
  std::vector<const clang::VarDecl *> Locals;
  std::vector<LoopCounter> Counters;
  const clang::Stmt *Wait = nullptr, *Trailing = nullptr;
  std::vector<clang::SourceLocation> HazardSites; ///< of each Plain.Hazards entry
  /// The stored lvalue of each GlobalStore hazard, by hazard index.
  std::map<size_t, const clang::Expr *> StoreTargets;
  /// The global loads the prefetch moves (subscripts and dereferences).
  std::vector<const clang::Expr *> Loads;
  /// Set by the race check (PrefetchRace.h) when it proved the loop's
  /// stores disjoint from the moved loads: what it enumerated.
  std::string RaceProof;
  /// Why the prefetch cannot be written for this loop although it may be
  /// legal (an increment of another form, no condition); empty if it can.
  std::string Unsupported;
};

std::vector<MatchedRefillLoop> matchRefillLoops(clang::ASTContext &Ctx);

} // namespace lds

#endif
