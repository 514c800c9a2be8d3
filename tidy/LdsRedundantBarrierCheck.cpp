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
  for (const std::string &T : F.Targets)
    if (const TargetModel *TM = Banks.find(T))
      F.WaveSizes.push_back(TM->WaveSize);
  ModelOptions MO;
  MO.Block = Block;
  if (!F.WaveSizes.empty())
    MO.WaveSize = F.WaveSizes.front();
  F.Built = buildModel(*Ctx, MO);
  const SourceManager &SM = Ctx->getSourceManager();
  for (const RedundantBarrier &R : findRedundantBarriers(F.Built.M, F.WaveSizes)) {
    BarrierFindingText T = describeRedundantBarrier(F, R);
    const Stmt *Site = F.Built.BarrierSites[R.Barrier];
    report(T, SM, T.Fixable ? removal(Site, *Ctx) : llvm::Expected<FileEdits>(llvm::createStringError("no fix")));
  }
  unsigned Narrowest = ~0u;
  for (const std::string &T : F.Targets)
    if (const TargetModel *TM = Banks.find(T))
      Narrowest = std::min(Narrowest, TM->WaveSize);
  for (const SingleWaveKernel &K : findSingleWaveKernels(F.Built.M, Narrowest)) {
    const FunctionDecl *Kernel = F.Built.BarrierKernels[K.FirstBarrier];
    FileEdits Edits;
    llvm::Error E = Kernel->getPreviousDecl() || Kernel->getLocation().isMacroID()
                        ? llvm::createStringError("declared before, or named by a macro")
                        : addReplacement(Edits,
                                         tooling::Replacement(SM, Kernel->getLocation(), 0,
                                                              "__launch_bounds__(" +
                                                                  std::to_string(K.Block.threads()) +
                                                                  ") "),
                                         Kernel->getLocation());
    report(describeSingleWave(F, K), SM,
           E ? llvm::Expected<FileEdits>(std::move(E)) : llvm::Expected<FileEdits>(std::move(Edits)));
  }
}

} // namespace lds
