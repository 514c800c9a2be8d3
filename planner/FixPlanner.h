//===- FixPlanner.h - Choose a padding or XOR swizzle for one shared array ===//
//
// The planner of issue 3 ("The planner"), Clang-free. Given one shared array,
// every access to it (each with its Subscripts filled by the front end), the
// requested targets and the kernel's LDS budget, it searches paddings of the
// row and XOR swizzles of the columns, re-evaluates every access under each
// candidate with the ConflictAnalyzer, and picks one.
//
// Layouts. The array is seen as rows: the innermost extent (or FlatRowLength
// W for a flattened 1-D array indexed `r * W + c`, given as subscripts
// {r, c}) is the row length L, the last subscript is the column, the one
// before it the row.
//  - Pad P: the row length becomes L + P elements. Multi-dimensional arrays
//    widen the innermost extent (stride(d) = prod_{k>d} D'_k * elem); flat
//    arrays use byte = (r * (W + P) + c) * elem + InnerBytes, and a flat
//    array of N elements is declared N + ceil(N / W) * P elements long.
//  - Swizzle (Shift S, Mask M, VecElems V): the column c becomes
//    c ^ (((row >> S) & M) * V). V, the XOR unit, is a power of two at
//    least the widest access of the array in elements (1 when no access is
//    wider than an element), so a vector access keeps its elements
//    together; a wider unit moves whole groups of columns. Valid only when
//    M + 1 is a power of two and the XOR span (M + 1) * V divides L: then
//    every row is permuted onto itself. No LDS change. A span that does
//    not divide L is valid too when every lane of every access stays in
//    the first floor(L / span) * span columns, all its symbols known (a
//    tile already padded by hand, `tile[16][64 + 1]`): those columns are
//    permuted onto themselves and no access reaches the others.
//  - Pad and swizzle (PadSwizzle): rows of L + P, the columns XORed as
//    above inside the first L. Tried (Auto only) when no single pad or
//    swizzle leaves every access conflict-free, so that one --fix reaches
//    what a swizzle and then a pad in a second run would.
// Search: pads P = k * step for k = 1, 2, ..., where step keeps the widest
// access aligned (a float4 read of a float array: 4), up to one bank cycle
// of the widest bank model (banks * 4 B / element size) and at most L
// (PlanOptions::MaxPad overrides); swizzles with every mask 2^k - 1 whose
// span fits, shifts 0..7, skipping those whose top mask bit no row sets.
//
// The choice (issue 3, with the order of ties made explicit):
//  0. An access with !Subs.Valid, subscripts that do not match the array's
//     rank, or a cost the analyzer reports as "unknown" on any target makes
//     the planner refuse (with that access's location). So does an access
//     whose subscripts, evaluated for every lane of its block and every
//     known value of its loop counters, leave the array's extents (a column
//     outside [0, L), or a vector straddling two rows): `tile[0][tid]` or a
//     flat `s[tid]` given as {0, tid} is not element [row][column], and a
//     new layout would move the data under it. An array without a conflict
//     under the default readings is refused as "no bank conflict to
//     remove".
//  1. A candidate must not make any target slower: on each target, under
//     its default reading, the passes of the accesses, each weighted by how
//     often it runs (rule 3), summed, must not rise. One access may get
//     worse where another gains more (a store run once per step 1 -> 2
//     passes for a load run 8 times 8 -> 4): the plan's description then
//     lists the trade, access by access (PlanDescription.cpp).
//  2. It must not lower the workgroups per CU on any target, nor exceed a
//     block's LDS capacity. Workgroups per CU = min(TargetModel::blocksPerCU
//     of the kernel's LDS plus the growth, wave slots per CU / waves per
//     block): more LDS that the wave slots would not let run anyway costs
//     nothing (the 32x32 transpose with 256 threads on gfx942: LDS allows
//     16 -> 14 workgroups, the waves 8). Such pads are rejected, whatever the
//     strategy. (So Auto falls back to a swizzle when padding would cost
//     occupancy.) A dynamic array of unknown size cannot be checked: pads
//     are allowed and the plan says so.
//  3. Among the rest, the best wins, in this order (issue 13's objective):
//     first a candidate conflict-free on every target under every reading
//     of a disputed row; then the smallest worst-target factor, the highest
//     over the targets of its weighted passes divided by the same accesses'
//     weighted ideal passes on that target (worstTargetFactor; the passes of
//     two targets are not of one size, their ratio to the ideal is); then
//     the lowest cost: passes of every access, weighted by how often it
//     issues per block (the trip count of each loop around it whose counter
//     its index reads, 8 for a loop of unknown trip count; times the share
//     of the block's waves that execute it: Evaluator::weight), summed over
//     the targets, under each target's default reading. The share of lanes
//     active needs no weight: the passes are those of the active lanes. A
//     plan is Found only if this cost is below the cost before.
//     When the 1-D array's accesses are written with different row lengths
//     (`s[tx * 8 + ty]` and `s + tx + ty * 32`), each length W is tried:
//     the accesses written with another one are read as the linear index
//     i they are, {i / W, i % W}; the best plan over the lengths wins.
//  4. Ties: first the cost under the alternative readings of disputed rows
//     (hardware.md: prefer a fix that is conflict-free under every plausible
//     reading whenever one exists); then, with Strategy::Auto, a pad beats a
//     swizzle of equal cost (it only edits the declaration and leaves every
//     index as written; the issue's own example, the 32x32 transpose -> 33,
//     picks a pad where an equally good swizzle exists) and both at once
//     come last; then the least
//     LDS, then the simplest (smallest pad; smallest mask, then shift).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PLANNER_FIXPLANNER_H
#define LDS_PLANNER_FIXPLANNER_H

