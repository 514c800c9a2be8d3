//===- BenchMode.h - lds-rewrite bench ------------------------------------===//
//
//   lds-rewrite bench SPEC [--variant [NAME=]FILE]... [--runs N] [--launches L]
//                          [--build-only] [--out DIR] [--no-fix] [--strategy S]
//                          [--nvcc PATH] [--ncu auto|off|PATH] [--platform auto|nvidia|amd]
//                          [--hipcc PATH] [--rocprof auto|off|PATH]
//
// Rewrites the spec's source with the tool's fix (this program with --fix on
// a copy), adds hand-written variants, predicts each variant's passes (this
// program's JSON report), generates a CUDA harness, or a HIP one for gfx
// targets (HarnessGen.h), builds it with nvcc, or hipcc / amdclang++ / clang
// with Debian's HIP, runs it and prints its table. Compilers and programs are run
// with argv lists, never through a shell. Exit status: 0 all outputs equal,
// 1 a variant's outputs differ, 2 the bench could not run.
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
