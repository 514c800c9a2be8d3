//===- GpuProbe.cpp - Is there a GPU to run the harness on? ---------------===//

#include "bench/GpuProbe.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace llvm;

namespace lds::bench {

static std::string rooted(StringRef Path) {
  std::optional<std::string> Root = sys::Process::GetEnv("LDS_REWRITE_DEV_ROOT");
  return Root ? *Root + Path.str() : Path.str();
}

/// A *_VISIBLE_DEVICES variable set to nothing (or -1) hides every device.
static bool hidesAll(const char *Var) {
  std::optional<std::string> V = sys::Process::GetEnv(Var);
  return V && (StringRef(*V).trim().empty() || StringRef(*V).trim() == "-1");
}

static GpuProbe nvidia() {
  if (hidesAll("CUDA_VISIBLE_DEVICES"))
    return {false, "CUDA_VISIBLE_DEVICES hides every device"};
  for (int N = 0; N < 64; ++N) {
    std::string Node = rooted("/dev/nvidia" + std::to_string(N));
    if (sys::fs::exists(Node))
      return {true, Node};
  }
  return {false, "no NVIDIA device node (" + rooted("/dev/nvidia0") + ")"};
}

static GpuProbe amd() {
  for (const char *Var : {"HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES"})
    if (hidesAll(Var))
      return {false, std::string(Var) + " hides every device"};
  std::string Kfd = rooted("/dev/kfd");
  if (!sys::fs::exists(Kfd))
    return {false, "no " + Kfd + " (the ROCm kernel driver)"};
  std::string Nodes = rooted("/sys/class/kfd/kfd/topology/nodes");
  std::error_code EC;
  for (sys::fs::directory_iterator It(Nodes, EC), End; It != End && !EC; It.increment(EC)) {
    SmallString<256> Props(It->path());
    sys::path::append(Props, "properties");
    auto Text = MemoryBuffer::getFile(Props);
    if (!Text)
      continue;
    SmallVector<StringRef, 64> Lines;
    (*Text)->getBuffer().split(Lines, '\n');
    for (StringRef L : Lines) {
      unsigned Simds = 0;
      if (L.consume_front("simd_count ") && !L.trim().getAsInteger(10, Simds) && Simds)
        return {true, std::string(It->path())};
    }
  }
  return {false, Kfd + " is there, but no GPU node in " + Nodes};
}

GpuProbe probeGpu(bool Amd) { return Amd ? amd() : nvidia(); }

} // namespace lds::bench
