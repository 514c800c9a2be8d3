//===- ExplainMode.cpp - lds-rewrite explain <file>:<line>[:<col>] --------===//

#include "tool/ExplainMode.h"
#include "analysis/SymbolText.h"

#include "analysis/WaveTrace.h"
#include "pipeline/FixMode.h"
#include "report/BankMap.h"
#include "report/Findings.h"
#include "report/HtmlReport.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/WithColor.h"

#include <algorithm>
#include <climits>

using namespace clang;

namespace lds {

namespace {

const char *Usage = "usage: lds-rewrite explain <file>:<line>[:<col>] "
                    "[--html=PAGE] [options] [-- <compiler args>]";

/// Where an access is written in the main file.
struct Place {
  bool InMain = false;
  unsigned Line = 0;
  unsigned BeginCol = 0;
  unsigned EndCol = 0; ///< one past its last character (UINT_MAX: next line)
};

Place placeOf(const AccessOrigin &O, const SourceManager &SM, const LangOptions &LO) {
  Place P;
  if (!O.Expr)
    return P;
  SourceLocation B = SM.getFileLoc(O.Expr->getBeginLoc());
  SourceLocation E = SM.getFileLoc(O.Expr->getEndLoc());
  if (B.isInvalid())
    return P;
  P.InMain = SM.getFileID(B) == SM.getMainFileID();
  P.Line = SM.getSpellingLineNumber(B);
  P.BeginCol = SM.getSpellingColumnNumber(B);
  SourceLocation End = Lexer::getLocForEndOfToken(E, 0, SM, LO);
  if (End.isValid() && SM.getSpellingLineNumber(End) == P.Line)
    P.EndCol = SM.getSpellingColumnNumber(End);
  else
    P.EndCol = UINT_MAX;
  return P;
}

/// Accesses at one place of one kernel with the same costs are explained
/// once ("load and store of 'sdata'"), as the check reports them.
std::vector<std::vector<size_t>> groupAccesses(const AnalyzedFile &F,
                                               const std::vector<size_t> &Indices) {
  const Model &M = F.Built.M;
  std::vector<std::vector<size_t>> Groups;
  for (size_t I : Indices) {
    const Access &A = M.Accesses[I];
    bool Merged = false;
    for (std::vector<size_t> &G : Groups) {
      const Access &B = M.Accesses[G[0]];
      if (B.Loc.Offset == A.Loc.Offset && B.Kernel == A.Kernel &&
          F.Built.Origins[G[0]].CallChain == F.Built.Origins[I].CallChain &&
          B.WidthBytes == A.WidthBytes && sameCosts(F, G[0], I)) {
        G.push_back(I);
        Merged = true;
        break;
      }
    }
    if (!Merged)
      Groups.push_back({I});
  }
  return Groups;
}

/// "worst iteration: j = 8" / "every iteration costs the same; drawn at j = 0".
std::string bindingText(const Access &A, const AccessResult &R, const WaveTrace &T,
                        const std::map<std::string, int64_t> &Assumed) {
  std::vector<std::string> Worst, Given, Other;
  for (const auto &[Name, V] : T.Binding)
    (Assumed.count(Name)          ? Given
     : R.WorstBinding.count(Name) ? Worst
                                  : Other)
        .push_back(symbolValueText(A, Name, V, SymbolSpelling::Short));
  std::string S;
  if (!Given.empty())
    S = "assumed " + llvm::join(Given, ", ");
  if (!Worst.empty())
    S += std::string(S.empty() ? "" : "; ") + "worst iteration: " + llvm::join(Worst, ", ");
  if (!Other.empty())
    S += std::string(S.empty() ? "" : "; ") +
         (R.VariesWithIteration ? "with " : "same cost for every value; drawn at ") +
         llvm::join(Other, ", ");
  return S;
}

std::string threadsText(const WaveTrace &T, const Access &A) {
  unsigned First = T.Wave * T.WaveSize;
  unsigned Last = std::min(First + T.WaveSize, A.Block.threads()) - 1;
  return "wave " + std::to_string(T.Wave) + " of " + std::to_string(T.Waves) + " (threads " +
         std::to_string(First) + "-" + std::to_string(Last) + ")";
}

std::string blockText(const Access &A, const AccessOrigin &O, const SourceManager &SM) {
  const BlockShape &B = A.Block;
  std::string S = "block " + std::to_string(B.Dims[0]) + "x" + std::to_string(B.Dims[1]) + "x" +
                  std::to_string(B.Dims[2]);
  auto Line = [&]() {
    SourceLocation L = SM.getExpansionLoc(O.BlockFrom);
    return L.isValid() ? " at line " + std::to_string(SM.getExpansionLineNumber(L)) : std::string();
  };
  if (B.Source == BlockSource::Cli)
    return S + " from --block";
  if (B.Source == BlockSource::Launch)
    return S + " from the launch" + Line();
  if (B.Source == BlockSource::LaunchBounds)
    return S + " from __launch_bounds__" + Line();
  if (B.Source == BlockSource::Default)
    return S + " by default (use --block or a launch with constant dimensions)";
  return S + " (" + blockSourceName(B.Source) + ")";
}

std::string arrayText(const SharedArray *Arr) {
  if (!Arr)
    return "";
  std::string S = Arr->ElementType + " " + Arr->Name;
  for (uint64_t D : Arr->Dims)
    S += "[" + (D ? std::to_string(D) : std::string()) + "]";
  return S;
}

/// The access as written: "tile[threadIdx.x][threadIdx.y + j]",
/// "*(const float4*)&Bs[k][tx * TN]".
std::string accessText(const AccessOrigin &O, const Access &A, const SourceManager &SM,
                       const LangOptions &LO) {
  if (O.Expr) {
    CharSourceRange R = SM.getExpansionRange(O.Expr->getSourceRange());
    std::string T = Lexer::getSourceText(R, SM, LO).str();
    if (!T.empty() && T.find('\n') == std::string::npos)
      return "access " + T;
  }
  return "index " + A.IndexText;
}

std::string lineText(const SourceManager &SM, unsigned Line) {
  bool Invalid = false;
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID(), &Invalid);
  if (Invalid)
    return "";
  for (unsigned N = 1; !Buf.empty(); ++N) {
    auto [L, Rest] = Buf.split('\n');
    if (N == Line)
      return L.rtrim("\r").str();
    Buf = Rest;
  }
  return "";
}

std::string ruleText(const TargetModel &TM, const Access &A, const WaveTrace &T, bool MixedKinds) {
  const BankRule *R = TM.findRule(directionOf(A.Kind), A.WidthBytes, A.Matrix);
  std::string S = std::to_string(T.Banks) + " banks x 4 B; a " + std::to_string(A.WidthBytes) +
                  "-byte " +
                  (MixedKinds                   ? "access"
                   : A.Kind == AccessKind::Load ? "read"
                                                : "write") +
                  " is served in " + std::to_string(R ? R->Groups.size() : T.Groups.size()) +
                  ((R ? R->Groups.size() : T.Groups.size()) == 1 ? " lane group" : " lane groups");
  if (R && !R->GroupSpec.empty()) {
    // On a line of its own when it does not fit in 100 columns.
    if (S.size() + R->GroupSpec.size() + 5 > 100)
      S += ":\n    " + R->GroupSpec;
    else
      S += " (" + R->GroupSpec + ")";
  }
  if (T.Merged)
    S += ", merged two by two here (every lane pair asks one address)";
  return S;
}

std::string captionOf(const AccessResult &R, const WaveTrace &T, const Access &A,
                      const std::map<std::string, int64_t> &Assumed) {
  if (R.Status == ResultStatus::Unknown)
    return "cost unknown: " + R.Reason;
  if (!T.Ok)
    return T.Why;
  const GroupTrace &G = T.worstGroup();
  const BankUse &U = G.Banks[G.BusiestBank];
  std::string S = formatNumber(R.Passes) + " passes per wave instruction, ideal " +
                  formatNumber(R.IdealPasses) + ": " + formatNumber(R.Degree) +
                  (R.conflicts() ? "-way bank conflict. " : "-way, no conflict. ");
  std::string W = threadsText(T, A);
  W[0] = 'W';
  S += W + ". Worst bank " + std::to_string(G.BusiestBank) + " of " + groupTitle(G) + ": " +
       std::to_string(U.Lanes.size()) + (U.Lanes.size() == 1 ? " lane, " : " lanes, ") +
       std::to_string(U.Requests) + (U.Requests == 1 ? " distinct word." : " distinct words.");
  std::string B = bindingText(A, R, T, Assumed);
  if (!B.empty()) {
    B[0] = static_cast<char>(toupper(B[0]));
    S += " " + B + ".";
  }
  return S;
}

} // namespace

