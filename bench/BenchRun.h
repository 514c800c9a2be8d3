//===- BenchRun.h - lds-rewrite bench: a kernel old against new -----------===//
//
// Rewrites the spec's source with the tool's fix (the check's --fix on a
// copy, in-process), adds hand-written variants, predicts each variant's
// passes (BenchPredict.h), generates a CUDA harness, or a HIP one for gfx
// targets (HarnessGen.h), builds it with nvcc, or hipcc / amdclang++ / clang
// with Debian's HIP (Toolchain.h), runs it and lets it print its table
// (BenchBuild.h). Every log stays in the harness folder.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_BENCH_BENCHRUN_H
#define LDS_BENCH_BENCHRUN_H

#include "bench/BenchSpec.h"
#include "bench/HarnessGen.h"
#include "pipeline/RunConfig.h"
#include "planner/FixPlanner.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace lds::bench {

/// What one lds-rewrite bench run was asked to do: the spec, and the
/// command line's changes to it.
struct BenchRequest {
  BenchSpec Spec;
  std::vector<std::string> Variants; ///< --variant [NAME=]FILE
  unsigned Runs = 0, Launches = 0;   ///< 0: the spec's
  bool BuildOnly = false, NoFix = false;
  /// --search K: also the fix with each array's layout ranked 1 .. K-1
  /// (--fix-rank), so that the planner's ranking meets the hardware; 0, 1:
  /// the best only.
  unsigned Search = 0;
  std::string Out;         ///< the harness folder; empty: a new temporary one
  std::string Nvcc, Hipcc; ///< empty: found (Toolchain.h)
  std::string Ncu = "auto", Rocprof = "auto";
  std::string Platform = "auto"; ///< auto, nvidia or amd
  std::optional<Strategy> Strat; ///< --strategy; else the spec's
  RunConfig CheckBase;           ///< the check's settings for the fix and the predictions
};

/// The variants of a run, where they are, and which platform they are for.
struct BenchPlan {
  BenchSpec S; ///< with the request's changes
  std::string Dir;
  bool IsAmd = false;
  std::string PredTarget; ///< the platform's first target
  std::vector<std::string> Amd, Nv;
  std::vector<HarnessVariant> Vars;
};

/// Runs R, its progress on OS and a failed build's log on Err. Returns the
/// exit status (0 all outputs equal, 1 a variant's outputs differ) or the
/// error to print (exit status 2).
llvm::Expected<int> runBench(BenchRequest R, llvm::raw_ostream &OS, llvm::raw_ostream &Err);

} // namespace lds::bench

#endif
