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
#include "matchers/SkippedCode.h"
#include "matchers/ModelBuilder.h"
#include "pipeline/AssumeOption.h"
#include "pipeline/BlockOption.h"
#include "pipeline/ProjectRoot.h"
#include "report/Findings.h"
#include "rewrites/FixPlanning.h"

#include "clang/AST/ASTContext.h"
#include "clang/Lex/Preprocessor.h"
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

} // namespace

LdsBankConflictCheck::LdsBankConflictCheck(llvm::StringRef Name, tidy::ClangTidyContext *Context)
    : LdsDeviceCheck(Name, Context), StrategyOpt(Options.get("Strategy", Strategy::Auto)),
      AssumeOpt(Options.get("Assume", "")) {
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
  LdsDeviceCheck::storeOptions(Opts);
  Options.store(Opts, "Strategy", StrategyOpt);
  Options.store(Opts, "Assume", AssumeOpt);
}

void LdsBankConflictCheck::registerPPCallbacks(const SourceManager &, Preprocessor *PP,
                                               Preprocessor *) {
  SkippedCode.clear();
  PP->addPPCallbacks(recordSkippedCode(SkippedCode));
}

void LdsBankConflictCheck::check(const MatchFinder::MatchResult &Result) {
  ASTContext *Unit = unitOf(Result);
  if (!Unit)
    return;
  ASTContext &Ctx = *Unit;
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
  F.SkippedCode = SkippedCode;
  analyzeAll(F, Banks, Assumptions);

  FileFixes Planned = planFileFixes(Ctx, F, Banks, Assumptions, StrategyOpt, scopeOf(Ctx));
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
      diag(T.Loc, "%0") << T.Warning;
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
      // The fix goes with the note at the declaration, not with the warning:
      // clang prints every line a diagnostic's fix-its touch, and the access
      // may lie far from the array (clang-tidy's -fix-notes applies it, as
      // for clang-tidy's own checks whose edits are elsewhere).
      if (Fix) {
        auto N = diag(Fix->Found ? Fix->Decl->getLocation() : Fix->RefusalLoc, "%0",
                      DiagnosticIDs::Note)
                 << fixNote(*Fix);
        if (Fix->Found)
          addFixIts(N, SM, Fix->Reps);
      }
    }
    if (!T.Remark.empty())
      diag(T.Loc, "%0", DiagnosticIDs::Remark) << T.Remark;
  }
}

} // namespace lds
