//===- PreludePch.cpp - The headers before every file, precompiled once ---===//

#include "pipeline/PreludePch.h"

#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticBuffer.h"
#include "clang/Frontend/Utils.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace lds {

using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {

/// The folder PCHs are kept in, created if need be; nullopt when there is
/// none or LDS_REWRITE_PCH=0.
std::optional<std::string> cacheFolder() {
  if (const char *Off = std::getenv("LDS_REWRITE_PCH"); Off && StringRef(Off) == "0")
    return std::nullopt;
  llvm::SmallString<256> Dir;
  if (const char *Env = std::getenv("LDS_REWRITE_CACHE_DIR"); Env && *Env)
    Dir = Env;
  else if (path::cache_directory(Dir))
    path::append(Dir, "lds-rewrite");
  else
    return std::nullopt;
  path::append(Dir, "pch");
  if (fs::create_directories(Dir))
    return std::nullopt;
  return std::string(Dir);
}

/// Whether Cmd forces only lds-rewrite's own headers before the file: a
/// user's -include (or -imacros, or a PCH of their own) would be baked into
/// ours, and a --fix that rewrites it in memory would not be seen.
bool onlyOwnPrelude(const std::vector<std::string> &Cmd, const std::vector<std::string> &Own) {
  for (size_t I = 1; I + 1 < Cmd.size(); ++I) {
    StringRef A = Cmd[I];
    if (A == "-imacros" || A.starts_with("-include-pch") || A.starts_with("-imacros"))
      return false;
    if (A == "-include") {
      if (std::find(Own.begin(), Own.end(), Cmd[I + 1]) == Own.end())
        return false;
      ++I;
    } else if (A.starts_with("-include") && A != "-include") {
      return false; // -include<file> in one word
    }
  }
  return true;
}

/// What the PCH of Cmd (input Input dropped) in Directory is named by:
/// everything that decides its content, and the clang that reads it.
std::string keyOf(const std::vector<std::string> &Cmd, size_t Input, const std::string &Directory) {
  std::string All = clang::getClangFullVersion() + '\0' + Directory + '\0';
  for (size_t I = 0; I < Cmd.size(); ++I)
    if (I != Input)
      All += Cmd[I] + '\0';
  return llvm::utohexstr(llvm::xxh3_64bits(StringRef(All)), /*LowerCase=*/true, /*Width=*/16);
}

/// Every header, system ones too: any of them changed makes the PCH stale.
struct AllHeaders : clang::DependencyCollector {
  bool needSystemDependencies() override { return true; }
};

/// GeneratePCHAction writing to Out, its headers collected in Deps.
struct BuildPch : clang::GeneratePCHAction {
  std::string Out;
  std::shared_ptr<AllHeaders> Deps;
  BuildPch(std::string Out, std::shared_ptr<AllHeaders> Deps)
      : Out(std::move(Out)), Deps(std::move(Deps)) {}
  bool BeginInvocation(clang::CompilerInstance &CI) override {
    CI.getFrontendOpts().OutputFile = Out;
    CI.addDependencyCollector(Deps);
    return GeneratePCHAction::BeginInvocation(CI);
  }
};

/// A parse of nothing with the PCH: it loads, and the command's own
/// -include lines after it change nothing (their guards hold).
struct LoadsClean : clang::SyntaxOnlyAction {};

/// Runs Action over Cmd (the input replaced by Input) in Directory, its
/// diagnostics kept quiet; whether it ran without an error.
bool runQuiet(std::vector<std::string> Cmd, size_t InputAt, const std::string &Input,
              const std::string &Directory, std::unique_ptr<clang::FrontendAction> Action) {
  Cmd[InputAt] = Input;
  // A file system of its own: the real one's working folder is the
  // process's, which a parse in parallel must not move.
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS(
      llvm::vfs::createPhysicalFileSystem().release());
  if (FS->setCurrentWorkingDirectory(Directory))
    return false;
  llvm::IntrusiveRefCntPtr<clang::FileManager> Files(
      new clang::FileManager(clang::FileSystemOptions(), FS));
  clang::TextDiagnosticBuffer Quiet;
  clang::tooling::ToolInvocation Run(Cmd, std::move(Action), Files.get());
  Run.setDiagnosticConsumer(&Quiet);
  return Run.run() && Quiet.getNumErrors() == 0;
}

/// The files a PCH was built from (the headers and the empty file), a line
/// each: size, time, path.
std::string stamps(const std::vector<std::string> &Files) {
  std::string Out;
  for (const std::string &H : Files) {
    fs::file_status S;
    if (fs::status(H, S))
      continue;
    Out += std::to_string(S.getSize()) + " " +
           std::to_string(S.getLastModificationTime().time_since_epoch().count()) + " " + H +
           "\n";
  }
  return Out;
}

/// Whether every header in the stamps file Stamps still has its size and
/// time.
bool fresh(const std::string &StampsFile) {
  auto Buf = llvm::MemoryBuffer::getFile(StampsFile);
  if (!Buf)
    return false;
  llvm::SmallVector<StringRef, 256> Lines;
  (*Buf)->getBuffer().split(Lines, '\n', -1, false);
  if (Lines.empty())
    return false;
  for (StringRef L : Lines) {
    auto [Size, Rest] = L.split(' ');
    auto [Time, File] = Rest.split(' ');
    fs::file_status S;
    if (fs::status(File, S) || Size != std::to_string(S.getSize()) ||
        Time != std::to_string(S.getLastModificationTime().time_since_epoch().count()))
      return false;
  }
  return true;
}

/// Builds the PCH of Cmd's prelude at Pch (its stamps at Stamps), from an
/// empty file parsed with Cmd; whether it can be used.
bool build(const std::vector<std::string> &Cmd, size_t InputAt, const std::string &Directory,
           const std::string &Pch, const std::string &Stamps) {
  // The PCH names the file it was built from, and clang checks its size
  // and time whenever it loads the PCH: it stays, made once and never
  // written again, so that a PCH another process is reading stays valid.
  std::string Empty = Pch + path::extension(Cmd[InputAt]).str();
  int FD;
  if (!fs::openFileForWrite(Empty, FD, fs::CD_CreateNew))
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  if (!fs::exists(Empty))
    return false;
  llvm::SmallString<256> Tmp;
  if (fs::createUniqueFile(Pch + ".%%%%%%.tmp", Tmp))
    return false;
  auto Deps = std::make_shared<AllHeaders>();
  bool Ok = runQuiet(Cmd, InputAt, Empty, Directory,
                     std::make_unique<BuildPch>(std::string(Tmp), Deps));
  // Used once before it is kept: a PCH that does not load, or a header that
  // its second inclusion breaks, means no PCH rather than a failed parse.
  if (Ok) {
    std::vector<std::string> With = Cmd;
    With.insert(With.begin() + InputAt, {"-include-pch", std::string(Tmp)});
    Ok = runQuiet(With, InputAt + 2, Empty, Directory, std::make_unique<LoadsClean>());
  }
  std::vector<std::string> Headers(Deps->getDependencies().begin(),
                                   Deps->getDependencies().end());
  if (std::find(Headers.begin(), Headers.end(), Empty) == Headers.end())
    Headers.push_back(Empty);
  // LLVM's writeToOutput writes beside Stamps and renames: a reader sees the
  // old list or the new one, never half of one.
  const std::string List = stamps(Headers);
  Ok = Ok &&
       !llvm::errorToBool(llvm::writeToOutput(Stamps, [&](llvm::raw_ostream &OS) {
         OS << List;
         return llvm::Error::success();
       })) &&
       !fs::rename(Tmp, Pch);
  fs::remove(Tmp);
  return Ok;
}

} // namespace

std::vector<std::string> withPreludePch(const std::vector<std::string> &ParseCommand,
                                        const std::string &Directory,
                                        const std::vector<std::string> &OwnIncludes) {
  if (ParseCommand.size() < 2 || !onlyOwnPrelude(ParseCommand, OwnIncludes))
    return ParseCommand;
  std::optional<std::string> Folder = cacheFolder();
  if (!Folder)
    return ParseCommand;
  const size_t InputAt = ParseCommand.size() - 1;
  llvm::SmallString<256> Pch(*Folder);
  path::append(Pch, keyOf(ParseCommand, InputAt, Directory) + ".pch");
  const std::string Stamps = std::string(Pch) + ".headers";
  if (!(fs::exists(Pch) && fresh(Stamps)) &&
      !build(ParseCommand, InputAt, Directory, std::string(Pch), Stamps))
    return ParseCommand;
  std::vector<std::string> With = ParseCommand;
  With.insert(With.begin() + InputAt, {"-include-pch", std::string(Pch)});
  return With;
}

} // namespace lds
