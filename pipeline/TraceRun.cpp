//===- TraceRun.cpp - lds-rewrite trace: what was measured, next to the model //

#include "pipeline/TraceRun.h"
#include "pipeline/CheckRun.h"
#include "pipeline/FixMode.h"
#include "pipeline/TraceInput.h"
#include "pipeline/TraceJoin.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

#include <map>
#include <set>

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

std::string percent(double Share) { return std::to_string(int(Share * 100 + 0.5)) + "%"; }

/// The instructions behind a finding; many of one mnemonic are summed.
std::string measuredText(const MeasuredKernel &K, const TraceFinding &F) {
  auto Figures = [&](uint64_t Hit, double Stall) {
    return std::to_string(Hit) + (K.Samples ? " warp instructions, " : " executions, ") +
           std::to_string(static_cast<long long>(Stall)) +
           (K.Samples ? " stall samples" : " stall cycles");
  };
  std::string Out;
  if (F.Insts.size() > 3) {
    std::map<std::string, std::pair<uint64_t, double>> Sum;
    std::map<std::string, unsigned> N;
    for (size_t I : F.Insts) {
      std::string Mn = K.Insts[I].Text.substr(0, K.Insts[I].Text.find(' '));
      Sum[Mn].first += K.Insts[I].Hit;
      Sum[Mn].second += K.Insts[I].Stall;
      ++N[Mn];
    }
    for (const auto &[Mn, S] : Sum)
      Out += (Out.empty() ? "" : "; ") + std::to_string(N[Mn]) + " x " + Mn + " (" +
             Figures(S.first, S.second) + ")";
    return Out;
  }
  for (size_t I : F.Insts)
    Out += (Out.empty() ? "" : "; ") + K.Insts[I].Text + " (" +
           Figures(K.Insts[I].Hit, K.Insts[I].Stall) + ")";
  return Out;
}

} // namespace

