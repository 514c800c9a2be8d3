//===- DeviceCompileArgs.h - Compile the device side, for one arch --------===//
//
// A LibTooling run of a HIP or CUDA file sees the host side only, where
// device-only code is invisible (hardware.md, last section). These adjust
// a compile command (from -p's compile_commands.json, or made from the file's
// extension and the arguments after --) to parse the device side for one
// offload arch, with Debian's HIP headers / CUDA when present and the
// project's minimal headers otherwise.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_DEVICECOMPILEARGS_H
#define LDS_PIPELINE_DEVICECOMPILEARGS_H

#include "pipeline/RunConfig.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <string>
#include <vector>

namespace lds {

enum class SourceLanguage { HIP, CUDA };

/// HIP or CUDA, from -x in the command if any, else the extension
/// (.cu/.cuh are CUDA; everything else is HIP).
SourceLanguage languageOf(const std::string &File, const std::vector<std::string> &Args);

/// --offload-arch / --cuda-gpu-arch values in a compile command.
std::vector<std::string> archesIn(const std::vector<std::string> &Args);

/// True for gfx* targets.
bool isAMDTarget(const std::string &T);

struct DeviceParse {
  std::vector<std::string> CommandLine; ///< argv, starting with clang
  bool UsedFallbackHeaders = false;
  std::string Arch;
  /// The -include values deviceCommand added (the runtime wrapper, the
  /// compat preludes): what PreludePch.h may precompile.
  std::vector<std::string> OwnIncludes;
};

/// The command that parses File's device side. Targets are this file's
/// targets; the first of the language's kind picks the arch.
DeviceParse deviceCommand(const clang::tooling::CompileCommand &Original, SourceLanguage Lang,
                          const std::vector<std::string> &Targets, const RunConfig &Config);

/// A compilation database of one command: the device-side parse that
/// deviceCommand made, whatever file ClangTool asks about.
struct SingleCommandDatabase : clang::tooling::CompilationDatabase {
  explicit SingleCommandDatabase(clang::tooling::CompileCommand C) : Command(std::move(C)) {}
  std::vector<clang::tooling::CompileCommand> getCompileCommands(llvm::StringRef) const override {
    return {Command};
  }
  clang::tooling::CompileCommand Command;
};

} // namespace lds

#endif
