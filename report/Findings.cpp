//===- Findings.cpp - Accesses grouped into findings, and their wording ---===//

#include "report/Findings.h"
#include "analysis/SymbolText.h"

#include <set>

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace clang;

namespace lds {

namespace {

std::string blockText(const BlockShape &B) {
  return std::to_string(B.Dims[0]) + "x" + std::to_string(B.Dims[1]) + "x" +
         std::to_string(B.Dims[2]);
}

} // namespace

bool sameCosts(const AnalyzedFile &F, size_t A, size_t B) {
  for (size_t T = 0; T < F.Targets.size(); ++T) {
    const AccessResult &X = F.Results[A][T], &Y = F.Results[B][T];
    if (X.Status != Y.Status || X.Passes != Y.Passes || X.IdealPasses != Y.IdealPasses)
      return false;
  }
  return true;
}

std::vector<Finding> groupFindings(const AnalyzedFile &F) {
  const Model &M = F.Built.M;
  std::vector<Finding> Findings;
  for (size_t I = 0; I < M.Accesses.size(); ++I) {
    const Access &A = M.Accesses[I];
    bool Merged = false;
    for (Finding &G : Findings) {
      const Access &B = M.Accesses[G.Members[0]];
      if (B.Loc.Offset == A.Loc.Offset && B.Loc.File == A.Loc.File && B.Kernel == A.Kernel &&
          B.CallChain.size() == A.CallChain.size() &&
          F.Built.Origins[G.Members[0]].CallChain == F.Built.Origins[I].CallChain &&
          sameCosts(F, G.Members[0], I)) {
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

std::string kindsText(const Model &M, const std::vector<size_t> &Members) {
  std::vector<std::string> Kinds;
  for (size_t I : Members) {
    std::string K = accessKindName(M.Accesses[I].Kind);
    if (std::find(Kinds.begin(), Kinds.end(), K) == Kinds.end())
      Kinds.push_back(K);
  }
  return llvm::join(Kinds, " and ");
}

std::string kindsText(const AnalyzedFile &F, const Finding &G) {
  return kindsText(F.Built.M, G.Members);
}

std::string joinWithAnd(const std::vector<std::string> &Items) {
  if (Items.size() <= 1)
    return Items.empty() ? "" : Items[0];
  return llvm::join(Items.begin(), Items.end() - 1, ", ") + " and " + Items.back();
}

FindingText describeFinding(const SourceManager &SM, const AnalyzedFile &F, const Finding &G,
                            const SettingNames &Names) {
  const Model &M = F.Built.M;
  size_t I = G.Members[0];
  const Access &A = M.Accesses[I];
  const AccessOrigin &O = F.Built.Origins[I];
  const SharedArray *Arr = M.findArray(A.ArrayId);
  std::string Name = Arr ? Arr->Name : A.ArrayId;
  std::string What = kindsText(F, G) + " of '" + Name + "'";
  if (A.Kernel.find('<') != std::string::npos)
    What += " in " + A.Kernel;
  FindingText Out;
  Out.Loc = O.Expr->getBeginLoc();

  // Conflicting targets, worst first.
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
      Msg += (K == 0 ? "" : ", ") + Deg + "-way" + (K == 0 ? " LDS bank conflict" : "") + " on " +
             joinWithAnd(Same);
      K = J;
    }
    const AccessResult &Worst = F.Results[I][Bad[0]];
    Msg +=
        " (" + What + ", " + std::to_string(A.WidthBytes) + " B per lane: " + Worst.explain() + ")";
    Out.Warning = std::move(Msg);

    auto Note = [&](SourceLocation L, const std::string &Message) {
      Out.Notes.push_back({L, Message});
    };
    if (O.Array)
      Note(O.Array->getLocation(), "'" + Name + "' declared here");
    for (size_t C = 0; C < O.CallChain.size(); ++C)
      Note(O.CallChain[C],
           "in the call from " + (C == 0 ? "kernel '" + A.Kernel + "'" : std::string("here")));
    std::string Shape = "block shape " + blockText(A.Block);
    switch (A.Block.Source) {
    case BlockSource::Launch:
      // At the launch as written, not inside hipLaunchKernelGGL's macro.
      Note(SM.getExpansionLoc(O.BlockFrom), Shape + " from this launch");
      break;
    case BlockSource::LaunchBounds:
      Note(SM.getExpansionLoc(O.BlockFrom), Shape + " from __launch_bounds__");
      break;
    case BlockSource::Cli:
      Note(SourceLocation(), Shape + " from " + Names.Block);
      break;
    case BlockSource::Default:
      Note(SourceLocation(), Shape + " by default; use " + Names.Block +
                                 " or a launch with constant dimensions to set it");
      break;
    case BlockSource::Config:
      Note(SourceLocation(),
           Shape + " from " +
               (A.Block.From.File.empty() ? std::string(".lds-rewrite.yaml") : A.Block.From.File));
      break;
    }
    if (Worst.VariesWithIteration && !Worst.WorstBinding.empty()) {
      std::vector<std::string> Parts;
      for (const auto &[S, V] : Worst.WorstBinding)
        Parts.push_back(symbolValueText(A, S, V, SymbolSpelling::Full));
      Note(SourceLocation(),
           "worst iteration: " + llvm::join(Parts, ", ") + " (the cost varies between iterations)");
    }
    for (size_t T : Bad) {
      const AccessResult &R = F.Results[I][T];
      Note(SourceLocation(), "on " + F.Targets[T] + ": " + formatNumber(R.Passes) +
                                 " passes per wave instruction, ideal " +
                                 formatNumber(R.IdealPasses) + " (" + std::to_string(R.Banks) +
                                 " banks; rule " + R.RuleSource + ")");
    }
    for (const std::string &N : A.Notes)
      Note(SourceLocation(), N);
  }
  if (!UnknownTargets.empty()) {
    const AccessResult *R = nullptr;
    for (size_t T = 0; T < F.Targets.size(); ++T)
      if (F.Results[I][T].Status == ResultStatus::Unknown) {
        R = &F.Results[I][T];
        break;
      }
    Out.Remark = "LDS bank cost of " + What + " unknown on " + joinWithAnd(UnknownTargets) + ": " +
                 causeText(R->Cause, Names.Advice);
  }
  return Out;
}

} // namespace lds
