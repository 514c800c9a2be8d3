//===- TraceInput.cpp - A profiler's output as measured kernels -----------===//

#include "pipeline/TraceInput.h"
#include "readers/AmdAsm.h"
#include "readers/AttTrace.h"
#include "readers/NcuSource.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <optional>

using llvm::StringRef;

namespace lds {

namespace {

/// A header of the toolchain, not the user's code: an inline chain's
/// frames there are skipped for the user's line.
bool isToolchainHeader(StringRef File) {
  return File.contains("/opt/rocm") || File.contains("/include/hip/") ||
         File.contains("amd_detail") || File.contains("/cuda/include") ||
         File.contains("__clang_") || File.contains("/usr/include");
}

/// A branch's signed offset in words (s_branch / s_cbranch_*: simm16, as
/// the trace prints it, unsigned or negative), if the text has it.
std::optional<long long> branchWords(StringRef Isa) {
  StringRef Mn = Isa.split(' ').first;
  StringRef Ops = Isa.split(' ').second.trim();
  if (!Mn.starts_with("s_cbranch") && Mn != "s_branch")
    return std::nullopt;
  long long V = 0;
  StringRef Last = Ops.rsplit(' ').second.empty() ? Ops : Ops.rsplit(' ').second;
  if (Last.getAsInteger(0, V) || V < -32768 || V >= 65536)
    return std::nullopt;
  return V >= 32768 ? V - 65536 : V;
}

MeasuredKind kindOfAmd(StringRef Isa, bool &Backward, unsigned &Bytes) {
  StringRef Mn = Isa.split(' ').first;
  StringRef Ops = Isa.split(' ').second.trim();
  if (auto Ds = amdasm::classifyDs(Mn)) {
    Bytes = Ds->WidthBytes;
    switch (Ds->Kind) {
    case amdasm::DsKind::Load:
      return MeasuredKind::LdsLoad;
    case amdasm::DsKind::Store:
      return MeasuredKind::LdsStore;
    case amdasm::DsKind::Atomic:
      return MeasuredKind::LdsAtomic;
    case amdasm::DsKind::Other:
      return MeasuredKind::LdsOther;
    }
  }
  if ((Mn == "s_waitcnt" && Ops.contains("lgkmcnt(0)")) ||
      (Mn == "s_wait_dscnt" && (Ops == "0" || Ops == "0x0")))
    return MeasuredKind::LdsWait;
  if (Mn.starts_with("s_barrier"))
    return MeasuredKind::Barrier;
  if (Mn.starts_with("global_load") || Mn.starts_with("buffer_load") || Mn.starts_with("flat_load"))
    return MeasuredKind::GlobalLoad;
  if (Mn.starts_with("s_cbranch") || Mn == "s_branch") {
    if (auto Words = branchWords(Isa))
      Backward = *Words < 0;
    return MeasuredKind::Branch;
  }
  return MeasuredKind::Other;
}

MeasuredKernel fromAtt(const att::KernelCode &Code, const std::vector<att::WaveFile> &Waves) {
  MeasuredKernel K;
  K.Name = Code.Name.empty() ? Code.Symbol : Code.Name;
  std::map<unsigned, size_t> ByRow; // code.json row index -> instruction
  std::map<uint64_t, size_t> ByAddress;
  for (const att::CodeRow &R : Code.Rows) {
    MeasuredInst M;
    M.Text = R.Isa;
    M.Kind = kindOfAmd(R.Isa, M.Backward, M.Bytes);
    M.Where = R.SourceText;
    for (auto It = R.Chain.rbegin(); It != R.Chain.rend(); ++It)
      if (!isToolchainHeader(It->File)) {
        M.File = It->File;
        M.Line = It->Line;
        break;
      }
    M.Hit = R.Hit;
    // The time waves spend at a barrier shows as its latency.
    M.Stall = double(M.Kind == MeasuredKind::Barrier ? std::max(R.Stall, R.Latency) : R.Stall);
    if (!K.Waves && R.Hit)
      K.Waves = R.Hit;
    ByRow[R.Index] = K.Insts.size();
    ByAddress[R.Vaddr] = K.Insts.size();
    K.Insts.push_back(std::move(M));
  }
  // Where each branch goes: the next instruction (4 bytes on) plus its
  // offset in words, when that is a row of this kernel.
  for (size_t I = 0; I < Code.Rows.size(); ++I)
    if (K.Insts[I].Kind == MeasuredKind::Branch)
      if (auto Words = branchWords(Code.Rows[I].Isa)) {
        long long To = static_cast<long long>(Code.Rows[I].Vaddr) + 4 + 4 * *Words;
        if (auto It = ByAddress.find(static_cast<uint64_t>(To)); To >= 0 && It != ByAddress.end())
          K.Insts[I].Target = It->second;
      }
  for (const att::WaveFile &W : Waves)
    for (const auto &[Wait, Deps] : W.WaitDeps) {
      auto It = ByRow.find(Wait);
      if (It == ByRow.end())
        continue;
      for (unsigned D : Deps)
        if (auto Dep = ByRow.find(D); Dep != ByRow.end()) {
          std::vector<size_t> &On = K.Insts[It->second].WaitedOn;
          if (std::find(On.begin(), On.end(), Dep->second) == On.end())
            On.push_back(Dep->second);
        }
    }
  return K;
}

/// LDS.U16, STS.128, LDSM.16.M88.4 ...: the bytes per lane of a shared
/// access's SASS mnemonic (ldmatrix: 16, a matrix row per lane).
unsigned bytesOfSass(StringRef Mn) {
  llvm::SmallVector<StringRef, 4> Parts;
  Mn.split(Parts, '.');
  if (Parts[0] == "LDSM" || Parts[0] == "STSM")
    return 16;
  unsigned Bytes = 4;
  for (StringRef P : llvm::ArrayRef<StringRef>(Parts).drop_front()) {
    if (P == "U8" || P == "S8")
      Bytes = 1;
    else if (P == "U16" || P == "S16")
      Bytes = 2;
    else if (P == "64")
      Bytes = 8;
    else if (P == "128")
      Bytes = 16;
  }
  return Bytes;
}

/// Nsight Compute's "L1 Conflicts Shared N-Way" is wavefronts per
/// instruction: a 16-byte load or an atomic needs several without any
/// conflict (the H200 pages: LDS.128 conflict-free at 4, ATOMS.CAST.SPIN at
/// 2). The degree the analysis predicts is against the ideal, so compare
/// with wavefronts over ideal wavefronts where the page has both.
std::optional<double> measuredDegree(const ncu::SassRow &R) {
  auto Wavefronts = R.metric("L1 Wavefronts Shared");
  auto Ideal = R.metric("L1 Wavefronts Shared Ideal");
  if (Wavefronts && Ideal && *Ideal > 0)
    return *Wavefronts / *Ideal;
  auto Excessive = R.metric("L1 Wavefronts Shared Excessive");
  if (Excessive && Ideal && *Ideal > 0)
    return 1 + *Excessive / *Ideal;
  return R.nWay();
}

StringRef sassMnemonic(StringRef Sass) {
  StringRef Op = Sass.trim();
  if (Op.starts_with("@")) // a predicate: @P0 LDS ...
    Op = Op.split(' ').second.trim();
  return Op.split(' ').first;
}

MeasuredKind kindOfSass(const ncu::SassRow &R) {
  StringRef Mn = sassMnemonic(R.Sass);
  std::string Space = R.addressSpace(), Access = R.accessOperation();
  if (Space == "Shared") {
    if (Mn.starts_with("ATOMS"))
      return MeasuredKind::LdsAtomic;
    return Access == "Store" ? MeasuredKind::LdsStore : MeasuredKind::LdsLoad;
  }
  if (Mn.starts_with("BAR"))
    return MeasuredKind::Barrier;
  if (Mn.starts_with("LDG") || (Space == "Global" && Access == "Load"))
    return MeasuredKind::GlobalLoad;
  if (Mn.starts_with("BRA") || Mn == "EXIT")
    return MeasuredKind::Branch;
  return MeasuredKind::Other;
}

MeasuredKernel fromNcu(const ncu::Kernel &Kernel) {
  MeasuredKernel K;
  K.Name = Kernel.Name;
  K.Samples = true;
  for (const ncu::SassRow &R : Kernel.Sass) {
    MeasuredInst M;
    M.Text = R.Sass;
    M.Kind = kindOfSass(R);
    M.File = R.File;
    M.Line = R.Line;
    // A page without source lines (--print-source sass): the instruction
    // is its own place.
    if (M.File.empty())
      M.File = Kernel.Name + " at " + R.Address;
    M.Where = R.File.empty() ? M.File : R.File + ":" + std::to_string(R.Line);
    M.Hit = static_cast<uint64_t>(R.instructionsExecuted().value_or(0));
    M.Stall = R.stallSamples().value_or(0);
    if (M.Kind == MeasuredKind::LdsLoad || M.Kind == MeasuredKind::LdsStore ||
        M.Kind == MeasuredKind::LdsAtomic)
      M.NWay = measuredDegree(R);
      M.Bytes = bytesOfSass(sassMnemonic(R.Sass));
    M.ShortScoreboard = R.stall("short_sb").value_or(0);
    M.BarrierStall = R.stall("barrier").value_or(0);
    if (!K.Waves && M.Hit)
      K.Waves = M.Hit;
    K.Insts.push_back(std::move(M));
  }
  return K;
}

bool isNcuCsv(const std::string &Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return false;
  StringRef Head = (*Buf)->getBuffer().take_front(64);
  return Head.starts_with("\"Kernel Name\"") || Head.starts_with("\"File Path\"");
}

} // namespace

llvm::Expected<MeasuredTrace> readMeasuredTrace(const std::string &Path) {
  MeasuredTrace Out;
  if (!llvm::sys::fs::exists(Path))
    return llvm::createStringError(Path + ": no such file or folder");
  if (!llvm::sys::fs::is_directory(Path) && isNcuCsv(Path)) {
    auto Buf = llvm::MemoryBuffer::getFile(Path);
    auto Report = ncu::parseSourceCsv((*Buf)->getBuffer(), Path);
    if (!Report)
      return Report.takeError();
    Out.NoLines = Report->Kind == ncu::Report::SassOnly;
    Out.Format = "Nsight Compute source counters";
    Out.Nvidia = true;
    std::map<std::string, unsigned> Launches;
    for (const ncu::Kernel &K : Report->Kernels)
      ++Launches[K.Name];
    std::map<std::string, unsigned> Seen;
    for (const ncu::Kernel &K : Report->Kernels) {
      Out.Kernels.push_back(fromNcu(K));
      if (Launches[K.Name] > 1)
        Out.Kernels.back().Name += " (launch " + std::to_string(++Seen[K.Name]) + " of " +
                                   std::to_string(Launches[K.Name]) + ")";
    }
    return std::move(Out);
  }
  auto Dispatches = att::readAtt(Path);
  if (!Dispatches)
    return Dispatches.takeError();
  Out.Format = "rocprofv3 thread trace";
  for (const att::Dispatch &D : *Dispatches)
    for (const att::KernelCode &K : D.Code.Kernels) {
      Out.Kernels.push_back(fromAtt(K, D.Waves));
      if (Dispatches->size() > 1)
        Out.Kernels.back().Name += " (" + llvm::sys::path::filename(D.Dir).str() + ")";
    }
  return std::move(Out);
}

} // namespace lds
