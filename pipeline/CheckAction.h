//===- CheckAction.h - Parse one file's device side and analyse it --------===//
#ifndef LDS_PIPELINE_CHECKACTION_H
#define LDS_PIPELINE_CHECKACTION_H

#include "matchers/AnalyzedFile.h"
#include "pipeline/RunConfig.h"

#include "clang/Tooling/Tooling.h"

#include <functional>
#include <memory>

namespace lds {

/// Called once the file is parsed and analysed, while its AST is alive (the
/// text reporter needs its SourceManager).
using AnalyzedCallback = std::function<void(clang::ASTContext &, AnalyzedFile &)>;

std::unique_ptr<clang::tooling::FrontendActionFactory>
newCheckActionFactory(const RunConfig &Config, const AnalyzedFile &Template,
                      AnalyzedCallback OnAnalyzed);

} // namespace lds

#endif
