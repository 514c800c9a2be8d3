//===- ConflictExplain.cpp - One line saying where the conflict is --------===//

#include "analysis/ConflictAnalyzer.h"

#include <string>

namespace lds {

namespace {

/// "0-7,16-23": sorted lane numbers, runs of three or more compressed.
std::string laneList(const std::vector<unsigned> &Lanes) {
  std::string S;
  for (size_t I = 0; I < Lanes.size();) {
    size_t J = I;
    while (J + 1 < Lanes.size() && Lanes[J + 1] == Lanes[J] + 1)
      ++J;
    if (!S.empty())
      S += ",";
    S += std::to_string(Lanes[I]);
    if (J == I + 1)
      S += "," + std::to_string(Lanes[J]);
    else if (J > I)
      S += "-" + std::to_string(Lanes[J]);
    I = J + 1;
  }
  return S;
}

} // namespace

std::string AccessResult::explain() const {
  if (Status == ResultStatus::Unknown)
    return Reason;
  const ConflictWitness &W = Witness;
  if (W.LanesOnBank.empty())
    return "no lane executes the access";
  std::string Lanes = laneList(W.LanesOnBank);
  std::string Bank = std::to_string(W.Bank);
  std::string S;
  // Every active lane of the group on one bank, each with its own word: the
  // textbook column walk.
  if (W.LanesOnBank.size() > 1 && W.LanesOnBank.size() == W.ActiveLanesInGroup &&
      W.WordsOnBank == W.LanesOnBank.size())
    S = "lanes " + Lanes + " all hit bank " + Bank;
  else
    S = std::string(W.LanesOnBank.size() == 1 ? "lane " : "lanes ") + Lanes + " hit bank " + Bank +
        " at " + std::to_string(W.WordsOnBank) +
        (W.WordsOnBank == 1 ? " word" : " different words");
  if (W.Merged)
    S += " (pairs merged)";
  return S;
}

} // namespace lds
