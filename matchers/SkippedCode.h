//===- SkippedCode.h - Code the preprocessor skipped for this parse -------===//
//
// One parse sees one branch of each #if. A file rewritten for several
// targets (a transpose load under `#if defined(__gfx950__)`, the loop in
// #else) names an array in code the parse never sees, so an edit of the
// array's layout made from the parse would not reach it there. The ranges
// of inactive branches are recorded while parsing (PPCallbacks), and a
// fix asks whether a name appears in them.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_SKIPPEDCODE_H
#define LDS_MATCHERS_SKIPPEDCODE_H

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"

#include <memory>
#include <optional>
#include <vector>

namespace lds {

/// The preprocessor callbacks that append each skipped range to Out.
std::unique_ptr<clang::PPCallbacks> recordSkippedCode(std::vector<clang::SourceRange> &Out);

/// The first place where the identifier Name is written inside one of
/// Skipped that lies within Within (a function's range; invalid: anywhere
/// in the main file), if any. System headers never count.
std::optional<clang::SourceLocation> nameInSkippedCode(const std::vector<clang::SourceRange> &Skipped,
                                                       llvm::StringRef Name,
                                                       clang::SourceRange Within,
                                                       const clang::SourceManager &SM,
                                                       const clang::LangOptions &LangOpts);

} // namespace lds

#endif
