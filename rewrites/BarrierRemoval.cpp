//===- BarrierRemoval.cpp - Delete a barrier statement --------------------===//

#include "rewrites/BarrierRemoval.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace lds {

llvm::Expected<tooling::Replacement> barrierRemoval(const Stmt *Site, ASTContext &Ctx,
                                                    const EditScope &Scope) {
  auto Range = editableRange(Site->getSourceRange(), Ctx, "the barrier", Scope);
  if (!Range)
    return Range.takeError();
  const SourceManager &SM = Ctx.getSourceManager();
  // The statement's last token, ')', then the ';' after it.
  SourceLocation AfterSemi = Lexer::findLocationAfterToken(
      Ctx.getSourceManager().getExpansionLoc(Site->getEndLoc()), tok::semi, SM, Ctx.getLangOpts(),
      /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (AfterSemi.isInvalid())
    return refuse("the barrier is not a statement of its own", Range->getBegin());
  auto [FID, Begin] = SM.getDecomposedLoc(Range->getBegin());
  unsigned End = SM.getFileOffset(AfterSemi);
  StringRef Text = SM.getBufferData(FID);
  // The blanks after it; then, if only blanks came before it on its line
  // and the line ends, the whole line.
  while (End < Text.size() && (Text[End] == ' ' || Text[End] == '\t'))
    ++End;
  unsigned LineStart = Begin;
  while (LineStart > 0 && (Text[LineStart - 1] == ' ' || Text[LineStart - 1] == '\t'))
    --LineStart;
  bool AloneOnLine = LineStart == 0 || Text[LineStart - 1] == '\n';
  if (AloneOnLine && End < Text.size() && (Text[End] == '\n' || Text.substr(End, 2) == "\r\n")) {
    Begin = LineStart;
    End += Text[End] == '\n' ? 1 : 2;
  }
  return tooling::Replacement(SM, SM.getComposedLoc(FID, Begin), End - Begin, "");
}

} // namespace lds
