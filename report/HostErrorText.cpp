//===- HostErrorText.cpp - How errors in host-only code are worded -------===//
#include "report/HostErrorText.h"

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace lds {

static std::string joinQuoted(const std::vector<std::string> &Names) {
  std::string Out;
  for (size_t I = 0; I < Names.size(); ++I) {
    if (I)
      Out += I + 1 == Names.size() ? " and " : ", ";
    Out += "'" + Names[I] + "'";
  }
  return Out;
}

std::string hostErrorSummary(const std::vector<HostError> &Errors) {
  if (Errors.empty())
    return "";
  std::vector<std::string> Functions;
  for (const HostError &E : Errors)
    if (std::find(Functions.begin(), Functions.end(), E.Function) == Functions.end())
      Functions.push_back(E.Function);
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "host code does not parse with clang (" << Errors.front().Message;
  if (Errors.size() > 1)
    OS << "; " << Errors.size() - 1 << " more error" << (Errors.size() > 2 ? "s" : "")
       << " in host code";
  OS << "); kernels were analysed, launches in " << joinQuoted(Functions)
     << " may have been missed";
  return S;
}

std::string hostErrorWarning(const std::vector<HostError> &Errors) {
  if (Errors.empty())
    return "";
  const HostError &First = Errors.front();
  std::string S;
  llvm::raw_string_ostream OS(S);
  llvm::WithColor::warning(OS, "lds-rewrite");
  OS << First.File << ":" << First.Line << ":" << First.Column << ": " << hostErrorSummary(Errors)
     << "\n";
  return S;
}

} // namespace lds
