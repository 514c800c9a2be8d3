//===- HtmlReport.cpp - Bank maps of a whole file as one HTML page --------===//

#include "report/HtmlReport.h"

#include "matchers/AnalyzedFile.h"
#include "report/BankMap.h"

#include <algorithm>
#include <cstdint>

namespace lds {

namespace {

std::string attr(const std::string &Name, const std::string &Value) {
  return " " + Name + "=\"" + htmlEscape(Value) + "\"";
}

std::string attr(const std::string &Name, double Value) { return attr(Name, formatNumber(Value)); }

std::string num(double V) { return formatNumber(V); }

/// A pixel coordinate.
std::string px(double V) { return formatNumber(V); }

const char *Css = R"css(
:root { color-scheme: light; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
       color: #1d1f23; background: #fafafa; margin: 0 auto; padding: 1.5em 2em;
       max-width: 1600px; }
h1 { font-size: 1.5em; margin: 0 0 .3em; }
h2 { font-size: 1.15em; margin: 0 0 .4em; font-family: ui-monospace, monospace; }
h3 { font-size: 1em; margin: .8em 0 .3em; }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
pre.source { background: #f0f0f0; padding: .4em .7em; margin: .3em 0; overflow-x: auto; }
pre.messages { background: #fff8e6; border: 1px solid #f0d9a0; padding: .5em .8em;
               overflow-x: auto; font-size: 12px; }
section.access { background: #fff; border: 1px solid #ddd; border-radius: 6px;
                 padding: 1em 1.2em; margin: 1.2em 0; }
.details { color: #555; margin: .2em 0 .6em; }
.maps { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
figure { margin: 0; overflow-x: auto; max-width: 100%; width: min-content; }
figcaption { font-size: 13px; margin-bottom: .3em; min-width: 24em; }
figcaption .phase { font-weight: 600; text-transform: uppercase; font-size: 11px;
                    letter-spacing: .05em; padding: 1px 5px; border-radius: 3px;
                    margin-right: .4em; }
figcaption .phase.before { background: #fde3dc; color: #8a1f11; }
figcaption .phase.after { background: #dcefdc; color: #1f5e1f; }
figcaption .phase.measured { background: #e1e9f7; color: #1c3f7a; }
figure.measured table { border-collapse: collapse; font-size: 12px; }
figure.measured th, figure.measured td { border: 1px solid #ddd; padding: 2px 6px;
                                         text-align: right; }
figure.measured td.inst { text-align: left; font-family: ui-monospace, monospace; }
figure.measured tr.flagged td { background: #fdece8; }
p.note, p.unknown { color: #555; font-style: italic; margin: .3em 0; }
table.summary { border-collapse: collapse; margin: .5em 0 1em; font-size: 13px; }
table.summary th, table.summary td { border: 1px solid #ddd; padding: 2px 8px;
                                     text-align: left; }
table.summary td.bad { color: #b0161e; font-weight: 600; }
table.summary td.good { color: #1f5e1f; }
.legend span.swatch { display: inline-block; width: 10px; height: 10px;
                      vertical-align: middle; margin: 0 3px 0 10px; }
svg.bank-map { background: #fff; display: block; }
svg.bank-map text { font: 9px ui-monospace, "DejaVu Sans Mono", monospace; fill: #444; }
svg.bank-map text.group-title { font: 600 11px system-ui, sans-serif; fill: #222; }
svg.bank-map text.count { fill: #222; }
svg.bank-map text.count.conflict { fill: #b0161e; font-weight: 700; }
svg.bank-map .grid { fill: #f4f6f8; stroke: #c9ced6; stroke-width: 1; }
svg.bank-map .rule { stroke: #dde1e7; stroke-width: 1; }
svg.bank-map .off { fill: #e4e4e4; }
svg.bank-map .conflict-band { fill: #fde3dc; }
svg.bank-map .worst-band { fill: #f9b9ae; }
svg.bank-map .hit.ok { fill: #3b78b0; }
svg.bank-map .hit.conflict { fill: #e0592a; }
svg.bank-map .hit.worst { fill: #b0161e; }
)css";

} // namespace

std::string htmlEscape(const std::string &S) {
  std::string Out;
  Out.reserve(S.size());
  for (char C : S) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

std::string svgBankMap(const WaveTrace &T, const AccessResult &R,
                       const std::map<std::string, std::string> &Attrs) {
  const double Cw = 10;                    // one lane
  const double Ch = T.Banks > 32 ? 8 : 10; // one bank
  const double Left = 46, Top = 48, CountCol = 26, Gap = 16, Bottom = 8;

  std::vector<double> X0;
  double X = Left;
  for (const GroupTrace &G : T.Groups) {
    X0.push_back(X);
    X += G.Lanes.size() * Cw + CountCol + Gap;
  }
  const double Width = X - Gap + 4;
  const double Height = Top + T.Banks * Ch + Bottom;
  const GroupTrace &WG = T.worstGroup();
  const BankUse &WB = WG.Banks[WG.BusiestBank];

  std::string S = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"bank-map\"";
  S += attr("width", px(Width)) + attr("height", px(Height)) +
       attr("viewBox", "0 0 " + px(Width) + " " + px(Height));
  S += " role=\"img\"";
  for (const auto &[K, V] : Attrs)
    S += attr(K, V);
  S += attr("data-status", "exact") + attr("data-passes", R.Passes) +
       attr("data-ideal-passes", R.IdealPasses) + attr("data-degree", R.Degree) +
       attr("data-wave", T.Wave) + attr("data-wave-passes", T.WavePasses) +
       attr("data-wave-ideal-passes", T.WaveIdealPasses) +
       attr("data-drawn-block-passes", T.BlockPasses) + attr("data-banks", T.Banks) +
       attr("data-groups", T.Groups.size()) + attr("data-worst-group", T.WorstGroup) +
       attr("data-worst-bank", WG.BusiestBank) + attr("data-worst-bank-lanes", WB.Lanes.size()) +
       attr("data-worst-bank-words", WB.Requests);
  std::string Label = "Bank map on " + T.Target + ": " + num(R.Passes) +
                      " passes per wave instruction, ideal " + num(R.IdealPasses) +
                      "; worst bank " + std::to_string(WG.BusiestBank) + " of " + groupTitle(WG) +
                      " with " + std::to_string(WB.Lanes.size()) + " lanes and " +
                      std::to_string(WB.Requests) + " distinct words";
  S += attr("aria-label", Label) + ">\n";
  S += "<title>" + htmlEscape(Label) + "</title>\n";

  // Bank numbers down the left.
  S += "<text x=\"" + px(Left - 6) + "\" y=\"" + px(Top - 4) +
       "\" text-anchor=\"end\">bank</text>\n";
  for (unsigned B = 0; B < T.Banks; ++B)
    if (B % 4 == 0 || B + 1 == T.Banks ||
        std::any_of(T.Groups.begin(), T.Groups.end(),
                    [B](const GroupTrace &G) { return G.BusiestBank == B && G.conflicting(B); }))
      S += "<text class=\"bank-label\" x=\"" + px(Left - 6) + "\" y=\"" +
           px(Top + B * Ch + Ch - 1.5) + "\" text-anchor=\"end\">" + std::to_string(B) +
           "</text>\n";

  for (size_t GI = 0; GI < T.Groups.size(); ++GI) {
    const GroupTrace &G = T.Groups[GI];
    const double GX = X0[GI], GW = G.Lanes.size() * Cw;
    S += "<g class=\"lane-group\"" + attr("data-group", GI) +
         attr("data-lanes", compactList(G.Lanes)) + attr("data-cycles", G.Cycles) +
         attr("data-busiest-bank", G.BusiestBank) +
         attr("data-busiest-bank-lanes", G.Banks[G.BusiestBank].Lanes.size()) + ">\n";
    // Two title lines; a lane list wider than the panel becomes "group N"
    // (the lane numbers are above the columns).
    std::string Title = groupTitle(G);
    if (Title.size() * 6.5 > GW + CountCol)
      Title = "group " + std::to_string(GI + 1);
    S += "<text class=\"group-title\" x=\"" + px(GX) + "\" y=\"12\">" + htmlEscape(Title) +
         "<title>" + htmlEscape(groupTitle(G)) + "</title></text>\n";
    S += "<text x=\"" + px(GX) + "\" y=\"25\">" + std::to_string(G.Cycles) +
         (G.Cycles == 1 ? " cycle" : " cycles") + "</text>\n";
    // Lane numbers: the first and last lane, every eighth, the start of
    // every run, never two within three columns.
    size_t Previous = SIZE_MAX;
    for (size_t I = 0; I < G.Lanes.size(); ++I) {
      bool Want = I == 0 || I + 1 == G.Lanes.size() || G.Lanes[I] % 8 == 0 ||
                  G.Lanes[I] != G.Lanes[I - 1] + 1;
      bool Room = Previous == SIZE_MAX || I >= Previous + 3;
      if (I + 1 == G.Lanes.size() && !Room && Previous != SIZE_MAX && Previous > 0)
        continue;
      if (!Want || !Room)
        continue;
      S += "<text class=\"lane-label\" x=\"" + px(GX + I * Cw + Cw / 2) + "\" y=\"" + px(Top - 6) +
           "\" text-anchor=\"middle\">" + std::to_string(G.Lanes[I]) + "</text>\n";
      Previous = I;
    }
    S += "<rect class=\"grid\" x=\"" + px(GX) + "\" y=\"" + px(Top) + "\" width=\"" + px(GW) +
         "\" height=\"" + px(T.Banks * Ch) + "\"/>\n";
    for (size_t I = 0; I < G.Lanes.size(); ++I) {
      unsigned L = G.Lanes[I];
      if (L >= T.Active.size() || !T.Active[L])
        S += "<rect class=\"off\" x=\"" + px(GX + I * Cw) + "\" y=\"" + px(Top) + "\" width=\"" +
             px(Cw) + "\" height=\"" + px(T.Banks * Ch) + "\"/>\n";
    }
    for (unsigned B = 0; B < T.Banks; ++B)
      if (G.conflicting(B))
        S += std::string("<rect class=\"") +
             (GI == T.WorstGroup && B == G.BusiestBank ? "worst-band" : "conflict-band") +
             "\" x=\"" + px(GX) + "\" y=\"" + px(Top + B * Ch) + "\" width=\"" + px(GW) +
             "\" height=\"" + px(Ch) + "\"/>\n";
    for (size_t I = 8; I < G.Lanes.size(); I += 8)
      S += "<line class=\"rule\" x1=\"" + px(GX + I * Cw) + "\" y1=\"" + px(Top) + "\" x2=\"" +
           px(GX + I * Cw) + "\" y2=\"" + px(Top + T.Banks * Ch) + "\"/>\n";
    for (unsigned B = 8; B < T.Banks; B += 8)
      S += "<line class=\"rule\" x1=\"" + px(GX) + "\" y1=\"" + px(Top + B * Ch) + "\" x2=\"" +
           px(GX + GW) + "\" y2=\"" + px(Top + B * Ch) + "\"/>\n";

    for (size_t I = 0; I < G.Lanes.size(); ++I)
      for (const LaneHit &H : G.Hits[I]) {
        bool Conflict = G.conflicting(H.Bank);
        bool Worst = Conflict && GI == T.WorstGroup && H.Bank == G.BusiestBank;
        unsigned L = G.Lanes[I];
        S += std::string("<rect class=\"hit ") +
             (Worst      ? "worst"
              : Conflict ? "conflict"
                         : "ok") +
             "\" x=\"" + px(GX + I * Cw + 1) + "\" y=\"" + px(Top + H.Bank * Ch + 1) +
             "\" width=\"" + px(Cw - 2) + "\" height=\"" + px(Ch - 2) + "\"" +
             attr("data-lane", L) + attr("data-bank", H.Bank) + attr("data-word", H.RequestIndex) +
             "><title>lane " + std::to_string(L) + ": bank " + std::to_string(H.Bank) + ", word " +
             std::to_string(H.Word) + " (byte " + std::to_string(T.Bytes[L]) + "); " +
             std::to_string(G.Banks[H.Bank].Requests) +
             " distinct words on this bank</title></rect>\n";
      }
    for (unsigned B = 0; B < T.Banks; ++B)
      if (unsigned N = G.Banks[B].Requests)
        S += std::string("<text class=\"count") + (G.conflicting(B) ? " conflict" : "") +
             "\" x=\"" + px(GX + GW + 4) + "\" y=\"" + px(Top + B * Ch + Ch - 1.5) + "\">" +
             std::to_string(N) + "</text>\n";
    S += "</g>\n";
  }
  S += "</svg>";
  return S;
}

std::string renderTargetMaps(const HtmlAccess &A, const HtmlTargetRow &T, const std::string &File,
                             const std::string &Leading) {
  std::string S = "<h3>" + htmlEscape(T.Target) +
                  (T.Description.empty() ? "" : " <small>(" + htmlEscape(T.Description) + ")</small>") +
                  "</h3>\n<div class=\"maps\">\n" + Leading;
  auto Figure = [&](const HtmlMap &M, const char *Phase) {
    std::string F = "<figure" + attr("data-phase", Phase) +
                    ">\n<figcaption>"
                    "<span class=\"phase " +
                    Phase + "\">" + Phase + "</span>" + htmlEscape(M.Caption) + "</figcaption>\n";
    std::map<std::string, std::string> Attrs = {{"data-line", std::to_string(A.Line)},
                                                {"data-column", std::to_string(A.Column)},
                                                {"data-kind", A.Kind},
                                                {"data-array", A.Array},
                                                {"data-kernel", A.Kernel},
                                                {"data-target", T.Target},
                                                {"data-phase", Phase},
                                                {"data-file", File}};
    if (M.Result.Status == ResultStatus::Unknown || !M.Trace.Ok)
      F += "<p class=\"unknown\"" + attr("data-target", T.Target) + attr("data-line", A.Line) +
           attr("data-phase", Phase) + ">" +
           htmlEscape(M.Result.Status == ResultStatus::Unknown ? "cost unknown: " + M.Result.Reason
                                                               : M.Trace.Why) +
           "</p>\n";
    else
      F += svgBankMap(M.Trace, M.Result, Attrs) + "\n";
    return F + "</figure>\n";
  };
  S += Figure(T.Before, "before");
  if (T.After)
    S += Figure(*T.After, "after");
  if (!T.AfterNote.empty())
    S += "<p class=\"note\">" + htmlEscape(T.AfterNote) + "</p>\n";
  return S + "</div>\n";
}

const char *htmlStyle() { return Css; }

std::string renderHtml(const HtmlPage &P) {
  std::string S;
  std::string Targets;
  for (const std::string &T : P.Targets)
    Targets += (Targets.empty() ? "" : ", ") + T;
  S += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
  S += "<meta name=\"generator\" content=\"lds-rewrite explain\">\n";
  S += "<title>LDS bank maps: " + htmlEscape(P.File) + "</title>\n";
  S += "<style>" + std::string(Css) + "</style>\n</head>\n<body>\n";
  S += "<h1>LDS bank maps of <code>" + htmlEscape(P.File) + "</code></h1>\n";
  S += "<p>Targets: " + htmlEscape(Targets) + ". " + std::to_string(P.Accesses.size()) +
       (P.Accesses.size() == 1 ? " __shared__ access" : " __shared__ accesses") +
       ". Each map shows the worst wave at the worst iteration: one column per "
       "lane, one row per bank, each lane group a panel of its own; the number "
       "right of a row is how many distinct 4-byte words that bank must serve.</p>\n";
  S += "<p class=\"legend\">"
       "<span class=\"swatch\" style=\"background:#3b78b0\"></span>lane asks this bank"
       "<span class=\"swatch\" style=\"background:#e0592a\"></span>on a conflicting "
       "bank (more words than the group needs)"
       "<span class=\"swatch\" style=\"background:#b0161e\"></span>on the worst bank"
       "<span class=\"swatch\" style=\"background:#e4e4e4\"></span>lane off</p>\n";
  if (!P.Fixes.empty()) {
    S += "<h3>Fixes (as <code>lds-rewrite --fix</code> would apply them)</h3>\n<ul>\n";
    for (const std::string &F : P.Fixes)
      S += "<li>" + htmlEscape(F) + "</li>\n";
    S += "</ul>\n";
  }
  if (!P.PlannerMessages.empty())
    S += "<pre class=\"messages\">" + htmlEscape(P.PlannerMessages) + "</pre>\n";

  // Summary.
  S += "<table class=\"summary\">\n<tr><th>access</th><th>target</th><th>before</th>"
       "<th>after</th></tr>\n";
  for (const HtmlAccess &A : P.Accesses)
    for (const HtmlTargetRow &T : A.Targets) {
      auto Cell = [](const std::optional<HtmlMap> &M, const std::string &Else) {
        if (!M)
          return "<td>" + htmlEscape(Else) + "</td>";
        if (M->Result.Status == ResultStatus::Unknown)
          return std::string("<td>unknown</td>");
        bool Bad = M->Result.conflicts();
        return std::string("<td class=\"") + (Bad ? "bad" : "good") + "\">" +
               num(M->Result.Degree) + "-way (" + num(M->Result.Passes) + " / " +
               num(M->Result.IdealPasses) + ")</td>";
      };
      S += "<tr><td><a href=\"#" + A.Anchor + "\">" + htmlEscape(A.Title) + "</a></td><td>" +
           htmlEscape(T.Target) + "</td>" + Cell(std::optional<HtmlMap>(T.Before), "") +
           Cell(T.After, T.After ? "" : "no change") + "</tr>\n";
    }
  S += "</table>\n";

  for (const HtmlAccess &A : P.Accesses) {
    S += "<section class=\"access\" id=\"" + htmlEscape(A.Anchor) + "\"" +
         attr("data-line", A.Line) + attr("data-column", A.Column) + attr("data-kind", A.Kind) +
         attr("data-array", A.Array) + ">\n";
    S += "<h2>" + htmlEscape(A.Title) + "</h2>\n";
    S += "<pre class=\"source\">" + htmlEscape(std::to_string(A.Line) + " | " + A.SourceLine) +
         "</pre>\n";
    S += "<p class=\"details\">" + htmlEscape(A.Details) + "</p>\n";
    for (const HtmlTargetRow &T : A.Targets)
      S += renderTargetMaps(A, T, P.File);
    S += "</section>\n";
  }
  S += "</body>\n</html>\n";
  return S;
}

} // namespace lds
