//===- TransposeFindings.cpp - The words of lds-transpose-load's findings -===//

#include "report/TransposeFindings.h"

#include "analysis/TransposeLoad.h"

namespace lds {

BarrierFindingText describeTranspose(const AnalyzedFile &F, size_t I) {
  const MatchedTranspose &M = F.Transposes[I];
  BarrierFindingText Out;
  clang::SourceLocation Loc = M.Loop->getBeginLoc();
  Out.Text.Loc = Loc;
  std::string Instrs;
  // The promise names only the targets whose proof held (the notes say
  // why the others have no fix); with none, every candidate is named.
  for (size_t K = 0; K < M.Targets.size(); ++K) {
    if (M.anyProven() && !M.Refusals[K].empty())
      continue;
    const std::string &T = M.Targets[K];
    const TransposeInstr *In = transposeInstrFor(T, M.ElementBytes);
    Instrs += std::string(Instrs.empty() ? "" : ", ") + In->Mnemonic + " on " + T;
  }
  // Only where the proof held does the warning promise the values; else
  // it says the read stays narrow and the notes say why.
  Out.Text.Warning = "'" + M.ArrayName + "' is read down a column, " + std::to_string(M.Count) +
                     " values of " + std::to_string(M.ElementBytes) + " byte" +
                     (M.ElementBytes == 1 ? "" : "s") + " per lane, one narrow LDS read each; " +
                     (M.anyProven() ? "one transpose load (" + Instrs +
                                          ") could give every lane the same values"
                                    : "no transpose load (" + Instrs +
                                          ") is proven to give every lane these values");
  Out.Identity = "transpose|" + M.KernelName + "|" + M.ArrayName + "|" +
                 std::to_string(M.Loc.Line);
  for (size_t K = 0; K < M.Targets.size(); ++K) {
    if (M.Refusals[K].empty()) {
      Out.Fixable = true;
      Out.Text.Notes.push_back({Loc, M.Targets[K] +
                                         ": proven for every lane of every wave: the exchange "
                                         "delivers exactly the values the loop reads"});
    } else {
      Out.Text.Notes.push_back({Loc, M.Targets[K] + ": no fix: " + M.Refusals[K]});
    }
  }
  if (!M.Others.empty()) {
    std::string List;
    for (const std::string &T : M.Others)
      List += std::string(List.empty() ? "" : ", ") + T;
    Out.Text.Notes.push_back(
        {Loc, List + ": no transpose load; the loop stays as written for " +
                  (M.Others.size() == 1 ? "it" : "them")});
  }
  return Out;
}

} // namespace lds
