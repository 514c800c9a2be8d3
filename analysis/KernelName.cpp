//===- KernelName.cpp - One kernel's name, however it is written ----------===//

#include "analysis/KernelName.h"

namespace lds {

std::string comparableKernelName(llvm::StringRef Name) {
  int Depth = 0;
  size_t Params = Name.size(), Start = 0;
  for (size_t I = 0; I < Name.size(); ++I) {
    char C = Name[I];
    if (C == '<')
      ++Depth;
    else if (C == '>')
      --Depth;
    else if (Depth == 0 && C == '(') {
      Params = I;
      break;
    } else if (Depth == 0 && (C == ' ' || C == ':'))
      Start = I + 1;
  }
  std::string Out;
  llvm::StringRef Base = Name.slice(Start, Params);
  for (size_t I = 0; I < Base.size(); ++I) {
    if (Base[I] == '(') { // a cast of a template argument: (int)1
      size_t Close = Base.find(')', I);
      if (Close != llvm::StringRef::npos) {
        I = Close;
        continue;
      }
    }
    if (Base[I] != ' ')
      Out += Base[I];
  }
  return Out;
}

} // namespace lds
