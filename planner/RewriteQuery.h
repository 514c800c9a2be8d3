//===- RewriteQuery.h - The planner asks the rewriter what it can write ---===//
//
// A candidate the rewrite cannot write (a pad of an extent declared in a
// header, a swizzle of a read through a pointer) is no fix, however cheap:
// the planner asks before it chooses, and takes the best candidate that can
// be written. rewrites/ answers (with the AST); the planner stays
// Clang-free and, without a query (unit tests), takes every candidate as
// writable.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PLANNER_REWRITEQUERY_H
#define LDS_PLANNER_REWRITEQUERY_H

#include <optional>
#include <string>

namespace lds {

struct FixPlan;

class RewriteQuery {
public:
  virtual ~RewriteQuery() = default;
  /// Nothing when the rewrite can write Draft, else why not. Draft has its
  /// Choice, NewLayout and Linear filled, nothing else.
  virtual std::optional<std::string> cannotRewrite(const FixPlan &Draft) = 0;
};

} // namespace lds

#endif
