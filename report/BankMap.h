//===- BankMap.h - One wave's access as a picture in plain text -----------===//
//
// The picture `lds-rewrite explain` prints for one access on one target:
// banks down, lanes across, each lane group a panel of its own (panels side
// by side while they fit in 100 columns, else in bands), every cell saying
// which of the bank's distinct words the lane asks (transpose.hip:24, gfx942):
//
//             lanes 0-31                            lanes 32-63
//                       1111111111222222222233      33333333444444444455555555556666
//             01234567890123456789012345678901      23456789012345678901234567890123
//    bank  0  0123456789abcdefghijklmnopqrstuv 32!  ................................
//    bank  1  ................................      0123456789abcdefghijklmnopqrstuv 32!
//    banks 2-31: no lane
//
// then the numbers: passes, ideal, degree, the lanes on the worst bank and
// the distinct words per bank of every group. Colour (conflicting banks
// yellow, the worst one red) only when asked for, i.e. on a terminal.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_BANKMAP_H
#define LDS_REPORT_BANKMAP_H

#include "analysis/ConflictAnalyzer.h"
#include "analysis/WaveTrace.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace lds {

/// The character of a cell: the index of the request among the bank's
/// distinct requests, 0-9 a-z A-Z, '#' beyond.
char requestSymbol(unsigned Index);

/// "bank 0: 32, banks 1-31: 0": distinct requests per bank, runs merged.
std::string wordsPerBankText(const GroupTrace &G);

/// "lanes 0-31".
std::string groupTitle(const GroupTrace &G);

/// What the legend says the symbols mean (printed once per run).
std::string bankMapLegend();

/// The picture of T (R: the analyzer's result for the same access and
/// target), then the numbers under it, each line indented by Indent spaces.
void printBankMap(llvm::raw_ostream &OS, const WaveTrace &T, const AccessResult &R, bool Color,
                  unsigned Indent = 2);

} // namespace lds

#endif