int runTrace(const TraceRequest &R, llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  auto Trace = readMeasuredTrace(R.Path);
  if (!Trace) {
    llvm::WithColor::error(Err, "lds-rewrite") << llvm::toString(Trace.takeError()) << "\n";
    return 2;
  }
  std::string Target = R.Config.Targets.empty() ? (Trace->Nvidia ? "sm_90" : "gfx942")
                                                : R.Config.Targets.front();
  struct Kernel {
    const MeasuredKernel *K;
    TraceSummary S;
  };
  std::vector<Kernel> Kernels;
  for (const MeasuredKernel &K : Trace->Kernels)
    Kernels.push_back({&K, classifyTrace(K, R.Thresholds)});

  // The sources: given, or the compile database's.
  std::vector<std::string> Candidates = R.Files;
  if (Candidates.empty() && R.Database)
    Candidates = R.Database->getAllFiles();
  std::map<std::string, std::string> SourceOf; // trace path -> file
  std::vector<std::string> ToParse;
  for (const Kernel &K : Kernels)
    for (const TraceFinding &F : K.S.Findings) {
      if (SourceOf.count(F.File))
        continue;
      std::string S = matchSource(F.File, Candidates);
      SourceOf[F.File] = S;
      if (!S.empty() && std::find(ToParse.begin(), ToParse.end(), S) == ToParse.end())
        ToParse.push_back(S);
    }

  // The analysis of each matched file, joined while its AST is alive.
  std::map<std::pair<size_t, size_t>, TraceJoin> Joins;
  bool ParseFailed = false;
  if (!ToParse.empty()) {
    CheckRequest C;
    C.Files = ToParse;
    C.CompilerArgs = R.CompilerArgs;
    C.Database = R.Database;
    C.Config = R.Config;
    C.Config.Format = OutputFormat::Text; // the report is ours
    if (C.Config.Targets.empty())
      C.Config.Targets = {Target};
    C.Explain = [&](clang::ASTContext &Ctx, const AnalyzedFile &F, const RunConfig &Config,
                    Strategy S) {
      FilePlan Plan = planFixes(Ctx, F, Config, S, /*Color=*/false);
      for (size_t KI = 0; KI < Kernels.size(); ++KI)
        for (size_t FI = 0; FI < Kernels[KI].S.Findings.size(); ++FI) {
          const TraceFinding &TF = Kernels[KI].S.Findings[FI];
          if (SourceOf[TF.File] == F.File)
            Joins[{KI, FI}] = joinTraceFinding(Ctx, F, Plan, TF, Target);
        }
    };
    std::string Ignored;
    llvm::raw_string_ostream Quiet(Ignored);
    CheckResult CR = runCheck(C, Quiet, Err);
    ParseFailed = CR.Failed;
  }

  if (R.Config.Format == OutputFormat::Json) {
    // README.md, "trace": the schema.
    llvm::json::Array Ks;
    unsigned N = 0;
    for (size_t KI = 0; KI < Kernels.size(); ++KI) {
      const MeasuredKernel &K = *Kernels[KI].K;
      const TraceSummary &S = Kernels[KI].S;
      llvm::json::Array Fs;
      for (size_t FI = 0; FI < S.Findings.size(); ++FI) {
        const TraceFinding &F = S.Findings[FI];
        ++N;
        llvm::json::Object O{{"type", std::string(1, "ABC"[int(F.Type)])},
                             {"kind", traceTypeName(F.Type)},
                             {"trace_file", F.File},
                             {"file", SourceOf[F.File].empty() ? llvm::json::Value(nullptr)
                                                               : llvm::json::Value(SourceOf[F.File])},
                             {"line", F.Line},
                             {"last_line", F.LastLine},
                             {"summary", F.Summary},
                             {"stall", F.Stall},
                             {"per_instance", F.PerInstance},
                             {"share", F.Share}};
        if (F.NWay)
          O["measured_nway"] = *F.NWay;
        if (F.Type == TraceType::C)
          O["barriers_per_wave"] = F.BarriersPerWave;
        auto J = Joins.find({KI, FI});
        if (J != Joins.end()) {
          if (J->second.Column)
            O["column"] = J->second.Column;
          if (J->second.PredictedDegree)
            O["predicted_degree"] = *J->second.PredictedDegree;
          O["prediction"] = J->second.Prediction;
          if (!J->second.Agreement.empty())
            O["agreement"] = J->second.Agreement;
          O["fix"] = J->second.Fix;
        }
        llvm::json::Array Insts;
        for (size_t I : F.Insts)
          Insts.push_back(llvm::json::Object{{"text", K.Insts[I].Text},
                                             {"hit", static_cast<int64_t>(K.Insts[I].Hit)},
                                             {"stall", K.Insts[I].Stall}});
        O["instructions"] = std::move(Insts);
        Fs.push_back(std::move(O));
      }
      Ks.push_back(llvm::json::Object{{"name", K.Name},
                                      {"unit", K.Samples ? "warp-stall samples" : "cycles"},
                                      {"total_stall", S.TotalStall},
                                      {"waves", static_cast<int64_t>(K.Waves)},
                                      {"lds_share", S.LdsShare},
                                      {"headline", S.Headline},
                                      {"findings", std::move(Fs)}});
    }
    llvm::json::Object Doc{{"version", 1},
                           {"trace", llvm::json::Object{{"path", R.Path},
                                                        {"format", Trace->Format},
                                                        {"target", Target}}},
                           {"kernels", std::move(Ks)}};
    Out << llvm::formatv("{0:2}", llvm::json::Value(std::move(Doc))) << "\n";
    return ParseFailed ? 2 : N ? 1 : 0;
  }

  unsigned Findings = 0;
  for (size_t KI = 0; KI < Kernels.size(); ++KI) {
    const MeasuredKernel &K = *Kernels[KI].K;
    const TraceSummary &S = Kernels[KI].S;
    Out << "lds-rewrite: " << Trace->Format << ", kernel '" << K.Name << "': "
        << (K.Samples ? std::to_string(static_cast<long long>(S.TotalStall)) + " warp-stall samples"
                      : std::to_string(static_cast<long long>(S.TotalStall)) + " stall cycles over " +
                            std::to_string(K.Waves) + " traced waves")
        << "; LDS-related " << percent(S.LdsShare)
        << (S.Headline ? ", above " : ", not above ") << percent(R.Thresholds.Headline) << "\n";
    for (size_t FI = 0; FI < S.Findings.size(); ++FI) {
      const TraceFinding &F = S.Findings[FI];
      ++Findings;
      auto J = Joins.find({KI, FI});
      std::string File = SourceOf[F.File].empty() ? F.File : SourceOf[F.File];
      std::string Where = File + (F.Line ? ":" + std::to_string(F.Line) : std::string()) +
                          (J != Joins.end() && J->second.Column
                               ? ":" + std::to_string(J->second.Column)
                               : std::string());
      std::string Lines = F.LastLine > F.Line ? " (lines " + std::to_string(F.Line) + "-" +
                                                    std::to_string(F.LastLine) + ")"
                                              : "";
      Out << Where << ": warning: " << traceTypeName(F.Type) << ": " << F.Summary << Lines << ", "
          << percent(F.Share) << " of the kernel's stall";
      if (J != Joins.end() && F.Type == TraceType::A)
        Out << "; " << J->second.Prediction;
      Out << " [lds-trace]\n";
      if (J == Joins.end()) {
        if (Trace->NoLines)
          Out << Where << ": note: the trace has no source lines (--print-source sass); export "
                          "it with --print-source cuda,sass to see the analysis of the line\n";
        else
          Out << Where << ": note: no source file given matches " << F.File
              << " (pass it, or -p with a compile database that has it)\n";
      } else {
        if (!J->second.Agreement.empty())
          Out << Where << ": note: " << J->second.Agreement << "\n";
        if (F.Type != TraceType::A)
          Out << Where << ": note: " << J->second.Prediction << "\n";
        Out << Where << ": note: " << (llvm::StringRef(J->second.Fix).starts_with("no ") ? "" : "fix: ")
            << J->second.Fix << "\n";
      }
      Out << Where << ": note: measured: " << measuredText(K, F) << "\n";
    }
  }
  if (ParseFailed)
    return 2;
  return Findings ? 1 : 0;
}

} // namespace lds
