//===- BlockOption.cpp - The X[,Y[,Z]] block shape of --block and Block ---===//

#include "pipeline/BlockOption.h"

#include "llvm/ADT/SmallVector.h"

namespace lds {

bool parseBlock(llvm::StringRef S, std::array<unsigned, 3> &Out) {
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  S.split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return false;
  Out = {1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, Out[I]) || Out[I] == 0)
      return false;
  return true;
}

} // namespace lds
