//===- TraceReadersTest.cpp - rocprofv3 ATT and Nsight Compute readers ----===//
//
// readers/AttTrace.h and readers/NcuSource.h on variants written by their
// writers' rules (shared/att.md): string and list headers, extra columns,
// label rows anywhere, Hit == 0, inline chains and space-joined sources,
// "file:?", quoted CSV fields; and the errors, each naming file and row.
// The fixtures themselves are read end to end by test/lit/trace.
//
//===----------------------------------------------------------------------===//

#include "readers/AttTrace.h"
#include "readers/NcuSource.h"

#include <gtest/gtest.h>

using namespace lds;

namespace {

std::string error(llvm::Error E) { return llvm::toString(std::move(E)); }

TEST(AttTrace, ChainsInnermostFirst) {
  auto C = att::parseSource("/opt/rocm/amd_device_functions.h:808 -> /src/k.hip:19");
  ASSERT_EQ(C.size(), 2u);
  EXPECT_EQ(C[1].File, "/src/k.hip");
  EXPECT_EQ(C[1].Line, 19u);
  auto Old = att::parseSource("/src/k.hip:19 /src/k.hip:20");
  ASSERT_EQ(Old.size(), 2u);
  EXPECT_EQ(Old[1].Line, 20u);
  auto Zero = att::parseSource("/src/k.hip:?");
  ASSERT_EQ(Zero.size(), 1u);
  EXPECT_EQ(Zero[0].Line, 0u);
  EXPECT_TRUE(att::parseSource("").empty());
}

TEST(AttTrace, ListHeaderExtraColumnsAndTwoKernels) {
  // The 13-column PC-sampling variant: a list header, a nested last column.
  const char *J = R"J({"header": ["ISA","_","LineNumber","Source","Codeobj","Vaddr","Hit","Latency",
    "Stall","Idle","PC_Issued","PC_Stalled","Stall_Reasons"], "version": "3.0.0", "code": [
    ["; _Z1av", 0, 0, "a()", 1, 4096, 0, 0, 0, 0, 0, 0, []],
    ["ds_read_b32 v1, v0", 0, 1, "/s/k.hip:5", 1, 4096, 16, 3000, 2880, 0, 1, 2, [["x", 1]]],
    ["s_endpgm", 0, 2, "", 1, 4100, 0, 0, 0, 0, 0, 0, []],
    ["; _Z1bv", 0, 2, "b()", 1, 8192, 0, 0, 0, 0, 0, 0, []],
    ["s_barrier", 0, 4, "/s/k.hip:9", 1, 8192, 8, 640, 0, 8, 0, 0, []]]})J";
  auto C = att::parseCode(J, "code.json");
  ASSERT_TRUE(static_cast<bool>(C)) << error(C.takeError());
  ASSERT_EQ(C->Header.size(), 13u);
  ASSERT_EQ(C->Kernels.size(), 2u);
  EXPECT_EQ(C->Kernels[0].Symbol, "_Z1av");
  EXPECT_EQ(C->Kernels[1].Name, "b()");
  ASSERT_EQ(C->Kernels[0].Rows.size(), 2u);
  EXPECT_EQ(C->Kernels[0].Rows[0].Stall, 2880u);
  EXPECT_EQ(C->Kernels[0].Rows[1].Hit, 0u) << "kept, not executed";
  EXPECT_TRUE(C->Kernels[0].Rows[1].Chain.empty());
  EXPECT_EQ(C->Kernels[1].Rows[0].Index, 4u);
}

TEST(AttTrace, ErrorsNameTheRow) {
  EXPECT_EQ(error(att::parseCode(R"({"code": [["s_nop 0", 0, 1]]})", "c.json").takeError()),
            "c.json: row 0: 3 columns, at least 10 expected");
  EXPECT_EQ(error(att::parseCode(R"({"code": [["s_nop 0", 0, 1, "", 1, 2, "x", 0, 0, 0]]})", "c.json")
                      .takeError()),
            "c.json: row 0: column 6 (Hit) is not a count");
  EXPECT_EQ(error(att::parseCode(R"({"rows": []})", "c.json").takeError()),
            "c.json: no \"code\" array: not a thread-trace code.json");
  EXPECT_EQ(error(att::parseWave(R"({"wave": {"waitcnt": [[7]]}})", "w.json").takeError()),
            "w.json: waitcnt entry 0: not [row, [[row, n], ...]]");
}

TEST(AttTrace, WaveFileWaits) {
  auto W = att::parseWave(R"({"wave": {"instructions": [[1, 5, 0, 4, 6]],
      "waitcnt": [[7, [[6, 0]]], [11, [[9, 0], [10, 0]]]]}})", "w.json");
  ASSERT_TRUE(static_cast<bool>(W)) << error(W.takeError());
  EXPECT_EQ(W->Instructions, 1u);
  EXPECT_EQ(W->WaitDeps.at(11), (std::vector<unsigned>{9, 10}));
}

