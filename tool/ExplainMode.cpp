//===- ExplainMode.cpp - lds-rewrite explain <file>:<line>[:<col>] --------===//

#include "tool/ExplainMode.h"

#include "llvm/ADT/StringRef.h"

namespace lds {

namespace {
const char *Usage = "usage: lds-rewrite explain <file>:<line>[:<col>] "
                    "[--html=PAGE] [options] [-- <compiler args>]";
} // namespace

std::string setUpExplain(ExplainRequest &R, std::vector<std::string> &Files,
                         const std::string &Html, bool OtherMode) {
  if (!R.Active)
    return Html.empty() ? ""
                        : "--html is an option of 'lds-rewrite explain'; " + std::string(Usage);
  if (OtherMode)
    return "explain takes no --fix, --diff or --format; " + std::string(Usage);
  if (Files.size() != 1)
    return (Files.empty() ? "explain needs a <file>:<line>; "
                          : "explain takes one <file>:<line>[:<col>]; ") +
           std::string(Usage);
  R.HtmlPath = Html;
  llvm::StringRef Arg = Files[0];
  unsigned N1 = 0, N2 = 0;
  auto [Head1, Tail1] = Arg.rsplit(':');
  if (!Tail1.empty() && Head1.size() < Arg.size() && !Tail1.getAsInteger(10, N1)) {
    auto [Head2, Tail2] = Head1.rsplit(':');
    if (!Tail2.empty() && Head2.size() < Head1.size() && !Tail2.getAsInteger(10, N2)) {
      R.File = Head2.str();
      R.Line = N2;
      R.Column = N1;
      if (R.Column == 0)
        return "'" + Arg.str() + "': columns start at 1";
    } else {
      R.File = Head1.str();
      R.Line = N1;
    }
    if (R.Line == 0)
      return "'" + Arg.str() + "': lines start at 1";
  } else {
    R.File = Arg.str();
    if (R.HtmlPath.empty())
      return "explain needs a line: '" + R.File +
             ":<line>[:<col>]' (or --html=PAGE "
             "for a page of the whole file); " +
             Usage;
  }
  if (R.File.empty())
    return "'" + Arg.str() + "': no file name; " + Usage;
  Files[0] = R.File;
  return "";
}

} // namespace lds
