//===- Evaluation.h - Every access re-costed on every target and reading --===//
//
// Every candidate is evaluated the way `check` evaluates the source: each
// access's byte offset is rebuilt from its subscripts under the candidate's
// layout (relayout) and handed to the ConflictAnalyzer, for every target and,
// where a bank-model row is disputed, for each of its readings (a copy of the
// target with the row replaced by the alternative).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PLANNER_EVALUATION_H
#define LDS_PLANNER_EVALUATION_H

#include "analysis/BlockCost.h"
#include "analysis/ConflictAnalyzer.h"
#include "planner/FixPlanner.h"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace lds::planner {

/// Costs closer than this are equal.
constexpr double Eps = 1e-9;

struct Reading {
  double Passes = 0, Ideal = 0;
  double degree() const { return conflictDegree(Passes, Ideal); }
};

/// One access on one target: Readings[0] is the default reading, then one
/// per alternative of its disputed row.
struct Cell {
  bool Ok = true;
  std::string Why;
  std::vector<Reading> Readings;
  /// Where the default reading conflicts ("lanes 0,16 hit bank 3 at 2
  /// different words"), for refusals; empty when it does not.
  std::string Lanes;
  /// The share of the block's waves that execute the access (default
  /// reading's worst binding): a wave with no active lane issues nothing.
  double WaveShare = 1;
  unsigned ExecutingWaves = 0, BlockWaves = 0;
};

/// Access Access on target Target, a cell of an Evaluation, whose passes
/// (default reading) a candidate changes From -> To.
struct CellRef {
  size_t Target = 0, Access = 0;
  double From = 0, To = 0;
  /// Where the access conflicts in the state it leaves (To > From) or left
  /// (To < From): Cell::Lanes.
  std::string Lanes;
  /// How often the access issues (Evaluator::weight of the access and cell).
  double Weight = 1;
};

struct Evaluation {
  bool Ok = true;
  std::string Why;
  SourceLoc WhyLoc;
  std::vector<std::vector<Cell>> Cells; ///< [target][access]
  double Cost = 0, AltCost = 0;
  std::vector<double> TargetCost; ///< Cost's share of each target
  /// The same with every access at its ideal passes: what no layout beats.
  std::vector<double> TargetIdeal;
};

/// A target and, per access, the copies of it whose disputed row is
/// replaced by each alternative reading.
struct TargetCtx {
  const TargetModel *T = nullptr;
  std::vector<std::vector<const TargetModel *>> Variants; ///< [access]
  unsigned AltBanks = 0;
};

class Evaluator {
public:
  Evaluator(const std::vector<const Access *> &Accesses,
            const std::vector<const TargetModel *> &Targets, const BankModel &Model,
            const PlanOptions &Opts);
  Evaluator(const Evaluator &) = delete; // TargetCtx points into VariantTargets
  Evaluator &operator=(const Evaluator &) = delete;

  const std::vector<TargetCtx> &targets() const { return Ctxs; }

  /// How often an access runs per thread: the trip count of each loop
  /// around it whose counter its index reads (the counter's known values),
  /// times 8 for each other loop (trip count unknown), at most 8^6 of those.
  static double weight(const Access &A);
  /// weight(A) times the share of the block's waves that execute it on
  /// that target (Cell::WaveShare): the passes one block issues, per wave.
  static double weight(const Access &A, const Cell &C) { return weight(A) * C.WaveShare; }

  /// Evaluates the accesses with the byte offsets Offsets (one per access).
  Evaluation evaluate(const std::vector<ExprRef> &Offsets) const;

  /// The first target on which C issues more weighted passes than Base
  /// (default reading), as a sentence naming the access C makes worse most;
  /// empty if none. An access may get worse where others gain more: the
  /// objective is the passes the kernel issues, per target.
  /// Worse: changedCells(Base, C, true), computed once by the caller.
  std::string slower(const Evaluation &Base, const Evaluation &C,
                     const std::vector<CellRef> &Worse) const;

  /// Every access that C makes worse (Worse) or better (!Worse) than Base,
  /// on each target (default reading), target by target.
  std::vector<CellRef> changedCells(const Evaluation &Base, const Evaluation &C,
                                    bool Worse) const;

private:
  TargetCtx contextOf(const TargetModel *T);
  /// Access I (at byte offset Copy.ByteOffset) on target Ctx, every reading.
  Cell evaluateCell(const TargetCtx &Ctx, size_t I, const Access &Copy, Evaluation &E) const;

  const std::vector<const Access *> &Accesses;
  ConflictAnalyzer Analyzer;
  const PlanOptions &Opts;
  std::vector<TargetCtx> Ctxs;
  std::map<std::tuple<const TargetModel *, size_t, size_t>, TargetModel> VariantTargets;
};

/// Worst degree of the accesses on target T, default reading or (Alt) the
/// alternative readings (1 when there is none).
double worstDegree(const Evaluation &E, size_t T, bool Alt);

/// The worst target's weighted passes over its ideal ones (1: every
/// target conflict-free): the cost across targets is that of the slowest,
/// each measured against what it could issue at best, since the passes of
/// different targets are not of one size.
double worstTargetFactor(const Evaluation &E);

/// True if some access on target T has an alternative reading.
bool hasAlternatives(const Evaluation &E, size_t T);

/// True if every access is conflict-free on every target under every
/// reading: nothing can do better.
bool allIdeal(const Evaluation &E);

/// True if some access conflicts on some target under its default reading.
bool anyConflict(const Evaluation &E);

} // namespace lds::planner

#endif
