//===- RunConfig.h - What one lds-rewrite run was asked to do -------------===//
#ifndef LDS_PIPELINE_RUNCONFIG_H
#define LDS_PIPELINE_RUNCONFIG_H

#include "analysis/RefillLoop.h"
#include "pipeline/CheckFilter.h"
#include "targets/BankModel.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lds {

enum class OutputFormat { Text, Json, Sarif };
enum class GpuHeaders { Auto, System, Bundled };

struct RunConfig {
  /// --target as given; empty means "from the compile command, else the
  /// language's default" (per file).
  std::vector<std::string> Targets;
  std::optional<std::array<unsigned, 3>> Block;
  /// From the project's .lds-rewrite.yaml (ProjectConfig.h), per file:
  /// per-kernel shapes and the default shape, when --block is not given.
  std::map<std::string, std::array<unsigned, 3>> KernelBlocks;
  std::optional<std::array<unsigned, 3>> DefaultBlock;
  std::string ConfigFile;
  /// --project-root: the folder whose headers a fix may edit (ProjectRoot.h);
  /// empty means "found from the file".
  std::string ProjectRoot;
  /// --fix-to: where --fix writes the fixed files instead of over the
  /// originals (FixMode.cpp, writeCopies); empty: in place.
  std::string FixTo;
  std::map<std::string, int64_t> Assumptions;
  /// --checks as given; Checks is what runs for one file: the default,
  /// then the project's `Checks:`, then ChecksOption (CheckFilter.h).
  std::string ChecksOption;
  CheckFilter Checks;
  /// --prefetch-placement: where lds-exposed-write-latency's fix issues the
  /// next iteration's loads (Auto: before the wait if an AMD target is
  /// requested, after it otherwise).
  PrefetchPlacement Placement = PrefetchPlacement::Auto;
  /// --fix-rank: each array's fix takes the layout ranked FixRank among
  /// those the rewrite can write (0: the planner's best; FixPlan::Rank).
  unsigned FixRank = 0;
  /// --allow-occupancy-loss: write a layout fix even where its registers
  /// cost a kernel waves per SIMD on an AMD target (refused otherwise).
  bool AllowOccupancyLoss = false;
  OutputFormat Format = OutputFormat::Text;
  GpuHeaders Headers = GpuHeaders::Auto;
  BankModel Banks;
  /// The project's minimal device headers (include-fallback/).
  std::string FallbackIncludeDir;
  /// Clang's resource directory (builtin headers, HIP/CUDA wrappers).
  std::string ResourceDir;
  std::string ClangPath;
};

} // namespace lds

#endif
