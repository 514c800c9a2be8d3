//===- TraceClassify.h - What a profiler measured, as LDS bottleneck types -===//
//
// `lds-rewrite trace` (pipeline/TraceRun.h) turns a rocprofv3 thread trace
// or an Nsight Compute source page into MeasuredKernels: one per kernel, its
// instructions in program order, each with the user's source line and what
// was measured on it. This file finds, in that, the three LDS bottlenecks of
// the LDS-optimisation workflow, with its thresholds normalised per
// instance (ATT sums over traced waves; Stall / Hit is per execution):
//
//   Type A, bank conflict: an LDS access stalls more than LdsStallPerHit
//     cycles per instance (ATT), or Nsight Compute measured it N-way, N > 1.
//   Type B, exposed write latency: a wait for LDS (s_waitcnt lgkmcnt(0),
//     s_wait_dscnt 0) that stalls more than WaitAfterWrite cycles per
//     instance and waited on an LDS write (the wave files' waitcnt lists; in
//     their absence, a write at most WriteWaitDistance instructions before
//     it with no other wait between), or, in Nsight Compute, short-scoreboard
//     stall samples (stall_short_sb) on an instruction right after a shared
//     load or store.
//   Type C, reduction serialisation: a stretch of code without branches, or
//     a loop that reads no global memory (from a branch back to its target,
//     when known; else the stretch that ends with the branch back), running
//     more than ReductionBarriers barriers per wave, with LDS accesses in
//     it. The region's lines are those of its barriers and LDS accesses
//     that have one (DWARF line 0, a barrier merged from two calls, has
//     none).
//
// Each finding has its share of the kernel's stall (cycles, or warp-stall
// samples), so that the hottest comes first. No Clang, no file formats.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_TRACECLASSIFY_H
#define LDS_ANALYSIS_TRACECLASSIFY_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lds {

enum class MeasuredKind {
  LdsLoad,
  LdsStore,
  LdsAtomic,
  LdsOther, ///< ds_bpermute, ds_swizzle...: LDS hardware, no bank access
  LdsWait,  ///< a wait for LDS counters (s_waitcnt lgkmcnt(0), s_wait_dscnt 0)
  Barrier,  ///< s_barrier, BAR.SYNC
  GlobalLoad,
  Branch,   ///< the end of a straight stretch; Backward: a loop's
  Other,
};

struct MeasuredInst {
  std::string Text; ///< as the profiler wrote it
  MeasuredKind Kind = MeasuredKind::Other;
  bool Backward = false; ///< a branch back (a loop's end)
  /// A branch's target (an index into MeasuredKernel::Insts), when the
  /// profiler's text and addresses give it: a branch back to it closes the
  /// loop [Target, this]. Compiled loops branch inside their body (the
  /// exec-mask skip of an `if`, the exit test), so the loop is not the
  /// stretch between two branches.
  std::optional<size_t> Target;
  /// The user's source position (the outermost frame of an inline chain);
  /// empty File: none.
  std::string File;
  unsigned Line = 0;
  std::string Where; ///< the position as the profiler wrote it, for notes
  /// ATT: executions summed over the traced waves, and cycles; Nsight
  /// Compute: warp-level instructions executed, and warp-stall samples.
  uint64_t Hit = 0;
  double Stall = 0;
  /// Nsight Compute: the measured conflict degree, shared wavefronts over
  /// the ideal wavefronts (as the analysis' degree is passes over ideal
  /// passes), and the stall reasons used.
  std::optional<double> NWay;
  /// An LDS access's bytes per lane and address, from its mnemonic
  /// (LDS.128: 16, ds_read2_b32: 4); 0 when the name gives none.
  unsigned Bytes = 0;
  double ShortScoreboard = 0, BarrierStall = 0;
  /// ATT wave files: the instructions (indexes into MeasuredKernel::Insts)
  /// a wait waited on.
  std::vector<size_t> WaitedOn;
};

struct MeasuredKernel {
  std::string Name;
  std::vector<MeasuredInst> Insts;
  bool Samples = false; ///< Nsight Compute: Stall is warp-stall samples
  /// ATT: traced waves (the first executed instruction's Hit); Nsight
  /// Compute: warps launched, when known, else 0.
  uint64_t Waves = 0;
};

struct TraceThresholds {
  double LdsStallPerHit = 100;   ///< Type A, cycles per instance
  double WaitAfterWrite = 2000;  ///< Type B, cycles per instance
  unsigned WriteWaitDistance = 4; ///< Type B: instructions between, at most
  double ReductionBarriers = 4;  ///< Type C: barriers per wave, more than
  double Headline = 0.15;        ///< "LDS-related stall > 15% of the kernel's"
  double SampleShare = 0.05;     ///< Nsight Compute B and C: share of samples
};

enum class TraceType { A, B, C };
const char *traceTypeName(TraceType T); // "Type A (bank conflict)", ...

struct TraceFinding {
  TraceType Type = TraceType::A;
  std::string File;
  unsigned Line = 0, LastLine = 0; ///< Type C: the lines of the region
  double Stall = 0;                ///< cycles (or samples), summed
  double PerInstance = 0;          ///< Stall / Hit (ATT)
  double Share = 0;                ///< of the kernel's stall
  std::vector<size_t> Insts;       ///< into MeasuredKernel::Insts
  /// Those whose stall Stall sums: Insts, and for Type C also the LDS
  /// accesses and waits of the region (a Type A access in a Type C loop
  /// counts once towards TraceSummary::LdsShare).
  std::vector<size_t> Counted;
  std::optional<double> NWay;      ///< Nsight Compute's measured conflict
  unsigned NWayBytes = 0;          ///< MeasuredInst::Bytes of the one NWay is from
  double BarriersPerWave = 0;      ///< Type C
  std::string Summary; ///< "ds_read_b32 stalls 176 cycles per instance"
};

struct TraceSummary {
  std::vector<TraceFinding> Findings; ///< the largest share first
  double TotalStall = 0;
  double LdsShare = 0; ///< of all findings together, each instruction once
  bool Headline = false; ///< LdsShare above the threshold
};

TraceSummary classifyTrace(const MeasuredKernel &K, const TraceThresholds &T);

} // namespace lds

#endif
