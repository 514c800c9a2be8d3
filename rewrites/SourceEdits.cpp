//===- SourceEdits.cpp - Where an edit may land, and what it replaces -----===//

#include "rewrites/SourceEdits.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace lds {

char RefusalError::ID = 0;

llvm::Error refuse(const std::string &Message, SourceLocation Loc) {
  return llvm::make_error<RefusalError>(Message, Loc);
}

bool EditScope::allows(const SourceManager &SM, FileID File, std::string &Why) const {
  if (File == SM.getMainFileID())
    return true;
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(File);
  if (!FE) {
    Why = "is not in a file";
    return false;
  }
  std::string Name = FE->getName().str();
  if (SM.getFileCharacteristic(SM.getLocForStartOfFile(File)) != SrcMgr::C_User) {
    Why = "is in " + Name + ", a system header";
    return false;
  }
  llvm::SmallString<256> Abs(Name), Real;
  SM.getFileManager().makeAbsolutePath(Abs);
  if (llvm::sys::fs::real_path(Abs, Real))
    Real = Abs;
  llvm::StringRef R(Real);
  bool Under =
      !Root.empty() && R.starts_with(Root) && R.size() > Root.size() &&
      (llvm::sys::path::is_separator(Root.back()) || llvm::sys::path::is_separator(R[Root.size()]));
  if (!Under) {
    Why = "is in " + Name + ", outside the project" +
          (Root.empty() ? std::string() : " (" + Root + ")");
    return false;
  }
  return true;
}

llvm::Expected<CharSourceRange> editableRange(SourceRange R, ASTContext &Ctx,
                                              const std::string &What, const EditScope &Scope) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
  if (Range.isInvalid()) {
    SourceLocation B = R.getBegin();
    std::string Macro;
    if (B.isMacroID())
      Macro = Lexer::getImmediateMacroName(B, SM, Ctx.getLangOpts()).str();
    return refuse(What + " is spelled inside macro" +
                      (Macro.empty() ? std::string() : " '" + Macro + "'") +
                      ", which other code may use; edit it by hand",
                  SM.getExpansionLoc(B));
  }
  std::string Why;
  if (!Scope.allows(SM, SM.getFileID(Range.getBegin()), Why))
    return refuse(What + " " + Why, Range.getBegin());
  return Range;
}

llvm::Expected<CharSourceRange> editableRange(const Expr *E, ASTContext &Ctx,
                                              const EditScope &Scope) {
  return editableRange(E->getSourceRange(), Ctx, "the index", Scope);
}

std::string textOf(CharSourceRange R, ASTContext &Ctx) {
  return Lexer::getSourceText(R, Ctx.getSourceManager(), Ctx.getLangOpts()).str();
}

llvm::Expected<std::string> editableText(const Stmt *S, ASTContext &Ctx, const std::string &What,
                                         const EditScope &Scope) {
  auto Range = editableRange(S->getSourceRange(), Ctx, What, Scope);
  if (!Range)
    return Range.takeError();
  return textOf(*Range, Ctx);
}

std::string parenthesize(const std::string &T) {
  bool Simple = !T.empty();
  for (char C : T)
    if (!(isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '.'))
      Simple = false;
  if (Simple)
    return T;
  if (T.size() >= 2 && T.front() == '(' && T.back() == ')') {
    // "(a) + (b)" is not parenthesised as a whole.
    int Depth = 0;
    bool Whole = true;
    for (size_t I = 0; I < T.size(); ++I) {
      Depth += T[I] == '(' ? 1 : T[I] == ')' ? -1 : 0;
      if (Depth == 0 && I + 1 < T.size())
        Whole = false;
    }
    if (Whole)
      return T;
  }
  return "(" + T + ")";
}

llvm::Error addReplacement(FileEdits &Edits, const tooling::Replacement &R, SourceLocation Loc) {
  tooling::Replacements &Reps = Edits[R.getFilePath().str()];
  for (const tooling::Replacement &Old : Reps)
    if (Old.getOffset() == R.getOffset() && Old.getLength() == R.getLength()) {
      if (Old.getReplacementText() == R.getReplacementText())
        return llvm::Error::success();
      return refuse("two instantiations need different edits of the same "
                    "text",
                    Loc);
    }
  if (llvm::Error E = Reps.add(R)) {
    llvm::consumeError(std::move(E));
    return refuse("edits of this access overlap", Loc);
  }
  return llvm::Error::success();
}

namespace {

/// Reps with the insertion at R's offset extended by R's text: two arrays'
/// index functions go before the same kernel, one after the other. False
/// when Reps has no insertion there.
bool appendInsertion(tooling::Replacements &Reps, const tooling::Replacement &R) {
  tooling::Replacements Out;
  bool Done = false;
  for (const tooling::Replacement &Old : Reps) {
    tooling::Replacement Keep = Old;
    if (!Done && !Old.getLength() && Old.getOffset() == R.getOffset()) {
      if (Old.getReplacementText() != R.getReplacementText())
        Keep = tooling::Replacement(Old.getFilePath(), Old.getOffset(), 0,
                                    (Old.getReplacementText() + R.getReplacementText()).str());
      Done = true;
    }
    if (llvm::Error E = Out.add(Keep)) {
      llvm::consumeError(std::move(E));
      return false;
    }
  }
  if (Done)
    Reps = std::move(Out);
  return Done;
}

} // namespace

llvm::Error mergeEdits(FileEdits &Into, const FileEdits &From) {
  FileEdits Merged = Into;
  for (const auto &[File, Reps] : From)
    for (const tooling::Replacement &R : Reps) {
      if (!R.getLength() && appendInsertion(Merged[File], R))
        continue;
      if (llvm::Error E = Merged[File].add(R))
        return E;
    }
  Into = std::move(Merged);
  return llvm::Error::success();
}

size_t countEdits(const FileEdits &Edits) {
  size_t N = 0;
  for (const auto &[File, Reps] : Edits)
    N += Reps.size();
  return N;
}

std::string lineEnding(const SourceManager &SM, FileID File) {
  llvm::StringRef Buf = SM.getBufferData(File);
  size_t NL = Buf.find('\n');
  if (NL != llvm::StringRef::npos && NL > 0 && Buf[NL - 1] == '\r')
    return "\r\n";
  return "\n";
}

std::string indentationAt(SourceLocation Loc, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  Loc = SM.getExpansionLoc(Loc);
  auto [FID, Offset] = SM.getDecomposedLoc(Loc);
  llvm::StringRef Buf = SM.getBufferData(FID);
  size_t Start = Buf.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
  size_t End = Start;
  while (End < Buf.size() && (Buf[End] == ' ' || Buf[End] == '\t'))
    ++End;
  return Buf.substr(Start, End - Start).str();
}

} // namespace lds
