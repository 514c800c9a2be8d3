//===- TextReporter.cpp - Findings as clang-style diagnostics -------------===//

#include "TextReporter.h"

#include "DiagPrinter.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace clang;

namespace lds {

namespace {

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

} // namespace

PlainLocation plainLocation(const SourceManager &SM, SourceLocation L) {
  PlainLocation P;
  if (L.isInvalid())
    return P;
  auto [FID, Offset] = SM.getDecomposedLoc(SM.getExpansionLoc(L));
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return P;
  P.File = FE->getName().str();
  llvm::SmallString<256> Abs(P.File);
  SM.getFileManager().makeAbsolutePath(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  P.Path = std::string(Abs);
  P.Offset = Offset;
  P.Line = SM.getLineNumber(FID, Offset);
  P.Column = SM.getColumnNumber(FID, Offset);
  // UTF-16 code units from the start of the line: a UTF-8 lead byte is one,
  // a 4-byte sequence (outside the BMP) two.
  llvm::StringRef Text = SM.getBufferData(FID);
  unsigned Units = 0;
  for (unsigned I = Offset - (P.Column - 1); I < Offset && I < Text.size(); ++I) {
    unsigned char C = Text[I];
    if ((C & 0xC0) != 0x80)
      Units += C >= 0xF0 ? 2 : 1;
  }
  P.Utf16Column = Units + 1;
  return P;
}

TextSummary reportAsText(ASTContext &Ctx, const AnalyzedFile &F,
                         llvm::raw_ostream &OS, bool Color,
                         std::vector<ReportedFinding> *Collected) {
  TextSummary Summary;
  const SourceManager &SM = Ctx.getSourceManager();
  DiagPrinter Out(Ctx, Color);
  // What has been rendered since the last diagnostic that was not a note
  // belongs to the finding recorded last.
  auto Flush = [&] {
    std::string Text = Out.take();
    OS << Text;
    if (Collected && !Collected->empty())
      Collected->back().Text += Text;
  };
  auto Record = [&](DiagnosticsEngine::Level Level, SourceLocation L,
                    const std::string &M) {
    if (!Collected)
      return;
    if (Level == DiagnosticsEngine::Note) {
      if (!Collected->empty())
        Collected->back().Notes.push_back({plainLocation(SM, L), M});
      return;
    }
    ReportedFinding R;
    R.Level = Level;
    R.Loc = plainLocation(SM, L);
    R.Message = M;
    Collected->push_back(std::move(R));
  };
  auto Warn = [&](SourceLocation L, const std::string &M) {
    Flush();
    Record(DiagnosticsEngine::Warning, L, M);
    Out.report(DiagnosticsEngine::Warning, L, M, "lds-bank-conflict");
  };
  auto Remark = [&](SourceLocation L, const std::string &M) {
    Flush();
    Record(DiagnosticsEngine::Remark, L, M);
    Out.report(DiagnosticsEngine::Remark, L, M, "lds-bank-conflict");
  };
  auto Note = [&](SourceLocation L, const std::string &M) {
    Record(DiagnosticsEngine::Note, L, M);
    Out.report(DiagnosticsEngine::Note, L, M);
  };
  auto Describe = [&](const Finding &G) {
    if (!Collected)
      return;
    const Access &A = F.Built.M.Accesses[G.Members[0]];
    Collected->back().Accesses = G.Members;
    Collected->back().ArrayId = A.ArrayId;
    Collected->back().Identity = A.ArrayId + "|" + kindsText(F, G) + "|" + A.IndexText;
  };

  const Model &M = F.Built.M;
  if (F.UsedFallbackHeaders)
    Remark(SourceLocation(), "parsed " + F.File +
                                 " with lds-rewrite's minimal GPU headers: no "
                                 "HIP/CUDA installation was found");

  // Group accesses by place, kernel, call chain and identical costs.
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

  for (const Finding &G : Findings) {
    size_t I = G.Members[0];
    const Access &A = M.Accesses[I];
    const AccessOrigin &O = F.Built.Origins[I];
    const SharedArray *Arr = M.findArray(A.ArrayId);
    std::string Name = Arr ? Arr->Name : A.ArrayId;
    std::string What = kindsText(F, G) + " of '" + Name + "'";
    if (A.Kernel.find('<') != std::string::npos)
      What += " in " + A.Kernel;
    SourceLocation Loc = O.Expr->getBeginLoc();

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
      ++Summary.Warnings;
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
      Warn(Loc, Msg);
      Describe(G);

      if (O.Array)
        Note(O.Array->getLocation(), "'" + Name + "' declared here");
      for (size_t C = 0; C < O.CallChain.size(); ++C)
        Note(O.CallChain[C],
             "in the call from " +
                 (C == 0 ? "kernel '" + A.Kernel + "'" : std::string("here")));
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
        Note(SourceLocation(), Shape + " from --block");
        break;
      case BlockSource::Default:
        Note(SourceLocation(), Shape + " by default; use --block or a launch "
                                       "with constant dimensions to set it");
        break;
      case BlockSource::Config:
        Note(SourceLocation(),
             Shape + " from " +
                 (A.Block.From.File.empty() ? std::string(".lds-rewrite.yaml")
                                            : A.Block.From.File));
        break;
      }
      if (Worst.VariesWithIteration && !Worst.WorstBinding.empty()) {
        std::vector<std::string> Parts;
        for (const auto &[S, V] : Worst.WorstBinding)
          Parts.push_back(symbolText(A, S, V));
        Note(SourceLocation(), "worst iteration: " + llvm::join(Parts, ", ") +
                                   " (the cost varies between iterations)");
      }
      for (size_t T : Bad) {
        const AccessResult &R = F.Results[I][T];
        Note(SourceLocation(),
             "on " + F.Targets[T] + ": " + formatNumber(R.Passes) +
                 " passes per wave instruction, ideal " +
                 formatNumber(R.IdealPasses) + " (" + std::to_string(R.Banks) +
                 " banks; rule " + R.RuleSource + ")");
      }
      for (const std::string &N : A.Notes)
        Note(SourceLocation(), N);
    }
    if (!UnknownTargets.empty()) {
      ++Summary.Unknowns;
      const AccessResult *R = nullptr;
      for (size_t T = 0; T < F.Targets.size(); ++T)
        if (F.Results[I][T].Status == ResultStatus::Unknown) {
          R = &F.Results[I][T];
          break;
        }
      Remark(Loc, "LDS bank cost of " + What + " unknown on " +
                      joinTargets(UnknownTargets) + ": " + R->Reason);
      Describe(G);
    }
  }
  Flush();
  return Summary;
}

} // namespace lds
