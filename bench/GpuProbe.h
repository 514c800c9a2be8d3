//===- GpuProbe.h - Is there a GPU to run the harness on? -----------------===//
//
// bench builds for 40 s or more before it runs anything: without a GPU of
// the harness's platform that time is lost, and the failure came last ("the
// harness failed; is there an NVIDIA GPU?"). The probe looks first, from
// what the drivers put in /dev and /sys (no library is loaded):
//   NVIDIA: a device node /dev/nvidia<N>, and CUDA_VISIBLE_DEVICES not
//           hiding every device;
//   AMD:    /dev/kfd and a KFD topology node with SIMDs (a GPU, not the
//           CPU node), and HIP/ROCR_VISIBLE_DEVICES not hiding every device.
// LDS_REWRITE_DEV_ROOT replaces "/" (tests give it a made-up /dev and /sys).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_BENCH_GPUPROBE_H
#define LDS_BENCH_GPUPROBE_H

#include <string>

namespace lds::bench {

struct GpuProbe {
  bool Usable = false;
  /// What was found ("/dev/nvidia0"), or why none is usable.
  std::string What;
};

GpuProbe probeGpu(bool Amd);

} // namespace lds::bench

#endif
