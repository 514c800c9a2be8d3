//===- Options.h - lds-rewrite's command line, declared once --------------===//
//
// One llvm::cl::SubCommand per mode: check (the top level: `lds-rewrite
// FILE...`), explain, isa and bench. An option that several modes take is
// declared here once, for all of them; an option of one mode only is
// declared in that mode's file. makeRunConfig turns the shared ones into the
// pipeline's RunConfig, the same way for every mode.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TOOL_OPTIONS_H
#define LDS_TOOL_OPTIONS_H

#include "pipeline/RunConfig.h"
#include "planner/FixPlanner.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace lds::options {

/// The category and the subcommands are made on first use: options of
/// other files name them while static objects are still being made.
llvm::cl::OptionCategory &category();
llvm::cl::SubCommand &explainCommand();
llvm::cl::SubCommand &isaCommand();
llvm::cl::SubCommand &benchCommand();
llvm::cl::SubCommand &traceCommand();

extern llvm::cl::list<std::string> Targets;
extern llvm::cl::opt<std::string> Block;
extern llvm::cl::list<std::string> Assume;
extern llvm::cl::opt<std::string> BankModelFile;
extern llvm::cl::opt<GpuHeaders> Headers;
extern llvm::cl::opt<Strategy> StrategyOpt;

/// --use-color / --no-color: whether diagnostics on stdout (and lds-rewrite's
/// own messages on stderr) are coloured; default: when that stream is a
/// terminal that takes colours, as clang-tidy.
bool useColor();

/// The arguments after "--": the compiler's, in every mode.
extern std::vector<std::string> CompilerArgs;

/// The shared options as the pipeline's settings: the bank model (with
/// --bank-model), --target (each one checked), --block, --assume, the
/// headers (DefaultHeaders when --gpu-headers is not given) and where clang,
/// its resource folder and the bundled headers are. Errors are the message
/// to print, without "error: ".
llvm::Expected<RunConfig> makeRunConfig(GpuHeaders DefaultHeaders);

/// Prints "lds-rewrite[ MODE]: error: Msg" and gives the exit status 2.
int fail(const llvm::Twine &Msg, llvm::StringRef Mode = "");

/// Parses argv (after "--" is taken off into CompilerArgs); false when the
/// command line is wrong (cl has said why).
bool parse(int argc, const char **argv);

} // namespace lds::options

#endif
