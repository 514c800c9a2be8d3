//===- AccessModel.h - The plain model of shared arrays and accesses ------===//
//
// What the matchers hand to the analysis: every __shared__ array, every access
// to it with its byte offset as a LaneExpr, the lane predicate that guards it,
// the uniform symbols it depends on, and the block shape it runs with.
// Nothing here refers to Clang; locations are plain file/line/column.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_ACCESSMODEL_H
#define LDS_ANALYSIS_ACCESSMODEL_H

#include "analysis/LaneExpr.h"

#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace lds {

struct SourceLoc {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
  unsigned Offset = 0; ///< byte offset in File, for fix-its and dedup
  bool valid() const { return Line != 0; }
};

enum class AccessKind { Load, Store, Atomic };
const char *accessKindName(AccessKind K); // "load", "store", "atomic"

/// Config: the project's .lds-rewrite.yaml (a per-kernel shape, or its
/// default in place of 256 x 1 x 1); From.File names that file.
enum class BlockSource { Cli, Launch, LaunchBounds, Default, Config };
const char *blockSourceName(BlockSource S); // "cli", "launch", ...

struct BlockShape {
  std::array<unsigned, 3> Dims = {256, 1, 1};
  BlockSource Source = BlockSource::Default;
  SourceLoc From; ///< the launch or __launch_bounds__ it was read from
  /// Dynamic shared bytes of that launch (its third <<<>>> argument), when
  /// constant; 0 otherwise.
  uint64_t DynamicSharedBytes = 0;
  unsigned threads() const { return Dims[0] * Dims[1] * Dims[2]; }
};

struct SharedArray {
  std::string Id; ///< "kernel/name" (or "name" at namespace scope)
  std::string Name;
  std::string Kernel; ///< kernel (with template arguments) it is used in
  SourceLoc Decl;
  std::string ElementType; ///< as spelled by the compiler, e.g. "float"
  unsigned ElementBytes = 4;
  std::vector<uint64_t> Dims; ///< empty for scalars; {0} for extern []
  uint64_t Bytes = 0;
  bool Dynamic = false; ///< extern __shared__ / HIP_DYNAMIC_SHARED
};

/// How a uniform symbol may vary. The analyzer enumerates Values, tries
/// several samples for Free symbols (and reports "unknown" if the cost
/// changes with them), and uses the single value of Assumed ones.
struct SymbolInfo {
  enum Domain { Free, Values, Assumed } Dom = Free;
  std::vector<int64_t> Vals; ///< for Values (in iteration order) / Assumed
  std::string Description;   ///< "kernel argument 'n'", "loop counter 's'"
  /// Whether the symbol is a loop counter: then the worst value is reported
  /// as "the worst iteration".
  bool IsLoopCounter = false;
  SourceLoc Loc;
  /// An assumption made about this symbol (e.g. the first iterations of a
  /// loop of unknown bound), reported with the accesses that use it.
  std::string Note;
  /// The symbol whose value would settle this one, to suggest instead of
  /// it (the kernel argument that bounds the loop that updates it).
  std::string AssumeHint;
  /// Vals are not all the values: the first iterations of a loop whose end
  /// is not known here, or of one longer than the walker follows. A bank
  /// cost repeats over iterations; a question about absolute addresses
  /// (which LDS partition) must not take them for all.
  bool Truncated = false;
  /// The symbol counts the iterations 0, 1, 2, ... of a loop whose start
  /// differs between lanes (`for (i = tid; i < n; i += 256)`); Vals holds
  /// the first few, which give every bank cost (each iteration moves all
  /// lanes alike). LoopCondition is the loop's condition written with this
  /// symbol (null: the loop has none): a lane leaves at its first false.
  bool CountsIterations = false;
  ExprRef LoopCondition;
};

/// An access written as subscripts of its array's dimensions, so that the
/// fix planner can re-evaluate it under another layout (padding, swizzle).
/// ByteOffset == (sum over d of Index[d] * stride(d)) + InnerBytes, where
/// stride(d) is the product of the extents after d times the element size.
/// A 1-D array indexed row-major as `r * W + c` is given as two subscripts
/// {r, c} with FlatRowLength = W (W a constant the front end proved).
struct Subscripts {
  bool Valid = false;
  std::vector<ExprRef> Index; ///< element units, outermost first
  uint64_t FlatRowLength = 0; ///< W for a flattened 1-D array, else 0
  ExprRef InnerBytes;         ///< offset inside the element (.x, .y ...)
  /// A linear index i of a flattened array, given as {i / W, i % W}: the
  /// rewrite must spell it that way.
  bool Linear = false;
  std::string Why; ///< why not Valid (for refusals)
};

/// The words every note about a guard the front end dropped (assumed true
/// for every lane) contains: such an access may have more lanes active than
/// really run it. When the guard reads a runtime value the note goes on
/// with " (use --assume ...)".
constexpr const char *DroppedGuardNote = "assumed true for every lane";

