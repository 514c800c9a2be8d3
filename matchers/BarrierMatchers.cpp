//===- BarrierMatchers.cpp - The barriers of a kernel, as AST matchers ----===//

#include "matchers/BarrierMatchers.h"
#include "matchers/RegisterCode.h"
#include "matchers/SharedArrayInfo.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

#include <algorithm>
#include <optional>
#include <set>
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


/// The statement a barrier call is: the call, or the ExprWithCleanups
/// around it (a temporary, as in this_thread_block().sync()).
const Stmt *statementOf(ASTContext &Ctx, const Stmt *Site) {
  DynTypedNodeList Parents = Ctx.getParents(*Site);
  if (!Parents.empty())
    if (const auto *EWC = Parents[0].get<ExprWithCleanups>())
      return EWC;
  return Site;
}

/// Fills B.AfterOnlyRegisters and B.Removable: the statements before Site in
/// its braces, back to the previous barrier, must all be register code.
void lookBack(ASTContext &Ctx, const Stmt *Site, const std::set<const Stmt *> &Sites, Barrier &B) {
  Site = statementOf(Ctx, Site);
  DynTypedNodeList Parents = Ctx.getParents(*Site);
  const auto *Braces = Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>();
  if (!Braces)
    return; // in a condition, a loop header, an expression: not a statement
  const SourceManager &SM = Ctx.getSourceManager();
  B.Removable = !Site->getBeginLoc().isMacroID() && !Site->getEndLoc().isMacroID();
  auto Body = Braces->body();
  auto It = std::find(Body.begin(), Body.end(), Site);
  while (It != Body.begin()) {
    --It;
    if (Sites.count(*It)) {
      B.AfterOnlyRegisters = toSourceLoc((*It)->getBeginLoc(), SM);
      return;
    }
    if (!isRegisterCode(*It))
      return;
  }
}

} // namespace

std::vector<MatchedBarrier> matchBarriers(ASTContext &Ctx, const FunctionDecl *Kernel,
                                          const std::string &KernelName) {
  std::vector<std::pair<SourceLocation, MatchedBarrier>> Found;
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
    B.KernelInternal = !Kernel->isExternallyVisible();
    B.KernelBounded = Kernel->hasAttr<CUDALaunchBoundsAttr>() ||
                      Kernel->hasAttr<AMDGPUFlatWorkGroupSizeAttr>();
    placeInKernel(Ctx, Site, B);
    Found.emplace_back(SM.getFileLoc(Site->getBeginLoc()), MatchedBarrier{std::move(B), Site});
  }
  // findAll's order is the matchers', not the source's.
  std::stable_sort(Found.begin(), Found.end(), [&](const auto &A, const auto &B) {
    return SM.isBeforeInTranslationUnit(A.first, B.first);
  });
  std::set<const Stmt *> Sites;
  for (const auto &[Loc, M] : Found)
    Sites.insert(statementOf(Ctx, M.Site));
  std::vector<MatchedBarrier> Out;
  for (auto &[Loc, M] : Found) {
    lookBack(Ctx, M.Site, Sites, M.Plain);
    Out.push_back(std::move(M));
  }
  return Out;
}

} // namespace lds
