//===- BlockShapeFinder.h - Where each kernel's block shape comes from ----===//
//
// design.md, "Block shape": a launch of the kernel with constant dimensions
// in the same translation unit (<<<g, dim3(32, 8)>>> or hipLaunchKernelGGL,
// which expands to the same), else __launch_bounds__(N) (or AMDGPU's
// amdgpu_flat_work_group_size) taken as N x 1 x 1, else 256 x 1 x 1.
// --block overrides all of them and is applied by the caller.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_BLOCKSHAPEFINDER_H
#define LDS_MATCHERS_BLOCKSHAPEFINDER_H

#include "analysis/AccessModel.h"

#include "clang/AST/ASTContext.h"

#include <map>
#include <optional>

namespace lds {

struct FoundBlockShape {
  BlockShape Shape;
  clang::SourceLocation From; ///< the launch or attribute
  /// Other constant shapes the kernel is launched with (reported in a note).
  std::vector<std::array<unsigned, 3>> OtherLaunches;
};

class BlockShapeFinder {
public:
  explicit BlockShapeFinder(clang::ASTContext &Ctx);
  /// The shape for kernel K (a specialization for templates).
  FoundBlockShape shapeOf(const clang::FunctionDecl *K) const;

  /// The constant dimensions of a dim3 / integer expression, if known.
  static std::optional<std::array<unsigned, 3>> constantDims(const clang::Expr *E,
                                                             clang::ASTContext &Ctx);
  /// The value of an integer launch argument: a constant expression, or a
  /// local variable whose constant initialiser nothing changes later.
  static std::optional<uint64_t> constantScalar(const clang::Expr *E, clang::ASTContext &Ctx);
  /// The body of the function that declares the local VD, or null.
  static const clang::Stmt *enclosingBody(const clang::VarDecl *VD);

private:
  clang::ASTContext &Ctx;
  std::map<const clang::FunctionDecl *, FoundBlockShape> Launches;
};

} // namespace lds

#endif