struct Access {
  std::string ArrayId;
  SourceLoc Loc;
  AccessKind Kind = AccessKind::Load;
  unsigned WidthBytes = 4; ///< width of the memory instruction per lane
  /// ldmatrix / stmatrix (NVIDIA inline PTX): 16-byte rows from lanes
  /// 0..8n-1, costed by the target's matrix rows (BankRule::Matrix).
  bool Matrix = false;
  ExprRef ByteOffset;    ///< from the start of the array, per lane
  ExprRef Predicate;     ///< lane active when nonzero; null: always
  std::string IndexText; ///< the index as written, for reports
  std::map<std::string, SymbolInfo> Symbols;
  BlockShape Block;
  std::string Kernel;               ///< the kernel instantiation it runs in
  unsigned LoopDepth = 0;           ///< for weighting in the fix planner
  std::vector<std::string> Notes;   ///< assumptions made while modelling
  std::vector<SourceLoc> CallChain; ///< helper call sites, outermost first
  Subscripts Subs;
  /// Size of the array (of a dynamic one: the launch's dynamic bytes) and
  /// of its element, when known; 0 when not. An access that falls outside
  /// under the block shape is reported unknown, not costed: the shape (or
  /// a guard the tool did not see) must be wrong. Layout candidates, which
  /// move the array, clear it.
  uint64_t ArrayBytes = 0;
  unsigned ElementBytes = 0;
};

/// Every symbol A's address or predicate reads (A.Symbols may hold more:
/// all those in scope where it was found).
std::set<std::string> symbolsRead(const Access &A);

/// What a barrier call orders (barriers.md section 1): the whole block's
/// LDS and global memory (__syncthreads and its reductions, cooperative
/// groups' block sync), only control (a bare s_barrier builtin: its memory
/// order comes from fences, which it lacks), or a warp (__syncwarp).
enum class BarrierKind {
  SyncThreads,       ///< __syncthreads()
  SyncThreadsReduce, ///< __syncthreads_count / _and / _or: also a result
  BlockSync,         ///< cooperative_groups: block.sync(), sync(block)
  BareBarrier,       ///< __builtin_amdgcn_s_barrier(), no fences
  SyncWarp,          ///< __syncwarp()
  AsmBarrier,        ///< inline asm holding s_barrier / bar.sync
};
const char *barrierKindName(BarrierKind K); // "syncthreads", ...

/// A barrier written in a kernel's body, for the checks that move code
/// across barriers or remove them (issue 11). Only barriers in the kernel's
/// own body are listed: a call to another function may hold one too, and
/// whoever moves code must treat such a call as a barrier (barriers.md,
/// rule 4).
struct Barrier {
  std::string Kernel; ///< the kernel instantiation, as Access::Kernel
  SourceLoc Loc;
  BarrierKind Kind = BarrierKind::SyncThreads;
  std::string Callee;       ///< as written: "__syncthreads", "sync", "asm"
  unsigned LoopDepth = 0;   ///< loops of the kernel around it
  bool Conditional = false; ///< under an if, ?:, switch, && or || of the kernel
  /// The barrier written just before this one in the same braces when only
  /// register code (RegisterCode.h: no memory access, call, asm or branch)
  /// lies between the two; invalid otherwise. Every path to this barrier
  /// then passes that one with nothing between that another thread could
  /// see, so the pairs this one orders, that one orders already.
  SourceLoc AfterOnlyRegisters;
  /// The call is a statement of its own, written outside any macro: a fix
  /// can delete it.
  bool Removable = false;
  /// The kernel cannot be launched from another translation unit (static,
  /// an unnamed namespace): the launches seen are all its launches.
  bool KernelInternal = false;
  /// The kernel has a __launch_bounds__ already.
  bool KernelBounded = false;
};

/// A load or store of memory other than LDS, as the walker evaluated it:
/// HIP's barrier fences global memory too, so a barrier's removal must
/// prove these pairs as well (SelfReadback.h).
struct GlobalAccess {
  std::string Kernel; ///< as Access::Kernel
  SourceLoc Loc;
  AccessKind Kind = AccessKind::Load;
  /// The kernel parameter (or __device__ variable) it goes through; empty
  /// when not known (Why says so).
  std::string Pointer;
  bool Restrict = false;      ///< the parameter is `T *__restrict__`
  bool ConstPointee = false;  ///< ... `const T *`
  ExprRef Index;              ///< in elements; null when not evaluated
  unsigned ElementBytes = 0;
  ExprRef Predicate;          ///< lane active when nonzero; null: always
  std::map<std::string, SymbolInfo> Symbols;
  std::string Why; ///< why Pointer or Index is not known
};

/// A statement written directly in a kernel's braces: the unit in which
/// SelfReadback.h places accesses between barriers. Offsets are those of
/// SourceLoc (the kernel's file); an access belongs to the statement whose
/// range holds it (or holds its outermost call site).
struct KernelStatement {
  std::string Kernel;
  std::string File;
  unsigned Begin = 0, End = 0;
  unsigned Line = 0, EndLine = 0; ///< of Begin and End, for messages
  /// Into Model::Barriers when the statement is a block barrier every
  /// thread reaches (__syncthreads() or block.sync() on its own line).
  int Barrier = -1;
  /// What a race check cannot see through here, each with its line: "a
  /// call to 'f' at line 12", "an access at line 9:5 the front end did not
  /// evaluate".
  std::vector<std::string> Opaque;
};

struct Model {
  std::vector<SharedArray> Arrays;
  std::vector<Access> Accesses;
  std::vector<Barrier> Barriers; ///< per kernel in source order
  std::vector<GlobalAccess> Globals;
  std::vector<KernelStatement> Statements; ///< per kernel in source order
  const SharedArray *findArray(const std::string &Id) const {
    for (const SharedArray &A : Arrays)
      if (A.Id == Id)
        return &A;
    return nullptr;
  }
};

} // namespace lds

#endif
