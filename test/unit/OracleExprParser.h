//===- OracleExprParser.h - The index syntax of test/oracle/cases.tsv -----===//
//
// Test-only: parses the C expressions of the oracle's case table (tx, ty,
// integer literals, + - * / % << >> & ^ | < <= > >= == != && || ?: and
// parentheses) into LaneExprs computing in int, as the measured kernels do.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TEST_ORACLEEXPRPARSER_H
#define LDS_TEST_ORACLEEXPRPARSER_H

#include "analysis/LaneExpr.h"

#include <string>

namespace lds::test {

/// The expression, or null with Error set.
ExprRef parseOracleExpr(const std::string &Text, std::string &Error);

} // namespace lds::test

#endif
