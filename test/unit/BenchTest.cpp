//===- BenchTest.cpp - The bench library: specs, harness text, toolchain --===//

#include "bench/BenchPredict.h"
#include "bench/BenchSpec.h"
#include "bench/HarnessGen.h"
#include "bench/Toolchain.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace lds;
using namespace lds::bench;
using namespace llvm;

namespace {

/// A fresh folder holding k.cu, removed at the end of the test.
class BenchFolder : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("lds-bench-test", Dir));
    write("k.cu", "__global__ void k(float *out, const float *in, int n) {}\n");
  }
  void TearDown() override { sys::fs::remove_directories(Dir); }

  std::string path(StringRef Name) const {
    SmallString<256> P(Dir);
    sys::path::append(P, Name);
    return std::string(P);
  }
  void write(StringRef Name, StringRef Text) const {
    std::error_code EC;
    raw_fd_ostream OS(path(Name), EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  std::string read(StringRef Name) const {
    auto B = MemoryBuffer::getFile(path(Name));
    return B ? (*B)->getBuffer().str() : "(missing)";
  }
  /// The spec's error message, or "(no error)".
  std::string errorOf(StringRef Text, StringRef Name = "spec.yaml") const {
    auto S = parseBenchSpecText(path(Name), Text);
    if (S)
      return "(no error)";
    return toString(S.takeError());
  }

  SmallString<256> Dir;
};

const char *const GoodSpec = "name: tiny\n"
                             "source: k.cu\n"
                             "kernel: k\n"
                             "launch: {grid: [4, 2], block: [32, 8]}\n"
                             "args:\n"
                             "  - {name: out, type: float, count: 16*16}\n"
                             "  - {name: in, type: float, count: 256, init: iota}\n"
                             "  - {name: n, type: int, value: 256}\n"
                             "outputs: [out]\n";

TEST_F(BenchFolder, GoodSpecIsRead) {
  auto S = parseBenchSpecText(path("spec.yaml"), GoodSpec);
  ASSERT_TRUE(bool(S)) << toString(S.takeError());
  EXPECT_EQ(S->Name, "tiny");
  EXPECT_EQ(S->Source, path("k.cu"));
  EXPECT_EQ(S->Kernel, "k");
  EXPECT_EQ(S->Grid, (std::array<uint64_t, 3>{4, 2, 1}));
  EXPECT_EQ(S->Block, (std::array<uint64_t, 3>{32, 8, 1}));
  ASSERT_EQ(S->Args.size(), 3u);
  EXPECT_EQ(S->Args[0].Name, "out");
  EXPECT_TRUE(S->Args[0].Buffer);
  EXPECT_EQ(S->Args[0].Count, 256u);
  EXPECT_TRUE(S->Args[0].Output);
  EXPECT_STREQ(S->Args[0].Type->Name, "float");
  EXPECT_EQ(S->Args[1].Init.K, InitSpec::Iota);
  EXPECT_FALSE(S->Args[1].Output);
  EXPECT_FALSE(S->Args[2].Buffer);
  EXPECT_TRUE(S->Args[2].Integral);
  EXPECT_EQ(S->Args[2].Value, 256);
  EXPECT_EQ(S->Targets, std::vector<std::string>{defaultNVIDIATarget()});
  EXPECT_TRUE(S->Fix);
  EXPECT_EQ(S->Strategy, "auto");
  EXPECT_EQ(S->Runs, 20u);
  EXPECT_EQ(S->kernelBaseName("ns::gemm<128, 8>"), "gemm");
}

TEST_F(BenchFolder, SpecErrorsNameLineColumnAndKey) {
  std::string P = path("spec.yaml");
  EXPECT_EQ(errorOf("source: k.cu\nlaunch: {grid: [1], block: [32]}\n"),
            P + ":1:1: error: missing required key 'kernel'");
  EXPECT_EQ(errorOf("source: k.cu\nkernel: k\nlaunch: {gird: [1], block: [32]}\n"),
            P + ":3:10: error: launch.gird: unknown key 'gird'; expected one of: grid, block, "
                "dynamic_lds");
  EXPECT_EQ(errorOf("source: k.cu\nkernel: k\nlaunch: {grid: [1], block: [64, 32]}\n"),
            P + ":3:29: error: launch.block: a block has at most 1024 threads; this one has 2048");
  EXPECT_EQ(errorOf("source: nothere.cu\nkernel: k\nlaunch: {grid: [1], block: [32]}\n"),
            P + ":1:9: error: source: no such file: 'nothere.cu' (looked for " +
                path("nothere.cu") + ")");
  EXPECT_EQ(errorOf("- a\n- b\n"), P + ":1:1: error: a bench spec must be a mapping, not a list");
  EXPECT_EQ(errorOf("source: k.cu\nkernel: k\nlaunch: {grid: [1], block: [32]}\n"
                    "args:\n  - {name: out, type: flot, count: 4}\n"),
            P + ":5:23: error: args[0].type: unknown element type 'flot'; known types: " +
                elemTypeNames());
  EXPECT_EQ(errorOf("source: k.cu\nkernel: k\nlaunch: {grid: [1], block: [32]}\n"
                    "args:\n  - {name: out, type: float, count: 4, value: 1}\n"),
            P + ":5:47: error: args[0].value: an argument is a buffer (count) or a scalar "
                "(value), not both");
  EXPECT_EQ(errorOf("source: k.cu\nkernel: k\nlaunch: {grid: [1], block: [32]}\n"
                    "args:\n  - {name: out, type: float, count: 32x8}\n"),
            P + ":5:37: error: args[0].count: expected a non-negative integer (or a product "
                "such as 8192*8192), got '32x8'");
  EXPECT_EQ(errorOf("source: k.cu\nkernel: k\nlaunch: {grid: [1], block: [32]}\n"
                    "args:\n  - {name: n, type: int, value: 4}\noutputs: [n]\n"),
            P + ":6:11: error: outputs[0]: 'n' is a scalar; outputs are buffers");
  EXPECT_EQ(errorOf("{\"source\": \"k.cu\", \"kernel\": \"k\", \"launch\": {\"grid\": [1], "
                    "\"block\": [32]}, \"args\": [{\"name\": \"o\", \"type\": \"flot\", "
                    "\"count\": 4}]}",
                    "spec.json"),
            path("spec.json") +
                ": error: args[0].type: unknown element type 'flot'; known "
                "types: " +
                elemTypeNames());
}

TEST(BenchPredictions, PassesAreSummarisedForTheTable) {
  EXPECT_EQ(formatPasses(2.0), "2");
  EXPECT_EQ(formatPasses(1.5), "1.5");
  EXPECT_EQ(formatPasses(1.234), "1.23");
  EXPECT_EQ(summarise({8, 8}, false), "8");
  EXPECT_EQ(summarise({2, 8, 8}, false), "6 (2, 8, 8)");
  EXPECT_EQ(summarise({1, 2, 3, 4, 5}, false), "3");
  EXPECT_EQ(summarise({8}, true), "?");
  EXPECT_EQ(summarise({}, false), "-");
}

TEST(HarnessText, StringLiteralsEscape) {
  EXPECT_EQ(cStringLiteral("a\"b\\c\n\t?\?=\x01"), "\"a\\\"b\\\\c\\n\\t\\?\\?=\\001\"");
}

TEST(HarnessText, RelativePaths) {
  EXPECT_EQ(relativePath("/w/h/src/0-original/k.cu", "/w/h"), "src/0-original/k.cu");
  EXPECT_EQ(relativePath("/w/examples/k.cu", "/w/h"), "../examples/k.cu");
  EXPECT_EQ(relativePath("/w/h", "/w/h"), ".");
  EXPECT_EQ(relativePath("/usr/include/x.h", "/w/h"), "/usr/include/x.h");
}

TEST(HarnessText, HoistsIncludesOutsideConditionals) {
  EXPECT_EQ(hoistableIncludes("#include <cstdio>\n"
                              "#include \"local.h\"\n"
                              "#if FOO\n#include <vector>\n#endif\n"
                              "/*\n#include <map>\n*/\n"
                              "  #  include <cuda_fp16.h>\n"),
            (std::vector<std::string>{"#include <cstdio>", "#include <cuda_fp16.h>"}));
}

TEST_F(BenchFolder, HarnessForASmallSpec) {
  auto S = parseBenchSpecText(path("spec.yaml"), GoodSpec);
  ASSERT_TRUE(bool(S)) << toString(S.takeError());
  HarnessVariant V;
  V.Name = "original";
  V.Source = path("k.cu");
  V.OriginalDir = std::string(Dir);
  V.Kernel = "k";
  V.PredLd = "1";
  V.PredSt = "8";
  SmallString<256> Out(Dir);
  sys::path::append(Out, "h");
  ASSERT_FALSE(sys::fs::create_directories(Out));
  SmallString<256> Runtime(LDS_FALLBACK_INCLUDE_DIR);
  sys::path::append(Runtime, "hip-on-cuda");
  auto B = writeHarness(*S, {V}, std::string(Out), std::string(Runtime));
  ASSERT_TRUE(bool(B)) << toString(B.takeError());
  EXPECT_TRUE(B->Links);
  EXPECT_EQ(B->Binary, path("h/lds_bench"));
  ASSERT_EQ(B->Commands.size(), 1u);
  EXPECT_EQ(B->Commands[0].Args,
            (std::vector<std::string>{
                "-std=c++17", "-O3", "-lineinfo", "-Wno-deprecated-gpu-targets", "-arch=sm_90",
                "-I.", "-Ihip-on-cuda", "-I..", "-o", "lds_bench", "harness.cu", "variant_0.cu"}));
  // build.sh runs the same command, relative to its folder.
  std::string Build = read("h/build.sh");
  EXPECT_NE(Build.find("\n\"${NVCC:-nvcc}\" \"-std=c++17\" \"-O3\" \"-lineinfo\" "
                       "\"-Wno-deprecated-gpu-targets\" \"-arch=sm_90\" \"-I.\" "
                       "\"-Ihip-on-cuda\" \"-I..\" \"-o\" \"lds_bench\" \"harness.cu\" "
                       "\"variant_0.cu\"\n"),
            std::string::npos)
      << Build;
  // The spec as tables: the output is poisoned, the input an iota, the
  // scalar is passed by value, the predictions are the variant's.
  std::string Harness = read("h/harness.cu");
  for (const char *Line :
       {"  S.Grid = dim3(4, 2, 1);\n", "  S.Block = dim3(32, 8, 1);\n",
        "  S.Buffers.push_back(ldsb::BufferSpec{\"out\", \"float\", ldsb::Scalar::F32, 1, "
        "256ull, ldsb::Init::Poison, -1, 1, 1ull, true});\n",
        "  S.Buffers.push_back(ldsb::BufferSpec{\"in\", \"float\", ldsb::Scalar::F32, 1, "
        "256ull, ldsb::Init::Iota, 0, 1, 2ull, false});\n",
        "  S.ArgBuffer = {0, 1, -1};\n",
        "  S.Variants.push_back(ldsb::VariantSpec{\"original\", \"../k.cu\", "
        "lds_bench_launch_v0, lds_bench_func_v0, \"1\", \"8\", \"\"});\n",
        "  S.Runs = 20;\n"})
    EXPECT_NE(Harness.find(Line), std::string::npos) << Line << "in:\n" << Harness;
  // The variant's source inside its own namespace, its kernel launched
  // with the spec's arguments.
  std::string Variant = read("h/variant_0.cu");
  for (const char *Line :
       {"namespace lds_bench_v0 {\n#define main lds_bench_v0_unused_main\n#include "
        "\"../k.cu\"\n#undef main\n} // namespace lds_bench_v0\n",
        "  lds_bench_v0::k<<<grid, block, lds, stream>>>(static_cast<float*>(p[0]), "
        "static_cast<float*>(p[1]), (int)256LL);\n"})
    EXPECT_NE(Variant.find(Line), std::string::npos) << Line << "in:\n" << Variant;
}

TEST_F(BenchFolder, FindToolLooksOnPathThenInExtraFolders) {
  write("lds-fake-tool", "#!/bin/sh\n");
  std::string Tool = path("lds-fake-tool");
  ASSERT_FALSE(sys::fs::setPermissions(Tool, sys::fs::all_read | sys::fs::all_exe));
  EXPECT_EQ(findTool("lds-fake-tool", {}), "");
  EXPECT_EQ(findTool("lds-fake-tool", {StringRef(Dir)}), Tool);
  std::string OldPath = getenv("PATH") ? getenv("PATH") : "";
  setenv("PATH", (std::string(Dir) + ":" + OldPath).c_str(), 1);
  EXPECT_EQ(findTool("lds-fake-tool", {}), Tool);
  EXPECT_EQ(findTool("lds-no-such-tool", {StringRef(Dir)}), "");
  setenv("PATH", OldPath.c_str(), 1);
  EXPECT_EQ(findNvcc("/given/nvcc"), "/given/nvcc");
}

} // namespace
