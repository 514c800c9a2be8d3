//===- BankModel.h - LDS / shared-memory bank rules, one row per case -----===//
//
// The bank model is data. A TargetModel holds the facts of one GPU (wave
// size, capacity, allocation granule, wave slots) and its BankRules, one per (access
// direction, width). Each row carries the source it was taken from and a
// confidence tag, as in docs/hardware.md. The built-in rows live in
// BankModelTable.cpp; --bank-model=FILE (JSON) adds or overrides targets and
// rows (BankModelJSON.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TARGETS_BANKMODEL_H
#define LDS_TARGETS_BANKMODEL_H

#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace lds {

enum class Direction { Read, Write, Any };

struct BankRule {
  Direction Dir = Direction::Any;
  unsigned WidthBytes = 4; ///< 1, 2, 4, 8, 12 or 16
  unsigned Banks = 32;     ///< banks in the conflict domain
  /// Lane groups (phases) of one wave; lanes in different groups never
  /// conflict. Every lane of the wave is in exactly one group.
  std::vector<std::vector<unsigned>> Groups;
  /// The spelling the groups were given in ("consecutive:16", or explicit
  /// sets "0-3,20-23|4-7,16-19|...|+32"), kept for reports and JSON.
  std::string GroupSpec;
  /// NVIDIA loads: when every aligned lane pair with both lanes active asks
  /// for the same address, groups of this rule merge two by two.
  bool PairMerge = false;
  /// Lanes touching different bytes of one 4-byte word share it (broadcast).
  bool SubwordShares = true;
  /// A row for ldmatrix / stmatrix only (each 8-lane phase is one matrix;
  /// no pair merge: test/oracle/ldmatrix). Plain accesses never use it.
  bool Matrix = false;
  std::string Source;     ///< where the row comes from
  std::string Confidence; ///< H, M, V, S or U (hardware.md's tags)
  /// A disputed row keeps its other plausible reading here; the fix planner
  /// prefers fixes that are conflict-free under both.
  std::vector<BankRule> Alternatives;
};

/// LDS partitions and the SIMD pairs that share them (gfx1250, issue 14):
/// the LDS is Count partitions of Bytes each; warp w of a workgroup runs on
/// SIMD w mod Simds; PairOfSimd[s] is the pair (0 = A, 1 = B) of SIMD s.
/// Warps of different pairs reading one partition in the same cycle share
/// its bandwidth. Bytes == 0: the target has no such rule.
struct LdsPartitionModel {
  unsigned Bytes = 0;
  unsigned Count = 0;
  unsigned Simds = 0;
  std::vector<unsigned> PairOfSimd;
  std::string Source;
  bool present() const { return Bytes && Count && Simds && PairOfSimd.size() == Simds; }
};

struct TargetModel {
  std::string Name;        ///< "gfx950"
  std::string Description; ///< "AMD MI355X (CDNA4)"
  bool IsAMD = true;
  unsigned WaveSize = 64;
  unsigned LDSBytesPerCU = 65536; ///< per CU / WGP / SM
  unsigned LDSBytesPerBlock = 65536;
  unsigned AllocGranule = 512;
  unsigned ReservedPerBlock = 0; ///< sm_80/sm_90: 1 KiB per block
  unsigned MaxBlocksPerCU = 32;  ///< hardware cap, for occupancy
  /// Waves (warps) one CU / WGP / SM holds at most, for occupancy: the fix
  /// planner takes min(LDS budget, wave slots / waves per block). 0: no
  /// limit but the LDS one (a --bank-model target that gives none).
  unsigned MaxWavesPerCU = 0;
  /// The register file, for the waves per SIMD a kernel's registers allow
  /// (a fix's cost, issue 13): VGPRs per lane of one SIMD (architected and
  /// accumulation ones together where they share it), their allocation
  /// granule, and the most waves one SIMD holds. On NVIDIA a "SIMD" is an
  /// SM sub-partition, with its own quarter of the SM's registers. 0: not
  /// known (targets without a RegisterRows entry).
  unsigned VGPRsPerSIMD = 0, VGPRGranule = 0, MaxWavesPerSIMD = 0;
  /// The register files wavesForRegisters counts over: 1 on AMD (waves per
  /// SIMD, as the compiler's `; Occupancy:`), 4 on NVIDIA (warps per SM,
  /// as CUDA's occupancy calculator reports them).
  unsigned RegisterFiles = 1;
  std::string Source;
  /// The HIP __syncthreads() waits for outstanding global loads too
  /// (vmcnt(0) / loadcnt 0 before s_barrier), so loads issued before it do
  /// not stay in flight across it: a prefetch gains little there.
  bool BarrierDrainsGlobalLoads = false;
  /// lds-partition-conflict's parameters (BankModelTable.cpp, PartitionRows).
  LdsPartitionModel Partitions;
  std::vector<BankRule> Rules;

  /// The rule for an access of this direction and width: an exact match on
  /// direction first, then Direction::Any. If no row has this width, the
  /// nearest wider row (a 12-byte access uses the 16-byte row only if no
  /// 12-byte row exists), else the widest narrower one. Null if nothing fits.
  /// A Matrix access (ldmatrix / stmatrix) takes a Matrix row of its width
  /// if the target has one, else the plain rows as above.
  const BankRule *findRule(Direction D, unsigned WidthBytes, bool Matrix = false) const;
  /// Waves per SIMD a kernel of VGPRs architected and AGPRs accumulation
  /// registers allows, as the compiler's `; Occupancy:` counts them (on
  /// NVIDIA: warps per SM, VGPRs being ptxas's registers per thread); 0 if
  /// the register file is not known.
  unsigned wavesForRegisters(unsigned VGPRs, unsigned AGPRs) const;
  /// LDS a block really takes, rounded to the allocation granule.
  unsigned allocatedBytes(unsigned BlockBytes) const;
  /// Blocks per CU that the LDS budget allows (MaxBlocksPerCU if 0 bytes).
  unsigned blocksPerCU(unsigned BlockBytes) const;
};

/// Parses "consecutive:N" or "a-b,c|d-e|...[|+32]" into groups over
/// WaveSize lanes.
llvm::Expected<std::vector<std::vector<unsigned>>> parseGroupSpec(const std::string &Spec,
                                                                  unsigned WaveSize);

class BankModel {
public:
  /// The built-in table (BankModelTable.cpp).
  static BankModel builtin();
  /// Adds or overrides targets and rows from a JSON file (BankModelJSON.cpp).
  llvm::Error mergeJSONFile(const std::string &Path);
  llvm::Error mergeJSON(const std::string &Text, const std::string &Origin);

  const TargetModel *find(const std::string &Name) const;
  std::vector<std::string> targetNames() const;
  void add(TargetModel T) { Targets[T.Name] = std::move(T); }
  const std::map<std::string, TargetModel> &targets() const { return Targets; }

private:
  std::map<std::string, TargetModel> Targets;
};

} // namespace lds

#endif
