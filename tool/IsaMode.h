//===- IsaMode.h - lds-rewrite isa: its options, then pipeline/IsaRun -----===//
//
//   lds-rewrite isa FILE --target=gfx942,gfx950,gfx1250
//                   [--compare FILE2 | --compare-fix] [--format=text|json]
//                   [-- compiler args]
//
// The command line of isa: its options into an IsaRequest, the run
// (pipeline/IsaRun.h), the result printed (report/IsaTables.h,
// report/IsaJson.h).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TOOL_ISAMODE_H
#define LDS_TOOL_ISAMODE_H

namespace lds {

/// lds-rewrite isa: its options are those of the isa subcommand
/// (tool/Options.h and IsaMode.cpp), already parsed.
int runIsaMode();

} // namespace lds

#endif
