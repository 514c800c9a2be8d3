//===- CommandArches.h - The offload arches of clang-tidy's compile command ===//
//
// clang-tidy parses a HIP or CUDA file once: of the driver's jobs (one per
// --offload-arch / --cuda-gpu-arch) LibTooling runs the first, so the AST
// the checks see knows one arch (gfx90a of gfx942 + gfx90a). lds-rewrite
// analyses every arch of the command from its one parse; the plugin does
// the same by finding the command clang-tidy ran, as clang-tidy found it:
// the arguments after "--" on its command line, else the entry for the file
// in -p's database, else in the compile_commands.json found from the file's
// folder upwards. Only when the parsed arch is among them (the right
// command) are they taken.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TIDY_COMMANDARCHES_H
#define LDS_TIDY_COMMANDARCHES_H

#include <string>
#include <vector>

namespace lds {

/// ToolArgv: clang-tidy's own argv (read from /proc/self/cmdline).
std::vector<std::string> commandArches(const std::vector<std::string> &ToolArgv,
                                       const std::string &MainFile);

/// The running process's argv; empty where /proc is not there.
std::vector<std::string> processArgv();

} // namespace lds

#endif
