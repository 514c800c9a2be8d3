//===- SourceEdits.h - Where an edit may land, and what it replaces -------===//
//
// Every rewrite edits text of the file being fixed, never a macro
// definition, a header outside it, or text produced by a macro expansion:
// those are refused with the location that made the edit unsafe.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REWRITES_SOURCEEDITS_H
#define LDS_REWRITES_SOURCEEDITS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

#include <string>

namespace lds {

/// Why a rewrite was refused, and where.
class RefusalError : public llvm::ErrorInfo<RefusalError> {
public:
  static char ID;
  RefusalError(std::string Message, clang::SourceLocation Loc)
      : Message(std::move(Message)), Loc(Loc) {}
  void log(llvm::raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  std::string Message;
  clang::SourceLocation Loc;
};

llvm::Error refuse(const std::string &Message, clang::SourceLocation Loc);

/// The range of E as written in the main file; an error if any part of it
/// comes from a macro body or lies in another file.
llvm::Expected<clang::CharSourceRange> editableRange(const clang::Expr *E,
                                                     clang::ASTContext &Ctx);
llvm::Expected<clang::CharSourceRange> editableRange(clang::SourceRange R,
                                                     clang::ASTContext &Ctx,
                                                     const std::string &What);

/// The source text of a range.
std::string textOf(clang::CharSourceRange R, clang::ASTContext &Ctx);

/// T, parenthesised unless it is a single token or already parenthesised.
std::string parenthesize(const std::string &T);

/// Adds R to Reps; identical replacements (the same text edited from two
/// template instantiations) are kept once, overlapping different ones are
/// an error.
llvm::Error addReplacement(clang::tooling::Replacements &Reps,
                           const clang::tooling::Replacement &R,
                           clang::SourceLocation Loc);

/// "\r\n" if the main file's first line ends so, else "\n".
std::string lineEnding(clang::ASTContext &Ctx);

/// The whitespace that starts the line holding Loc.
std::string indentationAt(clang::SourceLocation Loc, clang::ASTContext &Ctx);

} // namespace lds

#endif
