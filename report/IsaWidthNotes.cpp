//===- IsaWidthNotes.cpp - Source accesses against their compiled widths --===//

#include "report/IsaWidthNotes.h"

#include "matchers/AnalyzedFile.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cmath>
#include <set>

using namespace llvm;

namespace lds {

namespace {

std::string costText(const AccessResult &R, unsigned Addresses = 1) {
  if (R.Status == ResultStatus::Unknown)
    return "unknown (" + R.Reason + ")";
  std::string S = formatNumber(R.Passes) + (std::fabs(R.Passes - 1) < 1e-9 ? " pass" : " passes") +
                  (Addresses > 1 ? " per address" : "") + ", ideal " + formatNumber(R.IdealPasses);
  S += R.conflicts() ? " (" + formatNumber(R.Degree) + "-way)" : " (no conflict)";
  return S;
}

/// Distinct mnemonics of a finding, "ds_read2_b32 x2, ds_read_b32".
std::string mnemonicList(const std::vector<CompiledAccess> &Instrs) {
  std::vector<std::pair<std::string, unsigned>> C;
  for (const CompiledAccess &I : Instrs) {
    auto It = std::find_if(C.begin(), C.end(), [&](auto &P) { return P.first == I.Mnemonic; });
    if (It == C.end())
      C.push_back({I.Mnemonic, 1});
    else
      ++It->second;
  }
  std::vector<std::string> S;
  for (auto &[M, N] : C)
    S.push_back(N > 1 ? M + " x" + std::to_string(N) : M);
  return join(S, ", ");
}

} // namespace

void printWidthNotes(raw_ostream &OS, const IsaResult &S, const std::string &Target) {
  std::set<std::string> Kernels;
  for (const Access &A : S.M.Accesses)
    Kernels.insert(A.Kernel);
  for (const WidthFinding &F : S.Widths) {
    if (F.Target != Target)
      continue;
    const Access &A = S.access(F);
    std::string Head = S.Names.show(A.Loc.File) + ":" + std::to_string(A.Loc.Line) + ":" +
                       std::to_string(A.Loc.Column) + ": note: " + Target + ": " +
                       accessKindName(A.Kind) + " of '" + S.arrayName(A) + "'" +
                       (Kernels.size() > 1 ? " in " + A.Kernel : "") + " (" +
                       std::to_string(A.WidthBytes) + " B per lane in the source)";
    if (F.Instrs.empty()) {
      OS << Head << ": no " << (S.Cuda ? "shared-memory" : "ds_*")
         << " instruction carries this line (merged into another "
            "line's instruction, or its location was dropped)\n";
      continue;
    }
    bool Paired = false;
    for (const CompiledAccess &C : F.Instrs)
      Paired |= C.Addresses > 1;
    if (F.Recosted.empty()) {
      if (Paired)
        OS << Head << " is " << mnemonicList(F.Instrs)
           << ": the same width, two addresses per instruction, each its own "
              "access of that width: "
           << costText(S.sourceCost(F), 2) << "\n";
      continue;
    }
    OS << Head << " is " << mnemonicList(F.Instrs) << " in the ISA";
    for (const auto &[W, R] : F.Recosted) {
      unsigned Addr = 1;
      for (const CompiledAccess &C : F.Instrs)
        if (C.WidthBytes == W)
          Addr = std::max(Addr, C.Addresses);
      OS << "; at the compiled " << W << " B: " << costText(R, Addr);
    }
    OS << "; at the source's " << A.WidthBytes << " B: " << costText(S.sourceCost(F)) << "\n";
  }
}

} // namespace lds
