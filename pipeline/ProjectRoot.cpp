//===- ProjectRoot.cpp - The project a file belongs to ---------------------===//

#include "pipeline/ProjectRoot.h"

#include "pipeline/ProjectConfig.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace lds {

namespace {

std::string realFolder(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path), Real;
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  if (llvm::sys::fs::real_path(Abs, Real))
    return std::string(Abs);
  return std::string(Real);
}

} // namespace

std::string projectRoot(llvm::StringRef File) {
  std::string Start = llvm::sys::path::parent_path(realFolder(File)).str();
  for (const char *Marker : {ProjectConfigName, ".git"})
    for (llvm::StringRef Dir = Start; !Dir.empty(); Dir = llvm::sys::path::parent_path(Dir)) {
      llvm::SmallString<256> Candidate(Dir);
      llvm::sys::path::append(Candidate, Marker);
      if (llvm::sys::fs::exists(Candidate))
        return Dir.str();
    }
  return Start;
}

std::string reportRoot(const std::vector<std::string> &Files, llvm::StringRef Override,
                       llvm::StringRef Fallback) {
  if (!Override.empty())
    return realFolder(Override);
  if (!Files.empty())
    return projectRoot(Files.front());
  if (llvm::sys::fs::is_directory(Fallback)) {
    llvm::SmallString<256> Inside(Fallback);
    llvm::sys::path::append(Inside, "x");
    return projectRoot(Inside);
  }
  return projectRoot(Fallback);
}

EditScope projectScope(llvm::StringRef File, llvm::StringRef Override) {
  EditScope S;
  S.Root = Override.empty() ? projectRoot(File) : realFolder(Override);
  return S;
}

} // namespace lds
