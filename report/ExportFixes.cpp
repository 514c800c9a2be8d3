//===- ExportFixes.cpp - --export-fixes, as clang-tidy writes it -----------===//

#include "report/ExportFixes.h"
#include "report/CheckNames.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace lds {

bool isExported(const ReportFinding &R) {
  // lds-bank-conflict's findings are about accesses; a remark without any
  // says how the file was parsed.
  return R.Loc.valid() && !R.Suppressed && (!R.Accesses.empty() || R.Check != CheckName);
}

std::string findingKey(const ReportFinding &R) {
  // The level as clang numbers it, as the key always did.
  DiagnosticsEngine::Level Level =
      R.Level == Severity::Warning ? DiagnosticsEngine::Warning : DiagnosticsEngine::Remark;
  return R.Loc.Path + ":" + std::to_string(R.Loc.Offset) + ":" +
         std::to_string(static_cast<int>(Level)) + ":" + R.Message;
}

bool fixes(const PlainFix &Fix, const ReportFinding &R) {
  return isExported(R) && R.Level == Severity::Warning &&
         (Fix.Identity.empty() ? Fix.ArrayIds.count(R.ArrayId) > 0 : Fix.Identity == R.Identity);
}

void attachFixes(FileReport &F) {
  for (size_t X = 0; X < F.Fixes.size(); ++X)
    for (ReportFinding &R : F.Findings)
      if (R.Fix < 0 && fixes(F.Fixes[X], R)) {
        R.Fix = static_cast<int>(X);
        break;
      }
}

FixesExport::FixesExport(std::string MainSourceFile) {
  TUD.MainSourceFile = std::move(MainSourceFile);
}

void FixesExport::add(const FileReport &F) {
  auto Message = [](const std::string &Text, const PlainLocation &L) {
    tooling::DiagnosticMessage M(Text);
    if (L.valid()) {
      M.FilePath = L.Path;
      M.FileOffset = L.Offset;
    } else {
      M.FileOffset = 0;
    }
    return M;
  };
  std::set<std::string> Added;
  for (const ReportFinding &R : F.Findings) {
    if (!isExported(R))
      continue;
    std::string Key = findingKey(R);
    if (Seen.count(Key) || !Added.insert(Key).second)
      continue;
    tooling::Diagnostic D(R.Check,
                          R.Level == Severity::Warning ? tooling::Diagnostic::Warning
                                                       : tooling::Diagnostic::Remark,
                          F.BuildDirectory);
    D.Message = Message(R.Message, R.Loc);
    if (R.Fix >= 0)
      for (const PlainEdit &E : F.Fixes[R.Fix].Edits) {
        tooling::Replacement Rep(E.Start.Path, E.Start.Offset, E.Length, E.Text);
        if (llvm::Error Err = D.Message.Fix[E.Start.Path].add(Rep))
          llvm::consumeError(std::move(Err)); // planFixes merged them already
      }
    for (const ReportNote &N : R.Notes)
      D.Notes.push_back(Message(N.Message, N.Loc));
    TUD.Diagnostics.push_back(std::move(D));
  }
  Seen.insert(Added.begin(), Added.end());
}

std::string FixesExport::render() {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::yaml::Output YAML(OS);
  YAML << TUD;
  return Out;
}

llvm::Error FixesExport::write(llvm::StringRef Path) {
  std::string Text = render();
  return llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
    OS << Text;
    return llvm::Error::success();
  });
}

} // namespace lds
