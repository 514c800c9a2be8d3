//===- LdsTransposeLoadCheck.cpp - lds-transpose-load in clang-tidy -------===//

#include "tidy/LdsTransposeLoadCheck.h"
#include "matchers/AnalyzedFile.h"
#include "matchers/ModelBuilder.h"
#include "matchers/TransposeMatcher.h"
#include "report/TransposeFindings.h"
#include "rewrites/TransposeLoadRewrite.h"

#include "clang/AST/ASTContext.h"

using namespace clang;

namespace lds {

void LdsTransposeLoadCheck::check(const ast_matchers::MatchFinder::MatchResult &Result) {
  ASTContext *Ctx = unitOf(Result);
  if (!Ctx)
    return;
  std::vector<MatchedTranspose> Found = matchTransposeReads(*Ctx);
  if (Found.empty())
    return;
  AnalyzedFile F;
  F.Targets = targetsFor(*Ctx);
  ModelOptions MO;
  MO.Block = Block;
  if (const TargetModel *TM = F.Targets.empty() ? nullptr : Banks.find(F.Targets.front()))
    MO.WaveSize = TM->WaveSize;
  F.Built = buildModel(*Ctx, MO);
  for (MatchedTranspose &M : Found) {
    proveTransposeTargets(M, F.Built.M, F.Targets);
    if (!M.Targets.empty()) // some target has the instruction
      F.Transposes.push_back(std::move(M));
  }
  const SourceManager &SM = Ctx->getSourceManager();
  for (size_t I = 0; I < F.Transposes.size(); ++I) {
    BarrierFindingText T = describeTranspose(F, I);
    report(T, SM,
           T.Fixable ? transposeLoadRewrite(F.Transposes[I], *Ctx, scopeOf(*Ctx))
                     : llvm::Expected<FileEdits>(llvm::createStringError("no fix")));
  }
}

} // namespace lds
