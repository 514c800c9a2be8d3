//===- LdsBankConflictCheck.cpp - lds-bank-conflict as a clang-tidy check -===//
//
// The wording of the warnings and notes follows tool/TextReporter.cpp, and
// the choice of fixes tool/FixMode.cpp (planFixes), so that clang-tidy and
// lds-rewrite report the same findings with the same fixes. The model, the
// costs and the fixes themselves come from the shared libraries
// (ldsMatchers, ldsAnalysis, ldsRewrites); tool/AnalyzedFile.cpp (analyzeAll,
// formatNumber) is compiled in as it is.
//
//===----------------------------------------------------------------------===//

#include "LdsBankConflictCheck.h"

#include "AnalyzedFile.h"
#include "ArrayRewrite.h"
#include "ConflictAnalyzer.h"
#include "ModelBuilder.h"
#include "SourceEdits.h"

#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
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

bool parseBlock(llvm::StringRef S, std::array<unsigned, 3> &Out) {
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  S.split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return false;
  Out = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, Out[I]) || Out[I] == 0)
      return false;
  return true;
}

// --- The wording of tool/TextReporter.cpp --------------------------------

/// Accesses at one place of one kernel with the same costs are reported
/// once ("load and store of 'sdata'").
struct Finding {
  std::vector<size_t> Members; ///< indices into the model's accesses
};

std::string kindsText(const AnalyzedFile &F, const Finding &G) {
  std::vector<std::string> Kinds;
  for (size_t I : G.Members) {
    std::string K = accessKindName(F.Built.M.Accesses[I].Kind);
    if (std::find(Kinds.begin(), Kinds.end(), K) == Kinds.end())
      Kinds.push_back(K);
  }
  return llvm::join(Kinds, " and ");
}

std::string joinTargets(const std::vector<std::string> &Ts) {
  if (Ts.size() <= 1)
    return Ts.empty() ? "" : Ts[0];
  return llvm::join(Ts.begin(), Ts.end() - 1, ", ") + " and " + Ts.back();
}

std::string symbolText(const Access &A, const std::string &Name, int64_t V) {
  auto It = A.Symbols.find(Name);
  if (It != A.Symbols.end() && llvm::StringRef(Name).starts_with("iteration@"))
    return It->second.Description + " = " + std::to_string(V);
  return Name + " = " + std::to_string(V);
}

std::string blockText(const BlockShape &B) {
  return std::to_string(B.Dims[0]) + "x" + std::to_string(B.Dims[1]) + "x" +
         std::to_string(B.Dims[2]);
}

std::vector<Finding> groupFindings(const AnalyzedFile &F) {
  const Model &M = F.Built.M;
  std::vector<Finding> Findings;
  auto SameCosts = [&](size_t A, size_t B) {
    for (size_t T = 0; T < F.Targets.size(); ++T) {
      const AccessResult &X = F.Results[A][T], &Y = F.Results[B][T];
      if (X.Status != Y.Status || X.Passes != Y.Passes ||
          X.IdealPasses != Y.IdealPasses)
        return false;
    }
    return true;
  };
  for (size_t I = 0; I < M.Accesses.size(); ++I) {
    const Access &A = M.Accesses[I];
    bool Merged = false;
    for (Finding &G : Findings) {
      const Access &B = M.Accesses[G.Members[0]];
      if (B.Loc.Offset == A.Loc.Offset && B.Loc.File == A.Loc.File &&
          B.Kernel == A.Kernel && B.CallChain.size() == A.CallChain.size() &&
          F.Built.Origins[G.Members[0]].CallChain == F.Built.Origins[I].CallChain &&
          SameCosts(G.Members[0], I)) {
        G.Members.push_back(I);
        Merged = true;
        break;
      }
    }
    if (!Merged)
      Findings.push_back({{I}});
  }
  return Findings;
}

// --- The fixes of tool/FixMode.cpp (planFixes) ---------------------------

/// The fix of one declaration (every kernel and instantiation using it).
struct DeclFix {
  bool Conflicting = false;
  bool Found = false;
  tooling::Replacements Reps;
  std::string Note; ///< "suggested fix ..." or "no fix ..."
  SourceLocation NoteLoc;
  bool Attached = false; ///< given to a warning already
};

unsigned declKey(const SourceManager &SM, const VarDecl *VD) {
  return SM.getExpansionLoc(VD->getLocation()).getRawEncoding();
}

