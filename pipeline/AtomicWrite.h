//===- AtomicWrite.h - Replace files' contents all at once, or none -------===//
#ifndef LDS_PIPELINE_ATOMICWRITE_H
#define LDS_PIPELINE_ATOMICWRITE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace lds {

/// One file of a fix: what it held when the fix was planned, and what it
/// is to hold.
struct FileReplacement {
  std::string Path;
  std::string Before; ///< the text the edits were made against
  std::string After;
};

/// Replaces every file's Before with its After, all or none.
///
/// Each new text is first written to a temporary file beside its file
/// (same permissions, and the same owner and group where the user may set
/// them). Then every file is read again and compared with its Before: a
/// file that another process changed while the fix was being verified is
/// refused, and no file is written. Only then are the temporary files
/// renamed over theirs, so a reader sees the old file or the new one,
/// never half of either.
///
/// A symbolic link is followed: the file it names gets the new text, the
/// link stays. A file with several hard links is written in place instead
/// of renamed over (a rename would leave the other names on the old text):
/// every name sees the new text. A file without write permission is
/// refused. On an error before the renames every file is untouched.
///
/// The environment variable LDS_REWRITE_TEST_PAUSE_BEFORE_WRITE=P is a
/// test hook (test/lit/fix/concurrent_edit.test): with every temporary file
/// written and before the comparison, the tool creates P.ready and waits
/// (at most 60 s) until P exists, so that a test can change a file at
/// exactly that point.
llvm::Error replaceFiles(llvm::ArrayRef<FileReplacement> Files);

} // namespace lds

#endif
