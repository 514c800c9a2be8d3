//===- Toolchain.cpp - The compilers a benchmark harness is built with ----===//

#include "bench/Toolchain.h"

#include "pipeline/DeviceCompileArgs.h"
#include "pipeline/NvccCommand.h"
#include "pipeline/RunConfig.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

#include <cstring>

using namespace llvm;

namespace lds::bench {

std::string findTool(StringRef Name, ArrayRef<StringRef> Extra) {
  if (auto P = sys::findProgramByName(Name))
    return *P;
  if (auto P = sys::findProgramByName(Name, Extra))
    return *P;
  return "";
}

std::string findNvcc(const std::string &Given) {
  return Given.empty() ? lds::findNvcc().value_or("") : Given;
}

/// clang++ beside Clang.
static std::string siblingClangxx(StringRef Clang) {
  SmallString<256> P(sys::path::parent_path(Clang));
  sys::path::append(P, "clang++");
  return sys::fs::can_execute(P) ? std::string(P) : std::string();
}

AmdToolchain findAmdToolchain(const std::string &Hipcc, const std::vector<std::string> &Gfx,
                              const std::string &ToolClang, const std::string &FallbackIncludeDir) {
  AmdToolchain T;
  std::string Given = Hipcc;
  if (Given.empty())
    if (std::optional<std::string> E = sys::Process::GetEnv("HIPCC"))
      Given = *E;
  if (!Given.empty()) {
    if (!sys::fs::can_execute(Given)) {
      if (auto P = sys::findProgramByName(Given))
        Given = *P;
      else {
        T.Why = "--hipcc " + Given + ": not an executable";
        return T;
      }
    }
    T.Compiler = Given;
  } else if (std::string P = findTool("hipcc", {"/opt/rocm/bin"}); !P.empty()) {
    T.Compiler = P;
  } else if (std::string P = findTool("amdclang++", {"/opt/rocm/bin", "/opt/rocm/llvm/bin"});
             !P.empty()) {
    T.Compiler = P;
  }
  if (!T.Compiler.empty()) {
    T.Kind = sys::path::filename(T.Compiler).contains("hipcc") ? "hipcc" : "amdclang++";
    if (T.Kind != "hipcc")
      T.LinkFlags.push_back("--hip-link"); // the HIP runtime library
    return T;
  }

  // Debian: clang 22 with libamdhip64-dev (ROCm 5.2).
  T.Compiler = siblingClangxx(ToolClang);
  T.Kind = "Debian clang";
  if (T.Compiler.empty()) {
    T.Why = std::string("neither ROCm (hipcc, amdclang++: PATH, /opt/rocm/bin, "
                        "/opt/rocm/llvm/bin; --hipcc PATH) nor clang++ beside ") +
            ToolClang + " found";
    return T;
  }
  RunConfig Config;
  Config.ClangPath = T.Compiler;
  Config.FallbackIncludeDir = FallbackIncludeDir;
  std::string Wave;
  bool SameWave = true;
  std::string RocmPath;
  for (size_t I = 0; I < Gfx.size(); ++I) {
    clang::tooling::CompileCommand CC(".", "harness.cu", {T.Compiler, "harness.cu"}, "");
    DeviceParse DP = deviceCommand(CC, SourceLanguage::HIP, {Gfx[I]}, Config);
    if (DP.UsedFallbackHeaders) {
      T.Compiler.clear();
      T.Why = "neither ROCm (hipcc, amdclang++: PATH, /opt/rocm/bin, /opt/rocm/llvm/bin; "
              "--hipcc PATH) nor Debian's HIP (libamdhip64-dev: /usr/include/hip) is installed";
      return T;
    }
    const std::vector<std::string> &A = DP.CommandLine;
    for (size_t J = 1; J < A.size(); ++J) {
      StringRef X = A[J];
      if (X.starts_with("-D__AMDGCN_WAVEFRONT_SIZE=")) {
        if (I == 0)
          Wave = X.str();
        SameWave &= Wave == X;
        continue;
      }
      if (I)
        continue;
      if (X == "-include" && J + 1 < A.size()) {
        T.Flags.push_back(A[J]);
        T.Flags.push_back(A[++J]);
      } else if (X.starts_with("--rocm-path=")) {
        T.Flags.push_back(A[J]);
        RocmPath = X.drop_front(strlen("--rocm-path=")).str();
      }
    }
  }
  // Mixed wave sizes: the compat prelude picks per target.
  if (SameWave && !Wave.empty())
    T.Flags.push_back(Wave);
  T.Flags.push_back("-Wno-unused-command-line-argument");

  // Clang 22 no longer links hip.bc by itself and finds no device libraries
  // in Debian's layout: name them, when the target's ISA file is there.
  std::string BcDir;
  for (std::string D : {RocmPath + "/lib/x86_64-linux-gnu/amdgcn/bitcode",
                        RocmPath + "/amdgcn/bitcode", RocmPath + "/lib/amdgcn/bitcode"})
    if (sys::fs::exists(D + "/ockl.bc")) {
      BcDir = D;
      break;
    }
  auto Has = [&](const std::string &F) { return sys::fs::exists(BcDir + "/" + F); };
  std::string Isa = Gfx.size() == 1 ? "oclc_isa_version_" + Gfx[0].substr(3) + ".bc" : "";
  bool HasRuntime = sys::fs::exists(RocmPath + "/lib/x86_64-linux-gnu/libamdhip64.so") ||
                    sys::fs::exists(RocmPath + "/lib/libamdhip64.so");
  if (BcDir.empty())
    T.NoLinkWhy = "no ROCm device libraries (ockl.bc) under " + RocmPath;
  else if (Gfx.size() != 1)
    T.NoLinkWhy = "the device libraries are named for one target; this spec has " +
                  std::to_string(Gfx.size());
  else if (!Has(Isa) || !Has("hip.bc"))
    T.NoLinkWhy = "Debian's ROCm device libraries (" + BcDir + ") have no " +
                  (Has("hip.bc") ? Isa : std::string("hip.bc")) +
                  ", which the device code's calls (__ockl_*, __atomic_work_item_fence) "
                  "need";
  else if (!HasRuntime)
    T.NoLinkWhy = "no libamdhip64.so under " + RocmPath + "/lib";
  if (!T.NoLinkWhy.empty()) {
    T.CompileOnly = true;
    T.Flags.push_back("-nogpulib");
    return T;
  }
  bool Wave64 = Wave != "-D__AMDGCN_WAVEFRONT_SIZE=32";
  // ROCm 5.x runtimes load code object v4.
  if (Has("oclc_abi_version_400.bc"))
    T.Flags.push_back("-mcode-object-version=4");
  T.Flags.push_back("--hip-device-lib-path=" + BcDir);
  for (std::string L : {"hip", "ocml", "ockl", "oclc_daz_opt_off", "oclc_unsafe_math_off",
                        "oclc_finite_only_off", "oclc_correctly_rounded_sqrt_on",
                        Wave64 ? "oclc_wavefrontsize64_on" : "oclc_wavefrontsize64_off"})
    T.Flags.push_back("--hip-device-lib=" + L + ".bc");
  T.Flags.push_back("--hip-device-lib=" + Isa);
  if (Has("oclc_abi_version_400.bc"))
    T.Flags.push_back("--hip-device-lib=oclc_abi_version_400.bc");
  T.LinkFlags = {"--hip-link", "-lamdhip64"};
  return T;
}

} // namespace lds::bench
