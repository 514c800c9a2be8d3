//===- PartitionFindings.cpp - The words of lds-partition-conflict --------===//

#include "report/PartitionFindings.h"

#include "report/CheckNames.h"

namespace lds {

namespace {

std::string warpList(const std::vector<unsigned> &W) {
  std::string S;
  for (size_t I = 0; I < W.size(); ++I)
    S += (I ? ", " : "") + std::to_string(W[I]);
  return S;
}

/// "pair A (SIMDs 0, 2)".
std::string pairName(const LdsPartitionModel &M, unsigned Pair) {
  std::vector<unsigned> Simds;
  for (unsigned S = 0; S < M.PairOfSimd.size(); ++S)
    if (M.PairOfSimd[S] == Pair)
      Simds.push_back(S);
  return std::string("pair ") + (Pair ? "B" : "A") + " (SIMD" + (Simds.size() == 1 ? " " : "s ") +
         warpList(Simds) + ")";
}

std::string bindingText(const std::map<std::string, int64_t> &B) {
  std::string S;
  for (const auto &[Name, V] : B)
    S += (S.empty() ? "" : ", ") + Name + " = " + std::to_string(V);
  return S;
}

} // namespace

BarrierFindingText describePartitionAccess(const AnalyzedFile &F, const PartitionAccess &P,
                                           bool &IsRemark) {
  BarrierFindingText Out;
  IsRemark = false;
  const Access &A = F.Built.M.Accesses[P.Access];
  const AccessOrigin &O = F.Built.Origins[P.Access];
  const PartitionResult &R = P.Result;
  std::string Array = O.Array ? O.Array->getName().str() : A.ArrayId;
  Out.Text.Loc = O.Expr ? O.Expr->getExprLoc() : clang::SourceLocation();
  Out.Identity = A.ArrayId + "|" + accessKindName(A.Kind) + "|" + A.IndexText + "|" + P.Target;
  if (R.Result == PartitionResult::Unknown) {
    IsRemark = true;
    Out.Text.Warning = P.Target + ": LDS partitions of this " + accessKindName(A.Kind) + " of '" +
                       Array + "' unknown, because " + R.Why;
    return Out;
  }
  if (R.collides() && R.SharedBytes) {
    // Said, not warned: no source edit short of copying the bytes removes it.
    IsRemark = true;
    Out.Text.Warning = P.Target + ": warps of both SIMD pairs " +
                       (A.Kind == AccessKind::Load ? "read" : "write") +
                       " the same bytes of LDS partition" + (R.AllColliding.size() == 1 ? " " : "s ") +
                       partitionList(R.AllColliding) + " of '" + Array + "' together: up to x" +
                       std::to_string(R.Factor) + " LDS time for this " +
                       accessKindName(A.Kind) +
                       " that no warp-to-tile assignment or placement separates";
    return Out;
  }
  if (!P.separable())
    return Out;
  // Only the one target's rule is needed for the pair names.
  LdsPartitionModel M;
  M.Simds = 0;
  for (const WarpFootprint &W : R.Warps)
    M.Simds = std::max(M.Simds, W.Simd + 1);
  M.PairOfSimd.assign(M.Simds, 0);
  for (const WarpFootprint &W : R.Warps)
    M.PairOfSimd[W.Simd] = W.Pair;

  Out.Text.Warning = P.Target + ": warps of both SIMD pairs " +
                     (A.Kind == AccessKind::Load ? "read" : "write") + " LDS partition" +
                     (R.AllColliding.size() == 1 ? " " : "s ") + partitionList(R.AllColliding) +
                     " of '" + Array + "' together: up to x" + std::to_string(R.Factor) +
                     " LDS time for this " + accessKindName(A.Kind) +
                     " (the pairs share the partition's bandwidth)";
  auto Note = [&](clang::SourceLocation L, std::string Msg) {
    Out.Text.Notes.push_back({L, std::move(Msg)});
  };
  Note(Out.Text.Loc, pairName(M, 0) + ": " + describePair(R, 0));
  Note(Out.Text.Loc, pairName(M, 1) + ": " + describePair(R, 1));
  if (!R.WorstBinding.empty())
    Note(Out.Text.Loc, "they collide in " + std::to_string(R.CollidingBindings) + " of " +
                 std::to_string(R.Bindings) + " iterations (shown: " + bindingText(R.WorstBinding) +
                 ")");
  Note(O.Array ? O.Array->getLocation() : clang::SourceLocation(),
       "'" + Array + "' starts at LDS byte " + std::to_string(P.ArrayOffset) + " in the compiled " +
           P.Target + " code (" + P.OffsetSource + ")" +
           (P.KernelLDSBytes ? "; the kernel's LDS is " + std::to_string(P.KernelLDSBytes) +
                                   " bytes (.amdhsa_group_segment_fixed_size)"
                             : std::string()));
  if (!R.TileOf.empty()) {
    std::vector<unsigned> WarpsOf[2], TilesOf[2];
    for (const WarpFootprint &W : R.Warps) {
      WarpsOf[W.Pair].push_back(W.Warp);
      TilesOf[W.Pair].push_back(R.TileOf.at(W.Warp));
    }
    std::string Formula = swizzleFormula(R);
    Note(Out.Text.Loc, "warp-to-tile assignment separates them: let warps " + warpList(WarpsOf[0]) +
                 " (pair A) take what warps " + warpList(TilesOf[0]) + " take now, and warps " +
                 warpList(WarpsOf[1]) + " (pair B) what warps " + warpList(TilesOf[1]) +
                 " take" +
                 (Formula.empty() ? std::string()
                                  : ": " + Formula + " (the deep dive's ctaLayout swizzle)"));
  }
  Note(Out.Text.Loc, std::string(R.TileOf.empty() ? "placement separates them"
                                        : "so does placement") +
               ": the two pairs access different bytes; put the bytes pair B accesses in another "
               "partition than pair A's (e.g. two __shared__ arrays 64 KiB apart, checked in the "
               "compiled offsets)" +
               (R.Footprint.size() < 2 ? ", which grows the kernel's LDS" : ""));
  Note(Out.Text.Loc, "no fix-it: the edit changes which warp reads what, which lds-rewrite does not "
           "prove safe; the analysis assumes every warp issues this instruction together and "
           "the workgroup's LDS starts at a partition boundary");
  return Out;
}

llvm::json::Object partitionAccessJSON(const AnalyzedFile &F, const PartitionAccess &P) {
  const Access &A = F.Built.M.Accesses[P.Access];
  const PartitionResult &R = P.Result;
  llvm::json::Object O{{"file", A.Loc.File},
                       {"line", static_cast<int64_t>(A.Loc.Line)},
                       {"column", static_cast<int64_t>(A.Loc.Column)},
                       {"array", A.ArrayId},
                       {"kind", accessKindName(A.Kind)},
                       {"target", P.Target},
                       {"kernel_symbol", P.KernelSymbol},
                       {"status", R.Result == PartitionResult::Exact ? "exact" : "unknown"}};
  if (R.Result == PartitionResult::Unknown) {
    O["reason"] = R.Why;
    return O;
  }
  O["lds_offset"] = static_cast<int64_t>(P.ArrayOffset);
  O["offset_source"] = P.OffsetSource;
  O["kernel_lds_bytes"] = static_cast<int64_t>(P.KernelLDSBytes);
  llvm::json::Array Pairs[2];
  for (const WarpFootprint &W : R.Warps) {
    llvm::json::Array Parts;
    for (unsigned X : W.Partitions)
      Parts.push_back(static_cast<int64_t>(X));
    Pairs[W.Pair].push_back(llvm::json::Object{{"warp", static_cast<int64_t>(W.Warp)},
                                               {"simd", static_cast<int64_t>(W.Simd)},
                                               {"partitions", std::move(Parts)}});
  }
  O["pair_a"] = std::move(Pairs[0]);
  O["pair_b"] = std::move(Pairs[1]);
  llvm::json::Array Colliding;
  for (unsigned X : R.AllColliding)
    Colliding.push_back(static_cast<int64_t>(X));
  O["colliding_partitions"] = std::move(Colliding);
  O["shared_bytes"] = R.SharedBytes;
  O["bandwidth_factor"] = static_cast<int64_t>(R.Factor);
  O["iterations"] = static_cast<int64_t>(R.Bindings);
  O["colliding_iterations"] = static_cast<int64_t>(R.CollidingBindings);
  if (!R.TileOf.empty()) {
    llvm::json::Object T;
    for (const auto &[W, Tile] : R.TileOf)
      T[std::to_string(W)] = static_cast<int64_t>(Tile);
    O["tile_of_warp"] = std::move(T);
  }
  return O;
}

} // namespace lds
