//===- PartitionRun.h - lds-partition-conflict for one parsed file ---------===//
//
// For each requested target with LDS partitions (gfx1250), the file's device
// side is compiled as `isa` compiles it (-O3 -S), with the LDS lowering's IR
// dumps (readers/LdsLayout.h): each array's offset comes from the compiled
// code, never from declaration order, and the kernel's LDS size from the
// assembly (readers/AmdAsm.h). Then every access of a kernel whose arrays
// exceed one partition together is analysed (analysis/PartitionConflict.h).
// Kernels whose arrays fit one partition are not compiled: their accesses
// all lie in partition 0, which no source edit short of growing the LDS
// separates.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_PARTITIONRUN_H
#define LDS_PIPELINE_PARTITIONRUN_H

#include "matchers/AnalyzedFile.h"
#include "pipeline/DeviceCompileArgs.h"
#include "pipeline/RunConfig.h"

#include "clang/AST/ASTContext.h"
#include "clang/Tooling/CompilationDatabase.h"

namespace lds {

/// Fills F.Partitions (F.runs(PartitionConflictCheck) is checked here).
void runPartitionCheck(clang::ASTContext &Ctx, AnalyzedFile &F,
                       const clang::tooling::CompileCommand &Original, SourceLanguage Lang,
                       const RunConfig &Config);

} // namespace lds

#endif