std::map<unsigned, DeclFix> planFixes(ASTContext &Ctx, const AnalyzedFile &F,
                                      const BankModel &Banks, Strategy S,
                                      const std::map<std::string, int64_t> &Assumptions) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Model &M = F.Built.M;
  struct DeclGroup {
    const VarDecl *Decl = nullptr;
    std::vector<size_t> Accesses;
  };
  std::map<unsigned, DeclGroup> Groups;
  for (size_t I = 0; I < M.Accesses.size(); ++I) {
    const VarDecl *VD = F.Built.Origins[I].Array;
    if (!VD)
      continue;
    DeclGroup &G = Groups[declKey(SM, VD)];
    G.Decl = VD;
    G.Accesses.push_back(I);
  }
  std::vector<const TargetModel *> Targets;
  for (const std::string &T : F.Targets)
    Targets.push_back(Banks.find(T));

  std::map<unsigned, DeclFix> Out;
  tooling::Replacements AllReps; // of the arrays fixed so far
  for (auto &[Key, G] : Groups) {
    bool Conflicting = false;
    for (size_t I : G.Accesses)
      for (const AccessResult &R : F.Results[I])
        Conflicting |= R.conflicts();
    if (!Conflicting)
      continue;
    DeclFix &Fix = Out[Key];
    Fix.Conflicting = true;
    std::string Name = G.Decl->getNameAsString();
    auto Refuse = [&](SourceLocation L, const std::string &Why) {
      Fix.NoteLoc = L.isValid() ? L : G.Decl->getLocation();
      Fix.Note = "no fix for '" + Name + "': " + Why;
    };

    const SharedArray *First = M.findArray(M.Accesses[G.Accesses[0]].ArrayId);
    bool SameShape = true;
    std::set<std::string> Kernels;
    std::vector<const Access *> Ptrs;
    std::vector<const Expr *> Exprs;
    for (size_t I : G.Accesses) {
      const Access &A = M.Accesses[I];
      const SharedArray *Arr = M.findArray(A.ArrayId);
      if (Arr->Dims != First->Dims || Arr->ElementBytes != First->ElementBytes)
        SameShape = false;
      Kernels.insert(A.Kernel);
      Ptrs.push_back(&A);
      Exprs.push_back(F.Built.Origins[I].Expr);
    }
    if (!SameShape) {
      Refuse(G.Decl->getLocation(),
             "its template instantiations give it different shapes; fix it "
             "through the template arguments");
      continue;
    }
    bool Escaped = false;
    for (const EscapedPointer &E : F.Built.Escapes)
      if (declKey(SM, E.Array) == Key) {
        const FunctionDecl *Callee = E.Call->getDirectCallee();
        Refuse(E.Call->getBeginLoc(),
               "it is passed to '" +
                   (Callee ? Callee->getNameAsString() : std::string("a function")) +
                   "', whose accesses the tool cannot see");
        Escaped = true;
        break;
      }
    if (Escaped)
      continue;

    uint64_t StaticLDS = 0;
    for (const std::string &K : Kernels) {
      uint64_t Sum = 0;
      for (const SharedArray &A : M.Arrays)
        if (A.Kernel == K && !A.Dynamic)
          Sum += A.Bytes;
      StaticLDS = std::max(StaticLDS, Sum);
    }
    PlanOptions Opts;
    Opts.Assumptions = Assumptions;
    if (First->Dynamic)
      Opts.DynamicBytes = M.Accesses[G.Accesses[0]].Block.DynamicSharedBytes;
    FixPlan Plan = planFix(*First, Ptrs, Targets, StaticLDS, S, Banks, Opts);
    if (!Plan.Found) {
      SourceLocation L;
      if (Plan.RefusalLoc.valid())
        L = SM.translateLineCol(SM.getMainFileID(), Plan.RefusalLoc.Line,
                                Plan.RefusalLoc.Column);
      Refuse(L, Plan.Refusal);
      continue;
    }
    uint64_t Rows = Plan.NewLayout.Rows;
    if (!Rows)
      Rows = std::max<uint64_t>(64, uint64_t(Plan.Choice.Swz.Mask + 1)
                                        << Plan.Choice.Swz.Shift);
    std::string Why;
    if (!isBijection(*First, Plan.Choice,
                     Plan.NewLayout.Flat ? Plan.NewLayout.RowLength : 0, Rows,
                     &Why)) {
      Refuse(G.Decl->getLocation(), "the planned layout is not one-to-one: " + Why);
      continue;
    }
    auto Reps = rewriteArray(Ctx, ArrayEdit{G.Decl, Exprs}, Plan);
    if (!Reps) {
      SourceLocation L;
      std::string Msg;
      llvm::handleAllErrors(
          Reps.takeError(),
          [&](const RefusalError &R) {
            L = R.Loc;
            Msg = R.Message;
          },
          [&](const llvm::ErrorInfoBase &E) { Msg = E.message(); });
      Refuse(L, Msg);
      continue;
    }
    tooling::Replacements Merged = AllReps;
    bool Clash = false;
    for (const tooling::Replacement &R : *Reps)
      if (llvm::Error E = Merged.add(R)) {
        llvm::consumeError(std::move(E));
        Clash = true;
      }
    if (Clash) {
      Refuse(G.Decl->getLocation(), "its edits overlap those of another array");
      continue;
    }
    AllReps = std::move(Merged);
    Fix.Found = true;
    Fix.Reps = std::move(*Reps);
    Fix.NoteLoc = G.Decl->getLocation();
    Fix.Note = "suggested fix for '" + Name + "': " + Plan.Description;
    if (First->Dynamic && Plan.Choice.K == FixCandidate::Pad) {
      uint64_t W = Plan.NewLayout.RowLength, P2 = Plan.Choice.PadElems;
      Fix.Note += "; '" + Name + "' is dynamic: its launches must then pass " +
                  (Plan.ArrayBytesAfter
                       ? std::to_string(Plan.ArrayBytesAfter) + " bytes (was " +
                             std::to_string(Plan.ArrayBytesBefore) + ")"
                       : "rows x " + std::to_string((W + P2) * First->ElementBytes) +
                             " bytes (each row of " + std::to_string(W) +
                             " grows by " + std::to_string(P2) + ")");
    }
  }
  return Out;
}

