//===- LdsRedundantBarrierCheck.cpp - lds-redundant-barrier in clang-tidy -===//

#include "tidy/LdsRedundantBarrierCheck.h"
#include "matchers/AnalyzedFile.h"
#include "matchers/ModelBuilder.h"
#include "report/BarrierFindings.h"
#include "rewrites/BarrierRemoval.h"

#include "clang/AST/ASTContext.h"

using namespace clang;

namespace lds {

namespace {
/// The barrier's removal as edits.
llvm::Expected<FileEdits> removal(const Stmt *Site, ASTContext &Ctx) {
  auto R = barrierRemoval(Site, Ctx, LdsDeviceCheck::scopeOf(Ctx));
  if (!R)
    return R.takeError();
  FileEdits Edits;
  if (llvm::Error E = addReplacement(Edits, *R, Site->getBeginLoc()))
    return std::move(E);
  return std::move(Edits);
}
} // namespace

void LdsRedundantBarrierCheck::check(const ast_matchers::MatchFinder::MatchResult &Result) {
  ASTContext *Ctx = unitOf(Result);
  if (!Ctx)
    return;
  AnalyzedFile F;
  F.Targets = targetsFor(*Ctx);
  F.Built = buildModel(*Ctx, ModelOptions());
  const SourceManager &SM = Ctx->getSourceManager();
  for (const RedundantBarrier &R : findRedundantBarriers(F.Built.M)) {
    BarrierFindingText T = describeRedundantBarrier(F, R);
    const Stmt *Site = F.Built.BarrierSites[R.Barrier];
    report(T, SM, T.Fixable ? removal(Site, *Ctx) : llvm::Expected<FileEdits>(llvm::createStringError("no fix")));
  }
}

} // namespace lds
