//===- AmdAsm.h - Read AMDGPU assembly (clang -S) for LDS facts -----------===//
//
// `lds-rewrite isa` compiles a file with `-O3 -S -gline-tables-only` for an
// AMD target and reads the assembly: per kernel its LDS bytes
// (.amdhsa_group_segment_fixed_size), register counts, every ds_*
// instruction with its kind, width and source line (from the .file / .loc
// directives: the last .loc before an instruction gives its line; the
// verbose-asm comment after a .loc names the inlined-at chain), and for each
// LDS write the number of instructions until the next wait for LDS
// (s_waitcnt lgkmcnt(0), s_wait_dscnt 0x0) or barrier. No Clang here.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_READERS_AMDASM_H
#define LDS_READERS_AMDASM_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lds {
namespace amdasm {

/// One source position; File is absolute when the assembly gave a
/// directory for it.
struct SourceFrame {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
};

enum class DsKind { Load, Store, Atomic, Other };
const char *dsKindName(DsKind K); // "load", "store", "atomic", "other"

/// What a ds_* mnemonic does, from its name alone.
struct DsOpInfo {
  DsKind Kind = DsKind::Other;
  /// Bytes per lane and per address (ds_read2_b32: 4; ds_read_b128: 16;
  /// ds_pk_add_f16: 4). 0 when the name carries no width.
  unsigned WidthBytes = 0;
  /// Addresses per lane: 2 for read2/write2/2addr/wrxchg2, else 1.
  unsigned Addresses = 1;
  bool Stride64 = false; ///< read2st64, 2addr_stride64: offsets in 64-dword units
  bool Returns = false;  ///< an atomic that returns the old value (_rtn_)
};

/// Classifies "ds_read2st64_b32", "ds_load_b128", "ds_add_rtn_u32" ...
/// Returns nullopt for a mnemonic that does not start with "ds_".
std::optional<DsOpInfo> classifyDs(llvm::StringRef Mnemonic);

/// What ends the wait distance of an LDS write.
enum class WaitKind {
  None,       ///< nothing before the end of the function
  LgkmWait,   ///< s_waitcnt lgkmcnt(0) (or a wait with every count 0)
  DsWait,     ///< gfx12 / gfx1250 s_wait_dscnt 0 (or a combined wait with dscnt 0)
  Barrier,    ///< s_barrier, s_barrier_signal, s_barrier_wait ...
  Call,       ///< s_swappc_b64 / s_call_b64: the callee may wait
  EndProgram, ///< s_endpgm: the write is never waited for in this kernel
};
const char *waitKindName(WaitKind K);

struct DsInstr {
  std::string Mnemonic; ///< "ds_read2_b32"
  std::string Operands; ///< "v[8:9], v14 offset1:8"
  DsOpInfo Op;
  unsigned AsmLine = 0; ///< 1-based line in the .s text
  unsigned Index = 0;   ///< position among the function's instructions
  /// Innermost first: the .loc of the instruction, then the inlined-at
  /// call sites named in the .loc comment. Empty when no .loc (or line 0:
  /// code the compiler merged from several lines) applies.
  std::vector<SourceFrame> Frames;
  /// For stores (and atomics): the fewest instructions strictly between
  /// this one and a wait / barrier / call / s_endpgm on any path of the
  /// control-flow graph (branches followed to their labels; the hints
  /// s_delay_alu and s_clause not counted); -1 when no path reaches one.
  int WaitDistance = -1;
  WaitKind WaitedBy = WaitKind::None;
  std::string WaitText;       ///< the instruction that ended it, as written
  bool CrossesBranch = false; ///< that nearest path takes a branch
};

struct Function {
  std::string Symbol;                   ///< mangled
  std::string Name;                     ///< demangled
  bool IsKernel = false;                ///< has an .amdhsa_kernel block
  /// Read from an NVIDIA cubin (pipeline/IsaSass.h), not AMD assembly: Ds
  /// holds its shared-memory instructions (LDS, STS, LDSM, ATOMS, LDGSTS),
  /// VGPRs its registers per thread, LDSBytes its static shared bytes, and
  /// Occupancy the warps per SM its registers allow; no waits are traced.
  bool Nvidia = false;
  std::optional<uint64_t> LDSBytes;     ///< .amdhsa_group_segment_fixed_size
  std::optional<uint64_t> ScratchBytes; ///< .amdhsa_private_segment_fixed_size
  std::optional<unsigned> VGPRs;        ///< architected VGPRs (NAME.num_vgpr, ; NumVgprs:)
  std::optional<unsigned> AGPRs;        ///< accumulation VGPRs where the target has them
  std::optional<unsigned> SGPRs;        ///< .amdhsa_next_free_sgpr (NAME.numbered_sgpr)
  std::optional<unsigned> Occupancy;    ///< ; Occupancy: waves per SIMD
  /// The waves per SIMD that registers alone allow: the `; Occupancy:`
  /// expression without what LDS and the workgroup size allow (a literal
  /// comment gives none).
  std::optional<unsigned> RegisterOccupancy;
  unsigned Instructions = 0;
  unsigned Barriers = 0; ///< s_barrier / s_barrier_signal
  unsigned Calls = 0;    ///< s_swappc_b64 / s_call_b64
  std::vector<DsInstr> Ds;
  /// Mnemonic -> how many (ds_* only).
  std::map<std::string, unsigned> dsCounts() const;
};

struct AsmFile {
  std::string Target;  ///< "gfx942" from .amdgcn_target (features dropped)
  std::string CompDir; ///< directory of .file 0
  std::vector<Function> Functions;
  /// Kernels only, in order.
  std::vector<const Function *> kernels() const;
};

/// Parses the text of a `clang -S` AMDGPU assembly file.
AsmFile parse(llvm::StringRef Text);

/// Evaluates an assembler expression of `.set` symbols (integers, names,
/// + - * / & | ~, max, min, alignto, totalnumvgprs). nullopt when a name is
/// not defined or a function is unknown. RegistersOnly: occupancy() as
/// registers alone limit it, without its initial occupancy (LDS, the
/// workgroup size).
std::optional<int64_t> evaluate(llvm::StringRef Expr,
                                const std::map<std::string, std::string> &Syms,
                                bool RegistersOnly = false);

/// A source line (absolute file), as a map key.
struct LineKey {
  std::string File;
  unsigned Line = 0;
  bool operator<(const LineKey &O) const { return File != O.File ? File < O.File : Line < O.Line; }
};

/// The frame an instruction is attributed to: the innermost one whose file
/// is not under any of SkipPrefixes (toolchain headers), else the innermost.
/// nullptr when the instruction has no location.
const SourceFrame *userFrame(const DsInstr &I, const std::vector<std::string> &SkipPrefixes);

} // namespace amdasm
} // namespace lds

#endif
