//===- RunSummary.h - The closing line of a run over several files --------===//
//
// What a check over many files came to, in one line on stderr, as a
// clang-tidy user reads run-clang-tidy's output: "14 warnings (9 with fixes)
// in 11 files, 2 unknown". "Unknown" counts the costs that could not be
// evaluated (remarks that say why and what to --assume); "not followed"
// the arrays whose accesses go where the tool does not follow them. No
// Clang types: the counts come from the reports.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_RUNSUMMARY_H
#define LDS_REPORT_RUNSUMMARY_H

#include "report/Report.h"

#include <set>
#include <string>
#include <vector>

namespace lds {

class RunSummary {
public:
  /// Counts one file's findings; WithFix[i]: finding i has a fix on offer.
  /// A finding an earlier file counted (one in a shared header) is not
  /// counted again, as it is not printed again.
  void add(const FileReport &R, const std::vector<bool> &WithFix, bool Failed);

  /// "lds-rewrite: 14 warnings (9 with fixes) in 11 files, 2 unknown, 1 not
  /// followed, 1 file not analysed", each part after the first only when
  /// it is not zero; "(M with fixes)" only when fixes were planned.
  std::string line(bool FixesPlanned) const;

private:
  unsigned Files = 0, NotAnalysed = 0;
  unsigned Warnings = 0, WithFixes = 0, Unknown = 0, Unfollowed = 0;
  std::set<std::string> Counted;
};

} // namespace lds

#endif
