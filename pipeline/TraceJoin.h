//===- TraceJoin.h - A measured line next to what the analysis predicts ---===//
//
// For one finding of `lds-rewrite trace` (analysis/TraceClassify.h) on a
// line of a parsed file: what the static analysis says of that line on the
// traced target (the predicted conflict degree of each __shared__ access
// there, and whether it agrees with what was measured), and the fix the
// tool would apply, by check name: lds-bank-conflict's layout (Type A),
// lds-exposed-write-latency's prefetch (Type B), lds-reduction-tail's
// shuffles (Type C), or why there is none.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_TRACEJOIN_H
#define LDS_PIPELINE_TRACEJOIN_H

#include "analysis/TraceClassify.h"
#include "matchers/AnalyzedFile.h"
#include "pipeline/FixMode.h"
#include "report/TraceReport.h"

#include "clang/AST/ASTContext.h"

#include <string>

namespace lds {


/// Joins F (a finding on Line of the parsed file) with the analysis of it,
/// on Target (one of the file's targets, or the first), in the traced
/// kernel Kernel (as the profiler names it; the accesses of every kernel on
/// the line when the analysis knows no kernel of that name).
TraceJoin joinTraceFinding(clang::ASTContext &Ctx, const AnalyzedFile &File,
                           const FilePlan &Plan, const TraceFinding &F,
                           const std::string &Target, const std::string &Kernel);

} // namespace lds

#endif
