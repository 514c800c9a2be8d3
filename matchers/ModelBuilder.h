//===- ModelBuilder.h - From a translation unit to the plain model --------===//
//
// Finds every kernel (each template instantiation separately), its block
// shape, and walks it; the result is the Clang-free Model plus, beside it,
// the Clang locations the reporters need for diagnostics and fix-its.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_MATCHERS_MODELBUILDER_H
#define LDS_MATCHERS_MODELBUILDER_H

#include "analysis/AccessModel.h"
#include "matchers/KernelWalker.h"
#include "matchers/StoredAddresses.h"

#include "clang/AST/ASTContext.h"

#include <optional>

namespace lds {

struct ModelOptions {
  std::optional<std::array<unsigned, 3>> Block; ///< --block
  std::map<std::string, int64_t> Assumptions;   ///< --assume
  unsigned WaveSize = 64;                       ///< used only to enumerate loops over warpSize
  /// From the project's .lds-rewrite.yaml (ConfigFile), weaker than Block:
  /// shapes of kernels by name (with or without template arguments, or
  /// qualified), which win over a launch or __launch_bounds__, and a default
  /// that replaces 256 x 1 x 1. Both are reported as BlockSource::Config.
  std::map<std::string, std::array<unsigned, 3>> KernelBlocks;
  std::optional<std::array<unsigned, 3>> DefaultBlock;
  std::string ConfigFile;
};

/// Clang-side facts about one access of Model::Accesses (same index).
struct AccessOrigin {
  const clang::Expr *Expr = nullptr;
  const clang::VarDecl *Array = nullptr;
  const clang::FunctionDecl *Kernel = nullptr;
  std::vector<clang::SourceLocation> CallChain;
  clang::SourceLocation BlockFrom;
  std::vector<std::array<unsigned, 3>> OtherLaunches;
};

struct BuiltModel {
  Model M;
  std::vector<AccessOrigin> Origins;                        ///< parallel to M.Accesses
  std::map<std::string, const clang::VarDecl *> ArrayDecls; ///< by array id
  std::vector<EscapedPointer> Escapes;
  std::vector<StoredAddress> Stored; ///< addresses kept in objects
  std::vector<const clang::Stmt *> BarrierSites; ///< parallel to M.Barriers
  std::vector<const clang::FunctionDecl *> BarrierKernels; ///< parallel to M.Barriers
};

BuiltModel buildModel(clang::ASTContext &Ctx, const ModelOptions &Opts);

/// "sgemm<128, 8>" for a specialization, "transpose" otherwise.
std::string kernelName(const clang::FunctionDecl *FD);

} // namespace lds

#endif
