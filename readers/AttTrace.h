//===- AttTrace.h - Read rocprofv3 thread-trace (ATT) output --------------===//
//
// What rocprofiler-sdk's att-tool writes for one dispatch
// (`ui_output_agent_<a>_dispatch_<n>/`, docs/trace-format.md): code.json, one row
// per instruction of each kernel traced, columns 0-9 by position (ISA, 0,
// row index, "file:line" with " -> " inline chains innermost first, code
// object, address, Hit, Latency, Stall, Idle: sums over the traced waves),
// label rows "; <symbol>" starting each kernel; the header a string or (13-
// and 14-column variants) a list, extra columns ignored; the wave files'
// waitcnt lists (which memory rows each wait waited on); and the
// stats_*.csv beside the folder (columns by name). Errors name the file and
// the row; nothing here asserts on input. No Clang here.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_READERS_ATTTRACE_H
#define LDS_READERS_ATTTRACE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace lds {
namespace att {

struct SourcePos {
  std::string File;
  unsigned Line = 0; ///< 0: "file:?" (DWARF line 0)
};

struct CodeRow {
  std::string Isa;
  unsigned Index = 0;     ///< column 2: what wave files point to
  std::string SourceText; ///< column 3 as written
  /// Column 3 split: " -> " chains innermost first, the outermost call site
  /// last; older space-joined sources, each position in the order written.
  std::vector<SourcePos> Chain;
  uint64_t CodeObj = 0, Vaddr = 0, Hit = 0, Latency = 0, Stall = 0, Idle = 0;
};

struct KernelCode {
  std::string Symbol, Name; ///< of the label row; empty for rows before any
  std::vector<CodeRow> Rows;
};

struct CodeFile {
  std::string Version;
  std::vector<std::string> Header;
  std::vector<KernelCode> Kernels;
};

/// "a.h:808 -> /src/k.hip:19" (or "/src/k.hip:19 /src/k.hip:20").
std::vector<SourcePos> parseSource(llvm::StringRef S);

llvm::Expected<CodeFile> parseCode(llvm::StringRef Json, llvm::StringRef FileName);

struct WaveFile {
  /// wait row -> the memory rows it waited on (code.json row indexes).
  std::map<unsigned, std::vector<unsigned>> WaitDeps;
  size_t Instructions = 0;
};

llvm::Expected<WaveFile> parseWave(llvm::StringRef Json, llvm::StringRef FileName);

/// A stats_*.csv: one kernel (named after the file), rows by address.
llvm::Expected<CodeFile> parseStatsCsv(llvm::StringRef Text, llvm::StringRef FileName);

struct Dispatch {
  std::string Dir;
  CodeFile Code;
  std::vector<WaveFile> Waves;
};

/// PATH: one ui_output_agent_*_dispatch_*/ folder, a folder holding
/// several (in name order), or a stats_*.csv.
llvm::Expected<std::vector<Dispatch>> readAtt(llvm::StringRef Path);

} // namespace att
} // namespace lds

#endif
