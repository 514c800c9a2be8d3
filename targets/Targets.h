//===- Targets.h - Facts about target names, for callers without a model --===//
//
// What callers used to spell by hand: the target analysed when nothing
// names one, and what a bare arch name says (a compile command's
// --offload-arch may name an arch the bank model does not have). A target
// of the bank model answers these from its TargetModel (IsAMD, WaveSize).
//
//===----------------------------------------------------------------------===//
#ifndef LDS_TARGETS_TARGETS_H
#define LDS_TARGETS_TARGETS_H

#include <string>

namespace lds {

/// The AMD target used when none is named: gfx942 (MI300X).
const char *defaultAMDTarget();
/// The NVIDIA target used when none is named: sm_90 (H100/H200).
const char *defaultNVIDIATarget();
/// The default target of a source language: HIP -> defaultAMDTarget(),
/// CUDA -> defaultNVIDIATarget().
const char *defaultTarget(bool IsHIP);

/// True for an AMD arch name (gfx*).
bool isAMDTarget(const std::string &Name);
/// True for an NVIDIA arch name (sm_*).
bool isNVIDIATarget(const std::string &Name);

/// The wave size an AMD arch compiles for by default (the value of
/// __AMDGCN_WAVEFRONT_SIZE in a device-side parse): gfx9 (CDNA and Vega)
/// is wave64; gfx10 and later default to wave32.
unsigned defaultWaveSizeOf(const std::string &AMDArch);

} // namespace lds

#endif
