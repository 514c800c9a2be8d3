//===- ExplainRun.cpp - lds-rewrite explain, for one parsed file ----------===//

#include "pipeline/ExplainRun.h"
#include "report/BarrierFindings.h"

#include "analysis/WaveTrace.h"
#include "pipeline/FixMode.h"
#include "pipeline/HtmlAccesses.h"
#include "report/BankMap.h"
#include "report/ExplainText.h"
#include "report/Findings.h"
#include "report/HtmlReport.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/WithColor.h"

#include <algorithm>
#include <climits>

using namespace clang;

namespace lds {

using namespace explain;

void ExplainRequest::run(ASTContext &Ctx, const AnalyzedFile &F, const RunConfig &Config,
                         Strategy S, llvm::raw_ostream &OS, bool Color) {
  const SourceManager &SM = Ctx.getSourceManager();
  const Model &M = F.Built.M;
  std::vector<Place> Places;
  std::vector<size_t> InMain;
  for (size_t I = 0; I < M.Accesses.size(); ++I) {
    Places.push_back(placeOf(F.Built.Origins[I], SM, Ctx.getLangOpts()));
    if (Places.back().InMain)
      InMain.push_back(I);
  }

  // The picture of one access group on every target, as text.
  auto Explain = [&](const std::vector<size_t> &G, bool First) {
    size_t I = G[0];
    const Access &A = M.Accesses[I];
    const AccessOrigin &O = F.Built.Origins[I];
    const SharedArray *Arr = M.findArray(A.ArrayId);
    std::string Buf;
    llvm::raw_string_ostream Out(Buf);
    Out.enable_colors(Color);
    if (First)
      Out << bankMapLegend();
    Out << "\n";
    {
      llvm::WithColor W(Out, llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true, false,
                        Color ? llvm::ColorMode::Enable : llvm::ColorMode::Disable);
      W << File << ":" << Places[I].Line << ":" << Places[I].BeginCol << ": " << kindsText(M, G)
        << " of '" << (Arr ? Arr->Name : A.ArrayId) << "' in kernel '" << A.Kernel << "', "
        << A.WidthBytes << " B per lane";
    }
    Out << "\n";
    std::string Src = lineText(SM, Places[I].Line);
    std::string Gutter = std::to_string(Places[I].Line);
    Out << " " << std::string(Gutter.size() < 4 ? 4 - Gutter.size() : 0, ' ') << Gutter << " | "
        << Src << "\n";
    std::string Under;
    for (unsigned C = 1; C < Places[I].BeginCol && C - 1 < Src.size(); ++C)
      Under += Src[C - 1] == '\t' ? '\t' : ' ';
    Out << " " << std::string(std::max<size_t>(Gutter.size(), 4), ' ') << " | " << Under << "^\n";
    Out << "  " << arrayText(Arr) << "; " << blockText(A, O, SM) << "\n";
    bool Mixed = kindsText(M, G).find(" and ") != std::string::npos;
    for (const std::string &N : A.Notes)
      Out << "  note: " << N << "\n";

    ConflictAnalyzer Analyzer(Config.Banks);
    for (size_t T = 0; T < F.Targets.size(); ++T) {
      const AccessResult &R = F.Results[I][T];
      const TargetModel *TM = Config.Banks.find(F.Targets[T]);
      Out << "\n";
      {
        llvm::WithColor W(Out, llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true, false,
                          Color ? llvm::ColorMode::Enable : llvm::ColorMode::Disable);
        W << F.Targets[T];
      }
      if (TM && !TM->Description.empty())
        Out << ", " << TM->Description;
      if (R.Status == ResultStatus::Unknown) {
        Out << ": cost unknown: " << R.Reason << "\n";
        continue;
      }
      WaveTrace Tr = traceWorstWave(A, *TM, R, Config.Assumptions);
      if (!Tr.Ok) {
        Out << ": " << Tr.Why << "\n";
        continue;
      }
      Out << ": " << formatNumber(R.Degree) << "-way"
          << (R.conflicts() ? " bank conflict" : ", no bank conflict") << "\n";
      Out << "  " << ruleText(*TM, A, Tr, Mixed) << "\n";
      Out << "  " << threadsText(Tr, A);
      std::string B = bindingText(A, R, Tr, Config.Assumptions);
      if (!B.empty())
        Out << "; " << B;
      Out << "\n\n";
      printBankMap(Out, Tr, R, Color);
    }
    OS << Out.str();
  };

  if (Line) {
    // A barrier on the line: whether lds-redundant-barrier may remove it,
    // and if not, the pair of threads it orders (or what is not known).
    unsigned Barriers = 0;
    for (size_t I = 0; I < M.Barriers.size(); ++I) {
      const Barrier &B = M.Barriers[I];
      if (B.Loc.Line != Line || (Column && B.Loc.Column != Column) ||
          !SM.isInMainFile(SM.getExpansionLoc(F.Built.BarrierSites[I]->getBeginLoc())))
        continue;
      bool Seen = false; // one line per place, its first instantiation
      for (size_t J = 0; J < I; ++J)
        Seen |= M.Barriers[J].Loc.Offset == B.Loc.Offset && M.Barriers[J].Loc.File == B.Loc.File;
      if (!Seen) {
        OS << File << ":" << B.Loc.Line << ":" << B.Loc.Column << ": " << barrierVerdict(F, I)
           << "\n";
        ++Barriers;
      }
    }
    if (Barriers)
      return;
    std::vector<size_t> OnLine;
    for (size_t I : InMain)
      if (Places[I].Line == Line)
        OnLine.push_back(I);
    std::vector<size_t> Chosen;
    if (Column) {
      for (size_t I : OnLine)
        if (Places[I].BeginCol == Column)
          Chosen.push_back(I);
      if (Chosen.empty()) {
        // The innermost access whose text covers the column.
        unsigned Narrowest = UINT_MAX;
        for (size_t I : OnLine)
          if (Places[I].BeginCol <= Column && Column < Places[I].EndCol)
            Narrowest = std::min(Narrowest, Places[I].EndCol - Places[I].BeginCol);
        for (size_t I : OnLine)
          if (Places[I].BeginCol <= Column && Column < Places[I].EndCol &&
              Places[I].EndCol - Places[I].BeginCol == Narrowest)
            Chosen.push_back(I);
      }
    } else {
      Chosen = OnLine;
    }
    if (Chosen.empty()) {
      std::string Where =
          File + ":" + std::to_string(Line) + (Column ? ":" + std::to_string(Column) : "");
      std::string Msg;
      if (Column && !OnLine.empty()) {
        std::vector<std::string> Cols;
        for (size_t I : OnLine) {
          std::string C = std::to_string(Places[I].BeginCol);
          if (std::find(Cols.begin(), Cols.end(), C) == Cols.end())
            Cols.push_back(C);
        }
        Msg = Where +
              ": no __shared__ access at this column; the accesses of "
              "this line start at column" +
              (Cols.size() == 1 ? " " : "s ") + llvm::join(Cols, ", ");
      } else {
        std::vector<unsigned> Lines;
        for (size_t I : InMain)
          Lines.push_back(Places[I].Line);
        std::sort(Lines.begin(), Lines.end());
        Lines.erase(std::unique(Lines.begin(), Lines.end()), Lines.end());
        std::vector<std::string> L;
        for (unsigned X : Lines)
          L.push_back(std::to_string(X));
        Msg = Where + ": no __shared__ access on this line" +
              (L.empty() ? std::string("; the file has none")
                         : "; the file's accesses are on line" +
                               std::string(L.size() == 1 ? " " : "s ") + llvm::join(L, ", "));
      }
      llvm::WithColor::error(llvm::errs(), "lds-rewrite") << Msg << "\n";
      Status = 2;
    } else {
      std::vector<std::vector<size_t>> Groups = groupAccesses(F, Chosen);
      for (size_t K = 0; K < Groups.size(); ++K)
        Explain(Groups[K], K == 0);
    }
  }

  if (HtmlPath.empty())
    return;

  // The page: every access of the file, before and after the planned fix.
  FilePlan Plan = planFixes(Ctx, F, Config, S, /*Color=*/false);
  HtmlPage Page;
  Page.File = File;
  Page.Targets = F.Targets;
  for (const ArrayFix &Fix : Plan.Fixes)
    Page.Fixes.push_back("'" + Fix.Name + "' (line " + std::to_string(Fix.Decl.Line) +
                         "): " + Fix.Plan.Description);
  Page.PlannerMessages = Plan.Messages;

  std::vector<std::vector<size_t>> Groups = groupAccesses(F, InMain);
  std::stable_sort(Groups.begin(), Groups.end(),
                   [&](const std::vector<size_t> &X, const std::vector<size_t> &Y) {
                     return std::make_pair(Places[X[0]].Line, Places[X[0]].BeginCol) <
                            std::make_pair(Places[Y[0]].Line, Places[Y[0]].BeginCol);
                   });
  std::vector<size_t> AllTargets;
  for (size_t T = 0; T < F.Targets.size(); ++T)
    AllTargets.push_back(T);
  unsigned Maps = 0;
  for (size_t K = 0; K < Groups.size(); ++K) {
    const Place &P = Places[Groups[K][0]];
    std::string Anchor =
        "L" + std::to_string(P.Line) + "C" + std::to_string(P.BeginCol) + "-" + std::to_string(K);
    Page.Accesses.push_back(
        htmlAccess(Ctx, F, Config, Plan, Groups[K], AllTargets, std::move(Anchor), Maps));
  }
  // Written to a temporary file renamed over PAGE: never half a page.
  std::string Html = renderHtml(Page);
  if (llvm::Error E = llvm::writeToOutput(HtmlPath, [&](llvm::raw_ostream &Out) {
        Out << Html;
        return llvm::Error::success();
      })) {
    llvm::WithColor::error(llvm::errs(), "lds-rewrite")
        << "cannot write " << HtmlPath << ": " << llvm::toString(std::move(E)) << "\n";
    Status = 2;
    return;
  }
  OS << "lds-rewrite: wrote " << HtmlPath << ": " << Maps << " bank map" << (Maps == 1 ? "" : "s")
     << " of " << Page.Accesses.size() << " access" << (Page.Accesses.size() == 1 ? "" : "es")
     << " on " << llvm::join(F.Targets, ", ") << "\n";
}

} // namespace lds