#include "analysis/AccessModel.h"
#include "analysis/LaneExpr.h"
#include "planner/RewriteQuery.h"
#include "targets/BankModel.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace lds {

/// A linear XOR layout over GF(2) on the XOR units of a row: with the unit
/// u = col / VecElems (the widest access, or wider),
///   f  = ((row >> Shift) & Mask) ^ XOR over s in ColShifts of ((u >> s) & ColMask),
///   u' = u ^ f,   col' = col ^ (f * VecElems).
/// The row term is the classic swizzle; the column terms XOR higher bits of
/// the unit into its low bits (`chunk ^= (chunk >> 3) & 1`; with shifts
/// {3, 4}, bit 0 ^= bit 3 ^ bit 4), which moves lanes of one row apart when
/// every lane reads the same row (a GEMM's B tile). Every shift is at least
/// the width of Mask | ColMask, so the bits read are never the bits
/// changed: the map is its own inverse on each row.
struct SwizzleParams {
  unsigned Shift = 0;
  unsigned Mask = 0;
  unsigned VecElems = 1;
  std::vector<unsigned> ColShifts; ///< in column units; empty: no column term
  unsigned ColMask = 0;
  /// The column term's own unit (elements; 0: VecElems): a row term that
  /// flips bit 0 and a column term in 8-byte units that flips bit 1 (the
  /// column term's source bits are then above both terms' bits).
  unsigned ColVecElems = 0;
  bool hasColumnTerm() const { return !ColShifts.empty() && ColMask; }
  unsigned colUnit() const { return ColVecElems ? ColVecElems : VecElems; }

  /// The general linear layout over GF(2) (issue 13, "layout synthesis"):
  /// when Terms is not empty it is the whole layout and Shift, Mask and the
  /// column fields are unused (0). With u = col / VecElems,
  ///   u' = u ^ XOR over terms of (bit From.Bit of row or of u) * Vector,
  /// Vector a mask over the destination bits of u. Every unit source bit
  /// lies above every destination bit of every term (validLinear), so the
  /// bits read are never the bits changed: the map is unitriangular over
  /// GF(2), its own inverse on each aligned span of 2^(top source bit + 1)
  /// units, whatever the row.
  struct XorTerm {
    enum Source { Row, Unit } From = Row;
    unsigned Bit = 0;    ///< source bit of the row, or of u
    unsigned Vector = 0; ///< destination bits of u it flips
  };
  std::vector<XorTerm> Terms;
  bool isLinear() const { return !Terms.empty(); }
  /// The layout reads the column beyond the bits it changes (a column term
  /// or a unit source bit): the column text is repeated in the rewrite.
  bool readsColumn() const;
  /// The layout reads the row.
  bool readsRow() const;
  /// Rows after which the layout repeats: 2^(top row bit read + 1), 1 when
  /// it reads no row.
  uint64_t rowPeriod() const;
  /// Units of one aligned span the layout permutes onto itself: 2^(top bit
  /// read or changed + 1), in units of VecElems.
  uint64_t spanUnits() const;
  /// A general layout whose unit source bits all lie above its destination
  /// bits, with no zero vector and no source bit twice.
  bool validLinear() const;

  /// The general layout as it is written: a field of Width consecutive
  /// source bits from Bit, times Vector. Runs of terms that map source bits
  /// s.. one to one onto destination bits t.. (a diagonal, the classic
  /// `(row >> s) & 7`) become one field of Width > 1 and Vector 2^t; every
  /// other term is a field of one bit times its vector. One-bit vectors of
  /// a run never carry, so the products are XORs. Sorted: the row first.
  struct Piece {
    XorTerm::Source From = XorTerm::Row;
    unsigned Bit = 0, Width = 1;
    unsigned Vector = 0;
  };
  std::vector<Piece> pieces() const;
};

