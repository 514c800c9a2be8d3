//===- BarrierMatchers.cpp - The barriers of a kernel, as AST matchers ----===//

#include "matchers/BarrierMatchers.h"
#include "matchers/SharedArrayInfo.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <algorithm>
#include <optional>
#include <utility>

using namespace clang;
using namespace clang::ast_matchers;

namespace lds {

namespace {

std::optional<BarrierKind> kindOfCallee(llvm::StringRef Name) {
  if (Name == "__syncthreads")
    return BarrierKind::SyncThreads;
  if (Name == "__syncthreads_count" || Name == "__syncthreads_and" || Name == "__syncthreads_or")
    return BarrierKind::SyncThreadsReduce;
  if (Name == "__builtin_amdgcn_s_barrier")
    return BarrierKind::BareBarrier;
  if (Name == "__syncwarp")
    return BarrierKind::SyncWarp;
  return std::nullopt;
}

/// Inline asm that holds a barrier instruction (AMDGPU or PTX).
bool asmHoldsBarrier(const GCCAsmStmt &Asm) {
  const std::string Text = Asm.getAsmString();
  for (llvm::StringRef I : {"s_barrier", "bar.sync", "barrier.sync", "barrier.cta"})
    if (llvm::StringRef(Text).contains(I))
      return true;
  return false;
}

/// The loops and branches of the kernel around S: every ancestor up to the
/// kernel (the parent map follows the AST, instantiations included).
void placeInKernel(ASTContext &Ctx, const Stmt *S, Barrier &B) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (P.get<FunctionDecl>() || P.get<LambdaExpr>())
      return;
    if (const Stmt *PS = P.get<Stmt>()) {
      if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(PS))
        ++B.LoopDepth;
      if (isa<IfStmt, SwitchStmt, AbstractConditionalOperator>(PS))
        B.Conditional = true;
      if (const auto *BO = dyn_cast<BinaryOperator>(PS); BO && BO->isLogicalOp())
        B.Conditional = true;
    }
    Parents = Ctx.getParents(P);
  }
}

const auto cooperativeGroups = namespaceDecl(hasName("cooperative_groups"));

} // namespace

std::vector<Barrier> matchBarriers(ASTContext &Ctx, const FunctionDecl *Kernel,
                                   const std::string &KernelName) {
  std::vector<std::pair<SourceLocation, Barrier>> Found;
  const Stmt *Body = Kernel->getBody();
  if (!Body)
    return {};
  const SourceManager &SM = Ctx.getSourceManager();
  auto Named = callExpr(callee(functionDecl(hasAnyName(
                            "__syncthreads", "__syncthreads_count", "__syncthreads_and",
                            "__syncthreads_or", "__builtin_amdgcn_s_barrier", "__syncwarp"))))
                   .bind("named");
  // block.sync(), this_thread_block().sync(), cooperative_groups::sync(g).
  auto Cg = callExpr(anyOf(cxxMemberCallExpr(callee(cxxMethodDecl(
                               hasName("sync"), ofClass(hasAncestor(cooperativeGroups))))),
                           callee(functionDecl(hasName("sync"), hasAncestor(cooperativeGroups)))))
                .bind("cg");
  auto Asm = asmStmt().bind("asm");
  for (const BoundNodes &N : match(findAll(stmt(anyOf(Named, Cg, Asm))), *Body, Ctx)) {
    Barrier B;
    B.Kernel = KernelName;
    const Stmt *Site = nullptr;
    if (const auto *C = N.getNodeAs<CallExpr>("named")) {
      B.Callee = C->getDirectCallee()->getNameAsString();
      B.Kind = *kindOfCallee(B.Callee);
      Site = C;
    } else if (const auto *C = N.getNodeAs<CallExpr>("cg")) {
      B.Callee = "sync";
      B.Kind = BarrierKind::BlockSync;
      Site = C;
    } else if (const auto *A = dyn_cast_or_null<GCCAsmStmt>(N.getNodeAs<AsmStmt>("asm"));
               A && asmHoldsBarrier(*A)) {
      B.Callee = "asm";
      B.Kind = BarrierKind::AsmBarrier;
      Site = A;
    }
    if (!Site)
      continue;
    B.Loc = toSourceLoc(Site->getBeginLoc(), SM);
    placeInKernel(Ctx, Site, B);
    Found.emplace_back(SM.getFileLoc(Site->getBeginLoc()), std::move(B));
  }
  // findAll's order is the matchers', not the source's.
  std::stable_sort(Found.begin(), Found.end(), [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(A.first, B.first);
  });
  std::vector<Barrier> Out;
  for (auto &[Loc, B] : Found)
    Out.push_back(std::move(B));
  return Out;
}

} // namespace lds
