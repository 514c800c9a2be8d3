//===- CheckAction.cpp - Parse one file's device side and analyse it ------===//

#include "pipeline/CheckAction.h"
#include "report/CheckNames.h"

#include "matchers/SkippedCode.h"
#include "matchers/PrefetchRace.h"
#include "pipeline/HostErrors.h"
#include "pipeline/Suppressions.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/SemaConsumer.h"

using namespace clang;

namespace lds {

namespace {
/// What the prefetch's race check runs with: the block shape of the loop's
/// accesses when every instantiation has the same known one.
RaceSetting raceSetting(const SourceManager &SM, const AnalyzedFile &F, const ModelOptions &Opts,
                        const MatchedRefillLoop &L) {
  RaceSetting S;
  S.WaveSize = Opts.WaveSize;
  S.Assumptions = Opts.Assumptions;
  S.AfterWait = F.Placement == PrefetchPlacement::AfterWait;
  unsigned Begin = SM.getFileOffset(SM.getExpansionLoc(L.Loop->getBeginLoc()));
  unsigned End = SM.getFileOffset(SM.getExpansionLoc(L.Loop->getEndLoc()));
  bool Agree = true;
  for (const Access &A : F.Built.M.Accesses) {
    if (A.Loc.File != L.Plain.Loop.File || A.Loc.Offset < Begin || A.Loc.Offset > End)
      continue;
    if (A.Block.Source == BlockSource::Default || (S.Block && *S.Block != A.Block.Dims))
      Agree = false;
    S.Block = A.Block.Dims;
  }
  if (!Agree)
    S.Block.reset();
  return S;
}

/// Every matcher and visitor after this walks only the declarations outside
/// system headers. Nothing in a system header is analysed anyway (no kernel
/// there is one: KernelMatchers.cpp); walking the runtime headers' tens of
/// thousands of declarations, each time a matcher runs, cost most of a
/// small file's analysis, and with a PCH (PreludePch.h) it reads them all
/// back from it.
void limitTraversalToUserCode(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Decl *> Scope;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (D->getLocation().isInvalid() || !SM.isInSystemHeader(D->getLocation()))
      Scope.push_back(D);
  Ctx.setTraversalScope(Scope);
}

class CheckConsumer : public SemaConsumer {
public:
  CheckConsumer(const RunConfig &Config, AnalyzedFile File, AnalyzedCallback &OnAnalyzed,
                HostErrorFilter &Errors)
      : Config(Config), File(std::move(File)), OnAnalyzed(OnAnalyzed), Errors(Errors) {}

