//===- TextReporter.cpp - Findings as clang-style diagnostics -------------===//

#include "report/TextReporter.h"

#include <set>

#include "report/DiagPrinter.h"
#include "report/Findings.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace lds {

PlainLocation plainLocation(const SourceManager &SM, SourceLocation L) {
  PlainLocation P;
  if (L.isInvalid())
    return P;
  auto [FID, Offset] = SM.getDecomposedLoc(SM.getExpansionLoc(L));
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return P;
  P.File = FE->getName().str();
  llvm::SmallString<256> Abs(P.File);
  SM.getFileManager().makeAbsolutePath(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  P.Path = std::string(Abs);
  P.Offset = Offset;
  P.Line = SM.getLineNumber(FID, Offset);
  P.Column = SM.getColumnNumber(FID, Offset);
  // UTF-16 code units from the start of the line: a UTF-8 lead byte is one,
  // a 4-byte sequence (outside the BMP) two.
  llvm::StringRef Text = SM.getBufferData(FID);
  unsigned Units = 0;
  for (unsigned I = Offset - (P.Column - 1); I < Offset && I < Text.size(); ++I) {
    unsigned char C = Text[I];
    if ((C & 0xC0) != 0x80)
      Units += C >= 0xF0 ? 2 : 1;
  }
  P.Utf16Column = Units + 1;
  return P;
}

TextSummary reportAsText(ASTContext &Ctx, const AnalyzedFile &F, llvm::raw_ostream &OS, bool Color,
                         std::vector<ReportedFinding> *Collected) {
  TextSummary Summary;
  const SourceManager &SM = Ctx.getSourceManager();
  DiagPrinter Out(Ctx, Color);
  // What has been rendered since the last diagnostic that was not a note
  // belongs to the finding recorded last.
  auto Flush = [&] {
    std::string Text = Out.take();
    OS << Text;
    if (Collected && !Collected->empty())
      Collected->back().Text += Text;
  };
  auto Record = [&](DiagnosticsEngine::Level Level, SourceLocation L, const std::string &M) {
    if (!Collected)
      return;
    if (Level == DiagnosticsEngine::Note) {
      if (!Collected->empty())
        Collected->back().Notes.push_back({plainLocation(SM, L), M});
      return;
    }
    ReportedFinding R;
    R.Level = Level;
    R.Loc = plainLocation(SM, L);
    R.Message = M;
    Collected->push_back(std::move(R));
  };
  auto Warn = [&](SourceLocation L, const std::string &M) {
    Flush();
    Record(DiagnosticsEngine::Warning, L, M);
    Out.report(DiagnosticsEngine::Warning, L, M, "lds-bank-conflict");
  };
  auto Remark = [&](SourceLocation L, const std::string &M) {
    Flush();
    Record(DiagnosticsEngine::Remark, L, M);
    Out.report(DiagnosticsEngine::Remark, L, M, "lds-bank-conflict");
  };
  auto Note = [&](SourceLocation L, const std::string &M) {
    Record(DiagnosticsEngine::Note, L, M);
    Out.report(DiagnosticsEngine::Note, L, M);
  };
  auto Describe = [&](const Finding &G) {
    if (!Collected)
      return;
    const Access &A = F.Built.M.Accesses[G.Members[0]];
    Collected->back().Accesses = G.Members;
    Collected->back().ArrayId = A.ArrayId;
    Collected->back().Identity = A.ArrayId + "|" + kindsText(F, G) + "|" + A.IndexText;
  };

  if (F.UsedFallbackHeaders)
    Remark(SourceLocation(), "parsed " + F.File +
                                 " with lds-rewrite's minimal GPU headers: no "
                                 "HIP/CUDA installation was found");

  for (const Finding &G : groupFindings(F)) {
    FindingText T = describeFinding(SM, F, G, SettingNames());
    if (!T.Warning.empty()) {
      ++Summary.Warnings;
      Warn(T.Loc, T.Warning);
      Describe(G);
      for (const FindingNote &N : T.Notes)
        Note(N.Loc, N.Message);
    }
    if (!T.Remark.empty()) {
      ++Summary.Unknowns;
      Remark(T.Loc, T.Remark);
      Describe(G);
    }
  }
  Flush();
  return Summary;
}

std::string assumedShapeNotes(const AnalyzedFile &F, const std::vector<ReportedFinding> &Found) {
  std::set<std::string> WithFinding;
  for (const ReportedFinding &R : Found)
    for (size_t I : R.Accesses)
      WithFinding.insert(F.Built.M.Accesses[I].Kernel);
  std::set<std::string> Said;
  std::string Out;
  for (const Access &A : F.Built.M.Accesses) {
    if (A.Block.Source != BlockSource::Default || WithFinding.count(A.Kernel) ||
        !Said.insert(A.Kernel).second)
      continue;
    Out += "note: kernel '" + A.Kernel + "' was analysed with block shape " +
           std::to_string(A.Block.Dims[0]) + "x" + std::to_string(A.Block.Dims[1]) + "x" +
           std::to_string(A.Block.Dims[2]) +
           ", assumed by default (no launch with constant dimensions and no "
           "__launch_bounds__ give one): no conflict under it; use --block to "
           "set the real one\n";
  }
  return Out;
}

} // namespace lds
