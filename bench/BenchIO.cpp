//===- BenchIO.cpp - Files and programs of a bench run --------------------===//

#include "bench/BenchIO.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <vector>

using namespace llvm;

namespace lds::bench {

std::string readText(StringRef Path) {
  auto B = MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : std::string();
}

void writeText(StringRef Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(Path, EC);
  if (!EC)
    OS << Text;
}

int runLogged(StringRef Program, ArrayRef<std::string> Args, StringRef Log, std::string *ErrMsg,
              StringRef ErrLog) {
  std::vector<StringRef> Argv = {Program};
  for (const std::string &A : Args)
    Argv.push_back(A);
  std::optional<StringRef> Redirects[] = {StringRef(""), Log, ErrLog.empty() ? Log : ErrLog};
  std::string Msg;
  int RC = sys::ExecuteAndWait(Program, Argv, std::nullopt, Redirects, 0, 0, &Msg);
  if (ErrMsg)
    *ErrMsg = Msg;
  return RC;
}

std::string safeName(StringRef N) {
  std::string S;
  for (char C : N)
    S += (isAlnum(C) || C == '-' || C == '_' || C == '.') ? C : '_';
  return S.empty() ? "variant" : S;
}

} // namespace lds::bench
