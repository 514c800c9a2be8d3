//===- PlannerFixtures.h - Plain arrays and accesses for planner tests ---===//
//
// The bank model, targets by name, arrays, accesses written as subscripts
// (the way the front end gives them), loop counters, and an access re-costed
// under a candidate: shared by FixPlannerTest and LayoutSearchTest.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TEST_UNIT_PLANNERFIXTURES_H
#define LDS_TEST_UNIT_PLANNERFIXTURES_H

#include "TestExpr.h"
#include "analysis/ConflictAnalyzer.h"
#include "planner/FixPlanner.h"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

namespace lds::test {

inline const BankModel &model() {
  static BankModel M = BankModel::builtin();
  return M;
}

inline std::vector<const TargetModel *> targets(std::initializer_list<const char *> Names) {
  std::vector<const TargetModel *> T;
  for (const char *N : Names) {
    T.push_back(model().find(N));
    EXPECT_NE(T.back(), nullptr) << N;
  }
  return T;
}

inline SharedArray array(const char *Name, const char *Type, unsigned ElemBytes,
                  std::vector<uint64_t> Dims, bool Dynamic = false) {
  SharedArray A;
  A.Id = std::string("k/") + Name;
  A.Name = Name;
  A.Kernel = "k";
  A.ElementType = Type;
  A.ElementBytes = ElemBytes;
  A.Dims = std::move(Dims);
  A.Dynamic = Dynamic;
  uint64_t N = 1;
  for (uint64_t D : A.Dims)
    N *= D;
  A.Bytes = N * ElemBytes;
  return A;
}

/// An access to Arr[Subs...] as the front end gives it: the subscripts, and
/// the byte offset row-major in int arithmetic. Flat: a 1-D array indexed
/// Subs[0] * Flat + Subs[1].
inline Access access(const SharedArray &Arr, std::vector<X> Subs, unsigned Width,
              std::array<unsigned, 3> Block, AccessKind Kind = AccessKind::Load, uint64_t Flat = 0,
              unsigned Line = 1) {
  Access A;
  A.ArrayId = Arr.Id;
  A.Kind = Kind;
  A.WidthBytes = Width;
  A.Block.Dims = Block;
  A.Loc = {"k.hip", Line, 5, 0};
  X Elem = Subs[0];
  for (size_t D = 1; D < Subs.size(); ++D)
    Elem = Elem * X(static_cast<int>(Flat ? Flat : Arr.Dims[D])) + Subs[D];
  A.ByteOffset = (Elem * X(static_cast<int>(Arr.ElementBytes))).E;
  A.Subs.Valid = true;
  for (const X &S : Subs)
    A.Subs.Index.push_back(S.E);
  A.Subs.FlatRowLength = Flat;
  A.Subs.InnerBytes = LaneExpr::constant(0);
  return A;
}

inline SymbolInfo loop(std::vector<int64_t> Vals) {
  SymbolInfo S;
  S.Dom = SymbolInfo::Values;
  S.Vals = std::move(Vals);
  S.IsLoopCounter = true;
  return S;
}

inline std::vector<const Access *> ptrs(const std::vector<Access> &V) {
  std::vector<const Access *> P;
  for (const Access &A : V)
    P.push_back(&A);
  return P;
}

inline AccessResult analyzeUnder(const SharedArray &Arr, const Access &A, const FixCandidate &C,
                          const char *Target) {
  Access Copy = A;
  Copy.ByteOffset = relayout(Arr, A, C);
  EXPECT_TRUE(Copy.ByteOffset);
  AccessResult R = ConflictAnalyzer(model()).analyze(Copy, *model().find(Target));
  EXPECT_EQ(R.Status, ResultStatus::Exact) << R.Reason;
  return R;
}

inline std::string considered(const FixPlan &P) {
  std::string S;
  for (const std::string &L : P.Considered)
    S += L + "\n";
  return S;
}

} // namespace lds::test

#endif
