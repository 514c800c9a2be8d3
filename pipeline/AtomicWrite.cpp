//===- AtomicWrite.cpp - Replace files' contents all at once, or none -----===//

#include "pipeline/AtomicWrite.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <optional>
#include <thread>
#include <vector>

namespace lds {

namespace {

namespace fs = llvm::sys::fs;

/// A file's new contents, written beside it, waiting to take its place.
struct Staged {
  std::string Tmp, Path;
  bool HardLinked = false; ///< written in place, not renamed over
};

llvm::Error cannotWrite(llvm::StringRef Given, std::error_code EC) {
  return llvm::createStringError(EC, "cannot write %s: %s", Given.str().c_str(),
                                 EC.message().c_str());
}

/// Writes Content to FD, closing it.
std::error_code writeAndClose(int FD, llvm::StringRef Content) {
  llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Content;
  OS.close();
  if (!OS.has_error())
    return std::error_code();
  std::error_code EC = OS.error();
  OS.clear_error();
  return EC;
}

llvm::Expected<Staged> stage(llvm::StringRef Given, llvm::StringRef Content) {
  fs::file_status Status;
  if (std::error_code EC = fs::status(Given, Status))
    return cannotWrite(Given, EC);
  // A file marked read-only is not to be changed (a version-control
  // checkout, say), although renaming over it would succeed; the same for
  // a file this user may not write.
  if (!(Status.permissions() & fs::all_write) || fs::access(Given, fs::AccessMode::Write))
    return llvm::createStringError(std::errc::permission_denied, "cannot write %s: it is read-only",
                                   Given.str().c_str());
  // Rename over the file a symbolic link points to, not over the link.
  llvm::SmallString<256> Path;
  if (std::error_code EC = fs::real_path(Given, Path))
    return cannotWrite(Given, EC);
  // The temporary file's name must not grow from the file's own: a name
  // near the file system's limit would not leave room for a suffix.
  llvm::SmallString<256> Model = llvm::sys::path::parent_path(Path);
  llvm::sys::path::append(Model, ".lds-rewrite-%%%%%%%%.tmp");
  int FD;
  llvm::SmallString<256> Tmp;
  if (std::error_code EC = fs::createUniqueFile(Model, FD, Tmp, fs::OF_None, Status.permissions()))
    return cannotWrite(Given, EC);
  // Root may own the temporary file while the user owns the file: keep the
  // file's owner and group (a user who may not set them keeps their own,
  // as any editor would).
  (void)fs::changeFileOwnership(FD, Status.getUser(), Status.getGroup());
  if (std::error_code EC = writeAndClose(FD, Content)) {
    fs::remove(Tmp);
    return cannotWrite(Given, EC);
  }
  return Staged{std::string(Tmp), std::string(Path), Status.getLinkCount() > 1};
}

/// The test hook of AtomicWrite.h: create P.ready, wait until P exists.
void pauseForTest() {
  std::optional<std::string> P = llvm::sys::Process::GetEnv("LDS_REWRITE_TEST_PAUSE_BEFORE_WRITE");
  if (!P || P->empty())
    return;
  int FD;
  if (!fs::openFileForWrite(*P + ".ready", FD))
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  for (int Tenths = 0; Tenths < 600 && !fs::exists(*P); ++Tenths)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
}

/// Path's text now, or why it cannot be read.
llvm::Expected<std::string> readNow(llvm::StringRef Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), "cannot read %s again before writing it: %s",
                                   Path.str().c_str(), Buf.getError().message().c_str());
  return (*Buf)->getBuffer().str();
}

/// Gives Path (several names share it) the contents of Tmp in place.
std::error_code overwriteInPlace(const Staged &S, llvm::StringRef Content) {
  int FD;
  if (std::error_code EC = fs::openFileForWrite(S.Path, FD, fs::CD_OpenExisting))
    return EC;
  if (std::error_code EC = writeAndClose(FD, Content))
    return EC;
  fs::remove(S.Tmp);
  return std::error_code();
}

} // namespace

llvm::Error replaceFiles(llvm::ArrayRef<FileReplacement> Files) {
  std::vector<Staged> Ready;
  auto Discard = [&](size_t From) {
    for (size_t J = From; J < Ready.size(); ++J)
      fs::remove(Ready[J].Tmp);
  };
  for (const FileReplacement &F : Files) {
    auto S = stage(F.Path, F.After);
    if (!S) {
      Discard(0);
      return S.takeError();
    }
    Ready.push_back(std::move(*S));
  }
  pauseForTest();
  // The edits were offsets into Before: a file changed since (an editor's
  // save, a second tool) would lose that change to the rename.
  for (const FileReplacement &F : Files) {
    auto Now = readNow(F.Path);
    if (!Now || *Now != F.Before) {
      Discard(0);
      if (!Now)
        return Now.takeError();
      return llvm::createStringError(std::errc::resource_unavailable_try_again,
                                     "%s changed while the fix was being made; run the fix again",
                                     F.Path.c_str());
    }
  }
  for (size_t I = 0; I < Ready.size(); ++I) {
    std::error_code EC = Ready[I].HardLinked ? overwriteInPlace(Ready[I], Files[I].After)
                                             : fs::rename(Ready[I].Tmp, Ready[I].Path);
    if (EC) {
      // Renames within a folder fail only when the folder changed under us.
      Discard(I);
      return llvm::createStringError(EC, "cannot write %s: %s%s", Files[I].Path.c_str(),
                                     EC.message().c_str(),
                                     I ? " (the files before it were written)" : "");
    }
  }
  return llvm::Error::success();
}

} // namespace lds
