//===- TransposeRead.cpp - Proving a column read is one transpose load ----===//

#include "analysis/TransposeRead.h"

#include "analysis/LaneEvaluator.h"

#include <map>

namespace lds {

namespace {

std::string str(int64_t V) { return std::to_string(V); }

/// Every combination of the symbols' values (at most Cap), or why not.
std::string symbolCombinations(const Access &A, const std::string &Counter,
                               std::vector<std::map<std::string, int64_t>> &Out) {
  Out.assign(1, {});
  for (const auto &[Name, Info] : A.Symbols) {
    if (Name == Counter)
      continue;
    if (Info.Dom == SymbolInfo::Free)
      return "its index reads " + Info.Description +
             ", a value not known here (--assume NAME=VALUE settles it)";
    if (!Info.Note.empty())
      return "its index reads " + Info.Description + ", of which only some values are known (" +
             Info.Note + ")";
    // The first iterations give every bank cost, not every address.
    if ((Info.Truncated || Info.CountsIterations) && symbolsRead(A).count(Name))
      return "its index reads " + Info.Description + ", of which only the first " +
             str(int64_t(Info.Vals.size())) + " values are followed";
    std::vector<std::map<std::string, int64_t>> Next;
    for (const auto &Env : Out)
      for (int64_t V : Info.Vals) {
        Next.push_back(Env);
        Next.back()[Name] = V;
      }
    if (Next.size() > 4096)
      return "its index reads more than 4096 combinations of values";
    Out = std::move(Next);
  }
  return "";
}

} // namespace

std::string proveColumnRead(const TransposeInstr &I, const ColumnRead &R) {
  if (R.Reads.empty())
    return "the front end did not model the read";
  if (R.Count != I.Elements)
    return "each lane reads " + str(R.Count) + " values, " + I.Mnemonic + " gives it " +
           str(I.Elements);
  bool Unrolled = R.Counter.empty();
  if (Unrolled ? R.Reads.size() != R.Count : R.Reads.size() != 1)
    return "the front end modelled " + str(R.Reads.size()) + " reads for the loop's " +
           str(R.Count);
  const Access &First = *R.Reads.front();
  for (const Access *A : R.Reads) {
    for (const std::string &N : A->Notes)
      if (N.find(DroppedGuardNote) != std::string::npos)
        return "a guard was assumed true for every lane (" + N +
               "): EXEC might not be all ones";
    if (A->Block.Dims != First.Block.Dims || A->Kernel != First.Kernel)
      return "the reads of one loop run in different blocks";
  }
  if (!Unrolled) {
    auto It = First.Symbols.find(R.Counter);
    bool Exact = It != First.Symbols.end() && It->second.Dom == SymbolInfo::Values &&
                 It->second.Note.empty() && It->second.Vals.size() == R.Count;
    for (unsigned J = 0; Exact && J < R.Count; ++J)
      Exact = It->second.Vals[J] == int64_t(J);
    if (!Exact)
      return "the loop's counter does not run 0 to " + str(R.Count - 1);
  }
  const unsigned Threads = First.Block.threads();
  if (Threads % I.WaveSize)
    return "a block of " + str(Threads) + " threads ends in a partial wave of " + I.Target +
           ": EXEC would not be all ones there";
  std::vector<std::map<std::string, int64_t>> Combos;
  if (std::string Why = symbolCombinations(First, R.Counter, Combos); !Why.empty())
    return Why;
  for (const Access *A : R.Reads)
    if (A != &First && A->Symbols.size() != First.Symbols.size())
      return "the iterations read different symbols";
  const auto &D = First.Block.Dims;
  for (auto &Syms : Combos)
    for (unsigned W = 0; W < Threads / I.WaveSize; ++W) {
      std::vector<std::vector<int64_t>> Orig(I.WaveSize);
      for (unsigned L = 0; L < I.WaveSize; ++L) {
        unsigned Tid = W * I.WaveSize + L;
        LaneEnv Env;
        Env.ThreadIdx = {Tid % D[0], Tid / D[0] % D[1], Tid / (D[0] * D[1])};
        Env.BlockDim = {D[0], D[1], D[2]};
        Env.LaneId = L;
        Env.WaveSize = I.WaveSize;
        for (unsigned J = 0; J < R.Count; ++J) {
          const Access &A = Unrolled ? *R.Reads[J] : First;
          if (!Unrolled)
            Syms[R.Counter] = J;
          Env.Symbols = &Syms;
          std::string Why;
          if (A.Predicate) {
            auto P = LaneEvaluator::eval(*A.Predicate, Env, &Why);
            if (!P)
              return "its guard is not known for lane " + str(Tid) + ": " + Why;
            if (!*P)
              return "thread " + str(Tid) + " does not run it: EXEC would not be all ones";
          }
          auto Off = LaneEvaluator::eval(*A.ByteOffset, Env, &Why);
          if (!Off)
            return "the address of thread " + str(Tid) + " is not known: " + Why;
          if (*Off % I.ElementBytes)
            return "thread " + str(Tid) + " reads inside an element";
          Orig[L].push_back(*Off / I.ElementBytes);
        }
      }
      std::vector<int64_t> Addr;
      if (std::string Why = proveTranspose(I, Orig, R.RowLength, R.RowLength, Addr); !Why.empty())
        return "in wave " + str(W) + " of a block of " + str(D[0]) + "x" + str(D[1]) + "x" +
               str(D[2]) + ": " + Why;
    }
  return "";
}

} // namespace lds
