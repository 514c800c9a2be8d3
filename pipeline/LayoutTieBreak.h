//===- LayoutTieBreak.h - Equally good layouts told apart by their code ---===//
//
// Issue 13's cost of a fix: layouts that the bank model cannot tell apart
// (the same passes on every target under every reading, the same kind, the
// same LDS: FixPlan::Ties) differ in the index arithmetic they compile to.
// Each is compiled alone into the file as it was parsed, for every
// requested target of the file's language (AMD for .hip, NVIDIA for .cu),
// and the one whose kernels' registers allow the most waves (warps per SM
// on NVIDIA), then have the fewest instructions, then the fewest VGPRs
// (registers per thread), then come first in the model's order, is the fix.
//
// Counted with lds-rewrite's headers, in which the kernels call nothing
// (CountedBuilds, Recompile.h), and in static instructions: the arithmetic
// a layout adds to a loop's body is counted once, as it is written. On
// NVIDIA the instructions are the SASS of ptxas's cubin (readers/Cubin.h).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_LAYOUTTIEBREAK_H
#define LDS_PIPELINE_LAYOUTTIEBREAK_H

#include "pipeline/DeviceCompileArgs.h"
#include "pipeline/RunConfig.h"
#include "rewrites/FixPlanning.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/CompilationDatabase.h"

#include <string>
#include <vector>

namespace lds {

/// What a tie-break compiles: the file's command, as the fix compiles it.
struct TieBreakBuild {
  const clang::tooling::CompileCommand &Original;
  SourceLanguage Lang;
  const RunConfig &Config;
};

/// Chooses among Fix's layout and its ties (DeclFix::Ties) whose edits
/// merge with Others (every other array's), and makes the winner Fix's
/// Plan and Reps; Fix.Ties is emptied. The note that says why, or "" when
/// nothing was compared (no ties, no target of the file's language, nothing
/// counted).
std::string breakTieByCode(DeclFix &Fix, const FileEdits &Others, const clang::SourceManager &SM,
                           const std::vector<std::string> &Targets, const TieBreakBuild &Build);

} // namespace lds

#endif
