//===- SelfReadback.h - Barriers between a thread's write and its own read -===//
//
// The second rule of barriers.md for deleting a barrier: it orders nothing
// when no thread reads or writes, between the barriers around it, what
// another thread writes there: every thread reads back only what it wrote
// itself. Proven by enumeration, not by pattern: the statements between the
// nearest barriers that stay (KernelStatement), every LDS access of the
// model placed in them and every global access (HIP's barrier fences global
// memory too), for every thread of the block, every value of every loop
// counter (so the next iteration's writes across a loop's back edge are in
// it) and every requested wave size. One byte written by a thread and read
// or written by another is a pair the barrier may order: no proof. Anything
// not evaluated (a free symbol, an unknown block shape, a call the front end
// does not follow, an access it did not evaluate) is no proof either, and
// says why. No Clang here.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_SELFREADBACK_H
#define LDS_ANALYSIS_SELFREADBACK_H

#include "analysis/AccessModel.h"

#include <set>
#include <string>
#include <vector>

namespace lds {

struct ReadbackRegion {
  std::string Kernel;
  size_t FirstStatement = 0, LastStatement = 0; ///< into Model::Statements
};

struct ReadbackCheck {
  enum Status { Proven, Conflict, Unknown } Result = Unknown;
  /// Proven: what was enumerated ("256 threads, 8 iterations"); Conflict:
  /// the pair ("thread 1 writes element 0 of 's' at line 9, which thread 0
  /// reads at line 12"); Unknown: what could not be evaluated.
  std::string Detail;
};

/// Whether, within Region of M, no byte one thread writes is read or
/// written by another (LDS and global), for every wave size given.
ReadbackCheck checkReadbackRegion(const Model &M, const ReadbackRegion &Region,
                                  const std::vector<unsigned> &WaveSizes);

/// Barrier I of M on its own, every other barrier staying (what `explain`
/// says about it).
ReadbackCheck checkReadbackBarrier(const Model &M, size_t I, const std::vector<unsigned> &WaveSizes);

struct ReadbackBarrier {
  size_t Barrier = 0; ///< into Model::Barriers (its first instantiation)
  std::string Proof;  ///< "256 threads, 8 iterations, lines 9-14"
  unsigned FirstLine = 0, LastLine = 0; ///< the statements it no longer splits
};

/// The barriers of M that may go because every thread reads back only what
/// it wrote itself, in every kernel instantiation they are written in.
/// Taken in source order: each is checked over the statements between the
/// nearest barriers that stay (those in Removed, which go anyway, and those
/// this finds earlier do not count), so that removing all of them together
/// is what was proven. Removed and Kept (the barriers that make those in
/// Removed redundant) are indexes into M.Barriers of every instantiation;
/// neither is a candidate.
std::vector<ReadbackBarrier> findReadbackBarriers(const Model &M,
                                                  const std::vector<unsigned> &WaveSizes,
                                                  const std::set<size_t> &Removed,
                                                  const std::set<size_t> &Kept);

} // namespace lds

#endif
