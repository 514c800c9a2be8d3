//===- LdsRedundantBarrierCheck.cpp - lds-redundant-barrier in clang-tidy -===//

#include "tidy/LdsRedundantBarrierCheck.h"
#include "matchers/AnalyzedFile.h"
#include "matchers/ModelBuilder.h"
#include "report/BarrierFindings.h"
#include "rewrites/BarrierRemoval.h"

#include "clang/AST/ASTContext.h"

using namespace clang;

namespace lds {

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
    {
      auto D = diag(T.Text.Loc, "%0") << T.Text.Warning;
      const Stmt *Site = F.Built.BarrierSites[R.Barrier];
      if (T.Fixable) {
        if (auto Removal = barrierRemoval(Site, *Ctx, scopeOf(*Ctx))) {
          FileEdits Edits;
          if (llvm::Error E = addReplacement(Edits, *Removal, Site->getBeginLoc()))
            llvm::consumeError(std::move(E));
          else
            addFixIts(D, SM, Edits);
        } else {
          llvm::consumeError(Removal.takeError());
        }
      }
    }
    for (const FindingNote &N : T.Text.Notes)
      diag(N.Loc, "%0", DiagnosticIDs::Note) << N.Message;
  }
}

} // namespace lds
