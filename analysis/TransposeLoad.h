//===- TransposeLoad.h - The lane exchange of AMD's LDS transpose loads ---===//
//
// lds-transpose-load (issue 14): gfx950's ds_read_b64_tr_b16 / _b8 and
// gfx1250's ds_load_tr16_b128 / ds_load_tr8_b64. Each lane passes one
// address and the hardware reads the vector of VectorBytes there (a plain
// load of that width, with its bank conflicts), then exchanges elements
// inside groups of GroupLanes lanes: destination lane i, register r gets
// element sourceOf(i, r).Element of the vector source lane
// sourceOf(i, r).Lane read. EXEC must be all ones and every address
// aligned to VectorBytes.
//
// The exchange, pinned from Triton's AMD backend, which emits these
// instructions for its dot operands (triton-lang/triton,
// third_party/amd/lib/TritonAMDGPUToLLVM/MemoryOpToLLVM.cpp, the
// `fullTile` layout of lowerSharedToDotOperandTransLL, with
// TargetInfo::queryLDSTransLoadParams: groups of warpSize / 4 lanes,
// 64-bit vectors on CDNA4, 128-bit for 16-bit elements and 64-bit
// "DoubleContiguity" for 8-bit on GFX1250; and the 16 x 4 diagram of
// lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp,
// chooseLLDsReadB64TrLayout). With G lanes per group, E elements per
// vector and i, r the destination lane (in its group) and register:
//   Standard (gfx950 tr16: G 16, E 4, O 4; gfx950 tr8: G 16, E 8, O 2;
//   gfx1250 tr16: G 8, E 8, O 1):
//     source lane (i / E) % O + O * r + O * E * (i / (O * E)), element i % E
//   DoubleContiguity (gfx1250 tr8: G 16, E 8):
//     source lane (r % 4) + 4 * ((i / 8) % 2) + 8 * (r / 4), element i % 8
// The MI450 LDS deep dive says the same of tr16_b128 ("an 8x8 transpose of
// 16-bit elements") and of gfx1250's tr8_b64 ("each group from two runs of
// four lanes"); Modular's docs say each 16-lane row of ds_read_tr16_b64
// "loads a 4x16 tile ... each lane gets a column of the tile". The unit
// test (TransposeLoadTest.cpp) checks the diagrams' lanes. No Clang here.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_TRANSPOSELOAD_H
#define LDS_ANALYSIS_TRANSPOSELOAD_H

#include <cstdint>
#include <string>
#include <vector>

namespace lds {

struct TransposeInstr {
  const char *Target;      ///< "gfx950", "gfx1250"
  const char *Mnemonic;    ///< as clang 22 prints it: "ds_read_b64_tr_b16"
  const char *BuiltinStem; ///< "__builtin_amdgcn_ds_read_tr16_b64_v4"
  unsigned ElementBytes;   ///< 2 or 1
  unsigned Elements;       ///< per lane (VectorBytes / ElementBytes)
  unsigned VectorBytes;    ///< 8 or 16
  unsigned GroupLanes;     ///< lanes exchanging among themselves
  unsigned WaveSize;       ///< of the target (64 on gfx950, 32 on gfx1250)
  bool DoubleContiguity;   ///< gfx1250 tr8: the two-runs-of-four form
  unsigned OtherLanes;     ///< O above (Standard form)
};

/// The transpose load of Target for elements of ElementBytes, or null when
/// the target has none (every target but gfx950 and gfx1250).
const TransposeInstr *transposeInstrFor(const std::string &Target, unsigned ElementBytes);

struct LaneElement {
  unsigned Lane = 0;    ///< in the wave
  unsigned Element = 0; ///< in that lane's vector
};

/// Where destination lane Lane (in the wave), register Reg, takes its
/// value from.
LaneElement transposeSource(const TransposeInstr &I, unsigned Lane, unsigned Reg);

/// What each lane of a wave receives: Out[l][r] = Addr[s] + e in elements,
/// (s, e) = transposeSource(I, l, r); Addr has one element index per lane.
std::vector<std::vector<int64_t>> simulateTranspose(const TransposeInstr &I,
                                                    const std::vector<int64_t> &Addr);

/// The address a lane passes, relative to the element it reads first
/// today, when every lane reads a column run `a[k0 + r][c]` (r = 0 ..
/// Elements - 1, k0 the same in a group, c consecutive across the group):
/// Addr(l) = Orig(l, 0) + Rows * RowStride + Columns. The rewrite spells it
/// with the lane's position in its group (laneShiftText).
struct LaneShift {
  int64_t Rows = 0, Columns = 0;
};
LaneShift laneShift(const TransposeInstr &I, unsigned Lane);

/// C text of the row and column shifts for a lane whose position in the
/// wave is Lane (an expression of unsigned type): "((L >> 2) & 3)" and
/// "(((L & 3) << 2) - (L & 15))" for gfx950 tr16.
void laneShiftText(const TransposeInstr &I, const std::string &Lane, std::string &RowText,
                   std::string &ColumnText);

/// The proof, for one wave: Orig[l] holds the elements (indexes into the
/// array) lane l reads today, in register order. RowStride: elements
/// between two rows (the shifts' unit); RowLength: the array's innermost
/// extent when the rewrite spells a row and a column subscript (columns
/// must then stay in their row), 0 for a flat index. On success returns ""
/// and fills Addr with every lane's address (elements); otherwise why not,
/// naming the first lane that fails.
std::string proveTranspose(const TransposeInstr &I, const std::vector<std::vector<int64_t>> &Orig,
                           int64_t RowStride, uint64_t RowLength, std::vector<int64_t> &Addr);

} // namespace lds

#endif
