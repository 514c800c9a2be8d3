//===- AnalyzedFile.cpp - One translation unit's model and its costs ------===//

#include "matchers/AnalyzedFile.h"

#include <cmath>
#include <cstdio>

namespace lds {

void analyzeAll(AnalyzedFile &F, const BankModel &Banks,
                const std::map<std::string, int64_t> &Assumptions) {
  ConflictAnalyzer Analyzer(Banks);
  F.Results.clear();
  for (const Access &A : F.Built.M.Accesses) {
    std::vector<AccessResult> Row;
    for (const std::string &T : F.Targets)
      Row.push_back(Analyzer.analyze(A, *Banks.find(T), Assumptions));
    F.Results.push_back(std::move(Row));
  }
}

std::string formatNumber(double V) {
  if (std::fabs(V - std::round(V)) < 1e-6)
    return std::to_string(static_cast<long long>(std::llround(V)));
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.3g", V);
  return Buf;
}

} // namespace lds
