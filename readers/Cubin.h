//===- Cubin.h - Read an NVIDIA cubin's SASS for LDS facts ----------------===//
//
// What ptxas made of a kernel, read from the cubin itself: cuobjdump and
// nvdisasm are not installed where lds-rewrite runs (only ptxas), so the
// 128-bit instructions of sm_70 and later are decoded here, as far as the
// tool needs them. Per kernel (section .text.<symbol>): its static
// instruction count without the padding ptxas ends each section with, its
// shared-memory instructions (LDS, STS, LDSM, ATOMS, LDGSTS) with their width
// and offset, the source line of each from .debug_line (-lineinfo), and its
// registers and shared bytes from .nv.info / .nv.shared. Every encoding
// decoded here was checked against nvdisasm 13.0 (test/unit/data/cubin).
// No Clang here.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_READERS_CUBIN_H
#define LDS_READERS_CUBIN_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lds {
namespace cubin {

enum class SharedOp {
  Load,        ///< LDS
  Store,       ///< STS
  MatrixLoad,  ///< LDSM (ldmatrix)
  Atomic,      ///< ATOMS
  AsyncCopy,   ///< LDGSTS (cp.async: global to shared)
};
const char *sharedOpName(SharedOp Op); // "LDS", "STS", "LDSM", "ATOMS", "LDGSTS"

/// One shared-memory instruction of a kernel.
struct SharedAccess {
  SharedOp Op = SharedOp::Load;
  /// Bits per lane: 8, 16, 32, 64 or 128 (LDSM: 32 per matrix, so .x4 is
  /// 128). 0 when the encoding's width field holds a value no fixture had.
  unsigned WidthBits = 0;
  uint64_t Offset = 0; ///< byte offset of the instruction in its section
  /// Guarded by @!PT: never executes. ptxas puts such LDS beside LDGSTS.
  bool NeverExecutes = false;
  std::string File; ///< from .debug_line; empty without -lineinfo
  unsigned Line = 0;
};

struct Kernel {
  std::string Symbol; ///< the mangled name
  /// A __global__ function (STO_CUDA_ENTRY), not a device function ptxas
  /// kept out of line.
  bool Entry = false;
  /// Instructions in the section up to its end, without ptxas's padding
  /// (the branch to itself after the code and the NOPs after it).
  unsigned Instructions = 0;
  std::vector<SharedAccess> Shared;
  /// Registers per thread, as ptxas -v says (.nv.info EIATTR_REGCOUNT).
  std::optional<unsigned> Registers;
  /// The size of .nv.shared.<symbol>. On sm_90 it counts the 1 KiB ptxas
  /// reserves at the start of the block's window (ptxas -v's smem does
  /// not): 5120 where ptxas -v says 4096. On sm_80 the two agree.
  std::optional<uint64_t> SharedBytes;
};

struct File {
  unsigned SM = 0; ///< 90 for sm_90
  std::vector<Kernel> Kernels; ///< in section order
};

/// Reads a cubin for sm_70 or later; an error for anything else (not ELF,
/// not EM_CUDA, an older architecture, a truncated section).
llvm::Expected<File> read(llvm::MemoryBufferRef Buffer);

} // namespace cubin
} // namespace lds

#endif
