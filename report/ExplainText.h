//===- ExplainText.h - The words and places of lds-rewrite explain -------===//
//
// What `lds-rewrite explain` prints around each bank map: where an access is
// written, the accesses it groups as the check does, the block, the array,
// the rule, the worst iteration, the caption of a picture. Shared by the
// text pictures and the HTML page (pipeline/ExplainRun.h).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_EXPLAINTEXT_H
#define LDS_REPORT_EXPLAINTEXT_H

#include "analysis/ConflictAnalyzer.h"
#include "analysis/WaveTrace.h"
#include "matchers/AnalyzedFile.h"
#include "targets/BankModel.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace lds::explain {

/// Where an access is written in the main file.
struct Place {
  bool InMain = false;
  unsigned Line = 0;
  unsigned BeginCol = 0;
  unsigned EndCol = 0; ///< one past its last character (UINT_MAX: next line)
};

Place placeOf(const AccessOrigin &O, const clang::SourceManager &SM, const clang::LangOptions &LO);

/// Accesses at one place of one kernel with the same costs are explained
/// once ("load and store of 'sdata'"), as the check reports them.
std::vector<std::vector<size_t>> groupAccesses(const AnalyzedFile &F,
                                               const std::vector<size_t> &Indices);

/// "worst iteration: j = 8" / "every iteration costs the same; drawn at j = 0".
std::string bindingText(const Access &A, const AccessResult &R, const WaveTrace &T,
                        const std::map<std::string, int64_t> &Assumed);

/// "wave 3 of 4 (threads 192-255)".
std::string threadsText(const WaveTrace &T, const Access &A);

/// The block shape and where it comes from.
std::string blockText(const Access &A, const AccessOrigin &O, const clang::SourceManager &SM);

/// The array's declaration: type, extents, bytes.
std::string arrayText(const SharedArray *Arr);

/// The access as written: "tile[threadIdx.x][threadIdx.y + j]",
/// "*(const float4*)&Bs[k][tx * TN]".
std::string accessText(const AccessOrigin &O, const Access &A, const clang::SourceManager &SM,
                       const clang::LangOptions &LO);

/// Line Line of the main file, as written.
std::string lineText(const clang::SourceManager &SM, unsigned Line);

/// The target's rule for this access: banks, lane groups, its source.
std::string ruleText(const TargetModel &TM, const Access &A, const WaveTrace &T, bool MixedKinds);

/// The line under a picture: passes, ideal, degree, or why unknown.
std::string captionOf(const AccessResult &R, const WaveTrace &T, const Access &A,
                      const std::map<std::string, int64_t> &Assumed);

} // namespace lds::explain

#endif
