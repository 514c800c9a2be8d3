//===- LdsLayoutTest.cpp - LDS offsets from clang's LDS lowering dumps ----===//
//
// data/lds_layout_two.dump is what clang-22 printed (-mllvm
// -print-before/-print-after=amdgpu-lower-module-lds) compiling
// data/lds_layout_two.hip for gfx1250 at -O3. The kernel declares a
// (64 KiB), small (256 B), b (64 KiB) in that order; the lowering packs them
// as a, b, small: the offsets are the compiler's, not declaration order.
//
//===----------------------------------------------------------------------===//

#include "readers/LdsLayout.h"

#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

using namespace lds;

namespace {

TEST(LdsLayout, OffsetsComeFromTheLowering) {
  auto Buf = llvm::MemoryBuffer::getFile(LDS_UNIT_DATA_DIR "/lds_layout_two.dump");
  ASSERT_TRUE(bool(Buf));
  auto L = ldslayout::readDumps((*Buf)->getBuffer());
  ASSERT_TRUE(bool(L)) << llvm::toString(L.takeError());
  const std::string K = "_Z7tworeadPKDF16_PDF16_";
  auto A = L->find(K, "_ZZ7tworeadPKDF16_PDF16_E1a");
  auto B = L->find(K, "_ZZ7tworeadPKDF16_PDF16_E1b");
  auto Small = L->find(K, "_ZZ7tworeadPKDF16_PDF16_E5small");
  ASSERT_TRUE(A && B && Small);
  EXPECT_EQ(A->Offset, 0u);
  EXPECT_EQ(A->Bytes, 65536u);
  EXPECT_EQ(B->Offset, 65536u);
  EXPECT_EQ(Small->Offset, 131072u);
  EXPECT_EQ(Small->Bytes, 256u);
  EXPECT_EQ(A->Struct, "llvm.amdgcn.kernel._Z7tworeadPKDF16_PDF16_.lds");
  EXPECT_FALSE(L->find(K, "_ZZ7tworeadPKDF16_PDF16_E7missing"));
  EXPECT_TRUE(L->Unpaired.empty());
}

TEST(LdsLayout, NoDumpIsAnError) {
  auto L = ldslayout::readDumps("clang: warning: nothing\n");
  ASSERT_FALSE(bool(L));
  EXPECT_EQ(llvm::toString(L.takeError()),
            "the compiler printed no IR dump of amdgpu-lower-module-lds");
}

} // namespace
