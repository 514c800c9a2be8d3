//===- RunSummary.cpp - The closing line of a run over several files ------===//

#include "report/RunSummary.h"

#include "report/ExportFixes.h" // findingKey

namespace lds {

static std::string count(unsigned N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

void RunSummary::add(const FileReport &R, const std::vector<bool> &WithFix, bool Failed) {
  ++Files;
  if (Failed) {
    ++NotAnalysed;
    return;
  }
  for (size_t I = 0; I < R.Findings.size(); ++I) {
    const ReportFinding &F = R.Findings[I];
    if (F.Suppressed || (F.Loc.valid() && !Counted.insert(findingKey(F)).second))
      continue;
    if (F.Level == Severity::Warning) {
      ++Warnings;
      if (I < WithFix.size() && WithFix[I])
        ++WithFixes;
    } else if (F.Cause) {
      ++Unknown;
    } else if (F.Unfollowed) {
      ++Unfollowed;
    }
  }
}

std::string RunSummary::line(bool FixesPlanned) const {
  std::string S = "lds-rewrite: " + count(Warnings, "warning", "warnings");
  if (FixesPlanned)
    S += " (" + std::to_string(WithFixes) + " with fixes)";
  S += " in " + count(Files, "file", "files");
  if (Unknown)
    S += ", " + std::to_string(Unknown) + " unknown";
  if (Unfollowed)
    S += ", " + std::to_string(Unfollowed) + " not followed";
  if (NotAnalysed)
    S += ", " + count(NotAnalysed, "file", "files") + " not analysed";
  return S + "\n";
}

} // namespace lds
