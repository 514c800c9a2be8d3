//===- IsaWidthNotes.h - Source accesses against their compiled widths ----===//
//
// One note per source access of the original whose line compiled to ds_*
// instructions of another width (the access re-costed at that width), to
// paired read2/write2 instructions, or to no instruction at all.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_ISAWIDTHNOTES_H
#define LDS_REPORT_ISAWIDTHNOTES_H

#include "report/IsaResult.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace lds {

/// The notes of Target, in the order of the accesses.
void printWidthNotes(llvm::raw_ostream &OS, const IsaResult &S, const std::string &Target);

} // namespace lds

#endif
