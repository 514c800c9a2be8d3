//===- Recompile.h - Compile a file's device side, read its LDS size ------===//
#ifndef LDS_PIPELINE_RECOMPILE_H
#define LDS_PIPELINE_RECOMPILE_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include "targets/BankModel.h"

#include <map>
#include <optional>
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
  /// Per kernel symbol: the waves per SIMD its registers alone allow
  /// (amdasm::Function::RegisterOccupancy). What a fix's registers cost is
  /// compared here: the compiler's Occupancy also moves with LDS and with a
  /// __launch_bounds__ another fix adds.
  std::map<std::string, unsigned> RegisterOccupancy;
  /// Per kernel symbol: the calls it makes (s_swappc). With -nogpulib, a
  /// header's calls into the device libraries stay calls, and the register
  /// counts are not those of a linked build.
  std::map<std::string, unsigned> Calls;
  /// Per kernel symbol: its instructions (static, not as executed): in the
  /// assembly on AMD targets, in the SASS of ptxas's cubin on NVIDIA ones.
  std::map<std::string, unsigned> Instructions;
  /// Per entry symbol: registers per thread, as ptxas -v gives them for the
  /// PTX (NVIDIA targets, when ptxas is installed).
  std::map<std::string, unsigned> Registers;
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

/// The most VGPRs any kernel in R uses, and the instructions of all of
/// them together; the calls they make.
unsigned maxVGPRs(const CompileResult &R);
unsigned totalInstructions(const CompileResult &R);
/// The most registers per thread any entry in R uses (NVIDIA).
unsigned maxRegisters(const CompileResult &R);
unsigned totalCalls(const CompileResult &R);

/// The waves per SIMD Kernel's registers in R allow on T: the reader's
/// RegisterOccupancy, else T's register file (wavesForRegisters) with its
/// VGPRs or, on NVIDIA, ptxas's registers (then warps per SM); nullopt when
/// none says.
std::optional<unsigned> registerWaves(const CompileResult &R, const std::string &Kernel,
                                      const TargetModel *T);

/// "64" or "64 + 8 AGPRs": Kernel's registers in R.
std::string kernelRegisters(const CompileResult &R, const std::string &Kernel);

/// The builds of a file before (Old) and after (New) a fix that its
/// registers and instructions are counted in.
struct CountedBuilds {
  bool Ok = false;
  std::string Why; ///< when !Ok
  /// The original does not compile (with the system's headers when the
  /// fixed file calls nothing, else with lds-rewrite's): nothing to compare.
  bool OldFails = false;
  CompileResult Old, New;
  /// "" when Old and New themselves are counted, else why they were rebuilt:
  /// ", counted with lds-rewrite's headers: ...".
  std::string Note;
};

/// New (built with the user's headers) and BuildOld() when neither's
/// kernels call anything. Otherwise both rebuilt by Rebuild(/*Fixed=*/false
/// / true) with lds-rewrite's headers: where the system's headers leave
/// calls into device libraries that -nogpulib does not link (Debian's ROCm
/// 5.2: threadIdx, the barrier's fence), registers are saved around them,
/// and such counts say nothing of a real build. BuildOld is not called when
/// New calls. Not Ok when the rebuilds fail or still call.
CountedBuilds countedBuilds(const CompileResult &New,
                            llvm::function_ref<CompileResult()> BuildOld,
                            llvm::function_ref<CompileResult(bool Fixed)> Rebuild);

} // namespace lds

#endif
