//===- TextReporter.cpp - Findings as clang-style diagnostics -------------===//

#include "report/TextReporter.h"

#include "report/DiagPrinter.h"

#include <set>

using namespace clang;

namespace lds {

void printFindings(ASTContext &Ctx, BuiltReport &R, bool Color) {
  // One printer for the whole file: clang's printer remembers what it
  // printed last (the include stack), as when the findings were printed in
  // one go.
  DiagPrinter Out(Ctx, Color);
  for (size_t I = 0; I < R.Report.Findings.size(); ++I) {
    ReportFinding &F = R.Report.Findings[I];
    const FindingPlaces &P = R.Places[I];
    Out.report(F.Level == Severity::Warning ? DiagnosticsEngine::Warning
                                            : DiagnosticsEngine::Remark,
               P.Loc, F.Message, F.Check);
    for (size_t N = 0; N < F.Notes.size(); ++N)
      Out.report(DiagnosticsEngine::Note, P.Notes[N], F.Notes[N].Message);
    F.Text = Out.take();
  }
}

std::string assumedShapeNotes(const AnalyzedFile &F, const FileReport &R) {
  std::set<std::string> WithFinding;
  for (const ReportFinding &Found : R.Findings)
    for (size_t I : Found.Accesses)
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
