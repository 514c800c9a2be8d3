//===- Cubin.cpp - Read an NVIDIA cubin's SASS for LDS facts --------------===//

#include "readers/Cubin.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/DebugInfo/DWARF/DWARFContext.h"
#include "llvm/DebugInfo/DWARF/DWARFDataExtractor.h"
#include "llvm/DebugInfo/DWARF/DWARFDebugLine.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Support/Endian.h"

#include <algorithm>
#include <map>

namespace lds {
namespace cubin {

using llvm::StringRef;
using ELFT = llvm::object::ELF64LE;

const char *sharedOpName(SharedOp Op) {
  switch (Op) {
  case SharedOp::Load:
    return "LDS";
  case SharedOp::Store:
    return "STS";
  case SharedOp::MatrixLoad:
    return "LDSM";
  case SharedOp::Atomic:
    return "ATOMS";
  case SharedOp::AsyncCopy:
    return "LDGSTS";
  }
  return "?";
}

namespace {

llvm::Error fail(const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "cubin: " + Why);
}

// ---- Instructions ---------------------------------------------------------
//
// From sm_70 on every instruction is two little-endian 64-bit words. The
// operation is in the low 9 bits of the first; bits 9-11 pick the operand
// form (STS [R] is 0x388, STS [R+UR] 0x988), so they are left out. Bits
// 12-14 name the guard predicate (7: PT) and bit 15 negates it. Each value
// below was read off nvdisasm's -hex output for the fixtures of
// test/unit/data/cubin, on sm_80 and sm_90 alike.

struct Instruction {
  uint64_t Lo = 0, Hi = 0;
  unsigned operation() const { return Lo & 0x1ff; }
  unsigned opcode() const { return Lo & 0xfff; }
  unsigned guard() const { return (Lo >> 12) & 0xf; }
};

constexpr unsigned OpNOP = 0x918, OpBRA = 0x947; // whole 12 bits
constexpr unsigned GuardPT = 0x7, GuardNotPT = 0xf;

/// The shared-memory operation of I, if it is one.
std::optional<SharedOp> sharedOp(const Instruction &I) {
  switch (I.operation()) {
  case 0x184:
    return SharedOp::Load;
  case 0x188:
    return SharedOp::Store;
  case 0x03b:
    return SharedOp::MatrixLoad;
  case 0x18c: // ATOMS.ADD, .MIN, .EXCH ... and (0xf8c) ATOMS.POPC.INC.32
  case 0x18d: // ATOMS.CAS, ATOMS.CAST.SPIN
    return SharedOp::Atomic;
  case 0x1ae:
    return SharedOp::AsyncCopy;
  }
  return std::nullopt;
}

/// LDS / STS / LDGSTS size, bits 73-75: U8 0, U16 2, 32 4, 64 5, 128 6 in
/// the fixtures. S8 (1), S16 (3) and U.128 (7) follow the same order in
/// the field but no fixture has them.
unsigned memoryWidth(const Instruction &I) {
  static const unsigned Bits[8] = {8, 8, 16, 16, 32, 64, 128, 128};
  return Bits[(I.Hi >> 9) & 7];
}

/// Bits per lane of I, 0 where the fixtures did not show the field's value.
unsigned widthBits(SharedOp Op, const Instruction &I) {
  switch (Op) {
  case SharedOp::Load:
  case SharedOp::Store:
  case SharedOp::AsyncCopy:
    return memoryWidth(I);
  case SharedOp::MatrixLoad: {
    // Matrices, bits 72-73: .x1 0, .x2 1, .x4 2 (bit 78 is .trans, MT88);
    // each lane gets 32 bits of each.
    unsigned Count = (I.Hi >> 8) & 3;
    return Count < 3 ? 32u << Count : 0;
  }
  case SharedOp::Atomic:
    if (I.opcode() == 0xf8c) // ATOMS.POPC.INC.32
      return 32;
    // Type, bits 73-75: 0 (.U32, unwritten) and 1 (.S32) in the fixtures;
    // no fixture has a 64-bit shared atomic.
    return ((I.Hi >> 9) & 7) <= 1 ? 32 : 0;
  }
  return 0;
}

/// The instructions before ptxas's padding: a section ends with a branch
/// to itself (so a fall past the last EXIT traps) and NOPs up to its
/// 128-byte alignment. Neither is code the kernel runs.
size_t codeLength(const std::vector<Instruction> &Is) {
  size_t N = Is.size();
  while (N && Is[N - 1].opcode() == OpNOP)
    --N;
  if (N && Is[N - 1].opcode() == OpBRA && Is[N - 1].guard() == GuardPT)
    --N;
  return N;
}

llvm::Expected<std::vector<Instruction>> instructions(StringRef Text, StringRef Section) {
  if (Text.size() % 16)
    return fail(Section + " is " + llvm::Twine(Text.size()) +
                " bytes, not a whole number of 16-byte instructions");
  std::vector<Instruction> Is(Text.size() / 16);
  for (size_t K = 0; K < Is.size(); ++K) {
    Is[K].Lo = llvm::support::endian::read64le(Text.data() + 16 * K);
    Is[K].Hi = llvm::support::endian::read64le(Text.data() + 16 * K + 8);
  }
  return Is;
}

// ---- The ELF file ----------------------------------------------------------

/// The SM of the header's flags: bits 8-15 from the CUDA ABI version 8 on
/// (CUDA 12.8 and later write it), bits 0-7 before.
unsigned smOf(const ELFT::Ehdr &H) {
  if (H.e_ident[llvm::ELF::EI_ABIVERSION] >= llvm::ELF::ELFABIVERSION_CUDA_V2)
    return (H.e_flags & llvm::ELF::EF_CUDA_SM_MASK) >> llvm::ELF::EF_CUDA_SM_OFFSET;
  return H.e_flags & llvm::ELF::EF_CUDA_SM;
}

constexpr uint8_t StoCudaEntry = 0x10; // st_other of a __global__ function
constexpr uint8_t EIFMT_SVAL = 0x04, EIATTR_REGCOUNT = 0x2f;

struct Reader {
  const llvm::object::ELFFile<ELFT> &EF;
  File Out;
  std::map<unsigned, size_t> KernelOfSection; ///< .text section index -> Kernels
  std::vector<std::vector<Instruction>> Code;  ///< per kernel
  std::vector<ELFT::Sym> Symbols;
  StringRef SymbolNames;

