//===- SourceEdits.h - Where an edit may land, and what it replaces -------===//
//
// Every rewrite edits text of the file being fixed or of a header of the
// project (EditScope), never a macro definition, a system header, a header
// outside the project, or text produced by a macro expansion: those are
// refused with the location that made the edit unsafe.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REWRITES_SOURCEEDITS_H
#define LDS_REWRITES_SOURCEEDITS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>

namespace lds {

/// Why a rewrite was refused, and where.
class RefusalError : public llvm::ErrorInfo<RefusalError> {
public:
  static char ID;
  RefusalError(std::string Message, clang::SourceLocation Loc)
      : Message(std::move(Message)), Loc(Loc) {}
  void log(llvm::raw_ostream &OS) const override { OS << Message; }
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }
  std::string Message;
  clang::SourceLocation Loc;
};

llvm::Error refuse(const std::string &Message, clang::SourceLocation Loc);

/// A fix's edits by file, as each file's SourceManager entry names it:
/// tooling::Replacements holds the edits of one file only.
using FileEdits = std::map<std::string, clang::tooling::Replacements>;

/// The files an edit may land in. The file being fixed, always; another
/// file (a header it includes) only when it lies under Root and is not a
/// system header: a header elsewhere belongs to someone else (a library,
/// another checkout), and editing it would change code the user did not
/// ask to fix. An empty Root allows the file being fixed only.
struct EditScope {
  std::string Root; ///< absolute, symbolic links resolved

  /// Whether an edit may land in File; when not, Why says so
  /// ("is in X, outside the project (R)").
  bool allows(const clang::SourceManager &SM, clang::FileID File, std::string &Why) const;
};

/// The range of E as written; an error if any part of it comes from a
/// macro body or lies in a file Scope does not allow.
llvm::Expected<clang::CharSourceRange> editableRange(const clang::Expr *E, clang::ASTContext &Ctx,
                                                     const EditScope &Scope);
llvm::Expected<clang::CharSourceRange> editableRange(clang::SourceRange R, clang::ASTContext &Ctx,
                                                     const std::string &What,
                                                     const EditScope &Scope);

/// The source text of a range.
std::string textOf(clang::CharSourceRange R, clang::ASTContext &Ctx);

/// The text of S as written, when editableRange allows its range (What
/// names it in the error).
llvm::Expected<std::string> editableText(const clang::Stmt *S, clang::ASTContext &Ctx,
                                         const std::string &What, const EditScope &Scope);

/// T, parenthesised unless it is a single token or already parenthesised.
std::string parenthesize(const std::string &T);

/// Adds R to Reps; identical replacements (the same text edited from two
/// template instantiations) are kept once, overlapping different ones are
/// an error.
llvm::Error addReplacement(FileEdits &Edits, const clang::tooling::Replacement &R,
                           clang::SourceLocation Loc);

/// Adds every edit of From to Into; an error, and Into unchanged, if one
/// overlaps a different edit already there. An insertion where Into inserts
/// already is appended to that insertion (two index functions before one
/// kernel).
llvm::Error mergeEdits(FileEdits &Into, const FileEdits &From);

/// The number of edits, over all files.
size_t countEdits(const FileEdits &Edits);

/// "\r\n" if the first line of File ends so, else "\n".
std::string lineEnding(const clang::SourceManager &SM, clang::FileID File);

/// The whitespace that starts the line holding Loc.
std::string indentationAt(clang::SourceLocation Loc, clang::ASTContext &Ctx);

} // namespace lds

#endif
