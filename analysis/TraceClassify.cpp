//===- TraceClassify.cpp - What a profiler measured, as LDS bottleneck types //

#include "analysis/TraceClassify.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace lds {

namespace {

bool isLdsAccess(MeasuredKind K) {
  return K == MeasuredKind::LdsLoad || K == MeasuredKind::LdsStore || K == MeasuredKind::LdsAtomic;
}

bool isLds(MeasuredKind K) { return isLdsAccess(K) || K == MeasuredKind::LdsOther; }

std::string mnemonic(const std::string &Text) { return Text.substr(0, Text.find(' ')); }

std::string number(double V) {
  char B[32];
  std::snprintf(B, sizeof B, V >= 100 || V == static_cast<long long>(V) ? "%.0f" : "%.1f", V);
  return B;
}

/// Findings of one type on one line, merged: the stall of all, the worst
/// instruction named.
class Collector {
public:
  explicit Collector(const MeasuredKernel &K) : K(K) {}

  void add(TraceType T, size_t I) {
    const MeasuredInst &M = K.Insts[I];
    TraceFinding &F = ByLine[{static_cast<int>(T), M.File, M.Line}];
    F.Type = T;
    F.File = M.File;
    F.Line = F.LastLine = M.Line;
    F.Stall += M.Stall;
    F.Insts.push_back(I);
    if (M.NWay && (!F.NWay || *M.NWay > *F.NWay)) {
      F.NWay = M.NWay;
      F.NWayBytes = M.Bytes;
    }
  }

