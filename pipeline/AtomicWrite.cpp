//===- AtomicWrite.cpp - Replace a file's contents all at once ------------===//

#include "pipeline/AtomicWrite.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace lds {

namespace {

/// A file's new contents, written beside it, waiting to be renamed over it.
struct Staged {
  std::string Tmp, Path;
};

llvm::Expected<Staged> stage(llvm::StringRef Given, llvm::StringRef Content) {
  namespace fs = llvm::sys::fs;
  fs::file_status Status;
  if (std::error_code EC = fs::status(Given, Status))
    return llvm::createStringError(EC, "cannot write %s: %s", Given.str().c_str(),
                                   EC.message().c_str());
  // A file marked read-only is not to be changed (a version-control
  // checkout, say), although renaming over it would succeed; the same for
  // a file this user may not write.
  if (!(Status.permissions() & fs::all_write) || fs::access(Given, fs::AccessMode::Write))
    return llvm::createStringError(std::errc::permission_denied, "cannot write %s: it is read-only",
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
  if (std::error_code EC = fs::createUniqueFile(Model, FD, Tmp, fs::OF_None, Status.permissions()))
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
  return Staged{std::string(Tmp), std::string(Path)};
}

} // namespace

llvm::Error writeFilesAtomically(llvm::ArrayRef<std::pair<std::string, std::string>> Files) {
  std::vector<Staged> Ready;
  auto Discard = [&] {
    for (const Staged &S : Ready)
      llvm::sys::fs::remove(S.Tmp);
  };
  for (const auto &[Path, Content] : Files) {
    auto S = stage(Path, Content);
    if (!S) {
      Discard();
      return S.takeError();
    }
    Ready.push_back(std::move(*S));
  }
  for (size_t I = 0; I < Ready.size(); ++I)
    if (std::error_code EC = llvm::sys::fs::rename(Ready[I].Tmp, Ready[I].Path)) {
      // Renames within a folder fail only when the folder changed under us.
      for (size_t J = I; J < Ready.size(); ++J)
        llvm::sys::fs::remove(Ready[J].Tmp);
      return llvm::createStringError(EC, "cannot write %s: %s%s", Files[I].first.c_str(),
                                     EC.message().c_str(),
                                     I ? " (the files before it were written)" : "");
    }
  return llvm::Error::success();
}

llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Content) {
  return writeFilesAtomically({{Path.str(), Content.str()}});
}

} // namespace lds
