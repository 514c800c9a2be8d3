//===- HtmlReport.h - Bank maps of a whole file as one HTML page ----------===//
//
// `lds-rewrite explain FILE --html=PAGE`: one self-contained page (inline
// CSS and SVG; no script, font, image or link to anything outside it) with,
// for every __shared__ access of the file and every target, an SVG bank map
// of its worst wave before the fix and after the fix --fix would choose.
//
// Each map is an <svg class="bank-map"> whose attributes say what it shows,
// for tests and scripts:
//   data-file data-line data-column data-kind data-array data-kernel
//   data-target data-phase ("before" | "after") data-status ("exact")
//   data-passes data-ideal-passes data-degree (the analysis: block average)
//   data-wave data-wave-passes data-wave-ideal-passes (the wave drawn)
//   data-drawn-block-passes (the block average at the binding drawn) data-banks
//   data-groups data-worst-group data-worst-bank data-worst-bank-lanes
//   data-worst-bank-words
// Inside it, one <g class="lane-group" data-group data-lanes data-cycles
// data-busiest-bank> per lane group, and one <rect class="hit" data-lane
// data-bank data-word> per request a lane makes of a bank. An access whose
// cost is unknown gets a <p class="unknown" data-target data-line> instead.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_HTMLREPORT_H
#define LDS_REPORT_HTMLREPORT_H

#include "analysis/ConflictAnalyzer.h"
#include "analysis/WaveTrace.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lds {

struct HtmlMap {
  AccessResult Result;
  WaveTrace Trace;
  std::string Caption; ///< e.g. "before: 64 passes, ideal 2 (32-way)"
};

struct HtmlTargetRow {
  std::string Target;
  std::string Description; ///< "AMD MI300X (CDNA3)"
  HtmlMap Before;
  std::optional<HtmlMap> After;
  std::string AfterNote; ///< why there is no after map, or what the fix is
};

struct HtmlAccess {
  std::string Anchor; ///< unique id in the page
  unsigned Line = 0, Column = 0;
  std::string Kind; ///< "load", "load and store"
  std::string Array, Kernel;
  std::string Title;      ///< "24:37 load of 'tile' in kernel 'transpose'"
  std::string SourceLine; ///< the line as written
  std::string Details;    ///< block shape, width, index
  std::vector<HtmlTargetRow> Targets;
};

struct HtmlPage {
  std::string File;
  std::vector<std::string> Targets;
  std::vector<std::string> Fixes; ///< one line per planned fix
  std::string PlannerMessages;    ///< refusals, as the check prints them
  std::vector<HtmlAccess> Accesses;
};

/// The SVG of one map; Attrs are added to the <svg> element (data-line ...).
std::string svgBankMap(const WaveTrace &T, const AccessResult &R,
                       const std::map<std::string, std::string> &Attrs);

std::string renderHtml(const HtmlPage &P);

/// One target's maps of A, as a page shows them: a heading, then in one
/// row Leading (HTML placed before the maps: what a trace measured), the
/// map before and the map after the fix, and the note. File: data-file.
std::string renderTargetMaps(const HtmlAccess &A, const HtmlTargetRow &T, const std::string &File,
                             const std::string &Leading = "");

/// The pages' style sheet (inline CSS).
const char *htmlStyle();

/// &, <, >, " and ' as entities.
std::string htmlEscape(const std::string &S);

} // namespace lds

#endif
