//===- LdsDeviceCheck.cpp - What every lds-* clang-tidy check shares ------===//

#include "tidy/LdsDeviceCheck.h"
#include "tidy/CommandArches.h"

#include <algorithm>
#include "pipeline/BlockOption.h"
#include "pipeline/ProjectRoot.h"
#include "targets/Targets.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace lds {

LdsDeviceCheck::LdsDeviceCheck(llvm::StringRef Name, tidy::ClangTidyContext *Context,
                               bool WithBlock)
    : ClangTidyCheck(Name, Context), Banks(BankModel::builtin()), NameForDiag(Name.str()),
      WithBlock(WithBlock), TargetsOpt(Options.get("Targets", "")),
      BlockOpt(WithBlock ? Options.get("Block", "") : "") {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  llvm::StringRef(TargetsOpt).split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef P : Parts) {
    P = P.trim();
    if (P.empty())
      continue;
    if (!Banks.find(P.str())) {
      configurationDiag("invalid target '%0' in option '%1.Targets'; valid "
                        "targets: %2")
          << P << Name << llvm::join(Banks.targetNames(), ", ");
      ConfigOk = false;
      continue;
    }
    Targets.push_back(P.str());
  }
  if (!llvm::StringRef(BlockOpt).trim().empty()) {
    std::array<unsigned, 3> B;
    if (parseBlock(BlockOpt, B)) {
      Block = B;
    } else {
      configurationDiag("invalid value '%0' in option '%1.Block'; expected "
                        "X[,Y[,Z]] with positive integers")
          << BlockOpt << Name;
      ConfigOk = false;
    }
  }
}

void LdsDeviceCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "Targets", TargetsOpt);
  if (WithBlock)
    Options.store(Opts, "Block", BlockOpt);
}

bool LdsDeviceCheck::isLanguageVersionSupported(const LangOptions &LangOpts) const {
  // HIP sets CUDA too. Only the device side: a host-side parse does not see
  // device-only code (and knows no GPU target).
  if (!LangOpts.CUDA)
    return false;
  if (!LangOpts.CUDAIsDevice) {
    configurationDiag("%0 analyses the device side only and skipped this "
                      "host-side parse; run clang-tidy with %1",
                      DiagnosticIDs::Remark)
        << NameForDiag
        << (LangOpts.HIP ? "--offload-device-only --offload-arch=<gfx...>"
                         : "--cuda-device-only --cuda-gpu-arch=<sm_...>");
    return false;
  }
  return true;
}

void LdsDeviceCheck::registerMatchers(MatchFinder *Finder) {
  // The model is built once, from the whole translation unit.
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

std::vector<std::string> LdsDeviceCheck::targetsFor(ASTContext &Ctx) const {
  if (!Targets.empty())
    return Targets;
  // As lds-rewrite: the compile command's device arch, else the language's
  // default.
  const std::string &CPU = Ctx.getTargetInfo().getTargetOpts().CPU;
  if (!CPU.empty() && Banks.find(CPU)) {
    // Every arch of the command (CommandArches.h), when the parsed one is
    // among them: clang-tidy parsed for the first only.
    std::vector<std::string> All;
    for (const std::string &A : commandArches(processArgv(), getCurrentMainFile().str()))
      if (Banks.find(A) && std::find(All.begin(), All.end(), A) == All.end())
        All.push_back(A);
    if (std::find(All.begin(), All.end(), CPU) != All.end())
      return All;
    return {CPU};
  }
  return {defaultTarget(Ctx.getLangOpts().HIP)};
}

ASTContext *LdsDeviceCheck::unitOf(const MatchFinder::MatchResult &Result) const {
  if (!ConfigOk || !Result.Nodes.getNodeAs<TranslationUnitDecl>("tu"))
    return nullptr;
  if (Result.Context->getDiagnostics().hasUncompilableErrorOccurred())
    return nullptr;
  return Result.Context;
}

void LdsDeviceCheck::addFixIts(DiagnosticBuilder &D, const SourceManager &SM,
                               const FileEdits &Edits) {
  for (const auto &[File, Reps] : Edits)
    for (const tooling::Replacement &R : Reps) {
      auto FE = SM.getFileManager().getOptionalFileRef(R.getFilePath());
      if (!FE)
        continue;
      FileID FID = SM.translateFile(*FE);
      if (FID.isInvalid())
        continue;
      SourceLocation B = SM.getLocForStartOfFile(FID).getLocWithOffset(R.getOffset());
      if (R.getLength() == 0)
        D << FixItHint::CreateInsertion(B, R.getReplacementText());
      else
        D << FixItHint::CreateReplacement(
            CharSourceRange::getCharRange(B, B.getLocWithOffset(R.getLength())),
            R.getReplacementText());
    }
}

void LdsDeviceCheck::report(const BarrierFindingText &T, const SourceManager &SM,
                            llvm::Expected<FileEdits> Edits) {
  {
    auto D = diag(T.Text.Loc, "%0") << T.Text.Warning;
    if (Edits)
      addFixIts(D, SM, *Edits);
    else
      llvm::consumeError(Edits.takeError());
  }
  for (const FindingNote &N : T.Text.Notes)
    diag(N.Loc, "%0", DiagnosticIDs::Note) << N.Message;
}

EditScope LdsDeviceCheck::scopeOf(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  llvm::SmallString<256> AbsMain;
  if (auto FE = SM.getFileEntryRefForID(SM.getMainFileID()))
    AbsMain = FE->getName();
  SM.getFileManager().makeAbsolutePath(AbsMain);
  return projectScope(AbsMain);
}

} // namespace lds
