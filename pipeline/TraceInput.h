//===- TraceInput.h - A profiler's output as measured kernels -------------===//
//
// The readers (readers/AttTrace.h, readers/NcuSource.h) keep each format as
// its writer wrote it; this turns them into analysis/TraceClassify.h's
// MeasuredKernels: the user's source line of each instruction (the
// outermost frame of an inline chain that is not a ROCm or CUDA header),
// what kind of instruction it is (from its mnemonic, or Nsight Compute's
// address space and operation), and what was measured. PATH is a rocprofv3
// ATT folder (one dispatch, or the folder above several), a stats_*.csv,
// or an Nsight Compute CSV (`--page source --csv`).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_TRACEINPUT_H
#define LDS_PIPELINE_TRACEINPUT_H

#include "analysis/TraceClassify.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace lds {

struct MeasuredTrace {
  std::string Format; ///< "rocprofv3 thread trace", "Nsight Compute source counters"
  std::vector<MeasuredKernel> Kernels;
  /// An NVIDIA trace: the target is sm_*, not an AMD one.
  bool Nvidia = false;
  /// Nsight Compute's `--print-source sass`: no source lines, each finding
  /// is placed at its kernel and address.
  bool NoLines = false;
};

llvm::Expected<MeasuredTrace> readMeasuredTrace(const std::string &Path);

} // namespace lds

#endif
