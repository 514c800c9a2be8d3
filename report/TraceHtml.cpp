//===- TraceHtml.cpp - lds-rewrite trace --html: measured next to predicted -===//
//
// One self-contained page (explain --html's style, no script, nothing
// loaded from outside): per kernel, the findings ranked as the text ranks
// them, then one section per finding with, side by side, what was
// measured (a <figure class="measured" data-phase="measured">: the
// instructions behind the line with their executions, stall and, from
// Nsight Compute, the measured N-way; the flagged ones marked) and the
// predicted bank map of each access of the line on the traced target
// before and after the fix, as explain --html draws them. Sections carry
// data-type data-file data-line data-share data-per-instance
// data-measured-nway data-predicted-degree for tests and scripts.
//
//===----------------------------------------------------------------------===//

#include "report/TraceReport.h"

#include "matchers/AnalyzedFile.h"

namespace lds {

namespace {

std::string attr(const std::string &Name, const std::string &Value) {
  return " " + Name + "=\"" + htmlEscape(Value) + "\"";
}

std::string percent(double Share) { return std::to_string(int(Share * 100 + 0.5)) + "%"; }

/// The measured side of a finding: its instructions as a table.
std::string measuredFigure(const TraceReportKernel &K, const TraceReportFinding &F) {
  const TraceFinding &T = F.Finding;
  bool NWay = false;
  for (const MeasuredInst &I : F.Insts)
    NWay |= I.NWay.has_value();
  std::string Caption = (T.NWay ? "measured " + formatNumber(*T.NWay) + "-way; " : std::string()) +
                        (K.Samples ? formatNumber(T.Stall) + " warp-stall samples"
                                   : formatNumber(T.PerInstance) + " stall cycles per instance") +
                        ", " + percent(T.Share) + " of the kernel's stall";
  std::string S = "<figure class=\"measured\" data-phase=\"measured\">\n<figcaption><span "
                  "class=\"phase measured\">measured</span>" +
                  htmlEscape(Caption) + "</figcaption>\n<table>\n<tr><th>instruction</th><th>" +
                  (K.Samples ? "warp instructions" : "executions") + "</th><th>" +
                  (K.Samples ? "stall samples" : "stall cycles") + "</th>" +
                  (K.Samples ? "" : "<th>per instance</th>") + (NWay ? "<th>N-way</th>" : "") +
                  "</tr>\n";
  for (const MeasuredInst &I : F.Insts) {
    S += "<tr class=\"flagged\"><td class=\"inst\">" + htmlEscape(I.Text) + "</td><td>" +
         std::to_string(I.Hit) + "</td><td>" + formatNumber(I.Stall) + "</td>";
    if (!K.Samples)
      S += "<td>" + (I.Hit ? formatNumber(I.Stall / I.Hit) : std::string("-")) + "</td>";
    if (NWay)
      S += "<td>" + (I.NWay ? formatNumber(*I.NWay) : std::string("-")) + "</td>";
    S += "</tr>\n";
  }
  return S + "</table>\n</figure>\n";
}

std::string findingSection(const TraceReport &R, const TraceReportKernel &K,
                           const TraceReportFinding &F, const std::string &Id) {
  const TraceFinding &T = F.Finding;
  std::string S = "<section class=\"access finding\" id=\"" + Id + "\"" +
                  attr("data-type", std::string(1, "ABC"[int(T.Type)])) +
                  attr("data-file", F.Source.empty() ? T.File : F.Source) +
                  attr("data-line", std::to_string(T.Line)) +
                  attr("data-share", formatNumber(T.Share)) +
                  attr("data-per-instance", formatNumber(T.PerInstance));
  if (T.NWay)
    S += attr("data-measured-nway", formatNumber(*T.NWay));
  if (F.Join && F.Join->PredictedDegree)
    S += attr("data-predicted-degree", formatNumber(*F.Join->PredictedDegree));
  S += ">\n<h2>" + htmlEscape(traceWhere(F)) + "</h2>\n<p><strong>" +
       htmlEscape(traceWarningText(F)) + "</strong></p>\n<ul class=\"notes\">\n";
  for (const std::string &N : traceNotes(R, K, F))
    S += "<li>" + htmlEscape(N) + "</li>\n";
  S += "</ul>\n";
  std::string Measured = measuredFigure(K, F);
  if (F.Maps.empty())
    return S + "<div class=\"maps\">\n" + Measured + "</div>\n</section>\n";
  for (const HtmlAccess &A : F.Maps) {
    S += "<h3>" + htmlEscape(A.Title) + "</h3>\n<pre class=\"source\">" +
         htmlEscape(std::to_string(A.Line) + " | " + A.SourceLine) +
         "</pre>\n<p class=\"details\">" + htmlEscape(A.Details) + "</p>\n";
    for (const HtmlTargetRow &Row : A.Targets)
      S += renderTargetMaps(A, Row, F.Source, Measured);
  }
  return S + "</section>\n";
}

} // namespace

std::string traceHtml(const TraceReport &R) {
  std::string S = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                  "<meta name=\"generator\" content=\"lds-rewrite trace\">\n<title>LDS trace: " +
                  htmlEscape(R.Path) + "</title>\n<style>" + htmlStyle() +
                  "</style>\n</head>\n<body>\n<h1>What was measured, next to what "
                  "lds-rewrite predicts</h1>\n<p>" +
                  htmlEscape(R.Format) + ": <code>" + htmlEscape(R.Path) +
                  "</code>; predictions for " + htmlEscape(R.Target) +
                  ". Each finding shows the instructions measured on its line beside the "
                  "predicted bank map of each of the line's __shared__ accesses, before and "
                  "after the fix.</p>\n";
  for (size_t KI = 0; KI < R.Kernels.size(); ++KI) {
    const TraceReportKernel &K = R.Kernels[KI];
    S += "<h2>Kernel <code>" + htmlEscape(K.Name) + "</code></h2>\n<p>" +
         (K.Samples ? formatNumber(K.TotalStall) + " warp-stall samples"
                    : formatNumber(K.TotalStall) + " stall cycles over " + std::to_string(K.Waves) +
                          " traced waves") +
         "; LDS-related " + percent(K.LdsShare) + (K.Headline ? ", above " : ", not above ") +
         percent(R.HeadlineThreshold) + ".</p>\n";
    if (K.Findings.empty()) {
      S += "<p class=\"note\">No LDS bottleneck above the thresholds.</p>\n";
      continue;
    }
    S += "<table class=\"summary\">\n<tr><th>#</th><th>line</th><th>type</th><th>share</th>"
         "<th>measured</th><th>predicted</th><th>fix</th></tr>\n";
    for (size_t FI = 0; FI < K.Findings.size(); ++FI) {
      const TraceReportFinding &F = K.Findings[FI];
      std::string Id = "K" + std::to_string(KI) + "F" + std::to_string(FI);
      S += "<tr><td>" + std::to_string(FI + 1) + "</td><td><a href=\"#" + Id + "\">" +
           htmlEscape(traceWhere(F)) + "</a></td><td>" + htmlEscape(traceTypeName(F.Finding.Type)) +
           "</td><td>" + percent(F.Finding.Share) + "</td><td>" + htmlEscape(F.Finding.Summary) +
           "</td><td>" + htmlEscape(F.Join ? F.Join->Prediction : "-") + "</td><td>" +
           htmlEscape(F.Join ? F.Join->Fix : "-") + "</td></tr>\n";
    }
    S += "</table>\n";
    for (size_t FI = 0; FI < K.Findings.size(); ++FI)
      S +=
          findingSection(R, K, K.Findings[FI], "K" + std::to_string(KI) + "F" + std::to_string(FI));
  }
  return S + "</body>\n</html>\n";
}

} // namespace lds
