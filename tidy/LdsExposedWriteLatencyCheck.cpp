//===- LdsExposedWriteLatencyCheck.cpp - lds-exposed-write-latency in clang-tidy -===//

#include "tidy/LdsExposedWriteLatencyCheck.h"
#include "matchers/AnalyzedFile.h"
#include "report/BarrierFindings.h"
#include "rewrites/PrefetchRewrite.h"

#include "clang/AST/ASTContext.h"

using namespace clang;

namespace clang::tidy {
llvm::ArrayRef<std::pair<lds::PrefetchPlacement, llvm::StringRef>>
OptionEnumMapping<lds::PrefetchPlacement>::getEnumMapping() {
  static constexpr std::pair<lds::PrefetchPlacement, llvm::StringRef> Mapping[] = {
      {lds::PrefetchPlacement::Auto, "auto"},
      {lds::PrefetchPlacement::BeforeWait, "before-wait"},
      {lds::PrefetchPlacement::AfterWait, "after-wait"}};
  return Mapping;
}
} // namespace clang::tidy

namespace lds {

LdsExposedWriteLatencyCheck::LdsExposedWriteLatencyCheck(llvm::StringRef Name,
                                                         tidy::ClangTidyContext *Context)
    : LdsDeviceCheck(Name, Context, /*WithBlock=*/false),
      PlacementOpt(Options.get("Placement", PrefetchPlacement::Auto)) {}

void LdsExposedWriteLatencyCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  LdsDeviceCheck::storeOptions(Opts);
  Options.store(Opts, "Placement", PlacementOpt);
}

void LdsExposedWriteLatencyCheck::check(const ast_matchers::MatchFinder::MatchResult &Result) {
  ASTContext *Ctx = unitOf(Result);
  if (!Ctx)
    return;
  AnalyzedFile F;
  F.Targets = targetsFor(*Ctx);
  bool AnyAMD = false;
  for (const std::string &T : F.Targets)
    if (const TargetModel *TM = Banks.find(T)) {
      AnyAMD |= TM->IsAMD;
      if (TM->BarrierDrainsGlobalLoads)
        F.DrainingTargets.push_back(T);
    }
  F.Placement = PlacementOpt != PrefetchPlacement::Auto ? PlacementOpt
                : AnyAMD ? PrefetchPlacement::BeforeWait
                         : PrefetchPlacement::AfterWait;
  const SourceManager &SM = Ctx->getSourceManager();
  for (const MatchedRefillLoop &L : matchRefillLoops(*Ctx)) {
    BarrierFindingText T = describeRefillLoop(F, L);
    report(T, SM,
           T.Fixable ? prefetchRewrite(L, F.Placement, *Ctx, scopeOf(*Ctx))
                     : llvm::Expected<FileEdits>(llvm::createStringError("no fix")));
  }
}

} // namespace lds
