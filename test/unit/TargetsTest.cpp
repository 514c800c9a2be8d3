//===- TargetsTest.cpp - Default targets and what an arch name says -------===//

#include "targets/Targets.h"
#include "targets/BankModel.h"

#include <gtest/gtest.h>

#include <string>

using namespace lds;

TEST(Targets, DefaultsPerLanguage) {
  EXPECT_EQ(std::string(defaultAMDTarget()), "gfx942");
  EXPECT_EQ(std::string(defaultNVIDIATarget()), "sm_90");
  EXPECT_EQ(std::string(defaultTarget(/*IsHIP=*/true)), "gfx942");
  EXPECT_EQ(std::string(defaultTarget(/*IsHIP=*/false)), "sm_90");
  // Both are targets of the built-in model.
  BankModel M = BankModel::builtin();
  EXPECT_NE(M.find(defaultAMDTarget()), nullptr);
  EXPECT_NE(M.find(defaultNVIDIATarget()), nullptr);
}

TEST(Targets, ArchNames) {
  for (const char *T : {"gfx90a", "gfx942", "gfx950", "gfx1100", "gfx1200", "gfx1250", "gfx908"}) {
    EXPECT_TRUE(isAMDTarget(T)) << T;
    EXPECT_FALSE(isNVIDIATarget(T)) << T;
  }
  for (const char *T : {"sm_80", "sm_90", "sm_100"}) {
    EXPECT_FALSE(isAMDTarget(T)) << T;
    EXPECT_TRUE(isNVIDIATarget(T)) << T;
  }
  EXPECT_FALSE(isAMDTarget(""));
  EXPECT_FALSE(isNVIDIATarget("compute_90"));
  // The names agree with the built-in model's IsAMD.
  BankModel M = BankModel::builtin();
  for (const auto &[Name, T] : M.targets())
    EXPECT_EQ(isAMDTarget(Name), T.IsAMD) << Name;
}

TEST(Targets, DeviceParseWaveSize) {
  for (const char *T : {"gfx900", "gfx908", "gfx90a", "gfx942", "gfx950"})
    EXPECT_EQ(defaultWaveSizeOf(T), 64u) << T;
  for (const char *T : {"gfx1030", "gfx1100", "gfx1200", "gfx1250"})
    EXPECT_EQ(defaultWaveSizeOf(T), 32u) << T;
  // The built-in AMD targets are modelled with the wave size they compile for.
  BankModel M = BankModel::builtin();
  for (const auto &[Name, T] : M.targets()) {
    if (T.IsAMD) {
      EXPECT_EQ(defaultWaveSizeOf(Name), T.WaveSize) << Name;
    }
  }
}
