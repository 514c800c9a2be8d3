//===- HtmlAccesses.h - An access group as an entry of an HTML page -------===//
//
// What `explain --html` and `trace --html` draw for one access group (the
// accesses the check reports together): its place, source line and
// details, and per target the bank map of its worst wave before and after
// the fix --fix would apply (FilePlan), or why there is none. The page
// itself is report/HtmlReport.h's.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_HTMLACCESSES_H
#define LDS_PIPELINE_HTMLACCESSES_H

#include "matchers/AnalyzedFile.h"
#include "pipeline/FixMode.h"
#include "pipeline/RunConfig.h"
#include "report/HtmlReport.h"

#include "clang/AST/ASTContext.h"

#include <string>
#include <vector>

namespace lds {

/// The entry of group G (indexes into F's accesses; the first is drawn) on
/// the targets Targets (indexes into F.Targets). Maps counts the maps drawn.
HtmlAccess htmlAccess(clang::ASTContext &Ctx, const AnalyzedFile &F, const RunConfig &Config,
                      const FilePlan &Plan, const std::vector<size_t> &G,
                      const std::vector<size_t> &Targets, std::string Anchor, unsigned &Maps);

} // namespace lds

#endif
