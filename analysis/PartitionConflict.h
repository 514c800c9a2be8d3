//===- PartitionConflict.h - gfx1250: both SIMD pairs on one LDS partition -===//
//
// lds-partition-conflict (issue 14). The LDS of a gfx1250 WGP is five 64 KiB
// partitions; warp w of a workgroup runs on SIMD w mod 4; SIMDs 0 and 2 form
// pair A, 1 and 3 pair B (TargetModel::Partitions, one public source: keep it
// a parameter). When warps of different pairs access one partition in the
// same cycle they share its bandwidth: up to x2 slower.
//
// The rule is applied to one access (one instruction), assuming every warp
// of the block issues it together at the same iteration, with the array at
// the byte offset the compiler gave it, and the workgroup's LDS starting at
// a partition boundary (one workgroup per WGP, as in the deep dive's
// microbenchmark). Loop counters with known values are enumerated; anything
// else that moves the address makes the result unknown, with the reason.
// Same bytes read by both pairs can never be separated; different bytes
// can, by giving each pair tiles in other partitions (warp-to-tile
// assignment) or by placing the two halves in different partitions. No
// Clang here.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_PARTITIONCONFLICT_H
#define LDS_ANALYSIS_PARTITIONCONFLICT_H

#include "analysis/AccessModel.h"
#include "targets/BankModel.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace lds {

/// What one access runs with.
struct PartitionQuery {
  const Access *A = nullptr;
  /// The array's byte offset in the workgroup's LDS, as compiled.
  uint64_t ArrayOffset = 0;
  LdsPartitionModel Model;
  unsigned WaveSize = 32;
  std::map<std::string, int64_t> Assumptions; ///< --assume
};

/// One warp of the block that executes the access (some lane active).
struct WarpFootprint {
  unsigned Warp = 0, Simd = 0, Pair = 0; ///< Pair 0: A, 1: B
  std::vector<unsigned> Partitions;      ///< touched, ascending
};

struct PartitionResult {
  enum Status { Exact, Unknown } Result = Exact;
  std::string Why; ///< Unknown: the reason, in words that follow "because"
  /// At the worst binding (the first with the most colliding partitions).
  std::vector<WarpFootprint> Warps;
  std::vector<unsigned> Colliding; ///< partitions both pairs touch, ascending
  /// The same over every binding: each partition both pairs touch in the
  /// same iteration somewhere.
  std::vector<unsigned> AllColliding;
  /// Some byte is read by warps of both pairs (at some colliding binding):
  /// that part can never be separated.
  bool SharedBytes = false;
  /// Expected LDS bandwidth factor of the instruction at worst: 2 when the
  /// pairs collide (they share the partition's bandwidth), else 1.
  unsigned Factor = 1;
  std::map<std::string, int64_t> WorstBinding; ///< loop counters at worst
  unsigned Bindings = 0, CollidingBindings = 0;
  /// Partitions the access touches over all warps and bindings.
  std::vector<unsigned> Footprint;
  /// Warp-to-tile assignment that separates the pairs at the worst
  /// binding: TileOf[w] is the warp whose bytes warp w should take instead
  /// (a permutation of the executing warps, by warp number); empty when no
  /// reassignment of whole warp footprints separates them.
  std::map<unsigned, unsigned> TileOf;

  bool collides() const { return Result == Exact && !Colliding.empty(); }
};

PartitionResult analyzePartitions(const PartitionQuery &Q);

/// One access looked at on one target with partitions, for the reports.
struct PartitionAccess {
  size_t Access = 0; ///< into Model::Accesses
  std::string Target;
  std::string KernelSymbol; ///< as compiled
  /// Where the array lies in the compiled code, and what said so; when not
  /// known, Result is Unknown and says why.
  uint64_t ArrayOffset = 0;
  std::string OffsetSource;
  uint64_t KernelLDSBytes = 0; ///< .amdhsa_group_segment_fixed_size, 0: not read
  PartitionResult Result;
  /// A warning: the pairs collide on bytes that a warp-to-tile assignment
  /// or a placement can separate.
  bool separable() const { return Result.collides() && !Result.SharedBytes; }
};

/// "warps 0, 2 -> partition 0; warps 4, 6 -> partition 1" for pair Pair.
std::string describePair(const PartitionResult &R, unsigned Pair);

/// "0, 1" / "0-4".
std::string partitionList(const std::vector<unsigned> &Parts);

/// When TileOf is the deep dive's ctaLayout swizzle for Warps warps
/// (tile = (w % 2) * (Warps / 2) + w / 2), its formula; else "".
std::string swizzleFormula(const PartitionResult &R);

} // namespace lds

#endif
