//===- FixedCopies.cpp - Rewritten files as copies a compiler can read ----===//

#include "pipeline/FixedCopies.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace lds {

namespace {

/// A clang -ivfsoverlay file that shows each header at its own path with
/// the contents of its rewritten copy.
std::string vfsOverlay(const std::vector<std::pair<std::string, std::string>> &Headers) {
  llvm::json::Array Roots;
  for (const auto &[Header, Copy] : Headers)
    Roots.push_back(
        llvm::json::Object{{"type", "file"}, {"name", Header}, {"external-contents", Copy}});
  llvm::json::Object Overlay{
      {"version", 0}, {"case-sensitive", "true"}, {"roots", std::move(Roots)}};
  return llvm::formatv("{0:2}\n", llvm::json::Value(std::move(Overlay))).str();
}

// Written directly: llvm::writeToOutput's temporary name grows from the
// file's own, which a name near the file system's limit has no room for.
llvm::Error writeText(llvm::StringRef Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (!EC) {
    OS << Text;
    OS.close();
    EC = OS.error();
    OS.clear_error();
  }
  if (EC)
    return llvm::createStringError(EC, "cannot write %s: %s", Path.str().c_str(),
                                   EC.message().c_str());
  return llvm::Error::success();
}

} // namespace

llvm::Expected<FixedCopies> writeFixedCopies(llvm::StringRef Dir, const FileCopy &Main,
                                             const std::vector<FileCopy> &Headers) {
  FixedCopies Out;
  llvm::SmallString<256> MainCopy(Dir);
  llvm::sys::path::append(MainCopy, llvm::sys::path::filename(Main.Path));
  Out.Main = std::string(MainCopy);
  if (llvm::Error E = writeText(MainCopy, Main.Text))
    return E;
  Out.Names.push_back({Out.Main, Main.Name});
  std::vector<std::pair<std::string, std::string>> Overlaid; ///< header, copy
  for (const FileCopy &H : Headers) {
    llvm::SmallString<256> To(Dir);
    llvm::sys::path::append(To, "h" + std::to_string(Overlaid.size()) + "-" +
                                    llvm::sys::path::filename(H.Path).str());
    if (llvm::Error E = writeText(To, H.Text))
      return E;
    Overlaid.push_back({H.Path, std::string(To)});
    Out.Names.push_back({std::string(To), H.Name});
  }
  if (!Overlaid.empty()) {
    llvm::SmallString<256> Yaml(Dir);
    llvm::sys::path::append(Yaml, "overlay.yaml");
    Out.Overlay = std::string(Yaml);
    if (llvm::Error E = writeText(Yaml, vfsOverlay(Overlaid)))
      return E;
  }
  return Out;
}

std::string withUserNames(std::string Log, const FixedCopies &Copies) {
  for (const auto &[From, Name] : Copies.Names)
    for (size_t At = Log.find(From); At != std::string::npos; At = Log.find(From, At + Name.size()))
      Log.replace(At, From.size(), Name);
  return Log;
}

} // namespace lds
