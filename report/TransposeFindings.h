//===- TransposeFindings.h - The words of lds-transpose-load's findings ---===//
//
// The warning at the loop and a note per requested target: the proof's
// verdict where the target has a transpose load, and that the loop stays
// as written where it has none. One copy for lds-rewrite's report and the
// clang-tidy plugin.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_TRANSPOSEFINDINGS_H
#define LDS_REPORT_TRANSPOSEFINDINGS_H

#include "report/BarrierFindings.h"

namespace lds {

BarrierFindingText describeTranspose(const AnalyzedFile &F, size_t I);

} // namespace lds

#endif
