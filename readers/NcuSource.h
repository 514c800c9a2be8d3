//===- NcuSource.h - Read Nsight Compute's source page as CSV --------------===//
//
// `ncu --import rep.ncu-rep --page source --csv --print-source cuda,sass`
// (or `sass`) writes, per profiled kernel launch, a block: with cuda,sass
// `"File Path",...` and `"Function Name",...` lines, then a header
// `"Line No","Source","Address","Source",<metrics>`, then each CUDA line
// (Address "-", its metrics summed) followed by its SASS instructions
// (empty Line No), grouped by line, not in address order ("..." rows stand
// for instructions listed under another line); with sass, `"Kernel
// Name",...` and a header `"Address","Source",<metrics>`, one row per SASS
// instruction, in address order. Metric values are kept as written ("-":
// none); SassRow::metric reads one as a number. With cuda,sass a launch
// whose code comes from several files (an atomicAdd inlined from
// sm_20_atomic_functions.hpp) has one block per file, all with the same
// "Function Name": read as one Kernel. No Clang here.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_READERS_NCUSOURCE_H
#define LDS_READERS_NCUSOURCE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lds {
namespace ncu {

struct SassRow {
  std::string Address, Sass;
  std::string File; ///< the CUDA line's file (cuda,sass); empty in a sass-only page
  unsigned Line = 0;
  std::map<std::string, std::string> Metrics; ///< by column name, as written

  /// The value of a metric column; nullopt when absent, "-" or empty (or
  /// not a number).
  std::optional<double> metric(llvm::StringRef Column) const;
  std::string text(llvm::StringRef Column) const;
  std::string addressSpace() const { return text("Address Space"); }     ///< Shared, Global, -
  std::string accessOperation() const { return text("Access Operation"); } ///< Load, Store
  std::optional<double> nWay() const { return metric("L1 Conflicts Shared N-Way"); }
  std::optional<double> stallSamples() const { return metric("Warp Stall Sampling (All Samples)"); }
  std::optional<double> instructionsExecuted() const { return metric("Instructions Executed"); }
  /// stall("short_sb"): the samples of column stall_short_sb.
  std::optional<double> stall(llvm::StringRef Reason) const {
    return metric(("stall_" + Reason).str());
  }
};

struct LineRow {
  unsigned Line = 0;
  std::string Text;
  std::map<std::string, std::string> Metrics;
};

struct Kernel {
  std::string Name; ///< "conflict(float *, int)"
  std::string File; ///< cuda,sass: the first block's File Path line
  /// cuda,sass: the File Path of each block of this launch (ncu writes one
  /// block per source file: the kernel's, a CUDA header's inlined code).
  std::vector<std::string> Files;
  std::vector<LineRow> Lines;
  std::vector<SassRow> Sass; ///< in address order
};

struct Report {
  enum Form { SassOnly, CudaAndSass } Kind = SassOnly;
  std::vector<Kernel> Kernels; ///< one per launch, in file order
};

/// FileName names the file in errors ("src.csv:17: ...").
llvm::Expected<Report> parseSourceCsv(llvm::StringRef Text, llvm::StringRef FileName);

/// One CSV record: quoted fields with doubled quotes, commas inside
/// quotes; false with Why set when a quote is not closed.
bool splitCsvRecord(llvm::StringRef Line, std::vector<std::string> &Fields, std::string &Why);

/// A record of a block whose header has HeaderSize columns, FreeCol the
/// CUDA source text (SIZE_MAX: none): as splitCsvRecord, and where that
/// does not give HeaderSize fields, as ncu writes it (every field quoted,
/// quotes inside the source text not doubled), the surplus given back to
/// FreeCol.
bool splitNcuRecord(llvm::StringRef Line, size_t HeaderSize, size_t FreeCol,
                    std::vector<std::string> &Fields, std::string &Why);

} // namespace ncu
} // namespace lds

#endif
