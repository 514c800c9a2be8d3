//===- CheckNames.h - The names of lds-rewrite's checks -------------------===//
//
// The names diagnostics are tagged with ("[lds-bank-conflict]"), that
// NOLINT(...) and `// lds-rewrite: ignore` comments refer to, and that SARIF
// uses as rule ids.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_CHECKNAMES_H
#define LDS_REPORT_CHECKNAMES_H

namespace lds {

inline constexpr const char *CheckName = "lds-bank-conflict";
inline constexpr const char *RedundantBarrierCheck = "lds-redundant-barrier";
inline constexpr const char *ExposedWriteLatencyCheck = "lds-exposed-write-latency";
inline constexpr const char *ReductionTailCheck = "lds-reduction-tail";
inline constexpr const char *TransposeLoadCheck = "lds-transpose-load";
inline constexpr const char *PartitionConflictCheck = "lds-partition-conflict";

/// Every check this build has, in the order --list-checks prints them.
inline constexpr const char *AllChecks[] = {CheckName, ExposedWriteLatencyCheck,
                                            RedundantBarrierCheck, ReductionTailCheck,
                                            TransposeLoadCheck, PartitionConflictCheck};

} // namespace lds

#endif
