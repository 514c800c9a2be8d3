//===- AssumeOption.cpp - The NAME=VALUE of --assume and Assume ------------===//

#include "pipeline/AssumeOption.h"

namespace lds {

bool parseAssumption(llvm::StringRef S, std::string &Name, int64_t &Value) {
  auto [N, V] = S.split('=');
  N = N.trim();
  if (N.empty() || V.trim().getAsInteger(0, Value))
    return false;
  Name = N.str();
  return true;
}

} // namespace lds