struct FixCandidate {
  /// PadSwizzle: both at once (rows widened by PadElems, columns XORed
  /// inside the first L columns), so that one run reaches what a swizzle
  /// and then a pad in a second run would.
  enum Kind { Pad, Swizzle, PadSwizzle } K = Pad;
  unsigned PadElems = 0; ///< for Pad, PadSwizzle: elements added to each row
  SwizzleParams Swz;     ///< for Swizzle, PadSwizzle

  bool pads() const { return K != Swizzle; }
  bool swizzles() const { return K != Pad; }

  static FixCandidate pad(unsigned Elems);
  static FixCandidate swizzle(unsigned Shift, unsigned Mask, unsigned VecElems);
  static FixCandidate swizzle(const SwizzleParams &S);
  static FixCandidate padSwizzle(unsigned Elems, const SwizzleParams &S);
  /// "pad +2", "swizzle ((row >> 0) & 7) * 1", "pad +1, swizzle ..."
  std::string str() const;
  /// "padding", "a swizzle", "padding with a swizzle", as refusals say.
  static const char *noun(Kind K);
};

enum class Strategy { Auto, Pad, Swizzle };

/// What one candidate (the chosen one, in a plan) does on one target.
struct TargetOutcome {
  std::string Target;
  /// Summed over the array's accesses (not weighted), default reading.
  double PassesBefore = 0, PassesAfter = 0;
  /// The worst access's degree, default reading.
  double DegreeBefore = 1, DegreeAfter = 1;
  /// Workgroups per CU that LDS and the wave slots allow (0: over capacity).
  unsigned BlocksPerCUBefore = 0, BlocksPerCUAfter = 0;
  /// Per alternative reading i of a disputed row: the passes, summed over
  /// the accesses whose row has such a reading. Empty when none has.
  std::vector<double> AltPassesAfter;
  /// The worst access's degree under the alternative readings (1 if none),
  /// and the bank count of the alternative reading (0 if none).
  double AltDegreeBefore = 1, AltDegreeAfter = 1;
  unsigned AltBanks = 0;
};

/// The new shape of the array under a candidate.
struct Layout {
  bool Ok = false;
  std::string Why;               ///< when !Ok
  bool Flat = false;             ///< a 1-D array indexed r * W + c
  uint64_t RowLength = 0;        ///< L before (elements)
  uint64_t NewRowLength = 0;     ///< L + P
  uint64_t Rows = 0;             ///< rows of the whole array (0: unknown)
  uint64_t RowExtent = 0;        ///< extent of the row subscript (0: unknown)
  std::vector<uint64_t> NewDims; ///< declared extents after ({0} dynamic)
  /// Columns a swizzle permutes: the first SwizzledColumns of each row (a
  /// multiple of the XOR span; L, or less when every access stays below it:
  /// `tile[16][64 + 1]` read in columns 0..63 only). 0: no swizzle.
  uint64_t SwizzledColumns = 0;
  uint64_t Elems = 0, NewElems = 0; ///< 0: unknown (dynamic, size unknown)
};

struct PlanOptions {
  /// --assume NAME=VALUE, passed to the analyzer.
  std::map<std::string, int64_t> Assumptions;
  /// For a dynamic array: the bytes the launch passes, if known (0: not).
  uint64_t DynamicBytes = 0;
  /// Largest pad tried; 0: one bank cycle of the widest bank model
  /// (banks * 4 B / element bytes), at most the row length.
  unsigned MaxPad = 0;
  /// Waves a CU (WGP, SM) holds, per target name, overriding
  /// TargetModel::MaxWavesPerCU: occupancy is min(LDS budget, wave slots).
  std::map<std::string, unsigned> MaxWavesPerCU;
  /// Asked before a candidate is chosen (RewriteQuery.h); null: every
  /// candidate can be written.
  RewriteQuery *Rewriter = nullptr;
  /// Take the candidate ranked Rank (0: the best) among those that can be
  /// written, so that `bench --search` can build the runners-up and the
  /// ISA cost can break ties. Past the last one: the last one.
  unsigned Rank = 0;
  /// Besides the one taken, describe up to Ties more that the model cannot
  /// tell from it (FixPlan::Ties), so that the code they compile to can.
  unsigned Ties = 0;
};

/// One writable candidate of the ranking (FixPlan::Ranked).
struct RankedCandidate {
  FixCandidate C;
  double Cost = 0, AltCost = 0; ///< as FixPlan::CostAfter, AltCostAfter
  double Worst = 1;             ///< as FixPlan::WorstAfter
};

/// The best candidate the rewrite could not write (RewriteQuery.h): with
/// Strategy::Auto the plan took the best one it can write instead.
struct Unwritable {
  bool Valid = false;
  FixCandidate::Kind Kind = FixCandidate::Pad;
  std::string Why; ///< the rewrite's reason
  double Cost = 0; ///< its weighted passes (FixPlan::CostAfter, had it been taken)
};

