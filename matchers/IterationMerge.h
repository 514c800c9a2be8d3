//===- IterationMerge.h - One access from the iterations of an unrolled loop ===//
//
// A loop whose body updates a variable that an index reads (`pos = (pos + 4)
// & 63`, `offset *= 2`, `index %= 4096`) is walked once per iteration, with
// the counter a constant each time, so every iteration's addresses are exact.
// Each source access then appears once per iteration; this merges them back
// into one access whose offset and guard select the iteration's expression
// by the loop's symbol (`d == 32 ? e32 : d == 16 ? e16 : ...`), so that the
// analyzer enumerates the iterations and reports the worst one, as it does
// for any loop counter.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_ITERATIONMERGE_H
#define LDS_MATCHERS_ITERATIONMERGE_H

#include "matchers/KernelWalker.h"

#include <string>
#include <vector>

namespace lds {

/// The loop's symbol: Name takes Values[k] in iteration k.
struct IterationSymbol {
  std::string Name;
  IntType Ty;
  std::vector<int64_t> Values;
  SymbolInfo Info; ///< registered in every merged access's Symbols
};

/// Merges Iterations[k] (the accesses walked in iteration k, in program
/// order) into one access per source access (same expression, call chain,
/// kind and occurrence within the iteration), in first-seen order. An access
/// missing from an iteration is inactive there.
std::vector<WalkedAccess> mergeIterations(const std::vector<std::vector<WalkedAccess>> &Iterations,
                                          const IterationSymbol &Sym);

} // namespace lds

#endif
