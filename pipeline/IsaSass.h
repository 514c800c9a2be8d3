//===- IsaSass.h - lds-rewrite isa for NVIDIA targets: the cubin's SASS ---===//
//
// isa on a .cu file for sm_80 / sm_90: nvcc compiles its device side to a
// cubin with line information (nvcc -cubin -lineinfo -arch=sm_XX, the
// compiler users build with: it is nvcc that merges four float loads of a
// row into one LDS.128), readers/Cubin.h decodes the SASS, and the kernels
// are given to isa's tables and width comparison as amdasm::Functions
// marked Nvidia (their shared-memory instructions in place of ds_*).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_ISASASS_H
#define LDS_PIPELINE_ISASASS_H

#include "pipeline/IsaCompile.h"
#include "pipeline/NvccCommand.h"
#include "readers/AmdAsm.h"
#include "readers/Cubin.h"
#include "targets/BankModel.h"

#include <optional>
#include <string>

namespace lds {

/// Compiles V for the NVIDIA target T (sm_80, sm_90) into V.Out.Asm[T], or
/// V.Errors[T] with nvcc's messages.
void compileSass(IsaInput &V, const IsaRequest &R, const std::string &T);

/// The cubin's kernels as isa's functions (the mnemonic "LDS.128", the
/// kind, the bytes per lane, the source line of -lineinfo); T gives the
/// warps per SM that the registers allow.
amdasm::AsmFile sassAsAsm(const cubin::File &F, const TargetModel *T, const std::string &Target);

} // namespace lds

#endif
