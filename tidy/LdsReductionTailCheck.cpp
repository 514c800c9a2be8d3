//===- LdsReductionTailCheck.cpp - lds-reduction-tail in clang-tidy -------===//

#include "tidy/LdsReductionTailCheck.h"
#include "matchers/AnalyzedFile.h"
#include "matchers/ModelBuilder.h"
#include "report/BarrierFindings.h"
#include "rewrites/ShuffleTailRewrite.h"

#include "clang/AST/ASTContext.h"

using namespace clang;

namespace lds {

void LdsReductionTailCheck::check(const ast_matchers::MatchFinder::MatchResult &Result) {
  ASTContext *Ctx = unitOf(Result);
  if (!Ctx)
    return;
  AnalyzedFile F;
  F.Targets = targetsFor(*Ctx);
  for (const std::string &T : F.Targets)
    if (const TargetModel *TM = Banks.find(T))
      F.WaveSizes.push_back(TM->WaveSize);
  std::vector<MatchedReduction> Found = matchReductions(*Ctx);
  if (Found.empty())
    return;
  // The block shapes: the model's accesses in each loop.
  ModelOptions MO;
  MO.Block = Block;
  if (!F.WaveSizes.empty())
    MO.WaveSize = F.WaveSizes.front();
  F.Built = buildModel(*Ctx, MO);
  const SourceManager &SM = Ctx->getSourceManager();
  for (MatchedReduction &R : Found) {
    readBlockShapes(SM, F.Built.M, R);
    F.TailRefusals.push_back(R.Unsupported.empty() ? tailRefusal(R.Plain, F.WaveSizes)
                                                   : R.Unsupported);
    F.Reductions.push_back(std::move(R));
  }
  for (size_t I = 0; I < F.Reductions.size(); ++I) {
    BarrierFindingText T = describeReduction(F, I);
    report(T, SM,
           T.Fixable ? shuffleTailRewrite(F.Reductions[I], *Ctx, scopeOf(*Ctx))
                     : llvm::Expected<FileEdits>(llvm::createStringError("no fix")));
  }
}

} // namespace lds
