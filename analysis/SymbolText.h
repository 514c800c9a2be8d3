//===- SymbolText.h - A uniform symbol and its value, as reports print it -===//
//
// The front end names loop symbols (matchers/KernelWalker.cpp): a loop
// counter by its own name ("j"), by "j@file:line" when another loop of the
// kernel already uses that name, and a loop without a usable counter by
// "iteration@file:line", whose SymbolInfo::Description ("iteration of the
// loop at file:line") is what a reader should see.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_SYMBOLTEXT_H
#define LDS_ANALYSIS_SYMBOLTEXT_H

#include "analysis/AccessModel.h"

#include <cstdint>
#include <string>

namespace lds {

/// How much of a loop symbol's name is printed.
enum class SymbolSpelling {
  Full,  ///< "j@f.hip:12 = 8": the name as it is (check's "worst iteration")
  Short, ///< "j = 8": without the "@file:line" that tells loops apart (explain)
};

/// "Name = Value" for symbol Name of access A: an "iteration@..." symbol
/// that A describes prints its description ("iteration of the loop at
/// f.hip:12 = 3"); with SymbolSpelling::Short any other name loses what
/// follows its first '@' (a name starting with '@' is kept whole).
std::string symbolValueText(const Access &A, const std::string &Name, int64_t Value,
                            SymbolSpelling Spelling);

} // namespace lds

#endif
