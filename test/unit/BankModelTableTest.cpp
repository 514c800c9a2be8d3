//===- BankModelTableTest.cpp - The built-in table is complete and sane ---===//

#include "targets/BankModel.h"

#include <gtest/gtest.h>

using namespace lds;

TEST(BankModelTable, EveryTargetOfTheContract) {
  BankModel M = BankModel::builtin();
  EXPECT_EQ(M.targetNames(), (std::vector<std::string>{"gfx1100", "gfx1200", "gfx1250", "gfx90a",
                                                       "gfx942", "gfx950", "sm_80", "sm_90"}));
}

TEST(BankModelTable, EveryWidthAndDirectionHasASourcedRow) {
  BankModel M = BankModel::builtin();
  for (const auto &[Name, T] : M.targets()) {
    EXPECT_FALSE(T.Source.empty()) << Name;
    for (Direction D : {Direction::Read, Direction::Write})
      for (unsigned W : {1u, 2u, 4u, 8u, 12u, 16u}) {
        const BankRule *R = T.findRule(D, W);
        ASSERT_NE(R, nullptr) << Name << " width " << W;
        EXPECT_EQ(R->WidthBytes, W) << Name;
        EXPECT_EQ(R->Dir, D) << Name;
        EXPECT_FALSE(R->Source.empty()) << Name << " width " << W;
        EXPECT_NE(std::string("HMVSU").find(R->Confidence), std::string::npos)
            << Name << " width " << W << ": '" << R->Confidence << "'";
        EXPECT_EQ(R->Confidence.size(), 1u);
        unsigned Lanes = 0;
        for (const auto &G : R->Groups)
          Lanes += G.size();
        EXPECT_EQ(Lanes, T.WaveSize) << Name << " width " << W;
        EXPECT_EQ(R->PairMerge, !T.IsAMD && D == Direction::Read) << Name;
      }
  }
}

TEST(BankModelTable, HardwareFacts) {
  BankModel M = BankModel::builtin();
  EXPECT_EQ(M.find("gfx942")->WaveSize, 64u);
  EXPECT_EQ(M.find("gfx1250")->WaveSize, 32u);
  EXPECT_EQ(M.find("sm_90")->LDSBytesPerCU, 228u * 1024);
  EXPECT_EQ(M.find("sm_90")->LDSBytesPerBlock, 227u * 1024);
  EXPECT_EQ(M.find("sm_80")->LDSBytesPerCU, 164u * 1024);
  EXPECT_EQ(M.find("gfx950")->LDSBytesPerCU, 160u * 1024);
  EXPECT_EQ(M.find("gfx950")->AllocGranule, 1280u);
  EXPECT_EQ(M.find("gfx1250")->AllocGranule, 2048u);
  // Wave slots per CU / WGP / SM: CDNA 8 waves x 4 SIMDs, RDNA and gfx1250
  // in WGP mode 16 x 4, NVIDIA 64 warps.
  for (const char *T : {"gfx90a", "gfx942", "gfx950"})
    EXPECT_EQ(M.find(T)->MaxWavesPerCU, 32u) << T;
  for (const char *T : {"gfx1100", "gfx1200", "gfx1250", "sm_80", "sm_90"})
    EXPECT_EQ(M.find(T)->MaxWavesPerCU, 64u) << T;
  EXPECT_EQ(M.find("gfx950")->findRule(Direction::Read, 8)->Banks, 64u);
  EXPECT_EQ(M.find("gfx950")->findRule(Direction::Read, 12)->Banks, 32u);
  EXPECT_EQ(M.find("gfx950")->findRule(Direction::Write, 8)->Banks, 32u);
  EXPECT_EQ(M.find("gfx950")->findRule(Direction::Read, 16)->Groups.size(), 4u);
  EXPECT_EQ(M.find("gfx942")->findRule(Direction::Read, 16)->Groups.size(), 8u);
  EXPECT_EQ(M.find("gfx942")->findRule(Direction::Write, 16)->GroupSpec, "consecutive:8");
  EXPECT_EQ(M.find("gfx1200")->findRule(Direction::Read, 16)->GroupSpec, "consecutive:8");
  EXPECT_EQ(M.find("gfx1100")->findRule(Direction::Read, 16)->Groups[0],
            (std::vector<unsigned>{0, 1, 2, 3, 20, 21, 22, 23}));
  // The disputed gfx950 rows carry the other reading.
  for (Direction D : {Direction::Read, Direction::Write})
    for (unsigned W : {1u, 2u, 4u}) {
      const BankRule *R = M.find("gfx950")->findRule(D, W);
      ASSERT_EQ(R->Alternatives.size(), 1u);
      EXPECT_EQ(R->Alternatives[0].Banks, 64u);
      EXPECT_EQ(R->Alternatives[0].Groups.size(), 1u);
    }
  // gfx90a is gfx942, marked as inferred.
  EXPECT_EQ(M.find("gfx90a")->findRule(Direction::Read, 16)->GroupSpec,
            M.find("gfx942")->findRule(Direction::Read, 16)->GroupSpec);
  EXPECT_EQ(M.find("gfx90a")->findRule(Direction::Read, 16)->Confidence, "U");
}

