//===- TraceMode.h - lds-rewrite trace PATH [FILE...] ---------------------===//
//
// The command line of `lds-rewrite trace`: the trace, the sources (or -p),
// the traced target and the thresholds, into pipeline/TraceRun.h.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TOOL_TRACEMODE_H
#define LDS_TOOL_TRACEMODE_H

namespace lds {

int runTraceMode();

} // namespace lds

#endif
