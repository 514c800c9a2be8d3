//===- LdsBankConflictCheck.cpp - lds-bank-conflict as a clang-tidy check -===//
//
// The findings, their wording and the fixes come from report/, rewrites/ and
// pipeline/, the code lds-rewrite itself uses (report/Findings.h, rewrites/FixPlanning.h), so that
// clang-tidy and lds-rewrite report the same findings with the same fixes.
// What is the plugin's own: the options, and how the findings become
// clang-tidy diagnostics with fix-its.
//
//===----------------------------------------------------------------------===//

#include "tidy/LdsBankConflictCheck.h"
#include "targets/Targets.h"

#include "matchers/AnalyzedFile.h"
#include "matchers/ModelBuilder.h"
#include "pipeline/AssumeOption.h"
#include "pipeline/BlockOption.h"
#include "pipeline/ProjectRoot.h"
#include "report/Findings.h"
#include "rewrites/FixPlanning.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace clang::tidy {
llvm::ArrayRef<std::pair<lds::Strategy, llvm::StringRef>>
OptionEnumMapping<lds::Strategy>::getEnumMapping() {
  static constexpr std::pair<lds::Strategy, llvm::StringRef> Mapping[] = {
      {lds::Strategy::Auto, "auto"},
      {lds::Strategy::Pad, "pad"},
      {lds::Strategy::Swizzle, "swizzle"}};
  return Mapping;
}
} // namespace clang::tidy

namespace lds {

namespace {

/// Worded as a suggestion: clang-tidy applies the fix-its only with -fix,
/// and does not re-parse and compile the result as lds-rewrite --fix does.
std::string fixNote(const DeclFix &D) {
  if (!D.Found)
    return "no fix for '" + D.Name + "': " + D.Refusal;
  std::string Note = "suggested fix for '" + D.Name + "': " + D.Plan.Description + D.Instead;
  if (D.Array->Dynamic && D.Plan.Choice.K == FixCandidate::Pad)
    Note += "; '" + D.Name + "' is dynamic: its launches must then pass " +
            dynamicLaunchSize(D.Plan, *D.Array);
  return Note;
}

/// One tooling::Replacement as a fix-it in this translation unit.
std::optional<FixItHint> toFixIt(const SourceManager &SM, const tooling::Replacement &R) {
  auto FE = SM.getFileManager().getOptionalFileRef(R.getFilePath());
  if (!FE)
    return std::nullopt;
  FileID FID = SM.translateFile(*FE);
  if (FID.isInvalid())
    return std::nullopt;
  SourceLocation B = SM.getLocForStartOfFile(FID).getLocWithOffset(R.getOffset());
  if (R.getLength() == 0)
    return FixItHint::CreateInsertion(B, R.getReplacementText());
  return FixItHint::CreateReplacement(
      CharSourceRange::getCharRange(B, B.getLocWithOffset(R.getLength())), R.getReplacementText());
}

} // namespace

LdsBankConflictCheck::LdsBankConflictCheck(llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), TargetsOpt(Options.get("Targets", "")),
      BlockOpt(Options.get("Block", "")), StrategyOpt(Options.get("Strategy", Strategy::Auto)),
      AssumeOpt(Options.get("Assume", "")), Banks(BankModel::builtin()), NameForDiag(Name.str()) {
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
  llvm::SmallVector<llvm::StringRef, 4> Assumes;
  llvm::StringRef(AssumeOpt).split(Assumes, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef A : Assumes) {
    std::string Sym;
    int64_t V;
    if (!parseAssumption(A, Sym, V)) {
      configurationDiag("invalid value '%0' in option '%1.Assume'; expected "
                        "NAME=VALUE with an integer value")
          << A.trim() << Name;
      ConfigOk = false;
      continue;
    }
    Assumptions[Sym] = V;
  }
}

void LdsBankConflictCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "Targets", TargetsOpt);
  Options.store(Opts, "Block", BlockOpt);
  Options.store(Opts, "Strategy", StrategyOpt);
  Options.store(Opts, "Assume", AssumeOpt);
}

