//===- ReductionTail.cpp - When a reduction's tail fits in a wave ---------===//

#include "analysis/ReductionTail.h"

#include <algorithm>

namespace lds {

unsigned reductionBarriers(ReductionForm F, unsigned BlockX, unsigned Wave, bool After) {
  unsigned Levels = 0, Kept = 0;
  if (F == ReductionForm::Sequential) {
    for (unsigned S = BlockX / 2; S > 0; S >>= 1, ++Levels)
      Kept += S > Wave / 2;
  } else {
    for (unsigned S = 1; S < BlockX; S *= 2, ++Levels)
      Kept += S >= Wave;
  }
  return After ? Kept + 1 : Levels;
}

std::string tailRefusal(const ReductionLoop &L, const std::vector<unsigned> &WaveSizes) {
  if (L.Blocks.empty())
    return "the model has no access of the loop to read the block shape from";
  unsigned Widest = 0;
  for (unsigned W : WaveSizes)
    Widest = std::max(Widest, W);
  if (L.Form == ReductionForm::Sequential && L.ArrayElements < Widest)
    return "'" + L.Array + "' has " + std::to_string(L.ArrayElements) +
           " elements, fewer than a wave of " + std::to_string(Widest) + " lanes reads";
  if (L.Form == ReductionForm::Interleaved && !L.BoundIsBlockX && L.Bound < Widest)
    return L.Bound ? "the loop stops at " + std::to_string(L.Bound) + ", before a wave of " +
                         std::to_string(Widest) + " lanes is reduced"
                   : std::string("the loop's bound is neither blockDim.x nor a constant");
  for (const BlockShape &B : L.Blocks) {
    if (B.Source == BlockSource::Default)
      return "the block shape is not known (no launch with constant dimensions, no "
             "__launch_bounds__): the shuffles need every lane of a wave to run; pass --block";
    if (B.Dims[1] != 1 || B.Dims[2] != 1)
      return "the block is " + std::to_string(B.Dims[0]) + "x" + std::to_string(B.Dims[1]) + "x" +
             std::to_string(B.Dims[2]) + ": only a one-dimensional block reduces by threadIdx.x alone";
    if (B.Dims[0] < Widest)
      return "the block's " + std::to_string(B.Dims[0]) + " threads fill no wave of " +
             std::to_string(Widest) + " lanes";
    if (L.Form == ReductionForm::Interleaved && L.ArrayElements < B.Dims[0])
      return "'" + L.Array + "' has " + std::to_string(L.ArrayElements) + " elements, fewer than the " +
             std::to_string(B.Dims[0]) + " threads that read it";
    if (L.Form == ReductionForm::Interleaved && B.Dims[0] % Widest)
      return "the block's " + std::to_string(B.Dims[0]) + " threads are no whole number of " +
             std::to_string(Widest) + "-lane waves";
  }
  return "";
}

} // namespace lds
