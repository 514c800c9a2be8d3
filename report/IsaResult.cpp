//===- IsaResult.cpp - What lds-rewrite isa found, as plain data ----------===//

#include "report/IsaResult.h"

#include "analysis/KernelName.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace lds {

std::string IsaNames::absolute(const std::string &P) {
  SmallString<256> A(P);
  sys::fs::make_absolute(A);
  sys::path::remove_dots(A, /*remove_dot_dot=*/true);
  return std::string(A);
}

std::string IsaNames::show(const std::string &File) const {
  std::string A = absolute(File);
  auto It = Names.find(A);
  if (It != Names.end())
    return It->second;
  StringRef R(A);
  if (R.consume_front(Cwd + "/"))
    return R.str();
  return A;
}

std::string IsaNames::where(const amdasm::DsInstr &I) const {
  const amdasm::SourceFrame *F = amdasm::userFrame(I, SkipPrefixes);
  if (!F)
    return "(no line)";
  return show(F->File) + ":" + std::to_string(F->Line);
}

std::string IsaResult::arrayName(const Access &A) const {
  if (const SharedArray *Arr = M.findArray(A.ArrayId))
    return Arr->Name;
  return A.ArrayId;
}

std::optional<IsaResult::KernelOccupancy>
IsaResult::launchOccupancy(const std::string &Target, const amdasm::Function &F) const {
  auto Model = Models.find(Target);
  if (!F.IsKernel || !F.LDSBytes || Model == Models.end())
    return std::nullopt;
  std::string Name = comparableKernelName(F.Name);
  const Access *Seen = nullptr;
  for (const Access &A : M.Accesses)
    if (comparableKernelName(A.Kernel) == Name) {
      Seen = &A;
      break;
    }
  if (!Seen || Seen->Block.Source == BlockSource::Default)
    return std::nullopt;
  const TargetModel &T = Model->second;
  unsigned RegisterWaves = F.RegisterOccupancy ? *F.RegisterOccupancy
                           : F.VGPRs           ? T.wavesForRegisters(*F.VGPRs, F.AGPRs.value_or(0))
                                               : 0;
  if (!RegisterWaves)
    return std::nullopt;
  KernelOccupancy K;
  K.Threads = Seen->Block.threads();
  K.DynamicBytes = Seen->Block.DynamicSharedBytes;
  K.Bytes = *F.LDSBytes + K.DynamicBytes;
  auto O = planner::launchOccupancy(T, K.Bytes, K.Threads, RegisterWaves);
  if (!O)
    return std::nullopt;
  K.O = *O;
  return K;
}

} // namespace lds
