//===- DeviceCompileArgs.cpp - Compile the device side, for one arch ------===//

#include "pipeline/DeviceCompileArgs.h"
#include "targets/Targets.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace lds {

using llvm::StringRef;

SourceLanguage languageOf(const std::string &File, const std::vector<std::string> &Args) {
  for (size_t I = 0; I + 1 < Args.size(); ++I)
    if (Args[I] == "-x") {
      if (Args[I + 1] == "cuda")
        return SourceLanguage::CUDA;
      if (Args[I + 1] == "hip")
        return SourceLanguage::HIP;
    }
  StringRef Ext = llvm::sys::path::extension(File);
  if (Ext == ".cu" || Ext == ".cuh")
    return SourceLanguage::CUDA;
  return SourceLanguage::HIP;
}

// isAMDTarget, declared in DeviceCompileArgs.h for its callers, is the one
// of targets/Targets.h (defined in targets/Targets.cpp).

std::vector<std::string> archesIn(const std::vector<std::string> &Args) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    for (StringRef Prefix : {"--offload-arch=", "--cuda-gpu-arch=", "-offload-arch="})
      if (A.consume_front(Prefix)) {
        // --offload-arch=gfx942:xnack- names gfx942.
        Out.push_back(A.split(':').first.str());
      }
  }
  return Out;
}

static bool exists(const std::string &P) { return llvm::sys::fs::exists(P); }

