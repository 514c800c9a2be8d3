//===- IsaJson.h - lds-rewrite isa's JSON (schema lds-rewrite-isa/1) ------===//
//
// The same facts as the text (IsaTables.h): per variant and target each
// kernel with its ds_* instructions and their source frames, then the width
// findings with the source's cost and the compiled widths' costs.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_ISAJSON_H
#define LDS_REPORT_ISAJSON_H

#include "report/IsaResult.h"

#include "llvm/Support/raw_ostream.h"

namespace lds {

void printIsaJSON(llvm::raw_ostream &OS, const IsaResult &R);

} // namespace lds

#endif
