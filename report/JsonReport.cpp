//===- JsonReport.cpp - The report of design.md, schema 1 -----------------===//

#include "report/JsonReport.h"
#include "report/CheckNames.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cmath>

namespace lds {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

static Value number(double V) {
  if (std::fabs(V - std::round(V)) < 1e-9)
    return static_cast<int64_t>(std::llround(V));
  return std::round(V * 1000) / 1000;
}

Object resultToJSON(const AccessResult &R, const Access &A) {
  Object O{{"target", R.Target}};
  if (R.Status == ResultStatus::Unknown) {
    O["status"] = "unknown";
    O["reason"] = R.Reason;
    return O;
  }
  O["status"] = "exact";
  O["passes"] = number(R.Passes);
  O["ideal_passes"] = number(R.IdealPasses);
  O["degree"] = number(R.Degree);
  O["banks"] = static_cast<int64_t>(R.Banks);
  O["rule"] = R.RuleSource;
  if (R.conflicts())
    O["explanation"] = R.explain();
  if (!R.DataIndependence.empty())
    O["data_independence"] = R.DataIndependence;
  if (R.VariesWithIteration && !R.WorstBinding.empty()) {
    Object W;
    for (const auto &[Name, V] : R.WorstBinding)
      W[Name] = V;
    O["worst_iteration"] = std::move(W);
  }
  if (!R.AlternativePasses.empty()) {
    Array Alt;
    for (double P : R.AlternativePasses)
      Alt.push_back(number(P));
    O["alternative_passes"] = std::move(Alt);
  }
  return O;
}

void JsonReport::add(const FileReport &F) {
  for (const std::string &T : F.Targets)
    if (std::find(Targets.begin(), Targets.end(), T) == Targets.end())
      Targets.push_back(T);
  if (F.Accesses)
    addAccesses(*F.Accesses);
  // Errors of host-only code that the analysis survived (HostErrors.h):
  // launches in these functions may have been missed.
  for (const HostError &E : F.HostErrors)
    HostErrors.push_back(Object{{"file", E.File},
                                {"line", static_cast<int64_t>(E.Line)},
                                {"column", static_cast<int64_t>(E.Column)},
                                {"function", E.Function},
                                {"message", E.Message}});
  for (const llvm::json::Value &V : F.PartitionAccesses)
    PartitionAccesses.push_back(V);
  for (const ReportFinding &R : F.Findings)
    if (R.Check != CheckName && !R.Suppressed)
      addFinding(R);
  // Never silent in JSON either: arrays whose accesses the tool did not
  // follow (the remarks of the text output; file and line where known).
  for (const ReportFinding &R : F.Findings)
    if (R.Unfollowed)
      Unfollowed.push_back(Object{{"file", R.Loc.Path},
                                  {"line", static_cast<int64_t>(R.Loc.Line)},
                                  {"column", static_cast<int64_t>(R.Loc.Column)},
                                  {"message", R.Message}});
  for (const VerifiedFix &Fix : F.Verified)
    addFix(Fix);
  for (const VerifiedCheckFix &Fix : F.VerifiedOther)
    addFix(Fix);
}

static Object placeToJSON(const std::string &File, unsigned Line, unsigned Column) {
  return Object{{"file", File},
                {"line", static_cast<int64_t>(Line)},
                {"column", static_cast<int64_t>(Column)}};
}

void JsonReport::addFinding(const ReportFinding &R) {
  Object O = placeToJSON(R.Loc.File, R.Loc.Line, R.Loc.Column);
  O["check"] = R.Check;
  O["severity"] = R.Level == Severity::Warning ? "warning" : "remark";
  O["message"] = R.Message;
  Array Notes;
  for (const ReportNote &N : R.Notes) {
    Object NO = placeToJSON(N.Loc.File, N.Loc.Line, N.Loc.Column);
    NO["message"] = N.Message;
    Notes.push_back(std::move(NO));
  }
  O["notes"] = std::move(Notes);
  if (R.Check == RedundantBarrierCheck)
    O["barrier"] = placeToJSON(R.Loc.File, R.Loc.Line, R.Loc.Column);
  if (R.Barrier)
    O["barrier"] = placeToJSON(R.Barrier->File, R.Barrier->Line, R.Barrier->Column);
  if (R.Check == ExposedWriteLatencyCheck) {
    if (!R.Placement.empty())
      O["placement"] = R.Placement;
    if (R.BlockingRule)
      O["blocking_rule"] = static_cast<int64_t>(R.BlockingRule);
  }
  Findings.push_back(std::move(O));
}

void JsonReport::addFix(const VerifiedCheckFix &Fix) {
  Fixes.push_back(Object{{"check", Fix.Check},
                         {"strategy", Fix.Strategy},
                         {"description", Fix.Description},
                         {"barrier", placeToJSON(Fix.Barrier.File, Fix.Barrier.Line,
                                                 Fix.Barrier.Column)},
                         {"replacements", static_cast<int64_t>(Fix.Replacements)},
                         {"status", Fix.Status}});
}

void JsonReport::addAccesses(const AccessTable &Table) {
  const Model &M = Table.M;
  for (const SharedArray &A : M.Arrays) {
    Array Dims;
    for (uint64_t D : A.Dims)
      Dims.push_back(static_cast<int64_t>(D));
    Arrays.push_back(Object{{"id", A.Id},
                            {"name", A.Name},
                            {"kernel", A.Kernel},
                            {"file", A.Decl.File},
                            {"line", static_cast<int64_t>(A.Decl.Line)},
                            {"column", static_cast<int64_t>(A.Decl.Column)},
                            {"element_type", A.ElementType},
                            {"element_bytes", static_cast<int64_t>(A.ElementBytes)},
                            {"dims", std::move(Dims)},
                            {"bytes", static_cast<int64_t>(A.Bytes)},
                            {"dynamic", A.Dynamic}});
  }
  for (size_t I = 0; I < M.Accesses.size(); ++I) {
    const Access &A = M.Accesses[I];
    Array Results;
    for (const AccessResult &R : Table.Results[I])
      Results.push_back(resultToJSON(R, A));
    Array Block;
    for (unsigned D : A.Block.Dims)
      Block.push_back(static_cast<int64_t>(D));
    Object O{{"array", A.ArrayId},
             {"kernel", A.Kernel},
             {"file", A.Loc.File},
             {"line", static_cast<int64_t>(A.Loc.Line)},
             {"column", static_cast<int64_t>(A.Loc.Column)},
             {"kind", accessKindName(A.Kind)},
             {"width_bytes", static_cast<int64_t>(A.WidthBytes)},
             {"index", A.IndexText},
             {"block", std::move(Block)},
             {"block_source", blockSourceName(A.Block.Source)},
             {"loop_depth", static_cast<int64_t>(A.LoopDepth)},
             {"results", std::move(Results)}};
    if (Table.suppressed(I))
      O["suppressed"] = true;
    if (A.Subs.Valid) {
      Array Subs;
      for (const ExprRef &E : A.Subs.Index)
        Subs.push_back(E->str());
      O["subscripts"] = std::move(Subs);
      if (A.Subs.FlatRowLength)
        O["flat_row_length"] = static_cast<int64_t>(A.Subs.FlatRowLength);
    } else if (!A.Subs.Why.empty()) {
      O["not_rewritable"] = A.Subs.Why;
    }
    if (!A.CallChain.empty()) {
      Array Chain;
      for (const SourceLoc &L : A.CallChain)
        Chain.push_back(Object{{"file", L.File},
                               {"line", static_cast<int64_t>(L.Line)},
                               {"column", static_cast<int64_t>(L.Column)}});
      O["call_chain"] = std::move(Chain);
    }
    if (!A.Notes.empty()) {
      Array Notes;
      for (const std::string &N : A.Notes)
        Notes.push_back(N);
      O["notes"] = std::move(Notes);
    }
    Accesses.push_back(std::move(O));
  }
}

void JsonReport::addFix(const VerifiedFix &Fix) {
  const FixPlan &Plan = Fix.Plan;
  Object Degrees;
  for (size_t T = 0; T < Plan.Outcomes.size() && T < Fix.Targets.size(); ++T)
    Degrees[Fix.Targets[T]] = number(Plan.Outcomes[T].DegreeAfter);
  Object O{{"array", Fix.ArrayId},
           {"strategy", Plan.Choice.K == FixCandidate::Pad       ? "pad"
                        : Plan.Choice.K == FixCandidate::Swizzle ? "swizzle"
                                                                 : "pad+swizzle"},
           {"description", Plan.Description},
           {"lds_bytes_before", static_cast<int64_t>(Plan.LDSBytesBefore)},
           {"lds_bytes_after", static_cast<int64_t>(Plan.LDSBytesAfter)},
           {"degree_after", std::move(Degrees)},
           {"replacements", static_cast<int64_t>(Fix.Replacements)},
           {"status", Fix.Status}};
  if (Plan.Choice.pads())
    O["pad_elements"] = static_cast<int64_t>(Plan.Choice.PadElems);
  if (Plan.Choice.swizzles()) {
    const SwizzleParams &Z = Plan.Choice.Swz;
    Object Swz{{"shift", static_cast<int64_t>(Z.Shift)},
               {"mask", static_cast<int64_t>(Z.Mask)},
               {"vector_elements", static_cast<int64_t>(Z.VecElems)}};
    if (Z.hasColumnTerm()) {
      llvm::json::Array Shifts;
      for (unsigned S : Z.ColShifts)
        Shifts.push_back(static_cast<int64_t>(S));
      Swz["column_shifts"] = std::move(Shifts);
      Swz["column_mask"] = static_cast<int64_t>(Z.ColMask);
      Swz["column_vector_elements"] = static_cast<int64_t>(Z.colUnit());
    }
    if (Z.isLinear()) {
      // The general layout: u' = u ^ XOR of (source bit) * vector.
      llvm::json::Array Terms;
      for (const SwizzleParams::XorTerm &T : Z.Terms)
        Terms.push_back(Object{{"source", T.From == SwizzleParams::XorTerm::Row ? "row" : "unit"},
                               {"bit", static_cast<int64_t>(T.Bit)},
                               {"vector", static_cast<int64_t>(T.Vector)}});
      Swz["terms"] = std::move(Terms);
    }
    O["swizzle"] = std::move(Swz);
  }
  Fixes.push_back(std::move(O));
}

void JsonReport::append(const JsonReport &Other, const std::string &BaseDir) {
  for (const std::string &T : Other.Targets)
    if (std::find(Targets.begin(), Targets.end(), T) == Targets.end())
      Targets.push_back(T);
  auto AppendNew = [&](Array &To, std::set<std::string> &Seen, const Array &From) {
    std::set<std::string> Added;
    for (const Value &V : From) {
      Value Normal = V;
      if (Object *O = Normal.getAsObject())
        if (std::optional<llvm::StringRef> File = O->getString("file")) {
          llvm::SmallString<256> Path(*File);
          if (!BaseDir.empty() && llvm::sys::path::is_relative(Path)) {
            Path = BaseDir;
            llvm::sys::path::append(Path, *File);
          }
          llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
          (*O)["file"] = std::string(Path);
        }
      std::string Key;
      llvm::raw_string_ostream(Key) << Normal;
      if (Seen.count(Key))
        continue;
      Added.insert(Key);
      To.push_back(V);
    }
    Seen.insert(Added.begin(), Added.end());
  };
  AppendNew(Arrays, AppendedArrays, Other.Arrays);
  AppendNew(Accesses, AppendedAccesses, Other.Accesses);
  for (const Value &V : Other.Fixes)
    Fixes.push_back(V);
  for (const Value &V : Other.Findings)
    Findings.push_back(V);
  for (const Value &V : Other.HostErrors)
    HostErrors.push_back(V);
  for (const Value &V : Other.Unfollowed)
    Unfollowed.push_back(V);
  for (const Value &V : Other.PartitionAccesses)
    PartitionAccesses.push_back(V);
}

Value JsonReport::render() const {
  Array Ts;
  for (const std::string &T : Targets)
    Ts.push_back(T);
  Object Report{{"schema", 1},
                {"tool", "lds-rewrite"},
                {"targets", std::move(Ts)},
                {"arrays", Array(Arrays)},
                {"accesses", Array(Accesses)},
                {"fixes", Array(Fixes)}};
  if (!Findings.empty())
    Report["findings"] = Array(Findings);
  if (!HostErrors.empty())
    Report["host_code_errors"] = Array(HostErrors);
  if (!Unfollowed.empty())
    Report["unfollowed"] = Array(Unfollowed);
  if (!PartitionAccesses.empty())
    Report["partition_accesses"] = Array(PartitionAccesses);
  return Report;
}

} // namespace lds
