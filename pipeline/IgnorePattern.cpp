//===- IgnorePattern.cpp - .gitignore-style patterns of .lds-rewrite.yaml -===//

#include "pipeline/IgnorePattern.h"

#include "llvm/ADT/SmallVector.h"

using llvm::StringRef;

namespace lds {

namespace {

/// Glob over a path: '*' and '?' do not cross '/', '**' does, [...] is a
/// character class ([!...] negated).
bool globPath(StringRef P, StringRef S) {
  while (!P.empty()) {
    if (P.starts_with("**")) {
      P = P.drop_front(2);
      // "**/" also matches no folder at all.
      if (P.starts_with("/") && globPath(P.drop_front(), S))
        return true;
      for (size_t I = 0; I <= S.size(); ++I)
        if (globPath(P, S.drop_front(I)))
          return true;
      return false;
    }
    char C = P.front();
    if (C == '*') {
      P = P.drop_front();
      for (size_t I = 0; I <= S.size(); ++I) {
        if (globPath(P, S.drop_front(I)))
          return true;
        if (I < S.size() && S[I] == '/')
          return false;
      }
      return false;
    }
    if (S.empty())
      return false;
    if (C == '?') {
      if (S.front() == '/')
        return false;
    } else if (C == '[' && P.find(']', 2) != StringRef::npos) {
      size_t Close = P.find(']', 2);
      StringRef Class = P.slice(1, Close);
      bool Negate = Class.consume_front("!") || Class.consume_front("^");
      bool In = false;
      for (size_t I = 0; I < Class.size(); ++I) {
        if (I + 2 < Class.size() && Class[I + 1] == '-') {
          In |= Class[I] <= S.front() && S.front() <= Class[I + 2];
          I += 2;
        } else {
          In |= Class[I] == S.front();
        }
      }
      if (In == Negate || S.front() == '/')
        return false;
      P = P.drop_front(Close + 1);
      S = S.drop_front();
      continue;
    } else if (C != S.front()) {
      return false;
    }
    P = P.drop_front();
    S = S.drop_front();
  }
  return S.empty();
}

} // namespace

bool ignorePatternMatches(StringRef Pattern, StringRef RelPath) {
  Pattern = Pattern.trim();
  while (Pattern.consume_front("./"))
    ;
  if (Pattern.empty() || Pattern.starts_with("#"))
    return false;
  bool DirOnly = Pattern.consume_back("/");
  bool Anchored = Pattern.consume_front("/") || Pattern.contains('/');
  llvm::SmallVector<StringRef, 8> Parts;
  RelPath.split(Parts, '/', -1, /*KeepEmpty=*/false);
  // Anchored: the path or one of its folders, from the top. Otherwise: any
  // one component (a folder, or the file's name unless DirOnly).
  for (size_t N = 1; N <= Parts.size(); ++N) {
    bool IsFile = N == Parts.size();
    if (DirOnly && IsFile)
      break;
    if (Anchored) {
      StringRef Prefix(Parts.front().data(), Parts[N - 1].end() - Parts.front().data());
      if (globPath(Pattern, Prefix))
        return true;
    } else if (globPath(Pattern, Parts[N - 1])) {
      return true;
    }
  }
  return false;
}

} // namespace lds