TEST(AttTrace, StatsCsvBothHeaders) {
  const char *Old = "CodeObj,Vaddr,Instruction,Hitcount,Latency,Stall,Idle,Source\n"
                    "1,4100,s_endpgm,16,64,0,8,\"/s/k.hip:9\"\n"
                    "1,4096,\"ds_write_b32 v1, v2\",256,900,600,4,\"/s/a,b.hip:7\"\n";
  auto C = att::parseStatsCsv(Old, "stats_x.csv");
  ASSERT_TRUE(static_cast<bool>(C)) << error(C.takeError());
  ASSERT_EQ(C->Kernels[0].Rows.size(), 2u);
  EXPECT_EQ(C->Kernels[0].Rows[0].Isa, "ds_write_b32 v1, v2") << "in address order";
  EXPECT_EQ(C->Kernels[0].Rows[0].Chain[0].File, "/s/a,b.hip");
  const char *New = "CodeObj,Vaddr,Instruction,Hitcount,Latency,Stall,Idle,ServiceType,Issued,"
                    "Stalled,Source\n1,4096,s_barrier,16,640,600,0,1,2,3,/s/k.hip:4\n";
  auto N = att::parseStatsCsv(New, "stats_y.csv");
  ASSERT_TRUE(static_cast<bool>(N)) << error(N.takeError());
  EXPECT_EQ(N->Kernels[0].Rows[0].Stall, 600u);
  EXPECT_EQ(error(att::parseStatsCsv("Instruction,Hitcount,Latency,Stall,Source\nx,1\n", "s.csv")
                      .takeError()),
            "s.csv:2: 2 fields, the header has 5");
}

TEST(NcuSource, CudaAndSassLines) {
  const char *T = "\"File Path\",\"/root/k.cu\"\n"
                  "\"Function Name\",\"k(float *)\"\n"
                  "\"Line No\",\"Source\",\"Address\",\"Source\",\"Address Space\","
                  "\"Access Operation\",\"L1 Conflicts Shared N-Way\",\"stall_short_sb\"\n"
                  "\"5\",\"s[t] = \"\"x, y\"\";\",\"-\",\"-\",\"-\",\"-\",\"32\",\"0\"\n"
                  "\"\",\"\",\"0x20\",\"      STS [R5], R0\",\"Shared\",\"Store\",\"32\",\"0\"\n"
                  "\"\",\"\",\"...\",\"...\",\"-\",\"-\",\"-\",\"-\"\n"
                  "\"6\",\"x;\",\"-\",\"-\",\"-\",\"-\",\"-\",\"1,024\"\n"
                  "\"\",\"\",\"0x10\",\"      IMAD R0, R9, UR4, RZ\",\"-\",\"-\",\"-\",\"1,024\"\n";
  auto R = ncu::parseSourceCsv(T, "p.csv");
  ASSERT_TRUE(static_cast<bool>(R)) << error(R.takeError());
  EXPECT_EQ(R->Kind, ncu::Report::CudaAndSass);
  ASSERT_EQ(R->Kernels.size(), 1u);
  const ncu::Kernel &K = R->Kernels[0];
  EXPECT_EQ(K.Lines[0].Text, "s[t] = \"x, y\";");
  ASSERT_EQ(K.Sass.size(), 2u) << "the \"...\" row is listed under another line";
  EXPECT_EQ(K.Sass[0].Address, "0x10") << "in address order";
  EXPECT_EQ(K.Sass[0].Line, 6u);
  EXPECT_EQ(K.Sass[0].stall("short_sb"), 1024) << "1,024";
  EXPECT_EQ(K.Sass[1].File, "/root/k.cu");
  EXPECT_EQ(K.Sass[1].nWay(), 32);
  EXPECT_EQ(K.Sass[1].addressSpace(), "Shared");
  EXPECT_FALSE(K.Sass[0].nWay()) << "\"-\" is no value";
}

TEST(NcuSource, Errors) {
  EXPECT_EQ(error(ncu::parseSourceCsv("\"Kernel Name\",\"k\",\n\"Address\",\"Source\",\"x\"\n"
                                      "\"0x0\",\"NOP\"\n",
                                      "s.csv")
                      .takeError()),
            "s.csv:3: 2 fields, the header has 3");
  EXPECT_EQ(error(ncu::parseSourceCsv("\"Kernel Name\",\"k\n", "s.csv").takeError()),
            "s.csv:1: a quote is not closed");
  EXPECT_EQ(error(ncu::parseSourceCsv("\"a\",\"b\"\n", "s.csv").takeError()),
            "s.csv:1: a row before any \"Kernel Name\" or \"Function Name\": not an Nsight "
            "Compute source page (--page source --csv)");
}

} // namespace