  std::vector<TraceFinding> take() {
    std::vector<TraceFinding> Out;
    for (auto &[Key, F] : ByLine) {
      // The instruction that stalls most per instance speaks for the line.
      double Worst = -1;
      uint64_t Hits = 0;
      for (size_t I : F.Insts) {
        const MeasuredInst &M = K.Insts[I];
        double Per = M.Hit ? M.Stall / double(M.Hit) : 0;
        Hits = std::max(Hits, M.Hit);
        if (Per > Worst) {
          Worst = Per;
          F.Summary = mnemonic(M.Text);
        }
      }
      F.PerInstance = Worst;
      Out.push_back(std::move(F));
    }
    return Out;
  }

private:
  const MeasuredKernel &K;
  std::map<std::tuple<int, std::string, unsigned>, TraceFinding> ByLine;
};

/// Type B: the LDS write a wait waited on, from the wave files or, without
/// them, from the instructions just before it.
bool waitedOnWrite(const MeasuredKernel &K, size_t W, unsigned Distance) {
  const MeasuredInst &M = K.Insts[W];
  if (!M.WaitedOn.empty()) {
    for (size_t I : M.WaitedOn)
      if (I < K.Insts.size() && K.Insts[I].Kind == MeasuredKind::LdsStore)
        return true;
    return false;
  }
  for (size_t Back = 1; Back <= Distance + 1 && Back <= W; ++Back) {
    MeasuredKind P = K.Insts[W - Back].Kind;
    if (P == MeasuredKind::LdsStore)
      return true;
    if (P == MeasuredKind::LdsWait || P == MeasuredKind::Barrier || P == MeasuredKind::Branch)
      return false;
  }
  return false;
}

/// Type C: the finding of the region [Begin, Last] (a loop when Loop), if
/// its waves run more than the threshold of barriers with LDS accesses in
/// it and, for a loop, no global load.
std::optional<TraceFinding> reductionRegion(const MeasuredKernel &K, const TraceThresholds &T,
                                            size_t Begin, size_t Last, bool Loop) {
  double Barriers = 0, Stall = 0;
  bool Lds = false, Global = false;
  TraceFinding F;
  F.Type = TraceType::C;
  for (size_t J = Begin; J <= Last && J < K.Insts.size(); ++J) {
    const MeasuredInst &M = K.Insts[J];
    if (M.Kind == MeasuredKind::Barrier) {
      Barriers += double(M.Hit);
      F.Insts.push_back(J);
    }
    Lds |= isLds(M.Kind);
    Global |= M.Kind == MeasuredKind::GlobalLoad;
    if (M.Kind == MeasuredKind::Barrier || M.Kind == MeasuredKind::LdsWait || isLds(M.Kind)) {
      Stall += K.Samples ? M.BarrierStall + M.ShortScoreboard : M.Stall;
      F.Counted.push_back(J);
    }
    // The region's lines: those of its barriers and LDS accesses (line 0,
    // "file:?", is none).
    bool Counts = M.Kind == MeasuredKind::Barrier || isLds(M.Kind);
    if (Counts && !M.File.empty() && (F.File.empty() || M.File == F.File)) {
      F.File = M.File;
      if (M.Line) {
        F.Line = F.Line ? std::min(F.Line, M.Line) : M.Line;
        F.LastLine = std::max(F.LastLine, M.Line);
      }
    }
  }
  double PerWave = K.Waves ? Barriers / double(K.Waves) : 0;
  if (!Lds || (Loop && Global) || PerWave <= T.ReductionBarriers || F.File.empty() || !F.Line)
    return std::nullopt;
  F.BarriersPerWave = PerWave;
  F.Stall = Stall;
  F.PerInstance = Barriers ? Stall / Barriers : 0;
  F.Summary = number(PerWave) + " barriers per wave";
  return F;
}

/// Type C: the loops (a branch back to a known target, the outermost of
/// those that qualify), then the stretches between branches outside all
/// such loops (a loop body when the stretch ends with a branch back of
/// unknown target, as Nsight Compute's rows give it).
void reductionRegions(const MeasuredKernel &K, const TraceThresholds &T,
                      std::vector<TraceFinding> &Out) {
  std::map<size_t, size_t> Loops; // target -> the last branch back to it
  for (size_t I = 0; I < K.Insts.size(); ++I) {
    const MeasuredInst &M = K.Insts[I];
    if (M.Kind == MeasuredKind::Branch && M.Backward && M.Target && *M.Target <= I)
      Loops[*M.Target] = std::max(Loops[*M.Target], I);
  }
  // ATT counts each row's executions exactly: the straight-line rows just
  // before a loop's target that run as often as its first row run once per
  // trip, in the loop. A branch whose offset lands past the loop's real
  // start (as test/lit/trace/Inputs/att_synth's does, on the s_barrier after the
  // refill's global_load) then still gives the loop its loads.
  std::map<size_t, size_t> Extended;
  for (const auto &[Target, E] : Loops) {
    size_t B = Target;
    while (B > 0 && K.Insts[B].Hit && K.Insts[B - 1].Hit == K.Insts[B].Hit &&
           K.Insts[B - 1].Kind != MeasuredKind::Branch)
      --B;
    Extended[B] = std::max(Extended[B], E);
  }
  Loops = std::move(Extended);
  std::vector<std::pair<size_t, size_t>> ByLength(Loops.begin(), Loops.end());
  std::stable_sort(ByLength.begin(), ByLength.end(), [](const auto &A, const auto &B) {
    return A.second - A.first > B.second - B.first;
  });
  std::vector<std::pair<size_t, size_t>> Taken;
  auto inside = [&](size_t I) {
    for (const auto &[B, E] : Taken)
      if (B <= I && I <= E)
        return true;
    return false;
  };
  for (const auto &[B, E] : ByLength)
    if (!inside(B))
      if (auto F = reductionRegion(K, T, B, E, true)) {
        Taken.push_back({B, E});
        Out.push_back(std::move(*F));
      }
  // A stretch in a loop of known extent was judged with its loop above: a
  // stretch of a loop that loads global memory is no reduction.
  auto inLoop = [&](size_t I) {
    for (const auto &[B, E] : Loops)
      if (B <= I && I <= E)
        return true;
    return false;
  };
  size_t Begin = 0;
  for (size_t I = 0; I <= K.Insts.size(); ++I) {
    bool End = I == K.Insts.size() || K.Insts[I].Kind == MeasuredKind::Branch;
    if (!End)
      continue;
    size_t Last = I < K.Insts.size() ? I : I - 1;
    bool Loop = I < K.Insts.size() && K.Insts[I].Backward;
    bool Covered = false;
    for (size_t J = Begin; J <= Last && J < K.Insts.size(); ++J)
      Covered |= inLoop(J);
    if (!Covered && Begin < K.Insts.size())
      if (auto F = reductionRegion(K, T, Begin, Last, Loop))
        Out.push_back(std::move(*F));
    Begin = I + 1;
  }
}

} // namespace

