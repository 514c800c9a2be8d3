//===- BenchPredict.h - The tool's own costs of each bench variant --------===//
//
// The check, in-process, on a variant as the spec describes it (its block,
// its values, its compiler arguments): its JSON report, kept in the harness
// folder, summarised as the passes per load and per store instruction of
// the spec's kernel that bench's table shows beside the measurements.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_BENCH_BENCHPREDICT_H
#define LDS_BENCH_BENCHPREDICT_H

#include "bench/BenchSpec.h"
#include "pipeline/CheckRun.h"
#include "pipeline/RunConfig.h"

#include <string>
#include <vector>

namespace lds::bench {

/// A run of the check on File as the spec describes it: Base's targets,
/// the spec's block, values and compiler arguments.
CheckRequest checkOf(const RunConfig &Base, const BenchSpec &S, const std::string &File,
                     const std::vector<std::string> &CompilerArgs);

struct Prediction {
  std::string Ld = "?", St = "?"; ///< "32", "6 (2, 8, 8)", "?" unknown, "-" none
  std::string Details;            ///< one line per access
  std::string Why;                ///< why there is none
};

/// The check's costs of Kernel in File on Target; its report and messages
/// are kept in Dir as predict-<Tag>.json and predict-<Tag>.log.
Prediction predict(const RunConfig &Base, const BenchSpec &S, const std::string &File,
                   const std::string &Kernel, const std::vector<std::string> &CompilerArgs,
                   const std::string &Target, const std::string &Dir, const std::string &Tag);

/// V with at most two decimals, trailing zeros dropped: "2", "1.5".
std::string formatPasses(double V);

/// "32", or "6 (2, 8, 8)" when the accesses differ, "?" when one is unknown.
std::string summarise(const std::vector<double> &V, bool Unknown);

} // namespace lds::bench

#endif
