//===- ProjectConfig.h - .lds-rewrite.yaml, the project's defaults --------===//
//
// Found as clang-tidy finds .clang-tidy: the nearest .lds-rewrite.yaml in
// the folder of the file analysed or one above it (only that one is used).
//
//   Targets: [gfx942, gfx950]        # when --target is not given
//   Block: [32, 8, 1]                # instead of 256 x 1 x 1, when nothing
//                                    # is inferred for a kernel
//   Kernels:                         # per kernel, over a launch or
//     transpose: {Block: [32, 8]}    # __launch_bounds__ (name with or
//     "sgemm<128, 8>": {Block: [256]} # without template arguments)
//   Ignore: ['third_party/**', '*.gen.cu']  # files not analysed
//   Strategy: pad                    # when --strategy is not given
//   Trace: {LdsStall: 150, LdsShare: 10}  # lds-rewrite trace's thresholds
//                                    # (LdsStall, WriteWait,
//                                    # WriteWaitDistance, ReductionBarriers,
//                                    # LdsShare: its options' values)
//
// Ignore patterns are relative to the file's folder, as in .gitignore: `*`
// and `?` stay within one path component, `**` crosses them, a pattern
// without a slash matches a file or folder name at any depth, a folder
// matched excludes what is under it. Command-line options win over the
// file. Errors name the file, line and column (the tool then exits 2).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_PROJECTCONFIG_H
#define LDS_PIPELINE_PROJECTCONFIG_H

#include "pipeline/IgnorePattern.h"
#include "planner/FixPlanner.h"
#include "targets/BankModel.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace lds {

inline constexpr const char *ProjectConfigName = ".lds-rewrite.yaml";

struct ProjectConfig {
  std::string Path; ///< the .lds-rewrite.yaml, absolute
  std::string Dir;  ///< its folder
  std::vector<std::string> Targets;
  std::optional<std::array<unsigned, 3>> Block;
  std::map<std::string, std::array<unsigned, 3>> KernelBlocks;
  std::vector<std::string> Ignore;
  std::optional<Strategy> Strat;
  std::string Checks; ///< `Checks:`, clang-tidy's syntax (CheckFilter.h)
  /// `Trace:`, by key (LdsStall ...): the thresholds given.
  std::map<std::string, double> Trace;

  /// Whether an Ignore pattern excludes AbsFile (absolute, no dots).
  bool ignores(llvm::StringRef AbsFile) const;
};

/// Parses the text of the configuration file Path. Target names are checked
/// against Banks. Errors read "PATH:LINE:COL: message".
llvm::Expected<ProjectConfig> parseProjectConfig(llvm::StringRef Path, llvm::StringRef Text,
                                                 const BankModel &Banks);

/// Finds and caches the configuration of each folder.
class ProjectConfigs {
public:
  explicit ProjectConfigs(const BankModel &Banks) : Banks(Banks) {}
  /// The configuration that applies to AbsFile; null when there is none.
  llvm::Expected<const ProjectConfig *> forFile(llvm::StringRef AbsFile);

private:
  const BankModel &Banks;
  /// By folder; null: no configuration at or above it.
  std::map<std::string, std::shared_ptr<const ProjectConfig>> ByDir;
};

} // namespace lds

#endif
