//===- SarifReport.cpp - --format=sarif: SARIF 2.1.0 for code scanning ----===//

#include "report/SarifReport.h"

#include <algorithm>

#include "report/CheckNames.h"
#include "report/ExportFixes.h"
#include "report/HostErrorText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

// Both come from report/CMakeLists.txt. LDS_REWRITE_HOMEPAGE is the https
// address of the repository's files (README.md and docs/ below it), or empty:
// then the log has no informationUri and no helpUri (never a file:// path of
// the build machine), and each rule's help names its page in docs/checks/.
#if !defined(LDS_REWRITE_VERSION) || !defined(LDS_REWRITE_HOMEPAGE)
#error "LDS_REWRITE_VERSION and LDS_REWRITE_HOMEPAGE must be defined"
#endif

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace lds {

namespace {

/// Percent-encodes what may not stand in a URI path.
std::string encodePath(llvm::StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("-._~/!$&'()*+,;=:@").contains(C))
      Out += C;
    else
      Out += "%" + llvm::utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Out;
}

Object region(const PlainLocation &L) {
  return Object{{"startLine", static_cast<int64_t>(L.Line)},
                {"startColumn", static_cast<int64_t>(L.Utf16Column)}};
}

const char *SrcRoot = "%SRCROOT%";

std::string absolute(const std::string &File) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

} // namespace

std::string fileURI(const std::string &AbsPath) { return "file://" + encodePath(AbsPath); }

SarifReport::SarifReport(std::string Root) : SourceRoot(std::move(Root)) {
  if (SourceRoot.empty() || SourceRoot.back() != '/')
    SourceRoot += '/';
}

Object sarifArtifact(const std::string &SourceRoot, const std::string &Path) {
  llvm::StringRef P(Path);
  if (P.consume_front(SourceRoot))
    return Object{{"uri", encodePath(P)}, {"uriBaseId", SrcRoot}};
  // The root has its symbolic links resolved (ProjectRoot.h): so must the
  // path be before it can be compared.
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real)) {
    llvm::StringRef R(Real);
    if (R.consume_front(SourceRoot))
      return Object{{"uri", encodePath(R)}, {"uriBaseId", SrcRoot}};
  }
  return Object{{"uri", fileURI(Path)}};
}

Object SarifReport::artifactLocation(const std::string &Path) const {
  return sarifArtifact(SourceRoot, Path);
}

void SarifReport::add(const FileReport &F) {
  if (!F.Error.empty())
    addError(F.File, F.Error);
  addHostErrors(F.HostErrors);
  addFindings(F);
}

