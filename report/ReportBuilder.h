//===- ReportBuilder.h - One file's report, made while its AST is alive ---===//
//
// Groups the accesses into findings and words them (Findings.h), and turns
// their places into plain locations: the report every writer reads. The
// text printer alone still needs Clang's places (it prints through clang's
// diagnostics, macro expansions included): they come alongside, finding by
// finding.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_REPORTBUILDER_H
#define LDS_REPORT_REPORTBUILDER_H

#include "matchers/AnalyzedFile.h"
#include "report/Report.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"

#include <vector>

namespace lds {

/// The expansion location of L (invalid L: an invalid PlainLocation).
PlainLocation plainLocation(const clang::SourceManager &SM, clang::SourceLocation L);

/// Where the text printer points one finding's diagnostics.
struct FindingPlaces {
  clang::SourceLocation Loc;
  std::vector<clang::SourceLocation> Notes; ///< one per note, in order
};

struct BuiltReport {
  FileReport Report;
  std::vector<FindingPlaces> Places; ///< one per finding of Report
};

/// F's report: its findings in print order (the parse remark, then each
/// group's warning and remark), suppressed ones marked. WithAccesses: also
/// the table of every access (for the JSON report).
BuiltReport buildReport(const clang::SourceManager &SM, const AnalyzedFile &F, bool WithAccesses);

} // namespace lds

#endif
