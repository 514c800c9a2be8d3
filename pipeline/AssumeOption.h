//===- AssumeOption.h - The NAME=VALUE of --assume and Assume --------------===//
#ifndef LDS_PIPELINE_ASSUMEOPTION_H
#define LDS_PIPELINE_ASSUMEOPTION_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace lds {

/// "stride=33", " n = 0x40 ": a non-empty name and an integer (C prefixes
/// allowed), both trimmed. False (Name and Value unspecified) otherwise.
bool parseAssumption(llvm::StringRef S, std::string &Name, int64_t &Value);

} // namespace lds

#endif