const char *traceTypeName(TraceType T) {
  switch (T) {
  case TraceType::A:
    return "Type A (bank conflict)";
  case TraceType::B:
    return "Type B (exposed LDS write latency)";
  case TraceType::C:
    return "Type C (reduction serialised by barriers)";
  }
  return "";
}

TraceSummary classifyTrace(const MeasuredKernel &K, const TraceThresholds &T) {
  TraceSummary S;
  for (const MeasuredInst &M : K.Insts)
    S.TotalStall += M.Stall;
  Collector Lines(K);
  for (size_t I = 0; I < K.Insts.size(); ++I) {
    const MeasuredInst &M = K.Insts[I];
    if (M.File.empty() || (!M.Hit && !K.Samples))
      continue;
    double Per = M.Hit ? M.Stall / double(M.Hit) : 0;
    if (isLdsAccess(M.Kind) &&
        (K.Samples ? M.NWay && *M.NWay > 1 : Per > T.LdsStallPerHit))
      Lines.add(TraceType::A, I);
    if (!K.Samples && M.Kind == MeasuredKind::LdsWait && Per > T.WaitAfterWrite &&
        waitedOnWrite(K, I, T.WriteWaitDistance))
      Lines.add(TraceType::B, I);
    // Nsight Compute: the consumer of a shared access waits on the short
    // scoreboard.
    if (K.Samples && S.TotalStall > 0 && M.ShortScoreboard / S.TotalStall > T.SampleShare)
      for (size_t Back = 1; Back <= T.WriteWaitDistance + 1 && Back <= I; ++Back)
        if (isLdsAccess(K.Insts[I - Back].Kind)) {
          Lines.add(TraceType::B, I);
          break;
        }
  }
  S.Findings = Lines.take();
  reductionRegions(K, T, S.Findings);
  // What each instruction adds to the LDS-related stall: the most any
  // finding counts of it, so that overlapping findings count it once.
  std::map<size_t, double> Attributed;
  for (TraceFinding &F : S.Findings) {
    if (F.Type == TraceType::B && K.Samples) {
      F.Stall = 0;
      for (size_t I : F.Insts)
        F.Stall += K.Insts[I].ShortScoreboard;
    }
    if (F.Counted.empty())
      F.Counted = F.Insts;
    for (size_t I : F.Counted) {
      const MeasuredInst &M = K.Insts[I];
      double Of = !K.Samples               ? M.Stall
                  : F.Type == TraceType::B ? M.ShortScoreboard
                  : F.Type == TraceType::C ? M.BarrierStall + M.ShortScoreboard
                                           : M.Stall;
      Attributed[I] = std::max(Attributed[I], Of);
    }
    F.Share = S.TotalStall > 0 ? F.Stall / S.TotalStall : 0;
    if (F.Type == TraceType::A && K.Samples && F.NWay)
      F.Summary += " measured " + number(*F.NWay) + "-way, " + number(F.Stall) +
                   " warp-stall samples";
    else if (F.Type != TraceType::C)
      F.Summary += K.Samples ? " has " + number(F.Stall) + " warp-stall samples"
                             : " stalls " + number(F.PerInstance) + " cycles per instance";
  }
  std::stable_sort(S.Findings.begin(), S.Findings.end(),
                   [](const TraceFinding &A, const TraceFinding &B) { return A.Stall > B.Stall; });
  double Lds = 0;
  for (const auto &[I, Of] : Attributed)
    Lds += Of;
  S.LdsShare = S.TotalStall > 0 ? Lds / S.TotalStall : 0;
  S.Headline = S.LdsShare > T.Headline;
  return S;
}

} // namespace lds
