//===- ConfigShape.h - The structure of .lds-rewrite.yaml, checked --------===//
//
// What YAML traits cannot say in the file's own words: a mapping of known
// keys, each once, lists where lists go, a Block of 1 to 3 numbers.
// yaml::Input would report these in its own words ("unknown key", "not a
// sequence") or, for a null value where a list goes, not at all; the
// values themselves are read by the traits (ConfigTraits.h).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_CONFIGSHAPE_H
#define LDS_PIPELINE_CONFIGSHAPE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <optional>
#include <string>
#include <vector>

namespace lds {

struct ConfigShape {
  /// The first error, "PATH:LINE:COL: message".
  std::optional<std::string> Error;
  /// The document has no content at all.
  bool Empty = false;
  /// The top-level keys and the kernels' names whose shape is right, in
  /// the file's order: the traits read them in that order, and before a
  /// shape error, so that the error reported is the first in the file.
  std::vector<std::string> TopKeys, KernelNames;
};

/// The shape of Doc, a document of the file Path read through SM.
ConfigShape checkConfigShape(llvm::StringRef Path, llvm::SourceMgr &SM, llvm::yaml::Document &Doc);

} // namespace lds

#endif
