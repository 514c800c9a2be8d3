//===- IsaMode.h - lds-rewrite isa: what the compiler made of the LDS code ===//
//
//   lds-rewrite isa FILE --target=gfx942,gfx950,gfx1250
//                   [--compare FILE2 | --compare-fix] [--format=text|json]
//                   [-- compiler args]
//
// Compiles FILE's device side with clang-22 (-O3 -S -gline-tables-only) for
// each AMD target and reports per kernel its LDS bytes, registers, ds_*
// instructions with their source lines, and how many instructions separate
// each LDS write from the wait that follows it. --compare puts a rewritten
// file (or the tool's own --fix of FILE) next to it. Source accesses whose
// compiled width differs from the source's are re-costed at that width.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TOOL_ISAMODE_H
#define LDS_TOOL_ISAMODE_H

#include "readers/AmdAsm.h"

#include <map>
#include <string>
#include <vector>

namespace lds {

/// lds-rewrite isa: its options are those of the isa subcommand
/// (tool/Options.h and IsaMode.cpp), already parsed.
int runIsaMode();

/// One ds_* instruction as the analyzer needs it.
struct CompiledAccess {
  std::string Mnemonic; ///< "ds_read_b64"
  amdasm::DsKind Kind = amdasm::DsKind::Load;
  unsigned WidthBytes = 0; ///< per lane and address
  unsigned Addresses = 1;  ///< 2 for read2 / write2 / 2addr
  std::string Function;    ///< demangled name of the function holding it
};

/// (absolute file, line) -> the ds_* instructions compiled from that line.
/// An instruction inlined from a toolchain header (any of SkipPrefixes) is
/// attributed to the innermost call site outside them.
using CompiledWidths = std::map<amdasm::LineKey, std::vector<CompiledAccess>>;
CompiledWidths compiledWidths(const amdasm::AsmFile &A,
                              const std::vector<std::string> &SkipPrefixes);

} // namespace lds

#endif
