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

bool isExported(const ReportedFinding &R) {
  return R.Loc.valid() && !R.Suppressed && !R.Accesses.empty() &&
         (R.Level == DiagnosticsEngine::Warning || R.Level == DiagnosticsEngine::Remark);
}

std::string findingKey(const ReportedFinding &R) {
  return R.Loc.Path + ":" + std::to_string(R.Loc.Offset) + ":" +
         std::to_string(static_cast<int>(R.Level)) + ":" + R.Message;
}

void attachFixes(FileFindings &F) {
  for (size_t X = 0; X < F.Fixes.size(); ++X)
    for (ReportedFinding &R : F.Findings)
      if (isExported(R) && R.Level == DiagnosticsEngine::Warning && R.Fix < 0 &&
          F.Fixes[X].ArrayIds.count(R.ArrayId)) {
        R.Fix = static_cast<int>(X);
        break;
      }
}

FixesExport::FixesExport(std::string MainSourceFile) {
  TUD.MainSourceFile = std::move(MainSourceFile);
}

void FixesExport::add(const FileFindings &F) {
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
  for (const ReportedFinding &R : F.Findings) {
    if (!isExported(R))
      continue;
    std::string Key = findingKey(R);
    if (Seen.count(Key) || !Added.insert(Key).second)
      continue;
    tooling::Diagnostic D(CheckName,
                          R.Level == DiagnosticsEngine::Warning ? tooling::Diagnostic::Warning
                                                                : tooling::Diagnostic::Remark,
                          F.BuildDirectory);
    D.Message = Message(R.Message, R.Loc);
    if (R.Fix >= 0)
      for (const PlainEdit &E : F.Fixes[R.Fix].Edits) {
        tooling::Replacement Rep(E.Start.Path, E.Start.Offset, E.Length, E.Text);
        if (llvm::Error Err = D.Message.Fix[E.Start.Path].add(Rep))
          llvm::consumeError(std::move(Err)); // planFixes merged them already
      }
    for (const ReportedNote &N : R.Notes)
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
