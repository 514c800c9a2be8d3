//===- SymbolText.cpp - A uniform symbol and its value, as reports print it ===//

#include "analysis/SymbolText.h"

#include "llvm/ADT/StringRef.h"

namespace lds {

std::string symbolValueText(const Access &A, const std::string &Name, int64_t Value,
                            SymbolSpelling Spelling) {
  auto It = A.Symbols.find(Name);
  llvm::StringRef N(Name);
  if (It != A.Symbols.end() && N.starts_with("iteration@"))
    return It->second.Description + " = " + std::to_string(Value);
  // Loop counters are named "j@file:line": the line tells loops apart.
  if (Spelling == SymbolSpelling::Short)
    if (size_t At = N.find('@'); At != llvm::StringRef::npos && At > 0)
      N = N.take_front(At);
  return N.str() + " = " + std::to_string(Value);
}

} // namespace lds
