//===- BlockOption.h - The X[,Y[,Z]] block shape of --block and Block -----===//
#ifndef LDS_PIPELINE_BLOCKOPTION_H
#define LDS_PIPELINE_BLOCKOPTION_H

#include "llvm/ADT/StringRef.h"

#include <array>

namespace lds {

/// "32", "32,8", "32, 8, 1": positive integers, missing ones 1. False (Out
/// unspecified) for anything else.
bool parseBlock(llvm::StringRef S, std::array<unsigned, 3> &Out);

} // namespace lds

#endif
