//===- CheckAction.cpp - Parse one file's device side and analyse it ------===//

#include "CheckAction.h"

#include "Suppressions.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"

using namespace clang;

namespace lds {

namespace {
class CheckConsumer : public ASTConsumer {
public:
  CheckConsumer(const RunConfig &Config, AnalyzedFile File,
                AnalyzedCallback &OnAnalyzed)
      : Config(Config), File(std::move(File)), OnAnalyzed(OnAnalyzed) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // Clang has already printed the errors; the run fails with exit 2.
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
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
    OnAnalyzed(Ctx, File);
  }

private:
  const RunConfig &Config;
  AnalyzedFile File;
  AnalyzedCallback &OnAnalyzed;
};

class CheckAction : public ASTFrontendAction {
public:
  CheckAction(const RunConfig &Config, const AnalyzedFile &Template,
              AnalyzedCallback &OnAnalyzed)
      : Config(Config), Template(Template), OnAnalyzed(OnAnalyzed) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &,
                                                 StringRef) override {
    return std::make_unique<CheckConsumer>(Config, Template, OnAnalyzed);
  }

private:
  const RunConfig &Config;
  const AnalyzedFile &Template;
  AnalyzedCallback &OnAnalyzed;
};

class Factory : public tooling::FrontendActionFactory {
public:
  Factory(const RunConfig &Config, const AnalyzedFile &Template,
          AnalyzedCallback OnAnalyzed)
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

std::unique_ptr<tooling::FrontendActionFactory>
newCheckActionFactory(const RunConfig &Config, const AnalyzedFile &Template,
                      AnalyzedCallback OnAnalyzed) {
  return std::make_unique<Factory>(Config, Template, std::move(OnAnalyzed));
}

} // namespace lds
