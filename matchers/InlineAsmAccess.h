//===- InlineAsmAccess.h - Shared-memory accesses made by inline PTX ------===//
//
// NVIDIA kernels reach shared memory from inline assembly, mostly through
// ldmatrix / stmatrix with a 32-bit shared address from
// __cvta_generic_to_shared. This reads a GCC asm template well enough to find
// those instructions (which operand holds the row address, how many
// matrices), and to tell the few templates that only convert an address
// (cvta.to.shared) or read %laneid. Every other asm that is handed a shared
// address becomes an access of unknown cost ("inline assembly"); the walker
// side is KernelWalker::walkInlineAsm (InlineAsmAccess.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_INLINEASMACCESS_H
#define LDS_MATCHERS_INLINEASMACCESS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lds {

/// One `ldmatrix.sync.aligned.m8n8.xN[.trans].shared.b16` or `stmatrix...`.
/// Lanes 0..8*Matrices-1 each give the address of one 16-byte row.
struct PtxMatrixOp {
  bool Store = false;    ///< stmatrix
  unsigned Matrices = 1; ///< .x1, .x2, .x4
  bool Trans = false;
  unsigned Operand = 0; ///< asm operand number of the row address
  int64_t Offset = 0;   ///< [%N+Offset]
  std::string Mnemonic; ///< as written, for notes
};

struct PtxTemplate {
  std::vector<PtxMatrixOp> MatrixOps;
  /// Only cvta.to.shared / cvt / mov and .reg declarations, at least one
  /// cvta.to.shared, no memory operand: the output is the address of the
  /// input (the smem_u32addr helper written in PTX).
  bool AddressConversion = false;
  /// Exactly `mov.u32 %0, %laneid;`.
  bool LaneIdRead = false;
  /// Some instruction writes memory (st, red, stmatrix) / is an atom: the
  /// kind given to the accesses of unknown cost.
  bool Writes = false;
  bool Atomic = false;
};

/// Reads Template (GCC syntax: %N, %[name], %% for %). NamedOperand maps a
/// symbolic name to its operand number, or -1.
PtxTemplate parsePtxTemplate(llvm::StringRef Template,
                             llvm::function_ref<int(llvm::StringRef)> NamedOperand);

} // namespace lds

#endif