struct FixPlan {
  bool Found = false;
  std::string Refusal;  ///< why nothing (when !Found)
  SourceLoc RefusalLoc; ///< the access that caused the refusal, if one did
  FixCandidate Choice;
  std::vector<TargetOutcome> Outcomes; ///< one per target, in request order
  /// The kernel's LDS per block (its static LDS, plus the dynamic bytes when
  /// the array is dynamic and they are known).
  uint64_t LDSBytesBefore = 0, LDSBytesAfter = 0;
  uint64_t ArrayBytesBefore = 0, ArrayBytesAfter = 0; ///< 0: unknown
  Layout NewLayout;
  bool OccupancyChecked = true; ///< false for a dynamic array of unknown size
  /// "pad rows 32 -> 33 floats: 32-way -> 1-way on gfx942 and gfx950,
  /// +128 B LDS, occupancy unchanged"
  std::string Description;
  /// Weighted passes summed over the targets (default reading), before and
  /// under the choice: comparable between plans of the same accesses.
  double CostBefore = 0, CostAfter = 0, AltCostAfter = 0;
  /// Under the choice: conflict-free on every target under every reading,
  /// and the slowest target's weighted passes over its ideal ones
  /// (worstTargetFactor): the first two keys of the ranking.
  bool IdealAfter = false;
  double WorstAfter = 1;
  /// Per access (in the order given): read as the linear index it is,
  /// {i / W, i % W}, whatever terms it has (Subscripts::Linear). The
  /// rewrite must split those the same way.
  std::vector<bool> Linear;
  /// One short line per candidate tried, for --verbose.
  std::vector<std::string> Considered;
  /// The best candidates that can be written, best first, up to the one
  /// taken: Choice is Ranked[Rank]. Each costs a rewrite to ask, so no more
  /// are looked for than PlanOptions::Rank asks (bench --search asks for at
  /// most MaxRanked).
  /// Those with the Cost and AltCost of Ranked[0] are equally good by the
  /// model: what tells them apart is the code they compile to.
  std::vector<RankedCandidate> Ranked;
  unsigned Rank = 0;
  /// Up to PlanOptions::Ties writable candidates after the one taken that
  /// are equally good by every key of the ranking but the order it tried
  /// them in (equallyGood, Choice.h): the same kind, the same LDS, the same
  /// weighted passes under every reading. Each is a whole plan (Found, its
  /// Description and Outcomes), its own Ties empty.
  std::vector<FixPlan> Ties;
  static constexpr unsigned MaxRanked = 8;
  /// The planner's favourite, when the rewrite could not write it; with
  /// !Found and Strategy::Auto, Refusal then says why each kind failed.
  Unwritable SetAside;
};

/// Chooses a fix for Array. Accesses are every access of the array (of the
/// kernel being fixed); Targets the requested targets. KernelStaticLDSBytes
/// is the static LDS of the whole kernel (every __shared__ variable),
/// including this array when it is static.
FixPlan planFix(const SharedArray &Array, const std::vector<const Access *> &Accesses,
                const std::vector<const TargetModel *> &Targets, uint64_t KernelStaticLDSBytes,
                Strategy S, const BankModel &Model, const PlanOptions &Opts = {});

/// The byte offset of A under candidate C (the re-layout), in 64-bit signed
/// arithmetic, from A.Subs. Null if A's subscripts do not fit the array (see
/// layoutOf). relayout(Array, A, pad(0)) computes the same addresses as
/// A.ByteOffset.
ExprRef relayout(const SharedArray &Array, const Access &A, const FixCandidate &C);

/// The shape of Array under C. FlatRowLength: the accesses' W for a flat
/// array, else 0. Rows: for a dynamic array, its outermost extent: the rows
/// of W for a flat one, Dims[0] for `extern T s[][N]` (0: unknown).
Layout layoutOf(const SharedArray &Array, const FixCandidate &C, uint64_t FlatRowLength,
                uint64_t Rows = 0);

/// True if C maps the array's elements one-to-one into the new storage (and
/// keeps each aligned group of VecElems elements of a row contiguous),
/// checked by enumerating every element of the declared extents through
/// relayout. For a dynamic array the extents are Rows x FlatRowLength (a
/// flat one) or Rows x the declared inner extents; Rows is ignored for a
/// static array. Why says which element fails.
/// Columns: only the first Columns columns of each row are enumerated (0:
/// all), for a swizzle whose span does not divide the row (Layout::
/// SwizzledColumns).
bool isBijection(const SharedArray &Array, const FixCandidate &C, uint64_t FlatRowLength,
                 uint64_t Rows, std::string *Why, uint64_t Columns = 0);

} // namespace lds

#endif