std::string ExplainRequest::setUp(std::vector<std::string> &Files, const std::string &Html,
                                  bool OtherMode) {
  if (!Active)
    return Html.empty() ? ""
                        : "--html is an option of 'lds-rewrite explain'; " + std::string(Usage);
  if (OtherMode)
    return "explain takes no --fix, --diff or --format; " + std::string(Usage);
  if (Files.size() != 1)
    return (Files.empty() ? "explain needs a <file>:<line>; "
                          : "explain takes one <file>:<line>[:<col>]; ") +
           std::string(Usage);
  HtmlPath = Html;
  llvm::StringRef Arg = Files[0];
  unsigned N1 = 0, N2 = 0;
  auto [Head1, Tail1] = Arg.rsplit(':');
  if (!Tail1.empty() && Head1.size() < Arg.size() && !Tail1.getAsInteger(10, N1)) {
    auto [Head2, Tail2] = Head1.rsplit(':');
    if (!Tail2.empty() && Head2.size() < Head1.size() && !Tail2.getAsInteger(10, N2)) {
      File = Head2.str();
      Line = N2;
      Column = N1;
      if (Column == 0)
        return "'" + Arg.str() + "': columns start at 1";
    } else {
      File = Head1.str();
      Line = N1;
    }
    if (Line == 0)
      return "'" + Arg.str() + "': lines start at 1";
  } else {
    File = Arg.str();
    if (HtmlPath.empty())
      return "explain needs a line: '" + File +
             ":<line>[:<col>]' (or --html=PAGE "
             "for a page of the whole file); " +
             Usage;
  }
  if (File.empty())
    return "'" + Arg.str() + "': no file name; " + Usage;
  Files[0] = File;
  return "";
}

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
  std::map<std::string, const ArrayFix *> FixOf;
  for (const ArrayFix &Fix : Plan.Fixes)
    for (const std::string &Id : Fix.ArrayIds)
      FixOf[Id] = &Fix;
  HtmlPage Page;
  Page.File = File;
  Page.Targets = F.Targets;
  for (const ArrayFix &Fix : Plan.Fixes)
    Page.Fixes.push_back("'" + Fix.Name + "' (line " + std::to_string(Fix.Decl.Line) +
                         "): " + Fix.Plan.Description);
  Page.PlannerMessages = Plan.Messages;

  ConflictAnalyzer Analyzer(Config.Banks);
  std::vector<std::vector<size_t>> Groups = groupAccesses(F, InMain);
  std::stable_sort(Groups.begin(), Groups.end(),
                   [&](const std::vector<size_t> &X, const std::vector<size_t> &Y) {
                     return std::make_pair(Places[X[0]].Line, Places[X[0]].BeginCol) <
                            std::make_pair(Places[Y[0]].Line, Places[Y[0]].BeginCol);
                   });
  unsigned Maps = 0;
  for (size_t K = 0; K < Groups.size(); ++K) {
    size_t I = Groups[K][0];
    const Access &A = M.Accesses[I];
    const SharedArray *Arr = M.findArray(A.ArrayId);
    HtmlAccess HA;
    HA.Line = Places[I].Line;
    HA.Column = Places[I].BeginCol;
    HA.Anchor =
        "L" + std::to_string(HA.Line) + "C" + std::to_string(HA.Column) + "-" + std::to_string(K);
    HA.Kind = kindsText(M, Groups[K]);
    HA.Array = Arr ? Arr->Name : A.ArrayId;
    HA.Kernel = A.Kernel;
    HA.Title = std::to_string(HA.Line) + ":" + std::to_string(HA.Column) + " " + HA.Kind + " of '" +
               HA.Array + "' in kernel '" + A.Kernel + "'";
    HA.SourceLine = lineText(SM, HA.Line);
    HA.Details = arrayText(Arr) + "; " + accessText(F.Built.Origins[I], A, SM, Ctx.getLangOpts()) +
                 "; " + std::to_string(A.WidthBytes) + " B per lane; " +
                 blockText(A, F.Built.Origins[I], SM);
    auto FixIt = FixOf.find(A.ArrayId);
    for (size_t T = 0; T < F.Targets.size(); ++T) {
      const TargetModel *TM = Config.Banks.find(F.Targets[T]);
      HtmlTargetRow Row;
      Row.Target = F.Targets[T];
      Row.Description = TM ? TM->Description : "";
      Row.Before.Result = F.Results[I][T];
      if (TM)
        Row.Before.Trace = traceWorstWave(A, *TM, Row.Before.Result, Config.Assumptions);
      Row.Before.Caption = captionOf(Row.Before.Result, Row.Before.Trace, A, Config.Assumptions);
      Maps += Row.Before.Trace.Ok;
      if (FixIt != FixOf.end() && Arr && TM) {
        const FixPlan &FP = FixIt->second->Plan;
        if (ExprRef After = relayout(*Arr, A, FP.Choice)) {
          Access Fixed = A;
          Fixed.ByteOffset = After;
          Fixed.ArrayBytes = 0; // the fix's layout, checked by the planner
          HtmlMap AM;
          AM.Result = Analyzer.analyze(Fixed, *TM, Config.Assumptions);
          AM.Trace = traceWorstWave(Fixed, *TM, AM.Result, Config.Assumptions);
          AM.Caption = "with " + FP.Choice.str() + ": " +
                       captionOf(AM.Result, AM.Trace, Fixed, Config.Assumptions);
          Maps += AM.Trace.Ok;
          Row.After = std::move(AM);
          Row.AfterNote = "The fix: " + FP.Description + ".";
        } else {
          Row.AfterNote = "The fix of '" + HA.Array + "' (" + FP.Choice.str() +
                          ") cannot be drawn for this access.";
        }
      } else if (Row.Before.Result.conflicts()) {
        Row.AfterNote = "No fix for '" + HA.Array + "': see the planner's messages at the top.";
      } else if (Row.Before.Result.Status == ResultStatus::Exact) {
        Row.AfterNote = "No conflict here, and no fix changes '" + HA.Array + "'.";
      }
      HA.Targets.push_back(std::move(Row));
    }
    Page.Accesses.push_back(std::move(HA));
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
