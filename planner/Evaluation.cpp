//===- Evaluation.cpp - Every access re-costed on every target and reading ===//

#include "planner/Evaluation.h"
#include "planner/PlanText.h"

#include <algorithm>
#include <cmath>

namespace lds::planner {

Evaluator::Evaluator(const std::vector<const Access *> &Accesses,
                     const std::vector<const TargetModel *> &Targets, const BankModel &Model,
                     const PlanOptions &Opts)
    : Accesses(Accesses), Analyzer(Model), Opts(Opts) {
  for (const TargetModel *T : Targets)
    Ctxs.push_back(contextOf(T));
}

TargetCtx Evaluator::contextOf(const TargetModel *T) {
  TargetCtx Ctx;
  Ctx.T = T;
  for (const Access *A : Accesses) {
    Ctx.Variants.emplace_back();
    const BankRule *Rule = T->findRule(directionOf(A->Kind), A->WidthBytes, A->Matrix);
    if (!Rule || Rule->Alternatives.empty())
      continue;
    size_t RuleIndex = static_cast<size_t>(Rule - T->Rules.data());
    for (size_t Alt = 0; Alt < Rule->Alternatives.size(); ++Alt) {
      auto Key = std::make_tuple(T, RuleIndex, Alt);
      auto It = VariantTargets.find(Key);
      if (It == VariantTargets.end()) {
        TargetModel V = *T;
        V.Rules[RuleIndex] = Rule->Alternatives[Alt];
        V.Rules[RuleIndex].Alternatives.clear();
        It = VariantTargets.emplace(Key, std::move(V)).first;
      }
      Ctx.Variants.back().push_back(&It->second);
      if (!Ctx.AltBanks)
        Ctx.AltBanks = Rule->Alternatives[Alt].Banks;
    }
  }
  return Ctx;
}

double Evaluator::weight(const Access &A) {
  double W = 1;
  unsigned Known = 0;
  for (const auto &[Name, S] : A.Symbols)
    if (S.IsLoopCounter && S.Dom == SymbolInfo::Values && !S.Vals.empty() && Known < A.LoopDepth) {
      W *= static_cast<double>(S.Vals.size());
      ++Known;
    }
  return W * std::pow(8.0, std::min(A.LoopDepth - Known, 6u));
}

Cell Evaluator::evaluateCell(const TargetCtx &Ctx, size_t I, const Access &Copy,
                             Evaluation &E) const {
  Cell C;
  auto Run = [&](const TargetModel &T) {
    AccessResult R = Analyzer.analyze(Copy, T, Opts.Assumptions);
    if (R.Status != ResultStatus::Exact && C.Ok) {
      C.Ok = false;
      C.Why = R.Reason + " (" + accessText(Copy) + ", " + T.Name + ")";
      if (E.Ok) {
        E.Ok = false;
        E.Why = C.Why;
        E.WhyLoc = Copy.Loc;
      }
    }
    if (C.Readings.empty() && R.conflicts())
      C.Lanes = R.explain();
    if (C.Readings.empty() && R.BlockWaves) {
      C.ExecutingWaves = R.ExecutingWaves;
      C.BlockWaves = R.BlockWaves;
      C.WaveShare = static_cast<double>(R.ExecutingWaves) / R.BlockWaves;
    }
    C.Readings.push_back({R.Passes, R.IdealPasses});
  };
  Run(*Ctx.T);
  for (const TargetModel *V : Ctx.Variants[I])
    Run(*V);
  return C;
}

Evaluation Evaluator::evaluate(const std::vector<ExprRef> &Offsets) const {
  Evaluation E;
  for (const TargetCtx &Ctx : Ctxs) {
    E.Cells.emplace_back();
    E.TargetCost.push_back(0);
    E.TargetIdeal.push_back(0);
    for (size_t I = 0; I < Accesses.size(); ++I) {
      Access Copy = *Accesses[I];
      Copy.ByteOffset = Offsets[I];
      Copy.ArrayBytes = 0; // the layout moves the array; it checks itself
      Cell C = evaluateCell(Ctx, I, Copy, E);
      double W = weight(Copy, C);
      E.Cost += W * C.Readings[0].Passes;
      E.TargetCost.back() += W * C.Readings[0].Passes;
      E.TargetIdeal.back() += W * C.Readings[0].Ideal;
      for (size_t R = 1; R < C.Readings.size(); ++R)
        E.AltCost += W * C.Readings[R].Passes;
      E.Cells.back().push_back(std::move(C));
    }
  }
  return E;
}

std::vector<CellRef> Evaluator::changedCells(const Evaluation &Base, const Evaluation &C,
                                             bool Worse) const {
  std::vector<CellRef> Out;
  for (size_t T = 0; T < Ctxs.size(); ++T)
    for (size_t I = 0; I < Accesses.size(); ++I) {
      double From = Base.Cells[T][I].Readings[0].Passes, To = C.Cells[T][I].Readings[0].Passes;
      if (Worse ? To > From + Eps : To < From - Eps)
        Out.push_back({T, I, From, To, (Worse ? C : Base).Cells[T][I].Lanes,
                       weight(*Accesses[I], C.Cells[T][I])});
    }
  return Out;
}

std::string Evaluator::slower(const Evaluation &Base, const Evaluation &C,
                              const std::vector<CellRef> &Worse) const {
  for (size_t T = 0; T < Ctxs.size(); ++T) {
    if (C.TargetCost[T] <= Base.TargetCost[T] + Eps)
      continue;
    const CellRef *Most = nullptr;
    for (const CellRef &W : Worse)
      if (W.Target == T && (!Most || (W.To - W.From) * W.Weight >
                                         (Most->To - Most->From) * Most->Weight))
        Most = &W;
    std::string Why = "makes " + Ctxs[T].T->Name + " slower (weighted passes " +
                      num(Base.TargetCost[T]) + " -> " + num(C.TargetCost[T]);
    if (Most)
      Why += ": " + accessText(*Accesses[Most->Access]) + " " + num(Most->From) + " -> " +
             num(Most->To) + " passes";
    return Why + ")";
  }
  return "";
}

double worstDegree(const Evaluation &E, size_t T, bool Alt) {
  double Worst = 1;
  for (const Cell &C : E.Cells[T])
    for (size_t R = Alt ? 1 : 0; R < (Alt ? C.Readings.size() : 1); ++R)
      Worst = std::max(Worst, C.Readings[R].degree());
  return Worst;
}

double worstTargetFactor(const Evaluation &E) {
  double Worst = 1;
  for (size_t T = 0; T < E.TargetCost.size(); ++T)
    if (E.TargetIdeal[T] > Eps)
      Worst = std::max(Worst, E.TargetCost[T] / E.TargetIdeal[T]);
  return Worst;
}

bool hasAlternatives(const Evaluation &E, size_t T) {
  for (const Cell &C : E.Cells[T])
    if (C.Readings.size() > 1)
      return true;
  return false;
}

bool allIdeal(const Evaluation &E) {
  for (const auto &Row : E.Cells)
    for (const Cell &C : Row)
      for (const Reading &R : C.Readings)
        if (R.Passes > R.Ideal + Eps)
          return false;
  return true;
}

bool anyConflict(const Evaluation &E) {
  bool AnyConflict = false;
  for (const auto &Row : E.Cells)
    for (const Cell &C : Row)
      AnyConflict |= C.Readings[0].Passes > C.Readings[0].Ideal + Eps;
  return AnyConflict;
}

} // namespace lds::planner