DeviceParse deviceCommand(const clang::tooling::CompileCommand &Original, SourceLanguage Lang,
                          const std::vector<std::string> &Targets, const RunConfig &Config) {
  DeviceParse Out;
  const std::vector<std::string> &In = Original.CommandLine;
  std::vector<std::string> Args;
  Args.push_back(Config.ClangPath);
  bool HasLang = false, HasRocmPath = false, HasCudaPath = false;
  for (size_t I = 1; I < In.size(); ++I) {
    StringRef A = In[I];
    if (A == "-o" || A == "-MF" || A == "-MT" || A == "-MQ") {
      ++I;
      continue;
    }
    if (A == "-c" || A == "-S" || A == "-E" || A == "-MD" || A == "-MMD" || A == "-fsyntax-only" ||
        A == "--offload-host-only" || A == "--cuda-host-only" || A == "--offload-device-only" ||
        A == "--cuda-device-only" || A.starts_with("--offload-arch=") ||
        A.starts_with("-offload-arch=") || A.starts_with("--cuda-gpu-arch="))
      continue;
    if (A == "-x")
      HasLang = true;
    if (A.starts_with("--rocm-path"))
      HasRocmPath = true;
    if (A.starts_with("--cuda-path"))
      HasCudaPath = true;
    Args.push_back(In[I]);
  }
  // The input file is last in commands we make and in most databases; the
  // language flag must come before it.
  std::vector<std::string> Extra;
  if (!HasLang) {
    Extra.push_back("-x");
    Extra.push_back(Lang == SourceLanguage::HIP ? "hip" : "cuda");
  }
  if (!Config.ResourceDir.empty()) {
    Extra.push_back("-resource-dir");
    Extra.push_back(Config.ResourceDir);
  }
  Extra.push_back("-fsyntax-only");
  // The compiler's own warnings are the compiler's business; only errors
  // (the file does not parse) matter here. Findings use their own engine.
  Extra.push_back("-w");
  bool Bundled = Config.Headers == GpuHeaders::Bundled;
  if (Lang == SourceLanguage::HIP) {
    std::string Arch = defaultAMDTarget();
    for (const std::string &T : Targets)
      if (isAMDTarget(T)) {
        Arch = T;
        break;
      }
    // Only NVIDIA targets asked of a .hip file: parse as a wave32 AMD
    // target, so that warpSize-dependent code has the NVIDIA value.
    bool AnyAMD = false;
    for (const std::string &T : Targets)
      AnyAMD |= isAMDTarget(T);
    if (!AnyAMD && !Targets.empty())
      Arch = "gfx1100";
    Out.Arch = Arch;
    Extra.push_back("--offload-device-only");
    Extra.push_back("--offload-arch=" + Arch);
    Extra.push_back("-nogpulib");
    Extra.push_back("-D__AMDGCN_WAVEFRONT_SIZE=" + std::to_string(defaultWaveSizeOf(Arch)));
    std::string RocmPath;
    if (!Bundled && !HasRocmPath) {
      if (exists("/usr/include/hip/hip_runtime.h"))
        RocmPath = "/usr";
      else if (exists("/opt/rocm/include/hip/hip_runtime.h"))
        RocmPath = "/opt/rocm";
    }
    if (!RocmPath.empty()) {
      Extra.push_back("--rocm-path=" + RocmPath);
      // Debian's ROCm 5.2 hip_fp16.h calls builtins clang 22 removed; the
      // compat prelude defines them as clang used to.
      Extra.push_back("-include");
      Extra.push_back(Config.FallbackIncludeDir + "/compat/lds_rocm_compat.h");
    } else if (!HasRocmPath || Bundled) {
      Out.UsedFallbackHeaders = true;
      Extra.push_back("-nogpuinc");
      Extra.push_back("-isystem");
      Extra.push_back(Config.FallbackIncludeDir + "/hip");
      // What clang itself includes first when -nogpuinc is absent.
      Extra.push_back("-include");
      Extra.push_back("__clang_hip_runtime_wrapper.h");
    }
  } else {
    std::string Arch = defaultNVIDIATarget();
    for (const std::string &T : Targets)
      if (isNVIDIATarget(T)) {
        Arch = T;
        break;
      }
    Out.Arch = Arch;
    Extra.push_back("--cuda-device-only");
    Extra.push_back("--cuda-gpu-arch=" + Arch);
    Extra.push_back("-nocudalib");
    Extra.push_back("-Wno-unknown-cuda-version");
    // Clang 22 knows CUDA up to 12.9; for a newer one (CUDA 13 here) it
    // records no SDK version and then expects the pre-9.2 launch API
    // (cudaConfigureCall), so every <<<>>> fails. Name the newest version it
    // knows: the launch API has not changed since 9.2.
    Extra.push_back("-Xclang");
    Extra.push_back("-target-sdk-version=12.9");
    std::string CudaPath;
    if (!Bundled && !HasCudaPath && exists("/usr/local/cuda/include/cuda_runtime.h"))
      CudaPath = "/usr/local/cuda";
    if (!CudaPath.empty()) {
      Extra.push_back("--cuda-path=" + CudaPath);
      // CUDA 13 keeps libcu++ (cuda/std/...) in include/cccl, which nvcc
      // adds and clang does not.
      if (exists(CudaPath + "/include/cccl")) {
        Extra.push_back("-isystem");
        Extra.push_back(CudaPath + "/include/cccl");
      }
    } else if (!HasCudaPath || Bundled) {
      Out.UsedFallbackHeaders = true;
      Extra.push_back("-nocudainc");
      Extra.push_back("-isystem");
      Extra.push_back(Config.FallbackIncludeDir + "/cuda");
      // As nvcc and clang's wrapper do: the runtime header comes first.
      Extra.push_back("-include");
      Extra.push_back("cuda_runtime.h");
    }
    // Host overloads that nvcc's headers give host code and clang's do not
    // (::max(float, float), isfinite(float) ...), so that such host code
    // parses; device code is unchanged (the prelude says why).
    Extra.push_back("-include");
    Extra.push_back(Config.FallbackIncludeDir + "/compat/lds_cuda_compat.h");
  }
  for (size_t I = 0; I + 1 < Extra.size(); ++I)
    if (Extra[I] == "-include")
      Out.OwnIncludes.push_back(Extra[I + 1]);
  Extra.push_back("-Wno-unused-command-line-argument");
  // Insert before the input file (the last argument).
  size_t Pos = Args.size();
  if (Pos > 1 && StringRef(Args.back()) == Original.Filename)
    Pos = Args.size() - 1;
  else if (Pos > 1 &&
           llvm::sys::path::filename(Args.back()) == llvm::sys::path::filename(Original.Filename))
    Pos = Args.size() - 1;
  Args.insert(Args.begin() + Pos, Extra.begin(), Extra.end());
  if (Pos == Args.size() - Extra.size())
    Args.push_back(Original.Filename);
  Out.CommandLine = std::move(Args);
  return Out;
}

} // namespace lds