  llvm::Error readSymbols();
  llvm::Error readSections();
  llvm::Error readRegisterCounts(StringRef Info);
  llvm::Error readLines(const llvm::object::ObjectFile &Obj);
  void decode();
};

llvm::Error Reader::readSymbols() {
  auto Sections = EF.sections();
  if (!Sections)
    return Sections.takeError();
  for (const ELFT::Shdr &S : *Sections) {
    if (S.sh_type != llvm::ELF::SHT_SYMTAB)
      continue;
    auto Syms = EF.symbols(&S);
    if (!Syms)
      return Syms.takeError();
    Symbols.assign(Syms->begin(), Syms->end());
    auto Names = EF.getStringTableForSymtab(S);
    if (!Names)
      return Names.takeError();
    SymbolNames = *Names;
  }
  return llvm::Error::success();
}

llvm::Error Reader::readSections() {
  auto Sections = EF.sections();
  if (!Sections)
    return Sections.takeError();
  std::map<std::string, uint64_t> SharedSize;
  StringRef Info;
  for (const auto &[Index, S] : llvm::enumerate(*Sections)) {
    auto Name = EF.getSectionName(S);
    if (!Name)
      return Name.takeError();
    StringRef Sym = *Name;
    if (Sym.consume_front(".nv.shared.")) {
      SharedSize[Sym.str()] = S.sh_size;
      continue;
    }
    if (*Name == ".nv.info") {
      auto Bytes = EF.getSectionContents(S);
      if (!Bytes)
        return Bytes.takeError();
      Info = llvm::toStringRef(*Bytes);
      continue;
    }
    if (!Sym.consume_front(".text.") || S.sh_type != llvm::ELF::SHT_PROGBITS)
      continue;
    auto Bytes = EF.getSectionContents(S);
    if (!Bytes)
      return Bytes.takeError();
    auto Is = instructions(llvm::toStringRef(*Bytes), *Name);
    if (!Is)
      return Is.takeError();
    Kernel K;
    K.Symbol = Sym.str();
    for (const ELFT::Sym &E : Symbols)
      if (E.st_shndx == Index && E.getType() == llvm::ELF::STT_FUNC)
        K.Entry = E.st_other & StoCudaEntry;
    KernelOfSection[Index] = Out.Kernels.size();
    Out.Kernels.push_back(std::move(K));
    Code.push_back(std::move(*Is));
  }
  for (Kernel &K : Out.Kernels)
    if (auto It = SharedSize.find(K.Symbol); It != SharedSize.end())
      K.SharedBytes = It->second;
  return readRegisterCounts(Info);
}

/// .nv.info holds records of a format byte, an attribute byte and 16 bits:
/// the value, or (EIFMT_SVAL) the size of a payload that follows.
/// EIATTR_REGCOUNT's payload is the function's symbol index and its
/// registers, the number ptxas -v prints as "Used N registers".
llvm::Error Reader::readRegisterCounts(StringRef Info) {
  while (Info.size() >= 4) {
    uint8_t Format = Info[0], Attribute = Info[1];
    uint16_t Size = llvm::support::endian::read16le(Info.data() + 2);
    Info = Info.drop_front(4);
    if (Format != EIFMT_SVAL)
      continue;
    if (Info.size() < Size)
      return fail(".nv.info is truncated");
    if (Attribute == EIATTR_REGCOUNT && Size == 8) {
      uint32_t SymIndex = llvm::support::endian::read32le(Info.data());
      uint32_t Registers = llvm::support::endian::read32le(Info.data() + 4);
      if (SymIndex < Symbols.size())
        if (auto It = KernelOfSection.find(Symbols[SymIndex].st_shndx);
            It != KernelOfSection.end())
          Out.Kernels[It->second].Registers = Registers;
    }
    Info = Info.drop_front(Size);
  }
  return llvm::Error::success();
}

void Reader::decode() {
  for (size_t KI = 0; KI < Out.Kernels.size(); ++KI) {
    Kernel &K = Out.Kernels[KI];
    size_t N = codeLength(Code[KI]);
    K.Instructions = N;
    for (size_t I = 0; I < N; ++I)
      if (std::optional<SharedOp> Op = sharedOp(Code[KI][I])) {
        SharedAccess A;
        A.Op = *Op;
        A.WidthBits = widthBits(*Op, Code[KI][I]);
        A.Offset = 16 * I;
        A.NeverExecutes = Code[KI][I].guard() == GuardNotPT;
        K.Shared.push_back(std::move(A));
      }
  }
}

// ---- Source lines ----------------------------------------------------------

/// A row of .debug_line, made absolute to its function's section.
struct LineRow {
  uint64_t Address = 0;
  std::string File;
  unsigned Line = 0;
};

/// The offsets in .debug_line of the DW_LNE_set_address operands that its
/// relocations point at, in order, with the section each names.
/// Each sequence starts with one: its addresses are relative to a
/// function's section, which only the relocation says (llvm has no
/// relocation resolver for EM_CUDA, so DWARFContext leaves them at 0).
llvm::Expected<std::vector<std::pair<uint64_t, unsigned>>>
sequenceSections(const llvm::object::ELFFile<ELFT> &EF, const std::vector<ELFT::Sym> &Symbols,
                 StringRef Line) {
  std::vector<std::pair<uint64_t, unsigned>> Starts;
  auto Sections = EF.sections();
  if (!Sections)
    return Sections.takeError();
  for (const ELFT::Shdr &S : *Sections) {
    auto Name = EF.getSectionName(S);
    if (!Name)
      return Name.takeError();
    // ptxas writes .rela.debug_line, nvcc for sm_80 .rel.debug_line.
    if (*Name == ".rela.debug_line") {
      auto Relas = EF.relas(S);
      if (!Relas)
        return Relas.takeError();
      for (const ELFT::Rela &R : *Relas)
        Starts.push_back({R.r_offset, R.getSymbol(/*IsMips64EL=*/false)});
    } else if (*Name == ".rel.debug_line") {
      auto Rels = EF.rels(S);
      if (!Rels)
        return Rels.takeError();
      for (const ELFT::Rel &R : *Rels)
        Starts.push_back({R.r_offset, R.getSymbol(/*IsMips64EL=*/false)});
    }
  }
  for (auto &[Offset, Sym] : Starts) {
    // The relocated operand follows the opcode bytes 0, 9, DW_LNE_set_address.
    if (Offset < 3 || Offset + 8 > Line.size() || Sym >= Symbols.size() ||
        Line.substr(Offset - 3, 3) != StringRef("\x00\x09\x02", 3))
      return fail("a relocation of .debug_line is not a sequence's address");
    Sym = Symbols[Sym].st_shndx;
  }
  llvm::sort(Starts);
  return Starts;
}

llvm::Error Reader::readLines(const llvm::object::ObjectFile &Obj) {
  StringRef LineSection;
  for (const llvm::object::SectionRef &S : Obj.sections())
    if (auto Name = S.getName(); Name && *Name == ".debug_line")
      if (auto Bytes = S.getContents())
        LineSection = *Bytes;
  if (LineSection.empty())
    return llvm::Error::success(); // built without -lineinfo
  auto Starts = sequenceSections(EF, Symbols, LineSection);
  if (!Starts)
    return Starts.takeError();
  std::unique_ptr<llvm::DWARFContext> Ctx = llvm::DWARFContext::create(
      Obj, llvm::DWARFContext::ProcessDebugRelocations::Ignore, nullptr, "",
      [](llvm::Error E) { llvm::consumeError(std::move(E)); },
      [](llvm::Error E) { llvm::consumeError(std::move(E)); });
  llvm::DWARFDataExtractor Data(Ctx->getDWARFObj(), Ctx->getDWARFObj().getLineSection(),
                                /*IsLittleEndian=*/true, /*AddressSize=*/8);
  llvm::DWARFDebugLine::SectionParser Parser(Data, *Ctx, Ctx->normal_units());
  // nvcc's prologues end 4 bytes before their header_length says, which
  // llvm reports and reads past (as llvm-dwarfdump does): recoverable.
  auto Ignore = [](llvm::Error E) { llvm::consumeError(std::move(E)); };
  std::string Problem;
  auto Fatal = [&](llvm::Error E) {
    if (Problem.empty())
      Problem = llvm::toString(std::move(E));
    else
      llvm::consumeError(std::move(E));
  };
  // The sequences in the order they are written, which is the order of
  // their relocations.
  std::map<size_t, std::vector<LineRow>> Rows; // kernel -> rows
  size_t Sequence = 0;
  while (!Parser.done()) {
    llvm::DWARFDebugLine::LineTable LT = Parser.parseNext(Ignore, Fatal);
    std::vector<llvm::DWARFDebugLine::Sequence> Seqs = LT.Sequences;
    llvm::sort(Seqs, [](const auto &A, const auto &B) { return A.FirstRowIndex < B.FirstRowIndex; });
    for (const llvm::DWARFDebugLine::Sequence &Seq : Seqs) {
      if (Sequence >= Starts->size())
        return fail(".debug_line has more sequences than relocations");
      auto K = KernelOfSection.find((*Starts)[Sequence++].second);
      if (K == KernelOfSection.end())
        continue;
      for (unsigned R = Seq.FirstRowIndex; R < Seq.LastRowIndex; ++R) {
        const llvm::DWARFDebugLine::Row &Row = LT.Rows[R];
        if (Row.EndSequence)
          continue;
        LineRow L;
        L.Address = Row.Address.Address;
        L.Line = Row.Line;
        LT.getFileNameByIndex(Row.File, "",
                              llvm::DILineInfoSpecifier::FileLineInfoKind::AbsoluteFilePath,
                              L.File);
        Rows[K->second].push_back(std::move(L));
      }
    }
  }
  if (!Problem.empty())
    return fail(".debug_line: " + Problem);
  if (Sequence != Starts->size())
    return fail(".debug_line has fewer sequences than relocations");
  for (auto &[KI, KRows] : Rows) {
    std::stable_sort(KRows.begin(), KRows.end(),
                     [](const LineRow &A, const LineRow &B) { return A.Address < B.Address; });
    for (SharedAccess &A : Out.Kernels[KI].Shared) {
      // The last row at or before the instruction gives its line.
      auto It = std::upper_bound(KRows.begin(), KRows.end(), A.Offset,
                                 [](uint64_t O, const LineRow &R) { return O < R.Address; });
      if (It == KRows.begin())
        continue;
      A.File = std::prev(It)->File;
      A.Line = std::prev(It)->Line;
    }
  }
  return llvm::Error::success();
}

} // namespace

llvm::Expected<File> read(llvm::MemoryBufferRef Buffer) {
  if (!Buffer.getBuffer().starts_with("\x7f" "ELF"))
    return fail("not an ELF file");
  auto Obj = llvm::object::ObjectFile::createELFObjectFile(Buffer);
  if (!Obj)
    return fail(llvm::toString(Obj.takeError()));
  auto *ELF = llvm::dyn_cast<llvm::object::ELF64LEObjectFile>(Obj->get());
  if (!ELF || ELF->getELFFile().getHeader().e_machine != llvm::ELF::EM_CUDA)
    return fail("not a 64-bit NVIDIA CUDA ELF file (e_machine EM_CUDA)");
  const llvm::object::ELFFile<ELFT> &EF = ELF->getELFFile();
  Reader R{EF, {}, {}, {}, {}, {}};
  R.Out.SM = smOf(EF.getHeader());
  if (R.Out.SM < 70)
    return fail("sm_" + llvm::Twine(R.Out.SM) +
                ": only sm_70 and later (128-bit instructions) are read");
  if (llvm::Error E = R.readSymbols())
    return fail(llvm::toString(std::move(E)));
  if (llvm::Error E = R.readSections())
    return fail(llvm::toString(std::move(E)));
  R.decode();
  if (llvm::Error E = R.readLines(*ELF))
    return std::move(E);
  return std::move(R.Out);
}

} // namespace cubin
} // namespace lds
