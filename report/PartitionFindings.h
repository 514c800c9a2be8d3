//===- PartitionFindings.h - The words of lds-partition-conflict ----------===//
//
// The warning and notes of an access whose SIMD pairs collide on an LDS
// partition (gfx1250), the remark of one that could not be evaluated, and
// the JSON object of every access the check looked at.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_PARTITIONFINDINGS_H
#define LDS_REPORT_PARTITIONFINDINGS_H

#include "report/BarrierFindings.h"

#include "llvm/Support/JSON.h"

namespace lds {

/// The warning (separable collision) or remark (unknown) of P; an empty
/// Text.Warning when there is nothing to say.
BarrierFindingText describePartitionAccess(const AnalyzedFile &F, const PartitionAccess &P,
                                           bool &IsRemark);

/// {"file", "line", "column", "array", "target", "lds_offset", "offset_source",
///  "status", "pair_a", "pair_b", "colliding_partitions", "shared_bytes",
///  "bandwidth_factor", ...}
llvm::json::Object partitionAccessJSON(const AnalyzedFile &F, const PartitionAccess &P);

} // namespace lds

#endif
