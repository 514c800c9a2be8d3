//===- IsaWidths.h - Source accesses against the compiled ds_* widths -----===//
//
// The compiler may merge narrow LDS accesses into a wider instruction
// (two float loads into one ds_read_b64) or split a wide one (a float4 into
// ds_read2_b32): the banks then see the compiled width, not the source's.
// These find each source access's instructions by its line and re-cost it
// at every compiled width that differs.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_ISAWIDTHS_H
#define LDS_PIPELINE_ISAWIDTHS_H

#include "pipeline/RunConfig.h"
#include "report/IsaResult.h"

#include <map>
#include <string>
#include <vector>

namespace lds {

/// (absolute file, line) -> the ds_* instructions compiled from that line.
/// An instruction inlined from a toolchain header (any of SkipPrefixes) is
/// attributed to the innermost call site outside them.
using CompiledWidths = std::map<amdasm::LineKey, std::vector<CompiledAccess>>;
CompiledWidths compiledWidths(const amdasm::AsmFile &A,
                              const std::vector<std::string> &SkipPrefixes);

/// A finding per access of S.M and target of S.SourceTargets that Original
/// was compiled for, the compiled widths read from Original's assembly.
std::vector<WidthFinding> compareWidths(const IsaResult &S, const IsaVariant &Original,
                                        const RunConfig &Config);

} // namespace lds

#endif
