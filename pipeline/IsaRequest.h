//===- IsaRequest.h - What one lds-rewrite isa run was asked to do --------===//
#ifndef LDS_PIPELINE_ISAREQUEST_H
#define LDS_PIPELINE_ISAREQUEST_H

#include "pipeline/RunConfig.h"
#include "planner/FixPlanner.h"

#include <optional>
#include <string>
#include <vector>

namespace lds {

struct IsaRequest {
  std::string File;
  std::vector<std::string> Targets; ///< AMD targets, at least one
  std::string Compare;              ///< --compare FILE2
  bool CompareFix = false;
  std::optional<Strategy> Strat; ///< --strategy, for --compare-fix's --fix
  std::string AsmDir;            ///< keep the assembly there
  std::vector<std::string> CompilerArgs;
  RunConfig Config; ///< its Targets are Targets
  /// --gpu-headers was given: no fallback from the bundled headers to the
  /// installed ones when the file needs what only they declare.
  bool HeadersGiven = false;
};

} // namespace lds

#endif
