//===- NvccCommand.h - An nvcc compile command as clang's CUDA command ----===//
#ifndef LDS_PIPELINE_NVCCCOMMAND_H
#define LDS_PIPELINE_NVCCCOMMAND_H

#include <optional>
#include <string>
#include <vector>

namespace lds {

/// Whether Args (argv, the compiler first) runs nvcc: what CMake's CUDA
/// language writes into compile_commands.json.
bool isNvccCommand(const std::vector<std::string> &Args);

/// The same compile as clang's CUDA driver takes it: the targets of -arch,
/// -code, -gencode and --generate-code as --cuda-gpu-arch=sm_XX (each real
/// sm_XX named, or the sm_XX of a compute_XX named alone); -D, -U, -I,
/// -isystem, -include, -std, -O, -x cu (as -x cuda) and the host compiler's
/// own -W/-f/-m flags kept; options for nvcc's host compiler, ptxas, the
/// linkers and nvcc itself (-Xcompiler, -Xptxas -v, -ccbin, -rdc,
/// --extended-lambda, --expt-relaxed-constexpr, --use_fast_math, ...)
/// dropped, since they change nothing clang parses and clang rejects them.
/// Args[0] becomes "clang++".
std::vector<std::string> nvccToClang(const std::vector<std::string> &Args);

/// nvcc: $NVCC (as set), else PATH, else /usr/local/cuda/bin; nullopt: none.
std::optional<std::string> findNvcc();

} // namespace lds

#endif
