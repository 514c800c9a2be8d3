//===- SkippedCode.cpp - Code the preprocessor skipped for this parse -----===//

#include "matchers/SkippedCode.h"

#include "clang/Lex/Lexer.h"

using namespace clang;

namespace lds {

namespace {

class SkippedCodeRecorder : public PPCallbacks {
public:
  explicit SkippedCodeRecorder(std::vector<SourceRange> &Out) : Out(Out) {}
  void SourceRangeSkipped(SourceRange Range, SourceLocation) override { Out.push_back(Range); }

private:
  std::vector<SourceRange> &Out;
};

} // namespace

std::unique_ptr<PPCallbacks> recordSkippedCode(std::vector<SourceRange> &Out) {
  return std::make_unique<SkippedCodeRecorder>(Out);
}

std::optional<SourceLocation> nameInSkippedCode(const std::vector<SourceRange> &Skipped,
                                                StringRef Name, SourceRange Within,
                                                const SourceManager &SM,
                                                const LangOptions &LangOpts) {
  SourceLocation From = Within.isValid() ? SM.getFileLoc(Within.getBegin()) : SourceLocation();
  SourceLocation To = Within.isValid() ? SM.getFileLoc(Within.getEnd()) : SourceLocation();
  for (const SourceRange &R : Skipped) {
    SourceLocation B = R.getBegin(), E = R.getEnd();
    if (!B.isFileID() || !E.isFileID() || SM.getFileID(B) != SM.getFileID(E) ||
        SM.isInSystemHeader(B))
      continue;
    if (!From.isValid() && SM.getFileID(B) != SM.getMainFileID())
      continue;
    if (From.isValid() && (SM.getFileID(B) != SM.getFileID(From) ||
                           SM.isBeforeInTranslationUnit(E, From) ||
                           SM.isBeforeInTranslationUnit(To, B)))
      continue;
    bool Invalid = false;
    StringRef Buf = SM.getBufferData(SM.getFileID(B), &Invalid);
    if (Invalid)
      continue;
    // Identifier tokens only: not a string, a comment or part of a name.
    unsigned Begin = SM.getFileOffset(B), End = std::min<unsigned>(SM.getFileOffset(E), Buf.size());
    Lexer Raw(SM.getLocForStartOfFile(SM.getFileID(B)), LangOpts, Buf.begin(),
              Buf.begin() + Begin, Buf.end());
    Token T;
    for (bool Last = false; !Last;) {
      Last = Raw.LexFromRawLexer(T); // true for the file's last token
      if (SM.getFileOffset(T.getLocation()) >= End)
        break;
      if (T.is(tok::raw_identifier) && T.getRawIdentifier() == Name)
        return T.getLocation();
    }
  }
  return std::nullopt;
}

} // namespace lds
