//===- Suppressions.cpp - Inline suppressions -----------------------------===//

#include "pipeline/Suppressions.h"
#include "pipeline/CheckFilter.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <map>

using namespace clang;
using llvm::StringRef;

namespace lds {

namespace {

/// True if the check list "a, b-*, c" (clang-tidy's NOLINT(...) argument)
/// covers Check.
bool listCovers(StringRef List, StringRef Check) {
  llvm::SmallVector<StringRef, 4> Items;
  List.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items)
    if (globMatch(Item.trim(), Check))
      return true;
  return false;
}

enum class Marker { NoLint, NextLine, Begin, End };

/// Every NOLINT-family marker on one line that covers Check.
llvm::SmallVector<Marker, 2> markersOn(StringRef Line, StringRef Check) {
  llvm::SmallVector<Marker, 2> Out;
  size_t Pos = 0;
  while ((Pos = Line.find("NOLINT", Pos)) != StringRef::npos) {
    StringRef Rest = Line.drop_front(Pos + 6);
    Marker M = Marker::NoLint;
    if (Rest.consume_front("NEXTLINE"))
      M = Marker::NextLine;
    else if (Rest.consume_front("BEGIN"))
      M = Marker::Begin;
    else if (Rest.consume_front("END"))
      M = Marker::End;
    Pos = Line.size() - Rest.size();
    bool Covers = true; // no list: every check
    if (Rest.starts_with("(")) {
      size_t Close = Rest.find(')');
      if (Close != StringRef::npos) {
        Covers = listCovers(Rest.slice(1, Close), Check);
        Pos += Close + 1;
      }
    }
    if (Covers)
      Out.push_back(M);
  }
  return Out;
}

bool hasOwnMarker(StringRef Line) {
  size_t Pos = Line.find("lds-rewrite:");
  return Pos != StringRef::npos && Line.drop_front(Pos + 12).ltrim().starts_with("ignore");
}

} // namespace

std::vector<bool> suppressedLines(StringRef Text, StringRef Check) {
  llvm::SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  std::vector<bool> Out(Lines.size() + 2, false);
  unsigned Open = 0; // NOLINTBEGIN regions open
  for (size_t I = 0; I < Lines.size(); ++I) {
    unsigned LineNo = I + 1;
    StringRef L = Lines[I];
    if (hasOwnMarker(L))
      Out[LineNo] = true;
    bool EndsHere = false;
    for (Marker M : markersOn(L, Check)) {
      switch (M) {
      case Marker::NoLint:
        Out[LineNo] = true;
        break;
      case Marker::NextLine:
        Out[LineNo + 1] = true;
        break;
      case Marker::Begin:
        ++Open;
        break;
      case Marker::End:
        EndsHere = true;
        break;
      }
    }
    // The BEGIN and END lines themselves are inside the region, as in
    // clang-tidy.
    if (Open)
      Out[LineNo] = true;
    if (EndsHere && Open)
      --Open;
  }
  return Out;
}

bool isSuppressed(const SourceManager &SM, SourceLocation L, StringRef Check) {
  auto OnLine = [&](SourceLocation At) {
    if (At.isInvalid())
      return false;
    auto [FID, Offset] = SM.getDecomposedLoc(At);
    bool Invalid = false;
    StringRef Text = SM.getBufferData(FID, &Invalid);
    if (Invalid)
      return false;
    std::vector<bool> Lines = suppressedLines(Text, Check);
    unsigned Line = SM.getLineNumber(FID, Offset);
    return Line < Lines.size() && Lines[Line];
  };
  return OnLine(SM.getExpansionLoc(L)) || (L.isMacroID() && OnLine(SM.getSpellingLoc(L)));
}

std::vector<bool> findSuppressed(const SourceManager &SM, const BuiltModel &Built) {
  std::map<FileID, std::vector<bool>> PerFile;
  auto LineSuppressed = [&](SourceLocation L) {
    if (L.isInvalid())
      return false;
    auto [FID, Offset] = SM.getDecomposedLoc(L);
    auto It = PerFile.find(FID);
    if (It == PerFile.end()) {
      bool Invalid = false;
      StringRef Text = SM.getBufferData(FID, &Invalid);
      It = PerFile.emplace(FID, Invalid ? std::vector<bool>() : suppressedLines(Text)).first;
    }
    unsigned Line = SM.getLineNumber(FID, Offset);
    return Line < It->second.size() && It->second[Line];
  };
  std::vector<bool> Out(Built.Origins.size(), false);
  for (size_t I = 0; I < Built.Origins.size(); ++I) {
    const Expr *E = Built.Origins[I].Expr;
    if (!E)
      continue;
    SourceLocation L = E->getBeginLoc();
    Out[I] = LineSuppressed(SM.getExpansionLoc(L)) ||
             (L.isMacroID() && LineSuppressed(SM.getSpellingLoc(L)));
  }
  return Out;
}

AnalyzedFile withoutSuppressed(const AnalyzedFile &F) {
  AnalyzedFile Out = F;
  for (size_t I = 0; I < Out.Results.size(); ++I)
    if (F.suppressed(I))
      for (AccessResult &R : Out.Results[I])
        if (R.conflicts()) {
          R.IdealPasses = R.Passes;
          R.Degree = 1;
        }
  return Out;
}

} // namespace lds
