//===- TsvRows.h - Rows of the measured tab-separated tables --------------===//
//
// The H200 truth tables (test/oracle, test/oracle/ldmatrix) are
// tab-separated with a header line; the tests read them as rows of named
// cells.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TEST_TSVROWS_H
#define LDS_TEST_TSVROWS_H

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace lds::test {

using TsvRow = std::map<std::string, std::string>;

/// The rows of the file at Path, each cell under its header's name; empty
/// lines are skipped, and a missing file gives no rows.
inline std::vector<TsvRow> readTsvRows(const std::string &Path) {
  auto Split = [](const std::string &L) {
    std::vector<std::string> Cells;
    std::stringstream SS(L);
    std::string Cell;
    while (std::getline(SS, Cell, '\t'))
      Cells.push_back(Cell);
    return Cells;
  };
  std::vector<TsvRow> Rows;
  std::ifstream In(Path);
  std::string Line;
  std::vector<std::string> Header;
  while (std::getline(In, Line)) {
    if (Line.empty())
      continue;
    if (Header.empty()) {
      Header = Split(Line);
      continue;
    }
    std::vector<std::string> Cells = Split(Line);
    TsvRow R;
    for (size_t I = 0; I < Header.size() && I < Cells.size(); ++I)
      R[Header[I]] = Cells[I];
    Rows.push_back(std::move(R));
  }
  return Rows;
}

} // namespace lds::test

#endif
