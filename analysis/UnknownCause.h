//===- UnknownCause.h - Why a cost is unknown, as data --------------------===//
//
// An access whose cost cannot be known says why and, often, what the user
// could give to know it: a value for a runtime symbol or the block shape.
// What to give travels as data next to the words, so that each front end
// names its own setting (lds-rewrite's --assume and --block, the clang-tidy
// check's options Assume and Block) without editing the analysis's text.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_UNKNOWNCAUSE_H
#define LDS_ANALYSIS_UNKNOWNCAUSE_H

#include <string>

namespace lds {

/// What would make the cost known.
enum class AdviceKind {
  None,   ///< nothing the user can give
  Assume, ///< a value for the runtime symbol UnknownCause::Symbol
  Block,  ///< the block shape
};

struct UnknownCause {
  std::string Before; ///< the words up to the advice (all of them without one)
  AdviceKind Advice = AdviceKind::None;
  std::string Symbol; ///< AdviceKind::Assume: the symbol to give a value
  std::string After;  ///< the words after the advice
  bool empty() const { return Before.empty() && Advice == AdviceKind::None && After.empty(); }
};

/// How a front end words the advice.
struct AdviceWords {
  /// Followed by "NAME=VALUE".
  std::string Assume = "pass --assume ";
  std::string Block = "pass --block=X[,Y[,Z]]";
};

/// A cause without advice.
UnknownCause plainCause(std::string Words);
/// "Before; pass --assume Symbol=VALUE".
UnknownCause assumeCause(std::string Before, std::string Symbol);
/// "Before pass --block=X[,Y[,Z]]" (Before ends where the advice starts).
UnknownCause blockCause(std::string Before);

/// Adds Words at the end of C.
void appendToCause(UnknownCause &C, const std::string &Words);

/// C's words with the advice in Words (by default lds-rewrite's
/// command-line options, as every Reason below report/ gives it).
std::string causeText(const UnknownCause &C, const AdviceWords &Words = AdviceWords());

} // namespace lds

#endif
