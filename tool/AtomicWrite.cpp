//===- AtomicWrite.cpp - Replace a file's contents all at once ------------===//

#include "AtomicWrite.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace lds {

llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content) {
  namespace fs = llvm::sys::fs;
  fs::file_status Status;
  if (std::error_code EC = fs::status(Path, Status))
    return llvm::createStringError(EC, "cannot write %s: %s", Path.str().c_str(),
                                   EC.message().c_str());
  int FD;
  llvm::SmallString<256> Tmp;
  if (std::error_code EC = fs::createUniqueFile(Path + ".lds-rewrite-%%%%%%", FD, Tmp,
                                                fs::OF_None, Status.permissions()))
    return llvm::createStringError(EC, "cannot write %s: %s", Path.str().c_str(),
                                   EC.message().c_str());
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Content;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      fs::remove(Tmp);
      return llvm::createStringError(EC, "cannot write %s: %s", Path.str().c_str(),
                                     EC.message().c_str());
    }
  }
  if (std::error_code EC = fs::rename(Tmp, Path)) {
    fs::remove(Tmp);
    return llvm::createStringError(EC, "cannot write %s: %s", Path.str().c_str(),
                                   EC.message().c_str());
  }
  return llvm::Error::success();
}

} // namespace lds