void SarifReport::addFindings(const FileReport &F) {
  std::set<std::string> Added;
  for (const ReportFinding &R : F.Findings) {
    // Suppressed findings too, marked so (isExported leaves them out).
    if (!R.Loc.valid() || (R.Accesses.empty() && R.Check == CheckName))
      continue;
    std::string Key = findingKey(R);
    if (Seen.count(Key) || !Added.insert(Key).second)
      continue;
    int64_t RuleIndex = 0;
    if (R.Check != CheckName) {
      auto It = std::find(OtherRules.begin(), OtherRules.end(), R.Check);
      RuleIndex = 1 + (It - OtherRules.begin());
      if (It == OtherRules.end())
        OtherRules.push_back(R.Check);
    }
    Object Result{{"ruleId", R.Check},
                  {"ruleIndex", RuleIndex},
                  {"level", R.Level == Severity::Warning ? "warning" : "note"},
                  {"message", Object{{"text", R.Message}}}};
    Result["locations"] =
        Array{Object{{"physicalLocation", Object{{"artifactLocation", artifactLocation(R.Loc.Path)},
                                                 {"region", region(R.Loc)}}}}};
    Array Related, Notes;
    for (const ReportNote &N : R.Notes) {
      if (!N.Loc.valid()) {
        Notes.push_back(N.Message);
        continue;
      }
      Related.push_back(
          Object{{"id", static_cast<int64_t>(Related.size())},
                 {"message", Object{{"text", N.Message}}},
                 {"physicalLocation", Object{{"artifactLocation", artifactLocation(N.Loc.Path)},
                                             {"region", region(N.Loc)}}}});
    }
    if (!Related.empty())
      Result["relatedLocations"] = std::move(Related);
    if (R.Fix >= 0 && !R.Suppressed) {
      const PlainFix &Fix = F.Fixes[R.Fix];
      // One artifactChange per file, its replacements in order.
      std::vector<std::string> Files;
      std::map<std::string, Array> PerFile;
      for (const PlainEdit &E : Fix.Edits) {
        if (!PerFile.count(E.Start.Path))
          Files.push_back(E.Start.Path);
        PerFile[E.Start.Path].push_back(Object{
            {"deletedRegion", Object{{"startLine", static_cast<int64_t>(E.Start.Line)},
                                     {"startColumn", static_cast<int64_t>(E.Start.Utf16Column)},
                                     {"endLine", static_cast<int64_t>(E.End.Line)},
                                     {"endColumn", static_cast<int64_t>(E.End.Utf16Column)}}},
            {"insertedContent", Object{{"text", E.Text}}}});
      }
      Array Changes;
      for (const std::string &P : Files)
        Changes.push_back(Object{{"artifactLocation", artifactLocation(P)},
                                 {"replacements", std::move(PerFile[P])}});
      Result["fixes"] = Array{Object{{"description", Object{{"text", Fix.Description}}},
                                     {"artifactChanges", std::move(Changes)}}};
    }
    // Stable while lines move: the file, the array, the kind of access and
    // its index as written; a counter tells identical ones apart.
    Value Uri = artifactLocation(R.Loc.Path)["uri"];
    std::string Identity = Uri.getAsString()->str() + "|" + R.Identity;
    std::string Base = llvm::utohexstr(llvm::xxh3_64bits(llvm::StringRef(Identity)),
                                       /*LowerCase=*/true, 16);
    unsigned N = ++FingerprintCounts[Base];
    Result["partialFingerprints"] =
        Object{{"ldsBankConflictHash/v1", Base + ":" + std::to_string(N)}};
    if (R.Suppressed)
      Result["suppressions"] =
          Array{Object{{"kind", "inSource"},
                       {"justification", "// lds-rewrite: ignore or NOLINT(lds-bank-conflict)"}}};
    if (!Notes.empty())
      Result["properties"] = Object{{"notes", std::move(Notes)}};
    Results.push_back(std::move(Result));
  }
  Seen.insert(Added.begin(), Added.end());
}

void SarifReport::addError(const std::string &File, const std::string &Message) {
  Notifications.push_back(
      Object{{"level", "error"},
             {"locations",
              Array{Object{{"physicalLocation",
                            Object{{"artifactLocation", artifactLocation(absolute(File))}}}}}},
             {"message", Object{{"text", Message}}}});
}

void SarifReport::addHostErrors(const std::vector<HostError> &Errors) {
  if (Errors.empty())
    return;
  const HostError &First = Errors.front();
  // The line only: clang's column counts bytes, SARIF's UTF-16 code units.
  Object Where{{"artifactLocation", artifactLocation(absolute(First.File))},
               {"region", Object{{"startLine", static_cast<int64_t>(First.Line)}}}};
  Notifications.push_back(
      Object{{"level", "warning"},
             {"locations", Array{Object{{"physicalLocation", std::move(Where)}}}},
             {"message", Object{{"text", hostErrorSummary(Errors)}}}});
}

std::string docsURL(llvm::StringRef Page) {
  llvm::StringRef Base(LDS_REWRITE_HOMEPAGE);
  if (Base.empty())
    return "";
  return (Base.rtrim('/') + "/" + Page).str();
}

Object sarifRule(llvm::StringRef Id, llvm::StringRef Name, llvm::StringRef Short,
                 llvm::StringRef Full) {
  // help: what GitHub code scanning shows under "Rule help" (GH2012 wants
  // one on every rule). The reference page is docs/checks/<id>.md of the
  // repository; a link only where the build knows its address.
  // json::Value keeps a StringRef as it is: every string is copied here.
  std::string Page = ("docs/checks/" + Id + ".md").str();
  std::string URL = docsURL(Page);
  std::string I = Id.str(), S = Short.str(), F = Full.str();
  std::string Text = S + ".\n\n" + F + "\n\nReference: " + Page +
                     " in the lds-rewrite repository" + (URL.empty() ? "" : " (" + URL + ")") +
                     ". Silence one finding with // NOLINT(" + I + "), the check with --checks=-" +
                     I + ".";
  std::string Markdown = "**" + S + "**\n\n" + F + "\n\nReference: " +
                         (URL.empty() ? "`" + Page + "`" : "[" + Page + "](" + URL + ")") +
                         " in the lds-rewrite repository. Silence one finding with `// NOLINT(" +
                         I + ")`, the check with `--checks=-" + I + "`.";
  Object Rule{{"id", I},
              {"name", Name.str()},
              {"shortDescription", Object{{"text", S}}},
              {"fullDescription", Object{{"text", F}}},
              {"help", Object{{"text", std::move(Text)}, {"markdown", std::move(Markdown)}}},
              {"defaultConfiguration", Object{{"level", "warning"}}},
              {"properties", Object{{"tags", Array{"performance", "gpu"}},
                                    {"precision", "high"},
                                    {"problem.severity", "warning"}}}};
  if (!URL.empty())
    Rule["helpUri"] = URL;
  return Rule;
}

