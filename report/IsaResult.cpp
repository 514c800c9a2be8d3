//===- IsaResult.cpp - What lds-rewrite isa found, as plain data ----------===//

#include "report/IsaResult.h"

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

} // namespace lds
