//===- ReductionTail.h - A tree reduction over LDS, and when its tail fits in a wave -===//
//
// lds-reduction-tail (barriers.md, "Reduction tails"): a loop that halves
// (sequential addressing: `for (s = n / 2; s > 0; s >>= 1) { if (tid < s)
// a[tid] += a[tid + s]; __syncthreads(); }`) or doubles (interleaved:
// `for (s = 1; s < n; s *= 2) { if (tid % (2 * s) == 0) a[tid] += a[tid +
// s]; __syncthreads(); }`) its stride with one barrier per level. The
// levels whose stride is under the wave size read only their own wave's
// lanes: wave shuffles do them without a barrier, in the same pairing, so
// every sum is the same bits. The emitted code reads the wave size at run
// time (warpSize), so one source serves targets of different wave sizes;
// it needs every lane of the waves it shuffles in to run: the block's x
// extent known, at least the widest wave (and a multiple of it for the
// interleaved form), and y = z = 1. No Clang here.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_REDUCTIONTAIL_H
#define LDS_ANALYSIS_REDUCTIONTAIL_H

#include "analysis/AccessModel.h"

#include <string>
#include <vector>

namespace lds {

enum class ReductionForm { Sequential, Interleaved };

struct ReductionLoop {
  std::string Kernel; ///< as written (a template's pattern)
  std::string Array;  ///< the __shared__ array reduced
  SourceLoc Loop;
  ReductionForm Form = ReductionForm::Sequential;
  /// The block shapes the kernel runs with, one per instantiation the
  /// model has an access of the loop in.
  std::vector<BlockShape> Blocks;
  uint64_t ArrayElements = 0; ///< the array's extent
  /// Interleaved: the loop's bound `s < n` is blockDim.x, or the constant
  /// Bound; neither: the shuffles might do levels the loop does not.
  bool BoundIsBlockX = false;
  uint64_t Bound = 0;
};

/// Barriers one block executes in the loop (and, After, in its rewritten
/// form: the levels left with a barrier plus the one after the tail) for a
/// block of BlockX threads and waves of Wave lanes.
unsigned reductionBarriers(ReductionForm F, unsigned BlockX, unsigned Wave, bool After);

/// Why the tail cannot be done with shuffles for these wave sizes (one per
/// requested target), or "" when it can.
std::string tailRefusal(const ReductionLoop &L, const std::vector<unsigned> &WaveSizes);

} // namespace lds

#endif