bool LdsBankConflictCheck::isLanguageVersionSupported(const LangOptions &LangOpts) const {
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

void LdsBankConflictCheck::registerMatchers(MatchFinder *Finder) {
  // The model is built once, from the whole translation unit.
  Finder->addMatcher(translationUnitDecl().bind("tu"), this);
}

std::vector<std::string> LdsBankConflictCheck::targetsFor(ASTContext &Ctx) const {
  if (!Targets.empty())
    return Targets;
  // As lds-rewrite: the compile command's device arch, else the language's
  // default.
  const std::string &CPU = Ctx.getTargetInfo().getTargetOpts().CPU;
  if (!CPU.empty() && Banks.find(CPU))
    return {CPU};
  return {defaultTarget(Ctx.getLangOpts().HIP)};
}

void LdsBankConflictCheck::check(const MatchFinder::MatchResult &Result) {
  if (!ConfigOk || !Result.Nodes.getNodeAs<TranslationUnitDecl>("tu"))
    return;
  ASTContext &Ctx = *Result.Context;
  // clang-tidy reports the errors; a broken AST gives no findings.
  if (Ctx.getDiagnostics().hasUncompilableErrorOccurred())
    return;
  const SourceManager &SM = Ctx.getSourceManager();

  AnalyzedFile F;
  if (auto FE = SM.getFileEntryRefForID(SM.getMainFileID()))
    F.File = FE->getName().str();
  F.Targets = targetsFor(Ctx);
  ModelOptions MO;
  MO.Block = Block;
  MO.Assumptions = Assumptions;
  if (const TargetModel *TM = Banks.find(F.Targets.front()))
    MO.WaveSize = TM->WaveSize;
  F.Built = buildModel(Ctx, MO);
  analyzeAll(F, Banks, Assumptions);

  llvm::SmallString<256> AbsMain(F.File);
  SM.getFileManager().makeAbsolutePath(AbsMain);
  FileFixes Planned = planFileFixes(Ctx, F, Banks, Assumptions, StrategyOpt, projectScope(AbsMain));
  std::map<unsigned, const DeclFix *> FixOf;
  for (const DeclFix &D : Planned.Decls)
    FixOf[D.Key] = &D;
  std::set<unsigned> Attached;

  SettingNames Names;
  Names.Block = "the option Block";
  Names.Advice.Assume = "set the option Assume to ";
  Names.Advice.Block = "set the option Block";
  for (const Finding &G : groupFindings(F)) {
    FindingText T = describeFinding(SM, F, G, Names);
    if (!T.Warning.empty()) {
      // The array's fix goes with its first warning.
      const DeclFix *Fix = nullptr;
      if (const VarDecl *VD = F.Built.Origins[G.Members[0]].Array) {
        auto It = FixOf.find(declKey(SM, VD));
        if (It != FixOf.end() && Attached.insert(It->first).second)
          Fix = It->second;
      }
      {
        auto D = diag(T.Loc, "%0") << T.Warning;
        if (Fix && Fix->Found)
          for (const auto &[File, Reps] : Fix->Reps)
            for (const tooling::Replacement &R : Reps)
              if (std::optional<FixItHint> H = toFixIt(SM, R))
                D << *H;
      }
      // Notes without a place of their own go at the access, right after
      // the warning: clang prints no second snippet for them there (a note
      // without any location would be printed ahead of the snippet before
      // it). Then the notes with a place, in lds-rewrite's order.
      for (const FindingNote &N : T.Notes)
        if (N.Loc.isInvalid())
          diag(T.Loc, "%0", DiagnosticIDs::Note) << N.Message;
      for (const FindingNote &N : T.Notes)
        if (N.Loc.isValid())
          diag(N.Loc, "%0", DiagnosticIDs::Note) << N.Message;
      if (Fix)
        diag(Fix->Found ? Fix->Decl->getLocation() : Fix->RefusalLoc, "%0", DiagnosticIDs::Note)
            << fixNote(*Fix);
    }
    if (!T.Remark.empty())
      diag(T.Loc, "%0", DiagnosticIDs::Remark) << T.Remark;
  }
}

} // namespace lds
