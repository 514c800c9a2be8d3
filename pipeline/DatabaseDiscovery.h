//===- DatabaseDiscovery.h - compile_commands.json found as clang-tidy does =//
#ifndef LDS_PIPELINE_DATABASEDISCOVERY_H
#define LDS_PIPELINE_DATABASEDISCOVERY_H

#include "clang/Tooling/CompilationDatabase.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace lds {

/// Without -p, each file's compile command comes from the first
/// compile_commands.json found in its folder or a parent, or in a build/
/// folder beside one of them (a CMake build tree in the usual place). A
/// database that has no entry for the file is passed over, and no command
/// is guessed from other files' entries (clang's interpolation would give a
/// HIP file the flags of the tool's own C++ sources when the tests run
/// inside its build tree).
class DiscoveredDatabases : public clang::tooling::CompilationDatabase {
public:
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override;

  /// The database that gave File its command (absolute path), or "".
  std::string sourceOf(llvm::StringRef File) const;

private:
  const clang::tooling::CompilationDatabase *load(const std::string &Path) const;

  mutable std::mutex Lock;
  mutable std::map<std::string, std::unique_ptr<clang::tooling::CompilationDatabase>> Loaded;
  mutable std::map<std::string, std::string> Source; ///< file -> database path
};

} // namespace lds

#endif
