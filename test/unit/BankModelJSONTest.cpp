//===- BankModelJSONTest.cpp - --bank-model=FILE merging and its errors ---===//

#include "targets/BankModel.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

using namespace lds;

namespace {

std::string mergeError(BankModel &M, const std::string &Text) {
  llvm::Error E = M.mergeJSON(Text, "model.json");
  return E ? llvm::toString(std::move(E)) : "";
}

bool contains(const std::string &S, const std::string &Part) {
  return S.find(Part) != std::string::npos;
}

} // namespace

TEST(BankModelJSON, ReplacesARowAndDropsItsAlternatives) {
  BankModel M = BankModel::builtin();
  ASSERT_EQ(M.find("gfx950")->findRule(Direction::Read, 4)->Alternatives.size(), 1u);
  std::string Err = mergeError(M, R"({"targets": [{"name": "gfx950", "rules": [
      {"dir": "read", "width": 4, "banks": 64, "groups": "consecutive:64"}]}]})");
  ASSERT_EQ(Err, "");
  const BankRule *R = M.find("gfx950")->findRule(Direction::Read, 4);
  EXPECT_EQ(R->Banks, 64u);
  EXPECT_EQ(R->Groups.size(), 1u);
  EXPECT_TRUE(R->Alternatives.empty());
  EXPECT_EQ(R->Source, "--bank-model model.json");
  // The other rows stay.
  EXPECT_EQ(M.find("gfx950")->findRule(Direction::Read, 2)->Banks, 32u);
}

TEST(BankModelJSON, NewTargetFromABase) {
  BankModel M = BankModel::builtin();
  std::string Err = mergeError(M, R"({"targets": [{
      "name": "gfx942-strict", "base": "gfx942", "comment": "sub-word conflicts",
      "lds_bytes_per_cu": 131072,
      "rules": [{"dir": "any", "width": 2, "subword_shares": false,
                 "source": "CK slides", "confidence": "S",
                 "alternatives": [{"groups": "consecutive:64", "banks": 64}]}]}]})");
  ASSERT_EQ(Err, "");
  const TargetModel *T = M.find("gfx942-strict");
  ASSERT_NE(T, nullptr);
  EXPECT_EQ(T->LDSBytesPerCU, 131072u);
  EXPECT_EQ(T->AllocGranule, 512u);
  for (Direction D : {Direction::Read, Direction::Write}) {
    const BankRule *R = T->findRule(D, 2);
    EXPECT_EQ(R->Dir, D);
    EXPECT_FALSE(R->SubwordShares);
    EXPECT_EQ(R->GroupSpec, "consecutive:32") << "kept from the replaced row";
    EXPECT_EQ(R->Confidence, "S");
    ASSERT_EQ(R->Alternatives.size(), 1u);
    EXPECT_EQ(R->Alternatives[0].Banks, 64u);
  }
  EXPECT_TRUE(M.find("gfx942")->findRule(Direction::Read, 2)->SubwordShares);
}

TEST(BankModelJSON, WaveSizeChangeRegroupsKeptRows) {
  BankModel M = BankModel::builtin();
  std::string Err = mergeError(M, R"({"targets": [{
      "name": "gfx942-w32", "base": "gfx942", "wave_size": 32}]})");
  ASSERT_EQ(Err, "");
  EXPECT_EQ(M.find("gfx942-w32")->findRule(Direction::Read, 16)->Groups.size(), 4u);
}

TEST(BankModelJSON, MaxWavesPerCU) {
  BankModel M = BankModel::builtin();
  std::string Err = mergeError(M, R"({"targets": [
      {"name": "gfx942-copy", "base": "gfx942"},
      {"name": "gfx942-narrow", "base": "gfx942", "max_waves_per_cu": 16},
      {"name": "gfx942-unlimited", "base": "gfx942", "max_waves_per_cu": 0},
      {"name": "mygpu", "wave_size": 32,
       "rules": [{"dir": "any", "width": 4, "banks": 32, "groups": "consecutive:32"}]},
      {"name": "mygpu-slots", "wave_size": 32, "max_waves_per_cu": 48,
       "rules": [{"dir": "any", "width": 4, "banks": 32, "groups": "consecutive:32"}]},
      {"name": "sm_90", "max_waves_per_cu": 48}]})");
  ASSERT_EQ(Err, "");
  EXPECT_EQ(M.find("gfx942-copy")->MaxWavesPerCU, 32u) << "inherited from the base";
  EXPECT_EQ(M.find("gfx942-narrow")->MaxWavesPerCU, 16u);
  EXPECT_EQ(M.find("gfx942-unlimited")->MaxWavesPerCU, 0u);
  EXPECT_EQ(M.find("mygpu")->MaxWavesPerCU, 0u) << "no base, none given: no limit";
  EXPECT_EQ(M.find("mygpu-slots")->MaxWavesPerCU, 48u);
  EXPECT_EQ(M.find("sm_90")->MaxWavesPerCU, 48u) << "an edited target";
  EXPECT_EQ(M.find("sm_80")->MaxWavesPerCU, 64u);

  std::string Negative =
      mergeError(M, R"({"targets": [{"name": "gfx942", "max_waves_per_cu": -1}]})");
  EXPECT_TRUE(contains(Negative, "'max_waves_per_cu' must be a non-negative integer")) << Negative;
  EXPECT_EQ(M.find("gfx942")->MaxWavesPerCU, 32u) << "a file with an error changes nothing";
}

