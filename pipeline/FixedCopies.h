//===- FixedCopies.h - Rewritten files as copies a compiler can read ------===//
//
// A fix is compiled before it is written, and --fix-to writes it elsewhere:
// the file being fixed as a copy in a folder, each rewritten header beside
// it, and a clang -ivfsoverlay that shows each header's copy at the
// header's own path, so that the copy includes the rewritten headers
// wherever its include paths find the originals.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_FIXEDCOPIES_H
#define LDS_PIPELINE_FIXEDCOPIES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace lds {

/// One file to copy: where it is (for a header: absolute, as includes find
/// it), the name messages give it, and its new text.
struct FileCopy {
  std::string Path, Name, Text;
};

/// The copies written.
struct FixedCopies {
  std::string Main;    ///< Dir/<the file's name>
  std::string Overlay; ///< Dir/overlay.yaml, when a header changed
  std::vector<std::pair<std::string, std::string>> Names; ///< copy, the user's name
};

/// Writes Main as Dir/<its file name>, each header as Dir/h<N>-<its file
/// name> and, when there are headers, Dir/overlay.yaml.
llvm::Expected<FixedCopies> writeFixedCopies(llvm::StringRef Dir, const FileCopy &Main,
                                             const std::vector<FileCopy> &Headers);

/// Log with each copy's path replaced by the user's name for it (a
/// compiler's messages about the copies).
std::string withUserNames(std::string Log, const FixedCopies &Copies);

} // namespace lds

#endif
