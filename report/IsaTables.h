//===- IsaTables.h - lds-rewrite isa's text: kernels and comparisons ------===//
//
// Per target: each kernel's LDS bytes, registers and ds_* instructions by
// source line with each LDS write's distance to its wait; or, with a second
// variant, the two side by side. Then the width notes (IsaWidthNotes.h).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_ISATABLES_H
#define LDS_REPORT_ISATABLES_H

#include "report/IsaResult.h"

#include "llvm/Support/raw_ostream.h"

namespace lds {

void printIsaText(llvm::raw_ostream &OS, const IsaResult &R);

} // namespace lds

#endif
