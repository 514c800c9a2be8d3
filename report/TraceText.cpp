//===- TraceText.cpp - lds-rewrite trace's findings, clang-style ----------===//

#include "report/TraceReport.h"

#include "llvm/ADT/StringRef.h"

#include <map>

namespace lds {

namespace {

std::string percent(double Share) { return std::to_string(int(Share * 100 + 0.5)) + "%"; }

std::string figures(const TraceReportKernel &K, uint64_t Hit, double Stall) {
  return std::to_string(Hit) + (K.Samples ? " warp instructions, " : " executions, ") +
         std::to_string(static_cast<long long>(Stall)) +
         (K.Samples ? " stall samples" : " stall cycles");
}

/// The instructions behind a finding; many of one mnemonic are summed.
std::string measuredText(const TraceReportKernel &K, const TraceReportFinding &F) {
  std::string Out;
  if (F.Insts.size() > 3) {
    std::map<std::string, std::pair<uint64_t, double>> Sum;
    std::map<std::string, unsigned> N;
    for (const MeasuredInst &I : F.Insts) {
      std::string Mn = I.Text.substr(0, I.Text.find(' '));
      Sum[Mn].first += I.Hit;
      Sum[Mn].second += I.Stall;
      ++N[Mn];
    }
    for (const auto &[Mn, S] : Sum)
      Out += (Out.empty() ? "" : "; ") + std::to_string(N[Mn]) + " x " + Mn + " (" +
             figures(K, S.first, S.second) + ")";
    return Out;
  }
  for (const MeasuredInst &I : F.Insts)
    Out += (Out.empty() ? "" : "; ") + I.Text + " (" + figures(K, I.Hit, I.Stall) + ")";
  return Out;
}

} // namespace

unsigned TraceReport::findings() const {
  unsigned N = 0;
  for (const TraceReportKernel &K : Kernels)
    N += K.Findings.size();
  return N;
}

std::string traceWhere(const TraceReportFinding &F) {
  const TraceFinding &T = F.Finding;
  return (F.Source.empty() ? T.File : F.Source) +
         (T.Line ? ":" + std::to_string(T.Line) : std::string()) +
         (F.Join && F.Join->Column ? ":" + std::to_string(F.Join->Column) : std::string());
}

std::string traceWarningText(const TraceReportFinding &F) {
  const TraceFinding &T = F.Finding;
  std::string Lines = T.LastLine > T.Line ? " (lines " + std::to_string(T.Line) + "-" +
                                                std::to_string(T.LastLine) + ")"
                                          : "";
  std::string S = std::string(traceTypeName(T.Type)) + ": " + T.Summary + Lines + ", " +
                  percent(T.Share) + " of the kernel's stall";
  if (F.Join && T.Type == TraceType::A)
    S += "; " + F.Join->Prediction;
  return S;
}

std::vector<std::string> traceNotes(const TraceReport &R, const TraceReportKernel &K,
                                    const TraceReportFinding &F) {
  std::vector<std::string> Notes;
  if (!F.Join) {
    if (R.NoLines)
      Notes.push_back("the trace has no source lines (--print-source sass); export it with "
                      "--print-source cuda,sass to see the analysis of the line");
    else
      Notes.push_back("no source file given matches " + F.Finding.File +
                      " (pass it, or -p with a compile database that has it)");
  } else {
    const TraceJoin &J = *F.Join;
    if (!J.Agreement.empty())
      Notes.push_back(J.Agreement);
    if (F.Finding.Type != TraceType::A)
      Notes.push_back(J.Prediction);
    Notes.push_back((llvm::StringRef(J.Fix).starts_with("no ") ? "" : "fix: ") + J.Fix);
  }
  Notes.push_back("measured: " + measuredText(K, F));
  return Notes;
}

void printTraceText(const TraceReport &R, llvm::raw_ostream &Out) {
  for (const TraceReportKernel &K : R.Kernels) {
    Out << "lds-rewrite: " << R.Format << ", kernel '" << K.Name << "': "
        << (K.Samples ? std::to_string(static_cast<long long>(K.TotalStall)) + " warp-stall samples"
                      : std::to_string(static_cast<long long>(K.TotalStall)) +
                            " stall cycles over " + std::to_string(K.Waves) + " traced waves")
        << "; LDS-related " << percent(K.LdsShare) << (K.Headline ? ", above " : ", not above ")
        << percent(R.HeadlineThreshold) << "\n";
    for (const TraceReportFinding &F : K.Findings) {
      std::string Where = traceWhere(F);
      Out << Where << ": warning: " << traceWarningText(F) << " [lds-trace]\n";
      for (const std::string &N : traceNotes(R, K, F))
        Out << Where << ": note: " << N << "\n";
    }
  }
}

} // namespace lds