/// One tooling::Replacement as a fix-it in this translation unit.
std::optional<FixItHint> toFixIt(const SourceManager &SM,
                                 const tooling::Replacement &R) {
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
      CharSourceRange::getCharRange(B, B.getLocWithOffset(R.getLength())),
      R.getReplacementText());
}

} // namespace

LdsBankConflictCheck::LdsBankConflictCheck(llvm::StringRef Name,
                                           tidy::ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context), TargetsOpt(Options.get("Targets", "")),
      BlockOpt(Options.get("Block", "")),
      StrategyOpt(Options.get("Strategy", Strategy::Auto)),
      AssumeOpt(Options.get("Assume", "")),
      Banks(BankModel::builtin()), NameForDiag(Name.str()) {
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
    auto [Sym, Value] = A.split('=');
    int64_t V;
    if (Sym.trim().empty() || Value.trim().getAsInteger(0, V)) {
      configurationDiag("invalid value '%0' in option '%1.Assume'; expected "
                        "NAME=VALUE with an integer value")
          << A.trim() << Name;
      ConfigOk = false;
      continue;
    }
    Assumptions[Sym.trim().str()] = V;
  }
}

void LdsBankConflictCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "Targets", TargetsOpt);
  Options.store(Opts, "Block", BlockOpt);
  Options.store(Opts, "Strategy", StrategyOpt);
  Options.store(Opts, "Assume", AssumeOpt);
}

