//===- IsaFixCopy.h - isa --compare-fix: the tool's own --fix on a copy ---===//
//
// The check's --fix, in-process, writing the fix of FILE (and of the
// project's headers it edits) to a temporary folder (--fix-to), never over
// FILE; the copy is then compiled like any variant, its rewritten headers
// standing in for the originals through a VFS overlay.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_ISAFIXCOPY_H
#define LDS_PIPELINE_ISAFIXCOPY_H

#include "pipeline/IsaCompile.h"
#include "pipeline/IsaRequest.h"

#include "llvm/Support/Error.h"

#include <string>

namespace lds {

/// Fixes a copy of R.File into Fixed (role "fixed"); Report gets what
/// --fix printed, Changed whether it changed FILE or a header. Errors are
/// the message to print.
llvm::Error fixCopy(const IsaRequest &R, IsaInput &Fixed, std::string &Report, bool &Changed);

} // namespace lds

#endif
