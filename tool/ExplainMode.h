//===- ExplainMode.h - lds-rewrite explain <file>:<line>[:<col>] ----------===//
//
// The command line of `lds-rewrite explain FILE:LINE[:COL] [--html=PAGE]
// [options]`: it parses FILE as the check does (same options, same compile
// command) and, instead of diagnostics, explains it (pipeline/ExplainRun.h).
// With --html the line may be left out (`explain FILE`). On a barrier's
// line it says whether lds-redundant-barrier may remove it, and if not, the
// pair of threads it orders or what is not known.
//
// Exit status: 0 when something was printed (or the page written), 2 when
// no access or barrier is on that line, or bad arguments, or the file does not parse.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TOOL_EXPLAINMODE_H
#define LDS_TOOL_EXPLAINMODE_H

#include "pipeline/ExplainRun.h"

#include <string>
#include <vector>

namespace lds {

/// Checks the arguments of explain: one FILE:LINE[:COL] in Files, which
/// becomes FILE; no --fix, --diff or --format. Fills R; returns an error
/// message, empty when all is well. Html: the --html value ("" if none).
std::string setUpExplain(ExplainRequest &R, std::vector<std::string> &Files,
                         const std::string &Html, bool OtherMode);

} // namespace lds

#endif
