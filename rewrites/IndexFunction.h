//===- IndexFunction.h - An XOR layout's column map as a function ---------===//
//
// The inline form of an XOR layout with column terms names the column three
// times (`c ^ ((((c >> 5) & 1) ^ ((c >> 6) & 1)) * 4)`); a small function
// named after the array says it once at every access (`Bs_column(c)`, or
// `Bs_column(r, c)` with a row term) and its rule once, in a comment:
//
//   // 'Bs' layout (lds-rewrite): XOR-swizzle columns in 16-byte units with bit 3 and bit 4 of the unit
//   __device__ __forceinline__ int Bs_column(int col) {
//     return col ^ ((((col >> 5) & 1) ^ ((col >> 6) & 1)) * 4);
//   }
//
// It is defined just before the first function (in file order) that
// declares the array or reaches it, in that function's file, so that every
// use follows it. A layout without a column term stays inline: it is as
// short.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REWRITES_INDEXFUNCTION_H
#define LDS_REWRITES_INDEXFUNCTION_H

#include "rewrites/ArrayRewrite.h"

#include <optional>
#include <string>

namespace lds {

struct IndexFunction {
  std::string Name;    ///< "Bs_column", or "Bs_column2" when the file uses that
  bool TakesRow = false; ///< the layout has a row term: (row, col)
  FileEdits Definition;  ///< the function, inserted before its first user

  /// The call for an access whose row and column are Row and Col as written.
  std::string call(const std::string &Row, const std::string &Col) const;
};

/// (((row >> S) & M) ^ ((col >> (CS + log2 V)) & CM)) * V, P's XOR term for
/// the row and column texts Row and Col, with the parts that do nothing
/// left out: the physical column is Col ^ this.
std::string xorTerm(const std::string &Row, const std::string &Col, const SwizzleParams &P);

/// The index function of Plan's layout for Edit, or nullopt when the layout
/// has no column term or the place for the function cannot be edited (then
/// the accesses are rewritten inline).
std::optional<IndexFunction> indexFunction(clang::ASTContext &Ctx, const ArrayEdit &Edit,
                                           const FixPlan &Plan);

} // namespace lds

#endif
