//===- Occupancy.h - Workgroups per CU: the LDS budget and the wave slots -===//
//
// Rule 2 of FixPlanner.h: a candidate must not lower the workgroups per CU
// on any target, nor exceed a block's LDS capacity.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PLANNER_OCCUPANCY_H
#define LDS_PLANNER_OCCUPANCY_H

#include "planner/Baseline.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lds::planner {

/// Workgroups of Threads threads using Bytes of LDS that one CU holds: the
/// LDS budget (TargetModel::blocksPerCU, which also applies the workgroup
/// cap) and the wave slots (TargetModel::MaxWavesPerCU, unless PlanOptions
/// overrides it).
unsigned residentBlocks(const TargetModel &T, uint64_t Bytes, unsigned Threads,
                        const PlanOptions &Opts);

/// The kernel's LDS grown by Growth bytes (> 0, the size known), on every
/// target: the workgroups per CU, and why that is rejected (the first
/// target where it exceeds a block's LDS or lowers the workgroups; empty
/// if none).
struct OccupancyAfter {
  std::vector<unsigned> Blocks; ///< per target
  std::string Why;
};
OccupancyAfter occupancyAfter(const PlanInputs &In, int64_t Growth);

/// What a launch of Threads threads with Bytes of LDS per workgroup gets
/// on T when the kernel's registers allow RegisterWaves waves per SIMD: the
/// compiler's `; Occupancy:` assumes its largest workgroup (1024 threads
/// unless __launch_bounds__ says less), so a 64-thread block with 16 KiB of
/// LDS is 1 wave per SIMD on gfx942 where it says 7.
struct LaunchOccupancy {
  unsigned WavesPerSIMD = 0; ///< the most waves one SIMD holds
  unsigned Blocks = 0;       ///< workgroups per CU
  unsigned WavesPerBlock = 0;
  /// What stops one more workgroup: "LDS", "registers", "wave slots" or
  /// "workgroups per CU".
  std::string Limit;
};
/// nullopt when T does not give its wave slots (MaxWavesPerCU,
/// MaxWavesPerSIMD) or Threads is 0.
std::optional<LaunchOccupancy> launchOccupancy(const TargetModel &T, uint64_t Bytes,
                                               unsigned Threads, unsigned RegisterWaves);

} // namespace lds::planner

#endif
