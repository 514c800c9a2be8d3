//===- CheckFilter.h - Which checks run, in clang-tidy's syntax -----------===//
//
// --checks and the project's `Checks:` take what clang-tidy's --checks
// takes: a comma-separated list of globs ('*' matches any run of
// characters), each turning on the checks it matches or, prefixed with
// '-', turning them off; a later glob wins over an earlier one. The lists
// are read after the default (every check on: design.md), the project's
// before the command line's, as clang-tidy reads its own.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_CHECKFILTER_H
#define LDS_PIPELINE_CHECKFILTER_H

#include "llvm/ADT/StringRef.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace lds {

/// '*' matches any run of characters; everything else itself.
bool globMatch(llvm::StringRef Pattern, llvm::StringRef Name);

class CheckFilter {
public:
  /// Reads List after the globs already read.
  void add(llvm::StringRef List);
  bool enabled(llvm::StringRef Check) const;
  /// The checks of AllChecks (CheckNames.h) that do not run.
  std::set<std::string> disabled() const;
  bool noneEnabled() const { return disabled().size() == checkCount(); }

private:
  static size_t checkCount();
  std::vector<std::pair<bool, std::string>> Globs = {{true, "*"}}; ///< on?, glob
};

} // namespace lds

#endif
