//===- ArraySubscripts.h - The subscripts of an array inside an access ----===//
#ifndef LDS_REWRITES_ARRAYSUBSCRIPTS_H
#define LDS_REWRITES_ARRAYSUBSCRIPTS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <vector>

namespace lds {

/// The index expressions applied directly to VD inside Access, outermost
/// first: `s[a][b].x`, `*(float4*)&s[a][b]` and `&s[a][b]` give {a, b}.
/// Empty if Access reaches VD some other way (a pointer made elsewhere).
std::vector<const clang::Expr *> subscriptsOf(const clang::Expr *Access, const clang::VarDecl *VD);

/// True if E names VD (through parentheses and implicit casts).
bool refersTo(const clang::Expr *E, const clang::VarDecl *VD);

/// The terms of a sum as written: `a * W + b - c` gives {a * W, b, c} with
/// Negative set for c. Looks through parentheses and implicit casts.
struct SumTerm {
  const clang::Expr *E;
  bool Negative;
};
std::vector<SumTerm> sumTerms(const clang::Expr *E);

/// The integer terms added to the array itself in a pointer sum written in
/// place, `s + tx + ty * 32` (or `32 * ty + s - 1`): {tx, ty * 32}. False
/// if Access is not such a sum on VD.
bool pointerOffsetTerms(const clang::Expr *Access, const clang::VarDecl *VD,
                        std::vector<SumTerm> &Terms);

/// If T is `X * W`, `W * X` or `X << k` with the constant side equal to W,
/// returns X and sets ConstSide to the constant operand (null for <<).
const clang::Expr *multipleOfW(const clang::Expr *T, uint64_t W, const clang::ASTContext &Ctx,
                               const clang::Expr *&ConstSide);

} // namespace lds

#endif
