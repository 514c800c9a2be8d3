//===- IsaRun.cpp - lds-rewrite isa: what the compiler made of the LDS code =//

#include "pipeline/IsaRun.h"

#include "matchers/AnalyzedFile.h"
#include "pipeline/CheckAction.h"
#include "pipeline/DeviceCompileArgs.h"
#include "pipeline/IsaCompile.h"
#include "pipeline/IsaFixCopy.h"
#include "pipeline/IsaSass.h"
#include "pipeline/IsaWidths.h"
#include "targets/Targets.h"

#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

using namespace llvm;

namespace lds {

namespace {

Error failure(const Twine &Msg) { return make_error<StringError>(Msg, inconvertibleErrorCode()); }

/// The check pipeline's model and costs of the original into Out; false
/// when it could not be parsed.
bool analyzeSource(const IsaRequest &O, IsaResult &Out) {
  clang::tooling::CompileCommand Cmd = isaCompileCommand(O.File, O.CompilerArgs);
  AnalyzedFile Template;
  Template.File = O.File;
  Template.Targets = O.Targets;
  DeviceParse Parse =
      deviceCommand(Cmd, languageOf(O.File, O.CompilerArgs), O.Targets, O.Config);
  Template.UsedFallbackHeaders = Parse.UsedFallbackHeaders;
  Cmd.CommandLine = Parse.CommandLine;
  SingleCommandDatabase Single(Cmd);
  clang::tooling::ClangTool Tool(Single, {Cmd.Filename});
  Tool.clearArgumentsAdjusters();
  bool Called = false;
  auto Factory =
      newCheckActionFactory(O.Config, Template, [&](clang::ASTContext &, AnalyzedFile &F) {
        Out.M = F.Built.M;
        Out.Results = F.Results;
        Out.SourceTargets = F.Targets;
        Called = true;
      });
  int RC = Tool.run(Factory.get());
  return RC == 0 && Called;
}

/// What isa checks before compiling anything.
Error checkRequest(const IsaRequest &O) {
  bool Cuda = languageOf(O.File, O.CompilerArgs) == SourceLanguage::CUDA;
  for (const std::string &T : O.Targets) {
    if (!Cuda && !isAMDTarget(T))
      return failure("isa compiles HIP for AMD targets; '" + T +
                     "' is not one (gfx942, gfx950, gfx1250, ...); a .cu file is compiled "
                     "with nvcc for sm_80 / sm_90");
    if (Cuda && isAMDTarget(T))
      return failure("isa compiles CUDA with nvcc for NVIDIA targets; '" + T +
                     "' is an AMD one (sm_80, sm_90 for a .cu file)");
  }
  for (const std::string &F : {O.File, O.Compare})
    if (!F.empty() && !sys::fs::exists(F))
      return failure(F + ": no such file");
  return Error::success();
}

IsaNames namesFor(const IsaRequest &O) {
  IsaNames N;
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  N.Cwd = std::string(Cwd);
  const RunConfig &C = O.Config;
  N.SkipPrefixes = {C.ResourceDir + "/", C.FallbackIncludeDir + "/", "/usr/include/", "/usr/lib/",
                    "/opt/rocm"};
  N.Names[IsaNames::absolute(O.File)] = O.File;
  return N;
}

/// The original, then the file to compare with, if any.
Expected<std::vector<IsaInput>> inputsOf(const IsaRequest &O, IsaResult &R) {
  std::vector<IsaInput> In(1);
  In[0].Out.Role = "original";
  In[0].Out.Display = O.File;
  In[0].Input = O.File;
  if (!O.Compare.empty()) {
    IsaInput V;
    V.Out.Role = "rewritten";
    V.Out.Display = O.Compare;
    V.Input = O.Compare;
    R.Names.Names[IsaNames::absolute(O.Compare)] = O.Compare;
    In.push_back(V);
  } else if (O.CompareFix) {
    IsaInput V;
    if (Error E = fixCopy(O, V, R.FixReport, R.FixChanged))
      return E;
    R.Names.Names[IsaNames::absolute(V.Input)] = V.Out.Display;
    In.push_back(V);
  }
  return In;
}

/// The first "error:" line of a compiler's messages.
std::string firstError(StringRef Msgs) {
  SmallVector<StringRef, 16> Lines;
  Msgs.split(Lines, '\n');
  for (StringRef L : Lines)
    if (L.contains("error: "))
      return L.trim().str();
  return Msgs.trim().str();
}

Expected<IsaResult> runIsaWith(const IsaRequest &O);

} // namespace

// The bundled headers declare what kernels use (threadIdx, __syncthreads,
// the atomics), not the HIP runtime API of host code: a file that calls
// hipHostGetDevicePointer compiles only with the installed headers. Unless
// --gpu-headers chose, isa then takes those, and says why.
Expected<IsaResult> runIsa(const IsaRequest &O) {
  auto R = runIsaWith(O);
  if (R || O.HeadersGiven || O.Config.Headers != GpuHeaders::Bundled)
    return R;
  std::string Bundled = toString(R.takeError());
  IsaRequest Installed = O;
  Installed.Config.Headers = GpuHeaders::Auto;
  auto Again = runIsaWith(Installed);
  if (!Again)
    return failure(Bundled + "\nwith the installed headers (--gpu-headers=auto) too:\n" +
                   toString(Again.takeError()));
  Again->HeadersFallback = firstError(Bundled);
  return Again;
}

namespace {

Expected<IsaResult> runIsaWith(const IsaRequest &O) {
  if (Error E = checkRequest(O))
    return E;
  IsaResult R;
  R.Names = namesFor(O);
  for (const std::string &T : O.Targets)
    if (const TargetModel *M = O.Config.Banks.find(T))
      R.Models.emplace(T, *M);
  if (!analyzeSource(O, R))
    return failure(O.File + ": could not be parsed; nothing was compiled");
  auto InputsOr = inputsOf(O, R);
  if (!InputsOr)
    return InputsOr.takeError();
  std::vector<IsaInput> &Inputs = *InputsOr;
  for (IsaInput &V : Inputs) {
    compileInput(V, O);
    if (!V.TempDir.empty())
      sys::fs::remove_directories(V.TempDir);
  }
  Error Failed = Error::success();
  for (const IsaInput &V : Inputs)
    for (const auto &[T, Msg] : V.Errors)
      Failed = joinErrors(std::move(Failed),
                          failure(V.Out.Display + ": does not compile for " + T + ":\n" + Msg));
  if (Failed)
    return Failed;
  for (IsaInput &V : Inputs)
    R.Variants.push_back(std::move(V.Out));
  R.Widths = compareWidths(R, R.Variants[0], O.Config);
  R.File = O.File;
  R.Targets = O.Targets;
  R.Compiler =
      O.Config.ClangPath + (hasOptLevel(O.CompilerArgs) ? "" : " -O3") + " -S -gline-tables-only";
  R.BundledHeaders = O.Config.Headers == GpuHeaders::Bundled;
  if (languageOf(O.File, O.CompilerArgs) == SourceLanguage::CUDA) {
    R.Cuda = true;
    R.Compiler = findNvcc().value_or("nvcc") + " -cubin -lineinfo -std=c++17";
  }
  R.CompareFix = O.CompareFix;
  return R;
}

} // namespace

} // namespace lds
