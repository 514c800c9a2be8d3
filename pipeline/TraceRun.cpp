//===- TraceRun.cpp - lds-rewrite trace: what was measured, next to the model //

#include "pipeline/TraceRun.h"
#include "pipeline/CheckRun.h"
#include "pipeline/FixMode.h"
#include "pipeline/HtmlAccesses.h"
#include "pipeline/ProjectRoot.h"
#include "pipeline/TraceInput.h"
#include "pipeline/TraceJoin.h"
#include "report/ExplainText.h"
#include "report/TraceReport.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

#include <algorithm>
#include <map>

namespace lds {

namespace {

/// Path components equal from the end: "a/b/k.hip" and "/src/b/k.hip"
/// share 2.
unsigned sharedSuffix(llvm::StringRef A, llvm::StringRef B) {
  unsigned N = 0;
  auto IA = llvm::sys::path::rbegin(A), IB = llvm::sys::path::rbegin(B);
  for (; IA != llvm::sys::path::rend(A) && IB != llvm::sys::path::rend(B); ++IA, ++IB, ++N)
    if (*IA != *IB || *IA == "/")
      break;
  return N;
}

/// The source a trace path stands for: the candidate sharing the longest
/// path suffix with it (at least the file name), if only one does.
std::string matchSource(const std::string &TracePath, const std::vector<std::string> &Candidates) {
  unsigned Best = 0;
  std::vector<std::string> Found;
  for (const std::string &C : Candidates) {
    unsigned S = sharedSuffix(TracePath, C);
    if (S == 0 || S < Best)
      continue;
    if (S > Best)
      Found.clear();
    Best = S;
    if (std::find(Found.begin(), Found.end(), C) == Found.end())
      Found.push_back(C);
  }
  return Found.size() == 1 ? Found[0] : "";
}

/// The accesses on Line of F (in the main file), grouped as the check
/// reports them.
std::vector<std::vector<size_t>> accessesOnLine(clang::ASTContext &Ctx, const AnalyzedFile &F,
                                                unsigned Line) {
  std::vector<size_t> On;
  for (size_t I = 0; I < F.Built.M.Accesses.size(); ++I) {
    explain::Place P =
        explain::placeOf(F.Built.Origins[I], Ctx.getSourceManager(), Ctx.getLangOpts());
    if (P.InMain && P.Line == Line)
      On.push_back(I);
  }
  return explain::groupAccesses(F, On);
}

/// Writes Text to Path through a temporary file: never half a page.
bool writeFile(const std::string &Path, const std::string &Text, llvm::raw_ostream &Err) {
  if (llvm::Error E = llvm::writeToOutput(Path, [&](llvm::raw_ostream &Out) {
        Out << Text;
        return llvm::Error::success();
      })) {
    llvm::WithColor::error(Err, "lds-rewrite")
        << "cannot write " << Path << ": " << llvm::toString(std::move(E)) << "\n";
    return false;
  }
  return true;
}

} // namespace

int runTrace(const TraceRequest &R, llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  auto Trace = readMeasuredTrace(R.Path);
  if (!Trace) {
    llvm::WithColor::error(Err, "lds-rewrite") << llvm::toString(Trace.takeError()) << "\n";
    return 2;
  }
  TraceReport Report;
  Report.Path = R.Path;
  Report.Format = Trace->Format;
  Report.Target =
      R.Config.Targets.empty() ? (Trace->Nvidia ? "sm_90" : "gfx942") : R.Config.Targets.front();
  Report.NoLines = Trace->NoLines;
  Report.HeadlineThreshold = R.Thresholds.Headline;
  for (const MeasuredKernel &K : Trace->Kernels) {
    TraceSummary S = classifyTrace(K, R.Thresholds);
    TraceReportKernel RK;
    RK.Name = K.Name;
    RK.Samples = K.Samples;
    RK.Waves = K.Waves;
    RK.TotalStall = S.TotalStall;
    RK.LdsShare = S.LdsShare;
    RK.Headline = S.Headline;
    for (TraceFinding &F : S.Findings) {
      TraceReportFinding RF;
      for (size_t I : F.Insts)
        RF.Insts.push_back(K.Insts[I]);
      RF.Finding = std::move(F);
      RK.Findings.push_back(std::move(RF));
    }
    Report.Kernels.push_back(std::move(RK));
  }

  // The sources: given, or the compile database's.
  std::vector<std::string> Candidates = R.Files;
  if (Candidates.empty() && R.Database)
    Candidates = R.Database->getAllFiles();
  std::vector<std::string> ToParse;
  std::map<std::string, std::string> SourceOf; // trace path -> file
  for (TraceReportKernel &K : Report.Kernels)
    for (TraceReportFinding &F : K.Findings) {
      if (!SourceOf.count(F.Finding.File))
        SourceOf[F.Finding.File] = matchSource(F.Finding.File, Candidates);
      F.Source = SourceOf[F.Finding.File];
      if (!F.Source.empty() && std::find(ToParse.begin(), ToParse.end(), F.Source) == ToParse.end())
        ToParse.push_back(F.Source);
    }

  // The analysis of each matched file, joined while its AST is alive.
  bool ParseFailed = false;
  if (!ToParse.empty()) {
    CheckRequest C;
    C.Files = ToParse;
    C.CompilerArgs = R.CompilerArgs;
    C.Database = R.Database;
    C.Config = R.Config;
    C.Config.Format = OutputFormat::Text; // the report is ours
    if (C.Config.Targets.empty())
      C.Config.Targets = {Report.Target};
    C.Explain = [&](clang::ASTContext &Ctx, const AnalyzedFile &F, const RunConfig &Config,
                    Strategy S) {
      FilePlan Plan = planFixes(Ctx, F, Config, S, /*Color=*/false);
      size_t T = std::find(F.Targets.begin(), F.Targets.end(), Report.Target) - F.Targets.begin();
      for (TraceReportKernel &K : Report.Kernels)
        for (TraceReportFinding &RF : K.Findings) {
          if (RF.Source != F.File)
            continue;
          RF.Join = joinTraceFinding(Ctx, F, Plan, RF.Finding, Report.Target, K.Name);
          if (R.HtmlPath.empty() || RF.Finding.Type != TraceType::A || T == F.Targets.size())
            continue;
          unsigned Maps = 0;
          std::vector<std::vector<size_t>> Groups = accessesOnLine(Ctx, F, RF.Finding.Line);
          for (size_t G = 0; G < Groups.size(); ++G)
            RF.Maps.push_back(
                htmlAccess(Ctx, F, Config, Plan, Groups[G], {T},
                           "L" + std::to_string(RF.Finding.Line) + "-" + std::to_string(G), Maps));
        }
    };
    std::string Ignored;
    llvm::raw_string_ostream Quiet(Ignored);
    CheckResult CR = runCheck(C, Quiet, Err);
    ParseFailed = CR.Failed;
  }

  if (!R.HtmlPath.empty()) {
    if (!writeFile(R.HtmlPath, traceHtml(Report), Err))
      return 2;
    unsigned Maps = 0;
    for (const TraceReportKernel &K : Report.Kernels)
      for (const TraceReportFinding &F : K.Findings)
        Maps += F.Maps.size();
    Err << "lds-rewrite: wrote " << R.HtmlPath << ": " << Report.findings() << " finding"
        << (Report.findings() == 1 ? "" : "s") << ", " << Maps << " with bank maps\n";
  }
  if (R.Config.Format == OutputFormat::Json) {
    Out << llvm::formatv("{0:2}", traceJson(Report)) << "\n";
  } else if (R.Config.Format == OutputFormat::Sarif) {
    // URIs relative to the project of the sources (else of the trace).
    std::string Root = reportRoot(R.Files, R.Config.ProjectRoot, R.Path);
    Out << llvm::formatv("{0:2}", traceSarif(Report, Root, !ParseFailed)) << "\n";
  } else {
    printTraceText(Report, Out);
  }
  if (ParseFailed)
    return 2;
  return Report.findings() ? 1 : 0;
}

} // namespace lds