namespace {

/// "lds-foo-bar" -> "LdsFooBar".
std::string camelName(llvm::StringRef Check) {
  std::string Out;
  bool Up = true;
  for (char C : Check) {
    if (C == '-') {
      Up = true;
      continue;
    }
    Out += Up ? llvm::toUpper(C) : C;
    Up = false;
  }
  return Out;
}

} // namespace

Value SarifReport::render(bool Successful) const {
  Array Rules{sarifRule(CheckName, "LdsBankConflict", "GPU shared-memory (LDS) bank conflict",
                        "A __shared__ (LDS) access whose lanes ask one memory bank for "
                        "several different words, so that one wave instruction takes "
                        "several bank cycles instead of one. lds-rewrite --fix removes "
                        "it by padding the array's rows or XOR-swizzling its columns.")};
  for (const std::string &Check : OtherRules) {
    if (Check == RedundantBarrierCheck)
      Rules.push_back(sarifRule(
          RedundantBarrierCheck, "LdsRedundantBarrier", "A barrier that orders nothing",
          "A __syncthreads() (or block sync) that orders no pair of accesses by "
          "different threads that another barrier does not order already: "
          "only register code runs since the barrier before it. lds-rewrite "
          "--fix removes it."));
    else if (Check == ReductionTailCheck)
      Rules.push_back(sarifRule(
          ReductionTailCheck, "LdsReductionTail",
          "A tree reduction over LDS with a barrier per level down to one lane",
          "A reduction loop over a __shared__ array that halves (or doubles) its stride "
          "with one barrier per level, including the levels that stay within one wave. "
          "lds-rewrite --fix does those levels with wave shuffles in the same pairs, so "
          "the sums are bitwise the same, and drops their barriers."));
    else if (Check == ExposedWriteLatencyCheck)
      Rules.push_back(sarifRule(
          ExposedWriteLatencyCheck, "LdsExposedWriteLatency",
          "An LDS refill waited for at once, the next loads behind the barrier",
          "A loop that refills an LDS tile from global memory and waits for the LDS "
          "stores at once with a barrier, issuing the next iteration's global loads "
          "only after the loop's trailing barrier. lds-rewrite --fix prefetches the "
          "next iteration's loads into registers across the barriers, where the "
          "rules of moving code across a barrier allow it."));
    else {
      // A check this file has no words for yet: still a rule, so that
      // ruleIndex points at one, with its reference page as the help.
      Rules.push_back(sarifRule(Check, camelName(Check), "lds-rewrite check " + Check,
                                "A finding of the lds-rewrite check of this name; its "
                                "reference page says what it finds and how it fixes it."));
    }
  }
  Object Invocation{{"executionSuccessful", Successful}};
  if (!Notifications.empty())
    Invocation["toolExecutionNotifications"] = Array(Notifications);
  return sarifLog(SourceRoot, std::move(Rules), Array(Results), std::move(Invocation));
}

Value sarifLog(const std::string &SourceRoot, Array Rules, Array Results, Object Invocation) {
  std::string Root = SourceRoot;
  if (Root.empty() || Root.back() != '/')
    Root += '/';
  Object Driver{{"name", "lds-rewrite"},
                {"version", LDS_REWRITE_VERSION},
                {"semanticVersion", LDS_REWRITE_VERSION},
                {"rules", std::move(Rules)}};
  std::string Info = docsURL("README.md");
  if (!Info.empty())
    Driver["informationUri"] = Info;
  Object Run{{"tool", Object{{"driver", std::move(Driver)}}},
             {"originalUriBaseIds", Object{{SrcRoot, Object{{"uri", fileURI(Root)}}}}},
             {"columnKind", "utf16CodeUnits"},
             {"invocations", Array{std::move(Invocation)}},
             {"results", std::move(Results)}};
  return Object{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                {"version", "2.1.0"},
                {"runs", Array{std::move(Run)}}};
}

} // namespace lds
