//===- IsaSass.cpp - lds-rewrite isa for NVIDIA targets: the cubin's SASS -===//

#include "pipeline/IsaSass.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace lds {

namespace {

amdasm::DsKind kindOf(cubin::SharedOp Op) {
  switch (Op) {
  case cubin::SharedOp::Load:
  case cubin::SharedOp::MatrixLoad:
    return amdasm::DsKind::Load;
  case cubin::SharedOp::Store:
  case cubin::SharedOp::AsyncCopy:
    return amdasm::DsKind::Store;
  case cubin::SharedOp::Atomic:
    return amdasm::DsKind::Atomic;
  }
  return amdasm::DsKind::Other;
}

/// "LDS.128", "STS.64", "LDSM.x4" (LDSM's width is per lane: 32 bits per
/// matrix), "ATOMS", "LDGSTS.128".
std::string mnemonicOf(const cubin::SharedAccess &A) {
  std::string M = cubin::sharedOpName(A.Op);
  if (A.Op == cubin::SharedOp::MatrixLoad)
    return A.WidthBits ? M + ".x" + std::to_string(A.WidthBits / 32) : M;
  if (A.Op == cubin::SharedOp::Atomic || !A.WidthBits)
    return M;
  return M + "." + std::to_string(A.WidthBits);
}

} // namespace

amdasm::AsmFile sassAsAsm(const cubin::File &F, const TargetModel *T, const std::string &Target) {
  amdasm::AsmFile Out;
  Out.Target = Target;
  for (const cubin::Kernel &K : F.Kernels) {
    amdasm::Function Fn;
    Fn.Nvidia = true;
    Fn.Symbol = K.Symbol;
    Fn.Name = demangle(K.Symbol);
    Fn.IsKernel = K.Entry;
    Fn.Instructions = K.Instructions;
    Fn.VGPRs = K.Registers;
    // ptxas -v's smem: sm_90's section counts the 1 KiB ptxas reserves at
    // the start of the block's window (Cubin.h), which the target's
    // ReservedPerBlock adds back for occupancy.
    if (K.SharedBytes) {
      uint64_t Reserved = T ? T->ReservedPerBlock : 0;
      Fn.LDSBytes = F.SM >= 90 && *K.SharedBytes >= Reserved ? *K.SharedBytes - Reserved
                                                             : *K.SharedBytes;
    }
    if (T && K.Registers) {
      unsigned PerSM = T->wavesForRegisters(*K.Registers, 0);
      Fn.Occupancy = PerSM;
      Fn.RegisterOccupancy = T->RegisterFiles ? PerSM / T->RegisterFiles : PerSM;
    }
    unsigned Index = 0;
    for (const cubin::SharedAccess &A : K.Shared) {
      if (A.NeverExecutes)
        continue;
      amdasm::DsInstr I;
      I.Mnemonic = mnemonicOf(A);
      I.Op.Kind = kindOf(A.Op);
      I.Op.WidthBytes = A.WidthBits / 8;
      I.Index = Index++;
      if (!A.File.empty() && A.Line)
        I.Frames.push_back({A.File, A.Line, 0});
      Fn.Ds.push_back(std::move(I));
    }
    Out.Functions.push_back(std::move(Fn));
  }
  return Out;
}

void compileSass(IsaInput &V, const IsaRequest &R, const std::string &T) {
  std::optional<std::string> Nvcc = findNvcc();
  if (!Nvcc) {
    V.Errors[T] = "nvcc not found ($NVCC, PATH, /usr/local/cuda/bin): isa reads the SASS nvcc "
                  "makes for NVIDIA targets";
    return;
  }
  SmallString<128> Cubin, Log;
  sys::fs::createTemporaryFile("lds-rewrite-isa", "cubin", Cubin);
  sys::fs::createTemporaryFile("lds-rewrite-isa", "log", Log);
  // -lineinfo: the source line of each instruction; the optimisation level
  // nvcc's default for device code (-O3) unless the arguments give one.
  std::vector<std::string> Args = {*Nvcc, "-cubin", "-lineinfo", "-arch=" + T, "-std=c++17"};
  Args.insert(Args.end(), R.CompilerArgs.begin(), R.CompilerArgs.end());
  Args.insert(Args.end(), V.ExtraArgs.begin(), V.ExtraArgs.end());
  Args.insert(Args.end(), {"-o", std::string(Cubin), V.Input});
  std::vector<StringRef> Argv(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Log), StringRef(Log)};
  std::string Err;
  int RC = sys::ExecuteAndWait(Args[0], Argv, std::nullopt, Redirects, 600, 0, &Err);
  if (RC == 0) {
    auto Buf = MemoryBuffer::getFile(Cubin);
    auto File = Buf ? cubin::read((*Buf)->getMemBufferRef())
                    : Expected<cubin::File>(errorCodeToError(Buf.getError()));
    if (File)
      V.Out.Asm[T] = sassAsAsm(*File, R.Config.Banks.find(T), T);
    else
      V.Errors[T] = "the cubin nvcc wrote cannot be read: " + toString(File.takeError());
  } else {
    std::string Msg = readFileOrEmpty(Log) + Err;
    V.Errors[T] = Msg.empty() ? "nvcc failed" : Msg;
  }
  sys::fs::remove(Cubin);
  sys::fs::remove(Log);
}

} // namespace lds
