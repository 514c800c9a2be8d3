//===- BenchMode.h - lds-rewrite bench: its options, then bench/BenchRun --===//
//
//   lds-rewrite bench SPEC [--variant [NAME=]FILE]... [--runs N] [--launches L]
//                          [--build-only] [--out DIR] [--no-fix] [--strategy S]
//                          [--nvcc PATH] [--ncu auto|off|PATH] [--platform auto|nvidia|amd]
//                          [--hipcc PATH] [--rocprof auto|off|PATH]
//
// The command line of bench: its options and the spec into a BenchRequest,
// then the run (bench/BenchRun.h). Exit status: 0 all outputs equal, 1 a
// variant's outputs differ, 2 the bench could not run.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TOOL_BENCHMODE_H
#define LDS_TOOL_BENCHMODE_H

#include <string>

namespace lds {

/// lds-rewrite bench: its options are those of the bench subcommand
/// (tool/Options.h and BenchMode.cpp), already parsed.
int runBenchMode();

} // namespace lds

#endif
