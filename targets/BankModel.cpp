//===- BankModel.cpp - Rule lookup, capacity, lane group specs ------------===//

#include "targets/BankModel.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <set>

namespace lds {

namespace {

/// The row for exactly this width: the access's own direction first, then a
/// row that serves both.
const BankRule *ruleOfWidth(const std::vector<BankRule> &Rules, Direction D, unsigned Width,
                            bool Matrix = false) {
  const BankRule *Fallback = nullptr;
  for (const BankRule &R : Rules) {
    if (R.WidthBytes != Width || R.Matrix != Matrix)
      continue;
    if (R.Dir == D)
      return &R;
    if (R.Dir == Direction::Any || (D == Direction::Any && !Fallback))
      Fallback = &R;
  }
  return Fallback;
}

llvm::Error specError(const std::string &Spec, const std::string &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "bad lane group spec '%s': %s",
                                 Spec.c_str(), Why.c_str());
}

} // namespace

const BankRule *TargetModel::findRule(Direction D, unsigned WidthBytes, bool Matrix) const {
  if (Matrix)
    if (const BankRule *R = ruleOfWidth(Rules, D, WidthBytes, true))
      return R;
  if (const BankRule *R = ruleOfWidth(Rules, D, WidthBytes))
    return R;
  std::set<unsigned> Widths;
  for (const BankRule &R : Rules)
    if (!R.Matrix)
      Widths.insert(R.WidthBytes);
  // A missing width behaves most like the next wider instruction (b96 is
  // served like b128); beyond the widest row, the widest row.
  for (unsigned W : Widths)
    if (W > WidthBytes)
      if (const BankRule *R = ruleOfWidth(Rules, D, W))
        return R;
  for (auto It = Widths.rbegin(); It != Widths.rend(); ++It)
    if (*It < WidthBytes)
      if (const BankRule *R = ruleOfWidth(Rules, D, *It))
        return R;
  return nullptr;
}

unsigned TargetModel::wavesForRegisters(unsigned VGPRs, unsigned AGPRs) const {
  if (!VGPRsPerSIMD || !VGPRGranule || !MaxWavesPerSIMD)
    return 0;
  // AMDGPUMCExpr totalnumvgprs: with AGPRs, the VGPRs take blocks of 4 first.
  uint64_t Total = AGPRs ? (uint64_t(VGPRs) + 3) / 4 * 4 + AGPRs : std::max(VGPRs, 1u);
  uint64_t Allocated = (Total + VGPRGranule - 1) / VGPRGranule * VGPRGranule;
  uint64_t PerFile =
      std::min<uint64_t>(MaxWavesPerSIMD, std::max<uint64_t>(VGPRsPerSIMD / Allocated, 1));
  return static_cast<unsigned>(PerFile * RegisterFiles);
}

unsigned TargetModel::allocatedBytes(unsigned BlockBytes) const {
  uint64_t Bytes = uint64_t(BlockBytes) + ReservedPerBlock;
  uint64_t G = std::max(AllocGranule, 1u);
  return static_cast<unsigned>((Bytes + G - 1) / G * G);
}

unsigned TargetModel::blocksPerCU(unsigned BlockBytes) const {
  if (BlockBytes == 0)
    return MaxBlocksPerCU;
  if (BlockBytes > LDSBytesPerBlock)
    return 0;
  unsigned PerBlock = allocatedBytes(BlockBytes);
  return std::min(MaxBlocksPerCU, LDSBytesPerCU / PerBlock);
}

llvm::Expected<std::vector<std::vector<unsigned>>> parseGroupSpec(const std::string &Spec,
                                                                  unsigned WaveSize) {
  using Groups = std::vector<std::vector<unsigned>>;
  llvm::StringRef S = llvm::StringRef(Spec).trim();
  if (WaveSize == 0)
    return specError(Spec, "wave size is 0");
  Groups Result;

  if (S.consume_front("consecutive:")) {
    unsigned N = 0;
    if (S.trim().getAsInteger(10, N) || N == 0)
      return specError(Spec, "expected a positive lane count after 'consecutive:'");
    if (N > WaveSize || WaveSize % N != 0)
      return specError(Spec, "groups of " + std::to_string(N) + " lanes do not tile a wave of " +
                                 std::to_string(WaveSize));
    for (unsigned First = 0; First < WaveSize; First += N) {
      Result.emplace_back();
      for (unsigned L = First; L < First + N; ++L)
        Result.back().push_back(L);
    }
    return Result;
  }

  llvm::SmallVector<llvm::StringRef, 16> Items;
  S.split(Items, '|');
  unsigned Repeat = 0;
  for (size_t I = 0; I < Items.size(); ++I) {
    llvm::StringRef Item = Items[I].trim();
    if (Item.consume_front("+")) {
      if (I + 1 != Items.size())
        return specError(Spec, "'+K' must be the last item");
      if (Item.trim().getAsInteger(10, Repeat) || Repeat == 0)
        return specError(Spec, "expected a positive lane shift after '+'");
      continue;
    }
    std::vector<unsigned> Group;
    llvm::SmallVector<llvm::StringRef, 8> Ranges;
    Item.split(Ranges, ',');
    for (llvm::StringRef Range : Ranges) {
      auto [Lo, Hi] = Range.trim().split('-');
      unsigned First = 0, Last = 0;
      if (Lo.trim().getAsInteger(10, First))
        return specError(Spec, "bad lane '" + Range.trim().str() + "'");
      Last = First;
      if (!Hi.empty() && (Hi.trim().getAsInteger(10, Last) || Last < First))
        return specError(Spec, "bad lane range '" + Range.trim().str() + "'");
      for (unsigned L = First; L <= Last; ++L)
        Group.push_back(L);
    }
    Result.push_back(std::move(Group));
  }

  if (Repeat) {
    size_t Base = Result.size();
    for (unsigned Shift = Repeat; Shift < WaveSize; Shift += Repeat)
      for (size_t G = 0; G < Base; ++G) {
        std::vector<unsigned> Shifted;
        for (unsigned L : Result[G])
          Shifted.push_back(L + Shift);
        Result.push_back(std::move(Shifted));
      }
  }

  std::vector<bool> Seen(WaveSize, false);
  for (const std::vector<unsigned> &G : Result)
    for (unsigned L : G) {
      if (L >= WaveSize)
        return specError(Spec, "lane " + std::to_string(L) + " is outside a wave of " +
                                   std::to_string(WaveSize));
      if (Seen[L])
        return specError(Spec, "lane " + std::to_string(L) + " is in two groups");
      Seen[L] = true;
    }
  for (unsigned L = 0; L < WaveSize; ++L)
    if (!Seen[L])
      return specError(Spec, "lane " + std::to_string(L) + " is in no group");
  return Result;
}

const TargetModel *BankModel::find(const std::string &Name) const {
  auto It = Targets.find(Name);
  return It == Targets.end() ? nullptr : &It->second;
}

std::vector<std::string> BankModel::targetNames() const {
  std::vector<std::string> Names;
  for (const auto &KV : Targets)
    Names.push_back(KV.first);
  return Names;
}

} // namespace lds