  void InitializeSema(Sema &S) override { Errors.setSema(&S); }
  void ForgetSema() override { Errors.setSema(nullptr); }
  /// Where the preprocessor's skipped ranges go, while it runs.
  std::vector<SourceRange> &skippedCode() { return File.SkippedCode; }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // A device-code error: clang's messages are printed now, and the run
    // fails with exit 2. Errors of host-only code only are not printed:
    // the kernels are analysed, and the caller warns (HostErrors.h).
    if (!Errors.settle())
      return;
    File.HostErrors = Errors.hostErrors();
    limitTraversalToUserCode(Ctx);
    ModelOptions Opts;
    Opts.Block = Config.Block;
    Opts.KernelBlocks = Config.KernelBlocks;
    Opts.DefaultBlock = Config.DefaultBlock;
    Opts.ConfigFile = Config.ConfigFile;
    Opts.Assumptions = Config.Assumptions;
    for (const std::string &T : File.Targets)
      if (const TargetModel *TM = Config.Banks.find(T)) {
        Opts.WaveSize = TM->WaveSize;
        break;
      }
    File.Built = buildModel(Ctx, Opts);
    analyzeAll(File, Config.Banks, Config.Assumptions);
    File.Suppressed = findSuppressed(Ctx.getSourceManager(), File.Built);
    for (const std::string &T : File.Targets)
      if (const TargetModel *TM = Config.Banks.find(T))
        File.WaveSizes.push_back(TM->WaveSize);
    if (File.runs(RedundantBarrierCheck))
      for (const RedundantBarrier &R : findRedundantBarriers(File.Built.M, File.WaveSizes))
        if (!isSuppressed(Ctx.getSourceManager(), File.Built.BarrierSites[R.Barrier]->getBeginLoc(),
                          RedundantBarrierCheck))
          File.RedundantBarriers.push_back(R);
    if (File.runs(RedundantBarrierCheck) && !File.Targets.empty()) {
      unsigned Narrowest = ~0u;
      for (const std::string &T : File.Targets)
        if (const TargetModel *TM = Config.Banks.find(T))
          Narrowest = std::min(Narrowest, TM->WaveSize);
      for (const SingleWaveKernel &K : findSingleWaveKernels(File.Built.M, Narrowest))
        if (!isSuppressed(Ctx.getSourceManager(),
                          File.Built.BarrierSites[K.FirstBarrier]->getBeginLoc(),
                          RedundantBarrierCheck))
          File.SingleWave.push_back(K);
    }
    File.Placement = Config.Placement;
    if (File.Placement == PrefetchPlacement::Auto) {
      bool AnyAMD = false;
      for (const std::string &T : File.Targets)
        if (const TargetModel *TM = Config.Banks.find(T))
          AnyAMD |= TM->IsAMD;
      File.Placement = AnyAMD ? PrefetchPlacement::BeforeWait : PrefetchPlacement::AfterWait;
    }
    for (const std::string &T : File.Targets)
      if (const TargetModel *TM = Config.Banks.find(T); TM && TM->BarrierDrainsGlobalLoads)
        File.DrainingTargets.push_back(T);
    if (File.runs(ReductionTailCheck))
      for (MatchedReduction &R : matchReductions(Ctx)) {
        if (isSuppressed(Ctx.getSourceManager(), R.Loop->getBeginLoc(), ReductionTailCheck))
          continue;
        readBlockShapes(Ctx.getSourceManager(), File.Built.M, R);
        File.TailRefusals.push_back(R.Unsupported.empty()
                                        ? tailRefusal(R.Plain, File.WaveSizes)
                                        : R.Unsupported);
        File.Reductions.push_back(std::move(R));
      }
    if (File.runs(TransposeLoadCheck))
      for (MatchedTranspose &T : matchTransposeReads(Ctx)) {
        if (isSuppressed(Ctx.getSourceManager(), T.Loop->getBeginLoc(), TransposeLoadCheck))
          continue;
        proveTransposeTargets(T, File.Built.M, File.Targets);
        if (!T.Targets.empty()) // a target has the instruction
          File.Transposes.push_back(std::move(T));
      }
    if (File.runs(ExposedWriteLatencyCheck))
      for (MatchedRefillLoop &L : matchRefillLoops(Ctx)) {
        if (isSuppressed(Ctx.getSourceManager(), L.Stores.front().Assign->getBeginLoc(),
                         ExposedWriteLatencyCheck))
          continue;
        checkPrefetchRace(Ctx, L, raceSetting(Ctx.getSourceManager(), File, Opts, L));
        File.RefillLoops.push_back(std::move(L));
      }
    OnAnalyzed(Ctx, File);
  }

private:
  const RunConfig &Config;
  AnalyzedFile File;
  AnalyzedCallback &OnAnalyzed;
  HostErrorFilter &Errors;
};

class CheckAction : public ASTFrontendAction {
public:
  CheckAction(const RunConfig &Config, const AnalyzedFile &Template, AnalyzedCallback &OnAnalyzed)
      : Config(Config), Template(Template), OnAnalyzed(OnAnalyzed) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    auto Consumer = std::make_unique<CheckConsumer>(Config, Template, OnAnalyzed,
                                                    HostErrorFilter::install(CI));
    CI.getPreprocessor().addPPCallbacks(recordSkippedCode(Consumer->skippedCode()));
    return Consumer;
  }

private:
  const RunConfig &Config;
  const AnalyzedFile &Template;
  AnalyzedCallback &OnAnalyzed;
};

class Factory : public tooling::FrontendActionFactory {
public:
  Factory(const RunConfig &Config, const AnalyzedFile &Template, AnalyzedCallback OnAnalyzed)
      : Config(Config), Template(Template), OnAnalyzed(std::move(OnAnalyzed)) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<CheckAction>(Config, Template, OnAnalyzed);
  }

private:
  const RunConfig &Config;
  AnalyzedFile Template;
  AnalyzedCallback OnAnalyzed;
};
} // namespace

std::unique_ptr<tooling::FrontendActionFactory> newCheckActionFactory(const RunConfig &Config,
                                                                      const AnalyzedFile &Template,
                                                                      AnalyzedCallback OnAnalyzed) {
  return std::make_unique<Factory>(Config, Template, std::move(OnAnalyzed));
}

} // namespace lds
