//===- GroupSpecTest.cpp - "consecutive:N" and explicit lane sets ---------===//

#include "targets/BankModel.h"

#include <gtest/gtest.h>

using namespace lds;

namespace {

using Groups = std::vector<std::vector<unsigned>>;

Groups parse(const std::string &Spec, unsigned Wave) {
  auto G = parseGroupSpec(Spec, Wave);
  EXPECT_TRUE(static_cast<bool>(G)) << Spec;
  if (!G) {
    llvm::consumeError(G.takeError());
    return {};
  }
  return *G;
}

std::string error(const std::string &Spec, unsigned Wave) {
  auto G = parseGroupSpec(Spec, Wave);
  if (G)
    return "";
  return llvm::toString(G.takeError());
}

std::vector<unsigned> range(unsigned First, unsigned Last) {
  std::vector<unsigned> V;
  for (unsigned L = First; L <= Last; ++L)
    V.push_back(L);
  return V;
}

} // namespace

TEST(GroupSpec, Consecutive) {
  Groups G = parse("consecutive:16", 64);
  ASSERT_EQ(G.size(), 4u);
  EXPECT_EQ(G[0], range(0, 15));
  EXPECT_EQ(G[3], range(48, 63));
  EXPECT_EQ(parse("consecutive:32", 32).size(), 1u);
}

TEST(GroupSpec, ExplicitSetsRepeatedForTheUpperHalf) {
  Groups G = parse("0-3,20-23|4-7,16-19|8-11,28-31|12-15,24-27|+32", 64);
  ASSERT_EQ(G.size(), 8u);
  EXPECT_EQ(G[0], (std::vector<unsigned>{0, 1, 2, 3, 20, 21, 22, 23}));
  EXPECT_EQ(G[1], (std::vector<unsigned>{4, 5, 6, 7, 16, 17, 18, 19}));
  EXPECT_EQ(G[4], (std::vector<unsigned>{32, 33, 34, 35, 52, 53, 54, 55}));
  // On wave32 the same sets need no repeat.
  EXPECT_EQ(parse("0-3,20-23|4-7,16-19|8-11,28-31|12-15,24-27|+32", 32).size(), 4u);
  // Single lanes and spaces.
  EXPECT_EQ(parse(" 0, 1 | 2-3 ", 4).size(), 2u);
}

TEST(GroupSpec, Errors) {
  EXPECT_NE(error("0-3|3-7", 8).find("lane 3 is in two groups"), std::string::npos);
  EXPECT_NE(error("0-3|5-7", 8).find("lane 4 is in no group"), std::string::npos);
  EXPECT_NE(error("0-9", 8).find("outside a wave of 8"), std::string::npos);
  EXPECT_NE(error("0-x", 8).find("bad lane range"), std::string::npos);
  EXPECT_NE(error("a", 8).find("bad lane"), std::string::npos);
  EXPECT_NE(error("7-0", 8).find("bad lane range"), std::string::npos);
  EXPECT_NE(error("consecutive:0", 64).find("positive"), std::string::npos);
  EXPECT_NE(error("consecutive:48", 64).find("do not tile"), std::string::npos);
  EXPECT_NE(error("consecutive:64", 32).find("do not tile"), std::string::npos);
  EXPECT_NE(error("+32|0-31", 64).find("last item"), std::string::npos);
  EXPECT_NE(error("0-31|+0", 64).find("positive lane shift"), std::string::npos);
  EXPECT_NE(error("0-3", 8).find("bad lane group spec '0-3'"), std::string::npos);
}
