//===- BenchBuild.h - Build a bench harness, run it, or show its plan -----===//
#ifndef LDS_BENCH_BENCHBUILD_H
#define LDS_BENCH_BENCHBUILD_H

#include "bench/BenchRun.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace lds::bench {

/// Writes P's harness, builds it (DIR/build.log) and, unless R.BuildOnly,
/// runs it; with R.BuildOnly, prints the predictions instead. Returns the
/// harness's exit status, or the error to print.
llvm::Expected<int> buildAndRun(const BenchRequest &R, const BenchPlan &P, llvm::raw_ostream &OS,
                                llvm::raw_ostream &Err);

} // namespace lds::bench

#endif
