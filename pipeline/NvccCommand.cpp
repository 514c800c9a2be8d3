//===- NvccCommand.cpp - An nvcc compile command as clang's CUDA command --===//
//
// The option names are nvcc 13's (`nvcc --help`): each has a long form
// (--gpu-architecture) and a short one (-arch), and takes its value as the
// next argument, after '=', or (short forms of one letter) attached.
//
//===----------------------------------------------------------------------===//

#include "pipeline/NvccCommand.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

#include <algorithm>

namespace lds {

using llvm::StringRef;

namespace {

/// nvcc options that take a value and mean nothing to clang's parse.
const char *const DroppedWithValue[] = {
    "-Xcompiler", "--compiler-options", "-Xptxas",   "--ptxas-options", "-Xlinker",
    "--linker-options", "-Xnvlink", "--nvlink-options", "-Xarchive", "--archive-options",
    "-Xcudafe",   "-ccbin",   "--compiler-bindir", "-maxrregcount", "--maxrregcount",
    "-t",         "--threads", "-cudart",   "--cudart", "--keep-dir", "-keep-dir",
    "-rdc",       "--relocatable-device-code", "-ftz", "--ftz", "-prec-div", "--prec-div",
    "-prec-sqrt", "--prec-sqrt", "-fmad", "--fmad", "-diag-suppress", "--diag-suppress",
    "-ext-lambda", "-Werror", "-ptx", "-default-stream", "--default-stream",
    "-lineinfo", "--generate-line-info", "-res-usage", "--resource-usage",
    "-forward-unknown-to-host-compiler", "-forward-unknown-to-host-linker",
    "--forward-unknown-to-host-compiler", "--forward-unknown-to-host-linker",
    "--extended-lambda", "--expt-extended-lambda", "-expt-extended-lambda",
    "--expt-relaxed-constexpr", "-expt-relaxed-constexpr", "--use_fast_math", "-use_fast_math",
    "-G", "--device-debug", "-dc", "--device-c", "-dw", "--device-w", "-dlink",
    "--device-link", "-keep", "--keep", "-time", "--time", "-Wno-deprecated-gpu-targets",
    "--Wno-deprecated-gpu-targets", "-Wno-deprecated-declarations-nvcc", "--display-error-number",
    "-split-compile", "--split-compile", "--static-global-template-stub",
    "-static-global-template-stub", "--allow-unsupported-compiler", "-allow-unsupported-compiler",
    "--restrict", "-restrict"};

/// Of those, the ones that take a value (as the next argument when not
/// written with '=').
const char *const TakesValue[] = {
    "-Xcompiler", "--compiler-options", "-Xptxas", "--ptxas-options", "-Xlinker",
    "--linker-options", "-Xnvlink", "--nvlink-options", "-Xarchive", "--archive-options",
    "-Xcudafe", "-ccbin", "--compiler-bindir", "-maxrregcount", "--maxrregcount", "-t",
    "--threads", "-cudart", "--cudart", "--keep-dir", "-keep-dir", "-rdc",
    "--relocatable-device-code", "-ftz", "--ftz", "-prec-div", "--prec-div", "-prec-sqrt",
    "--prec-sqrt", "-fmad", "--fmad", "-diag-suppress", "--diag-suppress", "-Werror",
    "-default-stream", "--default-stream", "-split-compile", "--split-compile",
    "--static-global-template-stub", "-static-global-template-stub"};

bool in(StringRef A, llvm::ArrayRef<const char *> Names) {
  return std::any_of(Names.begin(), Names.end(), [&](const char *N) { return A == N; });
}

/// Splits "-opt=value" into ("-opt", "value"); ("-opt", "") otherwise.
std::pair<StringRef, StringRef> nameAndValue(StringRef A) {
  if (A.starts_with("-") && A.contains('='))
    return A.split('=');
  return {A, StringRef()};
}

/// sm_XX of "sm_90", "compute_90", "sm_90a"; "" for "native", "all" ...
std::string realArch(StringRef A) {
  A = A.trim();
  if (A.consume_front("sm_") || A.consume_front("compute_") || A.consume_front("lto_"))
    return ("sm_" + A).str();
  return "";
}

/// The sm_XX targets of one -gencode value "arch=compute_90,code=[compute_90,sm_90]".
void gencodeTargets(StringRef V, std::vector<std::string> &Out) {
  std::string Virtual;
  std::vector<std::string> Real;
  // Split at commas outside brackets.
  int Depth = 0;
  size_t Start = 0;
  std::vector<StringRef> Parts;
  for (size_t I = 0; I <= V.size(); ++I) {
    char C = I < V.size() ? V[I] : ',';
    Depth += C == '[' ? 1 : C == ']' ? -1 : 0;
    if (C == ',' && Depth == 0) {
      Parts.push_back(V.slice(Start, I));
      Start = I + 1;
    }
  }
  for (StringRef P : Parts) {
    auto [Key, Val] = P.split('=');
    Val = Val.trim("[]\"'");
    if (Key == "arch")
      Virtual = realArch(Val);
    else if (Key == "code") {
      llvm::SmallVector<StringRef> Codes;
      Val.split(Codes, ',');
      for (StringRef C : Codes)
        if (C.trim().starts_with("sm_"))
          Real.push_back(realArch(C));
    }
  }
  if (Real.empty() && !Virtual.empty())
    Real.push_back(Virtual);
  Out.insert(Out.end(), Real.begin(), Real.end());
}

} // namespace

bool isNvccCommand(const std::vector<std::string> &Args) {
  if (Args.empty())
    return false;
  StringRef Name = llvm::sys::path::filename(Args[0]);
  return Name == "nvcc" || Name == "nvcc.exe";
}

std::vector<std::string> nvccToClang(const std::vector<std::string> &Args) {
  std::vector<std::string> Out = {"clang++"};
  std::vector<std::string> Targets;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    auto [Name, Value] = nameAndValue(A);
    auto NextValue = [&]() -> StringRef {
      if (!Value.empty() || A.contains('='))
        return Value;
      return I + 1 < Args.size() ? StringRef(Args[++I]) : StringRef();
    };
    if (Name == "-arch" || Name == "--gpu-architecture" || Name == "-code" ||
        Name == "--gpu-code") {
      llvm::SmallVector<StringRef> Archs;
      NextValue().split(Archs, ',');
      for (StringRef Arch : Archs)
        if (std::string T = realArch(Arch); !T.empty())
          Targets.push_back(T);
      continue;
    }
    if (Name == "-gencode" || Name == "--generate-code") {
      gencodeTargets(NextValue(), Targets);
      continue;
    }
    if (in(Name, DroppedWithValue)) {
      if (in(Name, TakesValue))
        NextValue();
      continue;
    }
    if (A == "-x") {
      StringRef L = NextValue();
      Out.push_back("-x");
      Out.push_back(L == "cu" ? "cuda" : L.str());
      continue;
    }
    if (Name == "--x" || Name == "--language") {
      Out.push_back("-x");
      StringRef L = NextValue();
      Out.push_back(L == "cu" ? "cuda" : L.str());
      continue;
    }
    // nvcc's long spellings of flags clang knows by their short names.
    if (Name == "--define-macro" || Name == "--undefine-macro" || Name == "--include-path" ||
        Name == "--system-include" || Name == "--pre-include" || Name == "--output-file" ||
        Name == "--std") {
      const char *Short = Name == "--define-macro"     ? "-D"
                          : Name == "--undefine-macro" ? "-U"
                          : Name == "--include-path"   ? "-I"
                          : Name == "--system-include" ? "-isystem"
                          : Name == "--pre-include"    ? "-include"
                          : Name == "--output-file"    ? "-o"
                                                       : "-std=";
      StringRef V = NextValue();
      if (StringRef(Short) == "-std=") {
        Out.push_back(("-std=" + V).str());
      } else {
        Out.push_back(Short);
        Out.push_back(V.str());
      }
      continue;
    }
    // Any other nvcc option of its own (two dashes, or one of its short
    // names CMake writes) is not clang's.
    if (A.starts_with("--") && !A.starts_with("--cuda-"))
      continue;
    Out.push_back(Args[I]);
  }
  // Right after the compiler: the input and -o may come in any order.
  std::sort(Targets.begin(), Targets.end());
  Targets.erase(std::unique(Targets.begin(), Targets.end()), Targets.end());
  std::vector<std::string> Arch;
  for (const std::string &T : Targets)
    Arch.push_back("--cuda-gpu-arch=" + T);
  Out.insert(Out.begin() + 1, Arch.begin(), Arch.end());
  return Out;
}

std::optional<std::string> findNvcc() {
  std::optional<std::string> E = llvm::sys::Process::GetEnv("NVCC");
  if (E && !E->empty())
    return E; // as the user set it: running it says what is wrong
  if (auto P = llvm::sys::findProgramByName("nvcc"))
    return *P;
  if (auto P = llvm::sys::findProgramByName("nvcc", {"/usr/local/cuda/bin"}))
    return *P;
  return std::nullopt;
}

} // namespace lds
