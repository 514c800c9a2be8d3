//===- IsaRun.h - lds-rewrite isa: what the compiler made of the LDS code -===//
//
// Compiles FILE's device side with clang-22 (-O3 -S -gline-tables-only) for
// each AMD target and reads per kernel its LDS bytes, registers, ds_*
// instructions with their source lines, and how many instructions separate
// each LDS write from the wait that follows it. --compare puts a rewritten
// file (or, --compare-fix, the tool's own --fix of FILE) next to it. Source
// accesses whose compiled width differs from the source's are re-costed at
// that width. report/IsaTables.h and report/IsaJson.h print the result.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_ISARUN_H
#define LDS_PIPELINE_ISARUN_H

#include "pipeline/IsaRequest.h"
#include "report/IsaResult.h"

#include "llvm/Support/Error.h"

namespace lds {

/// The run of R. Errors are messages to print, one per error (a file that
/// does not compile for several targets gives one each).
llvm::Expected<IsaResult> runIsa(const IsaRequest &R);

} // namespace lds

#endif