bool LdsBankConflictCheck::isLanguageVersionSupported(
    const LangOptions &LangOpts) const {
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
  return {Ctx.getLangOpts().HIP ? "gfx942" : "sm_90"};
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

  const Model &M = F.Built.M;
  std::map<unsigned, DeclFix> Fixes = planFixes(Ctx, F, Banks, StrategyOpt, Assumptions);

  for (const Finding &G : groupFindings(F)) {
    size_t I = G.Members[0];
    const Access &A = M.Accesses[I];
    const AccessOrigin &O = F.Built.Origins[I];
    const SharedArray *Arr = M.findArray(A.ArrayId);
    std::string Name = Arr ? Arr->Name : A.ArrayId;
    std::string What = kindsText(F, G) + " of '" + Name + "'";
    if (A.Kernel.find('<') != std::string::npos)
      What += " in " + A.Kernel;
    SourceLocation Loc = O.Expr->getBeginLoc();

    std::vector<size_t> Bad;
    std::vector<std::string> UnknownTargets;
    for (size_t T = 0; T < F.Targets.size(); ++T) {
      const AccessResult &R = F.Results[I][T];
      if (R.conflicts())
        Bad.push_back(T);
      else if (R.Status == ResultStatus::Unknown)
        UnknownTargets.push_back(F.Targets[T]);
    }
    std::stable_sort(Bad.begin(), Bad.end(), [&](size_t X, size_t Y) {
      return F.Results[I][X].Degree > F.Results[I][Y].Degree;
    });

    if (!Bad.empty()) {
      std::string Msg;
      for (size_t K = 0; K < Bad.size();) {
        std::string Deg = formatNumber(F.Results[I][Bad[K]].Degree);
        std::vector<std::string> Same;
        size_t J = K;
        while (J < Bad.size() && formatNumber(F.Results[I][Bad[J]].Degree) == Deg)
          Same.push_back(F.Targets[Bad[J++]]);
        Msg += (K == 0 ? "" : ", ") + Deg + "-way" +
               (K == 0 ? " LDS bank conflict" : "") + " on " + joinTargets(Same);
        K = J;
      }
      const AccessResult &Worst = F.Results[I][Bad[0]];
      Msg += " (" + What + ", " + std::to_string(A.WidthBytes) +
             " B per lane: " + Worst.explain() + ")";

      // The array's fix goes with its first warning.
      DeclFix *Fix = nullptr;
      if (O.Array) {
        auto It = Fixes.find(declKey(SM, O.Array));
        if (It != Fixes.end() && !It->second.Attached) {
          Fix = &It->second;
          Fix->Attached = true;
        }
      }
      {
        auto D = diag(Loc, "%0") << Msg;
        if (Fix && Fix->Found)
          for (const tooling::Replacement &R : Fix->Reps)
            if (std::optional<FixItHint> H = toFixIt(SM, R))
              D << *H;
      }
      // Notes without a place of their own go at the access, right after
      // the warning: clang prints no second snippet for them there (a note
      // without any location would be printed ahead of the snippet before
      // it). Then the notes with a place, in lds-rewrite's order.
      std::vector<std::string> AtAccess;
      std::vector<std::pair<SourceLocation, std::string>> Placed;
      if (O.Array)
        Placed.push_back({O.Array->getLocation(), "'" + Name + "' declared here"});
      for (size_t C = 0; C < O.CallChain.size(); ++C)
        Placed.push_back({O.CallChain[C],
                          "in the call from " + (C == 0 ? "kernel '" + A.Kernel + "'"
                                                        : std::string("here"))});
      std::string Shape = "block shape " + blockText(A.Block);
      switch (A.Block.Source) {
      case BlockSource::Launch:
        Placed.push_back({SM.getExpansionLoc(O.BlockFrom), Shape + " from this launch"});
        break;
      case BlockSource::LaunchBounds:
        Placed.push_back(
            {SM.getExpansionLoc(O.BlockFrom), Shape + " from __launch_bounds__"});
        break;
      case BlockSource::Cli:
        AtAccess.push_back(Shape + " from the option Block");
        break;
      case BlockSource::Default:
        AtAccess.push_back(Shape + " by default; use the option Block or a launch "
                                   "with constant dimensions to set it");
        break;
      case BlockSource::Config: // lds-rewrite's .lds-rewrite.yaml; not read here
        AtAccess.push_back(Shape + " from " +
                           (A.Block.From.File.empty() ? std::string(".lds-rewrite.yaml")
                                                      : A.Block.From.File));
        break;
      }
      if (Worst.VariesWithIteration && !Worst.WorstBinding.empty()) {
        std::vector<std::string> Parts;
        for (const auto &[S, V] : Worst.WorstBinding)
          Parts.push_back(symbolText(A, S, V));
        AtAccess.push_back("worst iteration: " + llvm::join(Parts, ", ") +
                           " (the cost varies between iterations)");
      }
      for (size_t T : Bad) {
        const AccessResult &R = F.Results[I][T];
        AtAccess.push_back("on " + F.Targets[T] + ": " + formatNumber(R.Passes) +
                           " passes per wave instruction, ideal " +
                           formatNumber(R.IdealPasses) + " (" +
                           std::to_string(R.Banks) + " banks; rule " +
                           R.RuleSource + ")");
      }
      for (const std::string &N : A.Notes)
        AtAccess.push_back(N);
      if (Fix)
        Placed.push_back({Fix->NoteLoc, Fix->Note});
      for (const std::string &N : AtAccess)
        diag(Loc, "%0", DiagnosticIDs::Note) << N;
      for (const auto &[L, N] : Placed)
        diag(L.isValid() ? L : Loc, "%0", DiagnosticIDs::Note) << N;
    }
    if (!UnknownTargets.empty()) {
      const AccessResult *R = nullptr;
      for (size_t T = 0; T < F.Targets.size(); ++T)
        if (F.Results[I][T].Status == ResultStatus::Unknown) {
          R = &F.Results[I][T];
          break;
        }
      // The analysis words its advice for lds-rewrite's command line.
      std::string Reason = R->Reason;
      size_t P = Reason.find("pass --assume ");
      if (P != std::string::npos)
        Reason.replace(P, 14, "set the option Assume to ");
      diag(Loc, "%0", DiagnosticIDs::Remark)
          << "LDS bank cost of " + What + " unknown on " +
                 joinTargets(UnknownTargets) + ": " + Reason;
    }
  }
}

} // namespace lds
