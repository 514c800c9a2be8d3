//===- AnalyzedFile.h - One translation unit's model and its costs --------===//
#ifndef LDS_TOOL_ANALYZEDFILE_H
#define LDS_TOOL_ANALYZEDFILE_H

#include "ConflictAnalyzer.h"
#include "ModelBuilder.h"

#include <string>
#include <vector>

namespace lds {

struct AnalyzedFile {
  std::string File;
  std::vector<std::string> Targets;
  BuiltModel Built;
  /// Results[i][t]: access i of Built.M on Targets[t].
  std::vector<std::vector<AccessResult>> Results;
  bool UsedFallbackHeaders = false;
};

/// Costs every access of the model on every target.
void analyzeAll(AnalyzedFile &F, const BankModel &Banks,
                const std::map<std::string, int64_t> &Assumptions);

/// "32", "1.5": degrees and passes as people read them.
std::string formatNumber(double V);

} // namespace lds

#endif
