//===- IsaJson.cpp - lds-rewrite isa's JSON (schema lds-rewrite-isa/1) ----===//

#include "report/IsaJson.h"

#include "report/JsonReport.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;

namespace lds {

using amdasm::DsInstr;
using amdasm::DsKind;
using amdasm::SourceFrame;

namespace {

json::Value jsonNum(const std::optional<unsigned> &V) {
  return V ? json::Value(static_cast<int64_t>(*V)) : json::Value(nullptr);
}
json::Value jsonNum(const std::optional<uint64_t> &V) {
  return V ? json::Value(static_cast<int64_t>(*V)) : json::Value(nullptr);
}

json::Object kernelJSON(const amdasm::Function &F, const IsaNames &P) {
  json::Object K{{"symbol", F.Symbol},
                 {"name", F.Name},
                 {"is_kernel", F.IsKernel},
                 {"lds_bytes", jsonNum(F.LDSBytes)},
                 {"scratch_bytes", jsonNum(F.ScratchBytes)},
                 {"vgprs", jsonNum(F.VGPRs)},
                 {"agprs", jsonNum(F.AGPRs)},
                 {"sgprs", jsonNum(F.SGPRs)},
                 {"occupancy", jsonNum(F.Occupancy)},
                 {"instructions", static_cast<int64_t>(F.Instructions)},
                 {"barriers", static_cast<int64_t>(F.Barriers)},
                 {"calls", static_cast<int64_t>(F.Calls)}};
  json::Object Counts;
  for (const auto &[M, N] : F.dsCounts())
    Counts[M] = static_cast<int64_t>(N);
  K["ds_counts"] = std::move(Counts);
  json::Array Ds;
  for (const DsInstr &I : F.Ds) {
    json::Object D{{"mnemonic", I.Mnemonic},
                   {"operands", I.Operands},
                   {"kind", amdasm::dsKindName(I.Op.Kind)},
                   {"width_bytes", static_cast<int64_t>(I.Op.WidthBytes)},
                   {"addresses", static_cast<int64_t>(I.Op.Addresses)},
                   {"stride64", I.Op.Stride64},
                   {"asm_line", static_cast<int64_t>(I.AsmLine)}};
    if (const SourceFrame *S = amdasm::userFrame(I, P.SkipPrefixes)) {
      D["file"] = P.show(S->File);
      D["line"] = static_cast<int64_t>(S->Line);
      D["column"] = static_cast<int64_t>(S->Column);
    } else {
      D["file"] = nullptr;
      D["line"] = nullptr;
    }
    json::Array Frames;
    for (const SourceFrame &S : I.Frames)
      Frames.push_back(json::Object{{"file", P.show(S.File)},
                                    {"line", static_cast<int64_t>(S.Line)},
                                    {"column", static_cast<int64_t>(S.Column)}});
    D["frames"] = std::move(Frames);
    if (I.Op.Kind == DsKind::Store || I.Op.Kind == DsKind::Atomic) {
      D["wait_distance"] = I.WaitDistance < 0 ? json::Value(nullptr) : json::Value(I.WaitDistance);
      D["waited_by"] = amdasm::waitKindName(I.WaitedBy);
      D["wait_instruction"] = I.WaitText;
      D["crosses_branch"] = I.CrossesBranch;
    }
    Ds.push_back(std::move(D));
  }
  K["ds"] = std::move(Ds);
  return K;
}

json::Array widthFindingsJSON(const IsaResult &S) {
  const IsaNames &P = S.Names;
  json::Array Out;
  for (const WidthFinding &F : S.Widths) {
    const Access &A = S.access(F);
    json::Object O{{"target", F.Target},
                   {"file", P.show(A.Loc.File)},
                   {"line", static_cast<int64_t>(A.Loc.Line)},
                   {"column", static_cast<int64_t>(A.Loc.Column)},
                   {"array", S.arrayName(A)},
                   {"kernel", A.Kernel},
                   {"kind", accessKindName(A.Kind)},
                   {"source_width_bytes", static_cast<int64_t>(A.WidthBytes)}};
    json::Array Instrs;
    for (const CompiledAccess &C : F.Instrs)
      Instrs.push_back(json::Object{{"mnemonic", C.Mnemonic},
                                    {"width_bytes", static_cast<int64_t>(C.WidthBytes)},
                                    {"addresses", static_cast<int64_t>(C.Addresses)},
                                    {"function", C.Function}});
    O["instructions"] = std::move(Instrs);
    O["status"] = F.Instrs.empty()     ? "no_instruction"
                  : F.Recosted.empty() ? "same_width"
                                       : "width_differs";
    O["source_cost"] = resultToJSON(S.sourceCost(F), A);
    json::Array Re;
    for (const auto &[W, R] : F.Recosted) {
      json::Object C = resultToJSON(R, A);
      C["width_bytes"] = static_cast<int64_t>(W);
      Re.push_back(std::move(C));
    }
    O["compiled_cost"] = std::move(Re);
    Out.push_back(std::move(O));
  }
  return Out;
}

} // namespace

void printIsaJSON(raw_ostream &OS, const IsaResult &R) {
  json::Object Root{{"schema", "lds-rewrite-isa/1"},
                    {"file", R.File},
                    {"compiler", R.Compiler},
                    {"headers", R.Cuda ? "nvcc" : R.BundledHeaders ? "bundled" : "auto"}};
  if (!R.HeadersFallback.empty())
    Root["headers_fallback"] = R.HeadersFallback;
  json::Array Ts;
  for (const std::string &T : R.Targets)
    Ts.push_back(T);
  Root["targets"] = std::move(Ts);
  json::Array Vs;
  for (const IsaVariant &V : R.Variants) {
    json::Object VO{{"role", V.Role}, {"file", V.Display}};
    json::Object PerTarget;
    for (const auto &[T, A] : V.Asm) {
      json::Array Ks;
      // Kernels, and device functions that were not inlined and touch LDS.
      for (const amdasm::Function &F : A.Functions)
        if (F.IsKernel || !F.Ds.empty()) {
          json::Object K = kernelJSON(F, R.Names);
          // The launch's occupancy (the original's launches; IsaResult.h).
          if (auto L = R.launchOccupancy(T, F); L && (&V == &R.Variants[0] || !L->DynamicBytes))
            K["launch_occupancy"] = json::Object{{"waves_per_simd", L->O.WavesPerSIMD},
                                                 {"workgroups_per_cu", L->O.Blocks},
                                                 {"threads", L->Threads},
                                                 {"lds_bytes", static_cast<int64_t>(L->Bytes)},
                                                 {"bound_by", L->O.Limit}};
          Ks.push_back(std::move(K));
        }
      PerTarget[T] = json::Object{{"kernels", std::move(Ks)}};
    }
    VO["targets"] = std::move(PerTarget);
    Vs.push_back(std::move(VO));
  }
  Root["variants"] = std::move(Vs);
  if (R.CompareFix) {
    Root["fix_changed_file"] = R.FixChanged;
    Root["fix_output"] = R.FixReport;
  }
  Root["widths"] = widthFindingsJSON(R);
  OS << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
}

} // namespace lds
