//===- AtomicWrite.cpp - Replace a file's contents all at once ------------===//

#include "AtomicWrite.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace lds {

llvm::Error writeFileAtomically(llvm::StringRef Given, llvm::StringRef Content) {
  namespace fs = llvm::sys::fs;
  fs::file_status Status;
  if (std::error_code EC = fs::status(Given, Status))
    return llvm::createStringError(EC, "cannot write %s: %s", Given.str().c_str(),
                                   EC.message().c_str());
  // A file marked read-only is not to be changed (a version-control
  // checkout, say), although renaming over it would succeed; the same for
  // a file this user may not write.
  if (!(Status.permissions() & fs::all_write) ||
      fs::access(Given, fs::AccessMode::Write))
    return llvm::createStringError(std::errc::permission_denied,
                                   "cannot write %s: it is read-only",
                                   Given.str().c_str());
  // Rename over the file a symbolic link points to, not over the link.
  llvm::SmallString<256> Path;
  if (std::error_code EC = fs::real_path(Given, Path))
    return llvm::createStringError(EC, "cannot write %s: %s", Given.str().c_str(),
                                   EC.message().c_str());
  // The temporary file's name must not grow from the file's own: a name
  // near the file system's limit would not leave room for a suffix.
  llvm::SmallString<256> Model = llvm::sys::path::parent_path(Path);
  llvm::sys::path::append(Model, ".lds-rewrite-%%%%%%%%.tmp");
  int FD;
  llvm::SmallString<256> Tmp;
  if (std::error_code EC = fs::createUniqueFile(Model, FD, Tmp, fs::OF_None,
                                                Status.permissions()))
    return llvm::createStringError(EC, "cannot write %s: %s", Given.str().c_str(),
                                   EC.message().c_str());
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Content;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      fs::remove(Tmp);
      return llvm::createStringError(EC, "cannot write %s: %s", Given.str().c_str(),
                                     EC.message().c_str());
    }
  }
  if (std::error_code EC = fs::rename(Tmp, Path)) {
    fs::remove(Tmp);
    return llvm::createStringError(EC, "cannot write %s: %s", Given.str().c_str(),
                                   EC.message().c_str());
  }
  return llvm::Error::success();
}

} // namespace lds