TEST(BankModelTable, FindRuleFallsBackToTheNearestWidth) {
  BankModel M = BankModel::builtin();
  TargetModel T = *M.find("gfx942");
  EXPECT_EQ(T.findRule(Direction::Read, 32)->WidthBytes, 16u);
  EXPECT_EQ(T.findRule(Direction::Read, 3)->WidthBytes, 4u);
  T.Rules.erase(std::remove_if(T.Rules.begin(), T.Rules.end(),
                               [](const BankRule &R) { return R.WidthBytes == 12; }),
                T.Rules.end());
  EXPECT_EQ(T.findRule(Direction::Read, 12)->WidthBytes, 16u);
  // A row for both directions serves either.
  TargetModel Any;
  BankRule R;
  R.Dir = Direction::Any;
  R.WidthBytes = 4;
  Any.Rules.push_back(R);
  EXPECT_NE(Any.findRule(Direction::Write, 4), nullptr);
}

TEST(Capacity, Gfx942) {
  BankModel M = BankModel::builtin();
  const TargetModel &T = *M.find("gfx942");
  EXPECT_EQ(T.allocatedBytes(1), 512u);
  EXPECT_EQ(T.allocatedBytes(4096), 4096u);
  EXPECT_EQ(T.allocatedBytes(4224), 4608u); // tile[32][33] floats
  EXPECT_EQ(T.blocksPerCU(4096), 16u);
  EXPECT_EQ(T.blocksPerCU(4224), 14u);
  EXPECT_EQ(T.blocksPerCU(32768), 2u);
  EXPECT_EQ(T.blocksPerCU(0), T.MaxBlocksPerCU);
  EXPECT_EQ(T.blocksPerCU(65537), 0u);
}

TEST(Capacity, Sm90) {
  BankModel M = BankModel::builtin();
  const TargetModel &T = *M.find("sm_90");
  // 1 KiB reserved per block, then the 128-byte granule.
  EXPECT_EQ(T.allocatedBytes(4096), 5120u);
  EXPECT_EQ(T.allocatedBytes(4224), 5248u);
  EXPECT_EQ(T.allocatedBytes(4100), 5248u);
  EXPECT_EQ(T.blocksPerCU(4096), 32u);     // 45 fit, the SM caps at 32
  EXPECT_EQ(T.blocksPerCU(48 * 1024), 4u); // 233472 / 50176
  EXPECT_EQ(T.blocksPerCU(100000), 2u);    // 233472 / 101120
  EXPECT_EQ(T.blocksPerCU(227 * 1024), 1u);
  EXPECT_EQ(T.blocksPerCU(227 * 1024 + 1), 0u);
}

// The waves per SIMD a kernel's registers allow, as clang 22 writes them in
// `; Occupancy:` for kernels of these register counts (RegisterRows).
TEST(BankModelTable, WavesForRegisters) {
  BankModel M = BankModel::builtin();
  const TargetModel &G942 = *M.find("gfx942"), &G950 = *M.find("gfx950");
  const TargetModel &G1250 = *M.find("gfx1250");
  for (const TargetModel *T : {&G942, &G950}) {
    EXPECT_EQ(T->wavesForRegisters(40, 0), 8u);  // capped
    EXPECT_EQ(T->wavesForRegisters(92, 0), 5u);  // 96 of 512
    EXPECT_EQ(T->wavesForRegisters(111, 0), 4u); // 112
    EXPECT_EQ(T->wavesForRegisters(152, 0), 3u);
    EXPECT_EQ(T->wavesForRegisters(197, 0), 2u);
  }
  // With AGPRs the VGPRs take blocks of 4 first: 62 -> 64, + 30 = 94 -> 96.
  EXPECT_EQ(G942.wavesForRegisters(62, 30), 5u);
  EXPECT_EQ(G1250.wavesForRegisters(62, 0), 16u);
  EXPECT_EQ(G1250.wavesForRegisters(92, 0), 10u);  // 96 of 1024
  EXPECT_EQ(G1250.wavesForRegisters(197, 0), 4u);  // 208: a granule of 16
  EXPECT_EQ(G1250.wavesForRegisters(377, 0), 2u);
}

// Warps per SM that ptxas's registers per thread allow, by cuda_occupancy.h's
// rule: min(64, 4 * floor(16384 / roundup(registers * 32, 256))), the four
// sub-partitions each holding a quarter of the SM's 65536 registers.
TEST(BankModelTable, WarpsForRegisters) {
  BankModel M = BankModel::builtin();
  for (const char *Name : {"sm_80", "sm_90"}) {
    SCOPED_TRACE(Name);
    const TargetModel &T = *M.find(Name);
    EXPECT_EQ(T.wavesForRegisters(24, 0), 64u);  // 768 a warp: 21 a sub-partition, capped at 16
    EXPECT_EQ(T.wavesForRegisters(32, 0), 64u);  // 1024: 16
    EXPECT_EQ(T.wavesForRegisters(33, 0), 48u);  // 1280: 12
    EXPECT_EQ(T.wavesForRegisters(40, 0), 48u);  // 1280: 12 (the whole SM's 51 would be wrong)
    EXPECT_EQ(T.wavesForRegisters(64, 0), 32u);  // 2048: 8
    EXPECT_EQ(T.wavesForRegisters(72, 0), 28u);  // 2304: 7
    EXPECT_EQ(T.wavesForRegisters(128, 0), 16u); // 4096: 4
    EXPECT_EQ(T.wavesForRegisters(168, 0), 12u); // 5376: 3
    EXPECT_EQ(T.wavesForRegisters(255, 0), 8u);  // 8192: 2
  }
}
