//===- Targets.cpp - Facts about target names -----------------------------===//

#include "targets/Targets.h"

#include "llvm/ADT/StringRef.h"

namespace lds {

const char *defaultAMDTarget() { return "gfx942"; }

const char *defaultNVIDIATarget() { return "sm_90"; }

const char *defaultTarget(bool IsHIP) { return IsHIP ? defaultAMDTarget() : defaultNVIDIATarget(); }

bool isAMDTarget(const std::string &Name) { return llvm::StringRef(Name).starts_with("gfx"); }

bool isNVIDIATarget(const std::string &Name) { return llvm::StringRef(Name).starts_with("sm_"); }

unsigned defaultWaveSizeOf(const std::string &AMDArch) {
  return llvm::StringRef(AMDArch).starts_with("gfx9") ? 64 : 32;
}

} // namespace lds
