//===- CubinTest.cpp - The SASS reader against nvdisasm -------------------===//
//
// Each fixture of data/cubin is a cubin and what nvdisasm 13.0 printed for
// it (README.md there). The reader must find, per kernel, the instructions
// nvdisasm lists before ptxas's padding, and every shared-memory
// instruction with the width its mnemonic names, its offset and its line.
//
//===----------------------------------------------------------------------===//

#include "readers/Cubin.h"

#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>

using namespace lds;

namespace {

const std::string Dir = LDS_UNIT_DATA_DIR "/cubin/";

/// One instruction as nvdisasm printed it.
struct Listed {
  uint64_t Offset = 0;
  std::string Mnemonic; ///< "LDS.U16", without the guard
  bool NeverExecutes = false; ///< guarded by @!PT
  std::string File;
  unsigned Line = 0;
};

/// The instructions of each kernel in a trimmed nvdisasm listing.
std::map<std::string, std::vector<Listed>> parseListing(const std::string &Path) {
  std::ifstream In(Path);
  std::map<std::string, std::vector<Listed>> Out;
  std::string Kernel, File, Text;
  unsigned Line = 0;
  static const std::regex Section(R"re(^\.section \.text\.([^,]+),)re");
  static const std::regex Loc(R"re(^//## File "([^"]*)", line (\d+))re");
  static const std::regex Inst(R"re(^/\*([0-9a-f]+)\*/ (@!?\w+ )?([A-Z0-9_.]+))re");
  std::smatch M;
  while (std::getline(In, Text)) {
    if (std::regex_search(Text, M, Section)) {
      Kernel = M[1];
      File.clear();
      Line = 0;
    } else if (std::regex_search(Text, M, Loc)) {
      File = M[1];
      Line = std::stoul(M[2]);
    } else if (std::regex_search(Text, M, Inst)) {
      Listed L;
      L.Offset = std::stoull(M[1], nullptr, 16);
      L.Mnemonic = M[3];
      L.NeverExecutes = M[2] == "@!PT ";
      L.File = File;
      L.Line = Line;
      Out[Kernel].push_back(L);
    }
  }
  return Out;
}

std::string base(const std::string &Mnemonic) { return Mnemonic.substr(0, Mnemonic.find('.')); }

bool hasPart(const std::string &Mnemonic, const std::string &Part) {
  std::stringstream S(Mnemonic);
  for (std::string P; std::getline(S, P, '.');)
    if (P == Part)
      return true;
  return false;
}

/// The bits per lane a shared-memory mnemonic names.
unsigned widthOf(const std::string &M) {
  if (base(M) == "LDSM")
    return hasPart(M, "4") ? 128 : hasPart(M, "2") ? 64 : 32;
  for (auto [Part, Bits] : {std::pair<const char *, unsigned>{"U8", 8}, {"S8", 8}, {"U16", 16},
                            {"S16", 16}, {"64", 64}, {"128", 128}})
    if (hasPart(M, Part))
      return Bits;
  return 32;
}

/// nvdisasm's count without the padding: trailing NOPs and the BRA before them.
unsigned listedCode(const std::vector<Listed> &Is) {
  size_t N = Is.size();
  while (N && Is[N - 1].Mnemonic == "NOP")
    --N;
  if (N && Is[N - 1].Mnemonic == "BRA")
    --N;
  return N;
}

llvm::Expected<cubin::File> readFixture(const std::string &Name) {
  auto Buf = llvm::MemoryBuffer::getFile(Dir + Name + ".cubin");
  if (!Buf)
    return llvm::errorCodeToError(Buf.getError());
  return cubin::read((*Buf)->getMemBufferRef());
}

/// Every kernel of Name against its listing; returns the instruction
/// counts by kernel for the exact checks below.
std::map<std::string, unsigned> checkAgainstListing(const std::string &Name) {
  auto F = readFixture(Name);
  EXPECT_TRUE(bool(F)) << (F ? "" : llvm::toString(F.takeError()));
  if (!F)
    return {};
  auto Listing = parseListing(Dir + Name + ".nvdisasm.txt");
  EXPECT_EQ(F->Kernels.size(), Listing.size()) << Name;
  std::map<std::string, unsigned> Counts;
  for (const cubin::Kernel &K : F->Kernels) {
    SCOPED_TRACE(Name + " " + K.Symbol);
    const std::vector<Listed> &Is = Listing[K.Symbol];
    EXPECT_EQ(K.Instructions, listedCode(Is));
    Counts[K.Symbol] = K.Instructions;
    std::vector<const Listed *> Shared;
    for (size_t I = 0; I < K.Instructions && I < Is.size(); ++I)
      for (const char *Op : {"LDS", "STS", "LDSM", "STSM", "ATOMS", "LDGSTS"})
        if (base(Is[I].Mnemonic) == Op)
          Shared.push_back(&Is[I]);
    EXPECT_EQ(K.Shared.size(), Shared.size());
    if (K.Shared.size() != Shared.size())
      continue;
    for (size_t I = 0; I < Shared.size(); ++I) {
      const cubin::SharedAccess &A = K.Shared[I];
      const Listed &L = *Shared[I];
      SCOPED_TRACE(L.Mnemonic + " at " + std::to_string(L.Offset));
      EXPECT_EQ(cubin::sharedOpName(A.Op), base(L.Mnemonic));
      EXPECT_EQ(A.WidthBits, widthOf(L.Mnemonic));
      EXPECT_EQ(A.Offset, L.Offset);
      EXPECT_EQ(A.NeverExecutes, L.NeverExecutes);
      EXPECT_EQ(A.File, L.File);
      EXPECT_EQ(A.Line, L.Line);
    }
  }
  return Counts;
}

using Counts = std::map<std::string, unsigned>;

// The counts pinned below are nvdisasm's: the index of the branch to itself
// after the last instruction of code, in each kernel's listing.

TEST(Cubin, WidthsSm90AgreeWithNvdisasm) {
  EXPECT_EQ(checkAgainstListing("widths_sm90"),
            (Counts{{"_Z12matrix_loadsPK6float4Pj", 35},
                    {"_Z14shared_atomicsPKiPi", 21},
                    {"_Z10merged_rowPf", 160},
                    {"_Z12widths_storePK6float4Pf", 34},
                    {"_Z11widths_loadPKiPcPsPiPdP6float4", 67}}));
}

TEST(Cubin, WidthsSm80AgreeWithNvdisasm) {
  EXPECT_EQ(checkAgainstListing("widths_sm80"),
            (Counts{{"_Z12matrix_loadsPK6float4Pj", 29},
                    {"_Z14shared_atomicsPKiPi", 16},
                    {"_Z10merged_rowPf", 147},
                    {"_Z12widths_storePK6float4Pf", 27},
                    {"_Z11widths_loadPKiPcPsPiPdP6float4", 54}}));
}

TEST(Cubin, HistogramAgreesWithNvdisasm) {
  // atomics_zoo has code after its last EXIT (the CAS loop of atomicMax on
  // float): only the branch to itself and the NOPs are padding.
  EXPECT_EQ(checkAgainstListing("nv_histogram"),
            (Counts{{"_Z11atomics_zooPiPjPf", 266}, {"_Z12histogram256PKhiPj", 55}}));
}

TEST(Cubin, NvccTransposeAgreesWithNvdisasm) {
  EXPECT_EQ(checkAgainstListing("nv_transpose"),
            (Counts{{"_Z15transpose_naivePfPKfi", 54}, {"_Z16transpose_paddedPfPKfii", 77}}));
}

TEST(Cubin, LayoutAgreesWithNvdisasm) {
  EXPECT_EQ(checkAgainstListing("nv_layout"), (Counts{{"_Z1kP6float4", 16}}));
}

TEST(Cubin, ClangTransposeAgreesWithNvdisasm) {
  // clang's PTX through ptxas, as lds-rewrite builds it: no line table.
  EXPECT_EQ(checkAgainstListing("transpose"),
            (Counts{{"_Z15transpose_naivePfPKfi", 54}, {"_Z16transpose_paddedPfPKfii", 83}}));
}

TEST(Cubin, ClangHalf2AgreesWithNvdisasm) {
  EXPECT_EQ(checkAgainstListing("half2"),
            (Counts{{"_Z10bf16_scaleP13__nv_bfloat16f", 37},
                    {"_Z14half_transposePK6__halfPS_i", 260},
                    {"_Z10half2_axpyPK7__half2PS_fi", 38}}));
}

TEST(Cubin, EveryWidthOfTheProbes) {
  // widths_load on sm_90: the fill loop's STS.U8, then one load of each
  // width in ptxas's order.
  auto F = readFixture("widths_sm90");
  ASSERT_TRUE(bool(F)) << llvm::toString(F.takeError());
  EXPECT_EQ(F->SM, 90u);
  std::map<std::string, std::vector<std::pair<std::string, unsigned>>> Seen;
  for (const cubin::Kernel &K : F->Kernels)
    for (const cubin::SharedAccess &A : K.Shared)
      Seen[K.Symbol].push_back({cubin::sharedOpName(A.Op), A.WidthBits});
  using V = std::vector<std::pair<std::string, unsigned>>;
  EXPECT_EQ(Seen["_Z11widths_loadPKiPcPsPiPdP6float4"],
            (V{{"STS", 8}, {"LDS", 8}, {"LDS", 32}, {"LDS", 16}, {"LDS", 64}, {"LDS", 128}}));
  EXPECT_EQ(Seen["_Z12matrix_loadsPK6float4Pj"],
            (V{{"LDS", 32}, {"LDS", 32}, {"LDS", 32}, {"LDGSTS", 128}, {"LDSM", 32},
               {"LDSM", 64}, {"LDSM", 128}, {"LDSM", 128}}));
}

TEST(Cubin, RegistersAndSharedBytesAsPtxasSays) {
  // ptxas -v: transpose_naive 24 registers, 4096 bytes smem; transpose_padded
  // 26 and 4224. .nv.shared adds sm_90's reserved 1 KiB.
  auto F = readFixture("nv_transpose");
  ASSERT_TRUE(bool(F)) << llvm::toString(F.takeError());
  ASSERT_EQ(F->Kernels.size(), 2u);
  EXPECT_EQ(F->Kernels[0].Symbol, "_Z15transpose_naivePfPKfi");
  EXPECT_TRUE(F->Kernels[0].Entry);
  EXPECT_EQ(F->Kernels[0].Registers, 24u);
  EXPECT_EQ(F->Kernels[0].SharedBytes, 4096u + 1024u);
  EXPECT_EQ(F->Kernels[1].Registers, 26u);
  EXPECT_EQ(F->Kernels[1].SharedBytes, 4224u + 1024u);
  // sm_80: ptxas -v says merged_row 32 registers, 4608 bytes; nothing reserved.
  auto F80 = readFixture("widths_sm80");
  ASSERT_TRUE(bool(F80)) << llvm::toString(F80.takeError());
  EXPECT_EQ(F80->SM, 80u);
  for (const cubin::Kernel &K : F80->Kernels)
    if (K.Symbol == "_Z10merged_rowPf") {
      EXPECT_EQ(K.Registers, 32u);
      EXPECT_EQ(K.SharedBytes, 4608u);
    }
}

std::string errorOf(llvm::StringRef Bytes) {
  auto F = cubin::read(llvm::MemoryBufferRef(Bytes, "bad.cubin"));
  return F ? "" : llvm::toString(F.takeError());
}

std::string fixtureBytes(const std::string &Name) {
  auto Buf = llvm::MemoryBuffer::getFile(Dir + Name + ".cubin");
  return Buf ? (*Buf)->getBuffer().str() : "";
}

TEST(Cubin, GarbageIsAnError) {
  EXPECT_EQ(errorOf("not an ELF file at all"),
            "cubin: not an ELF file");
}

TEST(Cubin, TruncatedIsAnError) {
  std::string Bytes = fixtureBytes("nv_layout");
  ASSERT_GT(Bytes.size(), 4096u);
  EXPECT_EQ(errorOf(llvm::StringRef(Bytes).take_front(4096)),
            "cubin: section header table goes past the end of the file: e_shoff = 0x1018");
}

TEST(Cubin, OtherMachineIsAnError) {
  std::string Bytes = fixtureBytes("nv_layout");
  Bytes[18] = 62; // e_machine: EM_X86_64
  Bytes[19] = 0;
  EXPECT_EQ(errorOf(Bytes), "cubin: not a 64-bit NVIDIA CUDA ELF file (e_machine EM_CUDA)");
}

TEST(Cubin, OldArchitectureIsRefused) {
  std::string Bytes = fixtureBytes("nv_layout");
  Bytes[0x31] = 52; // e_flags bits 8-15 (ABI version 8): sm_52
  EXPECT_EQ(errorOf(Bytes), "cubin: sm_52: only sm_70 and later (128-bit instructions) are read");
}

} // namespace
