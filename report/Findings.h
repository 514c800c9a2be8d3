//===- Findings.h - Accesses grouped into findings, and their wording -----===//
//
// What lds-rewrite's text output and the clang-tidy check say about each
// __shared__ access: which accesses make one finding, the warning, its
// notes and the unknown-cost remark, with the places they point at. Both
// print them through their own diagnostics; the words are made here once, so
// that both report the same findings word for word.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_FINDINGS_H
#define LDS_REPORT_FINDINGS_H

#include "analysis/UnknownCause.h"
#include "matchers/AnalyzedFile.h"

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"

#include <string>
#include <vector>

namespace lds {

/// Accesses at one place of one kernel with the same costs are reported
/// once ("load and store of 'sdata'").
struct Finding {
  std::vector<size_t> Members; ///< indices into the model's accesses
};

/// Accesses A and B of F have the same status and passes on every target.
bool sameCosts(const AnalyzedFile &F, size_t A, size_t B);

/// F's accesses grouped by place, kernel, call chain and identical costs,
/// in the order of their first access.
std::vector<Finding> groupFindings(const AnalyzedFile &F);

/// "load", "load and store": the kinds of G's accesses, in order.
std::string kindsText(const AnalyzedFile &F, const Finding &G);
/// The same for accesses Members of M (explain's groups).
std::string kindsText(const Model &M, const std::vector<size_t> &Members);

/// "a", "a and b", "a, b and c".
std::string joinWithAnd(const std::vector<std::string> &Items);

/// How the messages name the settings a user can change: lds-rewrite's
/// command-line options or the clang-tidy check's options.
struct SettingNames {
  /// In "block shape ... from <Block>" and "use <Block> or a launch ...".
  std::string Block = "--block";
  /// In unknown-cost remarks: how to give a symbol's value or the block
  /// shape (by default lds-rewrite's --assume and --block).
  AdviceWords Advice;
};

struct FindingNote {
  /// Invalid for a note about the access itself, with no place of its own.
  clang::SourceLocation Loc;
  std::string Message;
};

/// The diagnostics of one finding, without the " [lds-bank-conflict]" tag.
struct FindingText {
  clang::SourceLocation Loc; ///< of the first access
  std::string Warning;       ///< empty when no target conflicts
  /// The warning's notes: declaration, call chain, block shape, worst
  /// iteration, cost per target (worst first), the model's own notes.
  std::vector<FindingNote> Notes;
  std::string Remark; ///< empty when no target's cost is unknown
};

FindingText describeFinding(const clang::SourceManager &SM, const AnalyzedFile &F, const Finding &G,
                            const SettingNames &Names);

} // namespace lds

#endif