TEST(BankModelJSON, Errors) {
  BankModel M = BankModel::builtin();
  std::string Unknown = mergeError(M, R"({"targets": [{"name": "gfx950",
      "rules": [{"dir": "read", "width": 2, "bankz": 64}]}]})");
  EXPECT_TRUE(contains(Unknown, "model.json")) << Unknown;
  EXPECT_TRUE(contains(Unknown, "unknown key 'bankz'")) << Unknown;

  std::string BadGroups = mergeError(M, R"({"targets": [{"name": "gfx950",
      "rules": [{"dir": "read", "width": 2, "groups": "0-3|3-63"}]}]})");
  EXPECT_TRUE(contains(BadGroups, "model.json")) << BadGroups;
  EXPECT_TRUE(contains(BadGroups, "lane 3 is in two groups")) << BadGroups;

  EXPECT_TRUE(contains(mergeError(M, R"({"targets": [{"wave_size": 32}]})"), "needs a \"name\""));
  EXPECT_TRUE(contains(mergeError(M, R"({"targets": [{"name": "x", "base": "gfx9"}]})"),
                       "unknown base target 'gfx9'"));
  EXPECT_TRUE(contains(mergeError(M, R"({"targets": [{"name": "x", "rules": [
      {"dir": "read", "width": 4}]}]})"),
                       "needs \"groups\""));
  EXPECT_TRUE(contains(mergeError(M, R"({"targets": [{"name": "x"}]})"), "needs \"rules\""));
  EXPECT_TRUE(contains(mergeError(M, R"({"targets": [{"name": "gfx950", "rules": [
      {"dir": "sideways", "width": 4}]}]})"),
                       "'dir'"));
  EXPECT_TRUE(contains(mergeError(M, R"({"targets": [{"name": "gfx950",
      "wave_size": -1}]})"),
                       "'wave_size' must be a positive integer"));
  EXPECT_TRUE(contains(mergeError(M, R"({"target": []})"), "unknown key 'target'"));
  EXPECT_TRUE(contains(mergeError(M, "{not json"), "model.json"));
}

TEST(BankModelJSON, AFailedFileChangesNothing) {
  BankModel M = BankModel::builtin();
  std::string Err = mergeError(M, R"({"targets": [
      {"name": "gfx950", "rules": [{"dir": "read", "width": 4, "banks": 64}]},
      {"name": "gfx942", "oops": 1}]})");
  EXPECT_FALSE(Err.empty());
  EXPECT_EQ(M.find("gfx950")->findRule(Direction::Read, 4)->Banks, 32u);
}

TEST(BankModelJSON, File) {
  BankModel M = BankModel::builtin();
  llvm::Error Missing = M.mergeJSONFile("/nonexistent/model.json");
  ASSERT_TRUE(static_cast<bool>(Missing));
  EXPECT_TRUE(contains(llvm::toString(std::move(Missing)), "/nonexistent/model.json"));

  std::string Path = testing::TempDir() + "lds_bank_model_test.json";
  {
    std::ofstream Out(Path);
    Out << R"({"targets": [{"name": "sm_90", "max_blocks_per_cu": 24}]})";
  }
  llvm::Error E = M.mergeJSONFile(Path);
  ASSERT_FALSE(E) << llvm::toString(std::move(E));
  EXPECT_EQ(M.find("sm_90")->MaxBlocksPerCU, 24u);
  std::remove(Path.c_str());
}

TEST(BankModelJSON, MatrixRowsAreTheirOwn) {
  BankModel M = BankModel::builtin();
  std::string Err = mergeError(M, R"({"targets": [{"name": "sm_90", "rules": [
      {"dir": "read", "width": 16, "matrix": true, "groups": "consecutive:32"}]}]})");
  ASSERT_EQ(Err, "");
  const TargetModel &T = *M.find("sm_90");
  // The ldmatrix row is replaced; the plain LDS.128 row is not.
  EXPECT_EQ(T.findRule(Direction::Read, 16, true)->GroupSpec, "consecutive:32");
  EXPECT_TRUE(T.findRule(Direction::Read, 16, true)->Matrix);
  EXPECT_EQ(T.findRule(Direction::Read, 16)->GroupSpec, "consecutive:8");
  EXPECT_TRUE(T.findRule(Direction::Read, 16)->PairMerge);
  EXPECT_FALSE(T.findRule(Direction::Read, 16)->Matrix);
}
