//===- IsaFixCopy.cpp - isa --compare-fix: the tool's own --fix on a copy -===//

#include "pipeline/IsaFixCopy.h"

#include "pipeline/CheckRun.h"
#include "pipeline/IsaCompile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lds {

namespace {

Error failure(const Twine &Msg) { return make_error<StringError>(Msg, inconvertibleErrorCode()); }

} // namespace

Error fixCopy(const IsaRequest &O, IsaInput &Fixed, std::string &Report, bool &Changed) {
  SmallString<128> Dir;
  if (sys::fs::createUniqueDirectory("lds-rewrite-isa-fix", Dir))
    return failure("cannot create a temporary folder");
  std::string OrigDir = sys::path::parent_path(IsaNames::absolute(O.File)).str();
  // The check's own --fix, in-process, with the fix of FILE (and of the
  // project's headers it edits) written to Dir (--fix-to), never over FILE.
  CheckRequest R;
  R.Files = {O.File};
  R.CompilerArgs = O.CompilerArgs;
  R.Config = O.Config;
  R.Config.Targets = O.Targets;
  R.Config.Format = OutputFormat::Text;
  R.Config.FixTo = std::string(Dir);
  R.Fix = FixOutput::InPlace;
  R.StrategyGiven = O.Strat.has_value();
  R.Strat = O.Strat.value_or(Strategy::Auto);
  raw_string_ostream Log(Report);
  int RC = runCheck(R, Log, Log).Status;
  Log.flush();
  if (RC != 0 && RC != 1) {
    sys::fs::remove_directories(Dir);
    return failure("lds-rewrite --fix failed (exit " + std::to_string(RC) + ")\n" + Report);
  }
  SmallString<256> Copy(Dir), Overlay(Dir);
  sys::path::append(Copy, sys::path::filename(O.File));
  sys::path::append(Overlay, "overlay.yaml");
  if (!sys::fs::exists(Copy)) { // nothing to fix: the original, unchanged
    if (sys::fs::copy_file(O.File, Copy)) {
      sys::fs::remove_directories(Dir);
      return failure("cannot copy " + O.File + " to " + std::string(Copy));
    }
  }
  bool Headers = sys::fs::exists(Overlay);
  Changed = Headers || readFileOrEmpty(O.File) != readFileOrEmpty(Copy);
  Fixed.Out.Role = "fixed";
  Fixed.Out.Display = O.File + " (lds-rewrite --fix)";
  Fixed.Input = std::string(Copy);
  // The copy's quoted includes are next to the original; the rewritten
  // headers stand in for theirs through the overlay.
  Fixed.ExtraArgs = {"-I" + OrigDir};
  if (Headers) {
    Fixed.ExtraArgs.push_back("-ivfsoverlay");
    Fixed.ExtraArgs.push_back(std::string(Overlay));
  }
  Fixed.TempDir = std::string(Dir);
  return Error::success();
}

} // namespace lds
