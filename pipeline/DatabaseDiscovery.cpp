//===- DatabaseDiscovery.cpp - compile_commands.json found as clang-tidy does //

#include "pipeline/DatabaseDiscovery.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace lds {

namespace path = llvm::sys::path;

const clang::tooling::CompilationDatabase *
DiscoveredDatabases::load(const std::string &Path) const {
  auto It = Loaded.find(Path);
  if (It == Loaded.end()) {
    std::string Err;
    It = Loaded
             .emplace(Path, clang::tooling::JSONCompilationDatabase::loadFromFile(
                                Path, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect))
             .first;
  }
  return It->second.get();
}

std::vector<clang::tooling::CompileCommand>
DiscoveredDatabases::getCompileCommands(llvm::StringRef File) const {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  path::remove_dots(Abs, /*remove_dot_dot=*/true);
  std::lock_guard<std::mutex> Guard(Lock);
  for (llvm::StringRef Dir = path::parent_path(Abs); !Dir.empty(); Dir = path::parent_path(Dir)) {
    for (const char *Sub : {"", "build"}) {
      llvm::SmallString<256> Candidate(Dir);
      path::append(Candidate, Sub, "compile_commands.json");
      if (!llvm::sys::fs::exists(Candidate))
        continue;
      const clang::tooling::CompilationDatabase *DB = load(std::string(Candidate));
      if (!DB)
        continue;
      std::vector<clang::tooling::CompileCommand> Cmds = DB->getCompileCommands(Abs);
      if (Cmds.empty())
        continue;
      Source[std::string(Abs)] = std::string(Candidate);
      return Cmds;
    }
    if (Dir == path::root_path(Dir))
      break;
  }
  return {};
}

std::string DiscoveredDatabases::sourceOf(llvm::StringRef File) const {
  llvm::SmallString<256> Abs(File);
  llvm::sys::fs::make_absolute(Abs);
  path::remove_dots(Abs, /*remove_dot_dot=*/true);
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Source.find(std::string(Abs));
  return It == Source.end() ? "" : It->second;
}

} // namespace lds
