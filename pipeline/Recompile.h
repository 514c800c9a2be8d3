//===- Recompile.h - Compile a file's device side, read its LDS size ------===//
#ifndef LDS_PIPELINE_RECOMPILE_H
#define LDS_PIPELINE_RECOMPILE_H

#include <map>
#include <string>
#include <vector>

namespace lds {

struct CompileResult {
  bool Ok = false;
  std::string Log; ///< the compiler's messages
  /// .amdhsa_group_segment_fixed_size per kernel symbol (AMD targets).
  std::map<std::string, unsigned long long> LDSBytes;
  /// Per kernel symbol: architected VGPRs and the compiler's waves per SIMD
  /// (its `; Occupancy:` comment), where the assembly gives them.
  std::map<std::string, unsigned> VGPRs, AGPRs, Occupancy;
  /// Per kernel symbol: the calls it makes (s_swappc). With -nogpulib, a
  /// header's calls into the device libraries stay calls, and the register
  /// counts are not those of a linked build.
  std::map<std::string, unsigned> Calls;
};

/// Compiles Input with ParseCommand (a device-side -fsyntax-only command
/// whose input is OriginalFile) turned into `-O3 -S`. ExtraArgs go first: an
/// -I that lets a copy in a temporary folder find the original's local
/// headers, an -ivfsoverlay that puts rewritten headers in their place.
/// With $LDS_REWRITE_COMPILER_LAUNCHER set (a command, split at spaces:
/// `ccache`), the compiler runs through it.
CompileResult compileDeviceSide(const std::vector<std::string> &ParseCommand,
                                const std::string &OriginalFile, const std::string &Input,
                                const std::vector<std::string> &ExtraArgs);

/// The largest LDS size of any kernel in R, 0 if none.
unsigned long long maxLDS(const CompileResult &R);

} // namespace lds

#endif
