//===- TraceReadersTest.cpp - rocprofv3 ATT and Nsight Compute readers ----===//
//
// readers/AttTrace.h and readers/NcuSource.h on variants written by their
// writers' rules (docs/trace-format.md): string and list headers, extra columns,
// label rows anywhere, Hit == 0, inline chains and space-joined sources,
// "file:?", quoted CSV fields; and the errors, each naming file and row.
// The fixtures themselves are read end to end by test/lit/trace.
//
//===----------------------------------------------------------------------===//

#include "readers/AttTrace.h"
#include "readers/NcuSource.h"

#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

using namespace lds;

namespace {

std::string error(llvm::Error E) { return llvm::toString(std::move(E)); }

TEST(AttTrace, TheSharedFixtureAsWritten) {
  // test/lit/trace/Inputs/att_synth (docs/trace-format.md, "Fixtures").
  auto D = att::readAtt(LDS_TRACE_FIXTURE_DIR "/att_synth");
  ASSERT_TRUE(static_cast<bool>(D)) << error(D.takeError());
  ASSERT_EQ(D->size(), 1u);
  const att::CodeFile &C = (*D)[0].Code;
  EXPECT_EQ(C.Version, "3.0.0");
  EXPECT_EQ(C.Header.size(), 10u) << "the string header, split";
  ASSERT_EQ(C.Kernels.size(), 1u);
  EXPECT_EQ(C.Kernels[0].Symbol, "_Z10lds_kernelPfPKfi");
  ASSERT_EQ(C.Kernels[0].Rows.size(), 52u) << "53 rows, one a label";
  const att::CodeRow &Read = C.Kernels[0].Rows[9];
  EXPECT_EQ(Read.Isa, "ds_read_b32 v6, v1 offset:128");
  EXPECT_EQ(Read.Hit, 256u);
  EXPECT_EQ(Read.Stall, 43520u);
  const att::CodeRow &Barrier = C.Kernels[0].Rows[24];
  ASSERT_EQ(Barrier.Chain.size(), 2u) << Barrier.SourceText;
  EXPECT_EQ(Barrier.Chain[1].File, "/src/lds_kernel.hip") << "the kernel's line last";
  EXPECT_EQ(Barrier.Chain[1].Line, 31u);
  ASSERT_EQ((*D)[0].Waves.size(), 1u);
  EXPECT_EQ((*D)[0].Waves[0].WaitDeps.at(11), (std::vector<unsigned>{9, 10}));
}

TEST(NcuSource, TheSharedFixtureAsWritten) {
  // test/lit/trace/Inputs/ncu/src_both.csv: two launches of conflict(),
  // stride 32 then 1.
  auto Buf = llvm::MemoryBuffer::getFile(LDS_TRACE_FIXTURE_DIR "/ncu/src_both.csv");
  ASSERT_TRUE(static_cast<bool>(Buf));
  auto R = ncu::parseSourceCsv((*Buf)->getBuffer(), "src_both.csv");
  ASSERT_TRUE(static_cast<bool>(R)) << error(R.takeError());
  ASSERT_EQ(R->Kernels.size(), 2u);
  const ncu::SassRow *Store = nullptr;
  for (const ncu::SassRow &S : R->Kernels[0].Sass)
    if (S.Sass == "STS [R5], R0")
      Store = &S;
  ASSERT_TRUE(Store);
  EXPECT_EQ(Store->File, "/root/out/k.cu");
  EXPECT_EQ(Store->Line, 5u);
  EXPECT_EQ(Store->nWay(), 32);
  EXPECT_EQ(Store->metric("L1 Wavefronts Shared"), 32768);
  EXPECT_EQ(Store->metric("L1 Wavefronts Shared Ideal"), 1024);
  EXPECT_EQ(Store->instructionsExecuted(), 1024);
}

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

TEST(AttTrace, FourteenColumnStringHeaderAndLabelRowsLater) {
  // A 14-column variant with a string header, rows before any label row
  // (read as one unnamed kernel), a label row in the middle carrying
  // first_inst_index - 1, a row with no source.
  const char *J = R"J({"header": "ISA, _, LineNumber, Source, Codeobj, Vaddr, Hit, Latency, Stall, Idle, PC_Issued, PC_Stalled, Stall_Reasons, Extra",
    "version": "3.1.0", "code": [
    ["s_nop 0", 0, 0, "/s/k.hip:1", 1, 4092, 16, 16, 0, 0, 0, 0, [], 7],
    ["; _Z1cv", 0, 0, "c()", 1, 4096, 0, 0, 0, 0, 0, 0, [], 0],
    ["ds_write_b32 v1, v2", 0, 2, "", 1, 4096, 0, 0, 0, 0, 0, 0, [], 0],
    ["s_endpgm", 0, 3, "/s/k.hip:9", 1, 4104, 16, 64, 8, 0, 0, 0, [], 0]]})J";
  auto C = att::parseCode(J, "code.json");
  ASSERT_TRUE(static_cast<bool>(C)) << error(C.takeError());
  ASSERT_EQ(C->Header.size(), 14u);
  EXPECT_EQ(C->Header[13], "Extra");
  ASSERT_EQ(C->Kernels.size(), 2u);
  EXPECT_TRUE(C->Kernels[0].Symbol.empty());
  EXPECT_EQ(C->Kernels[0].Rows.size(), 1u);
  EXPECT_EQ(C->Kernels[1].Symbol, "_Z1cv");
  ASSERT_EQ(C->Kernels[1].Rows.size(), 2u);
  EXPECT_EQ(C->Kernels[1].Rows[0].Hit, 0u) << "unexecuted, kept";
  EXPECT_TRUE(C->Kernels[1].Rows[0].Chain.empty()) << "no source";
  EXPECT_EQ(C->Kernels[1].Rows[1].Stall, 8u);
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

TEST(NcuSource, QuotesNcuDoesNotDouble) {
  // ncu 2025.3 writes an asm line as it is, quotes not doubled (the real
  // page of realcode/ldmatrix_asm.cu, line 13), and `","` inside a string.
  const char *T = "\"File Path\",\"/tmp/t/k.cu\"\n"
                  "\"Function Name\",\"ldm(unsigned int *)\"\n"
                  "\"Line No\",\"Source\",\"Address\",\"Source\",\"Address Space\","
                  "\"L1 Conflicts Shared N-Way\"\n"
                  "\"13\",\": \"=r\"(r0), \"=r\"(r1) : \"r\"(addr));\",\"-\",\"-\",\"Shared\","
                  "\"16\"\n"
                  "\"\",\"\",\"0x40\",\"      LDSM.16.M88.4 R4, [R2]\",\"Shared\",\"16\"\n"
                  "\"14\",\"printf(\"%d\",\"x\");\",\"-\",\"-\",\"-\",\"-\"\n"
                  "\"\",\"\",\"0x50\",\"      NOP\",\"-\",\"-\"\n";
  auto R = ncu::parseSourceCsv(T, "p.csv");
  ASSERT_TRUE(static_cast<bool>(R)) << error(R.takeError());
  const ncu::Kernel &K = R->Kernels[0];
  ASSERT_EQ(K.Lines.size(), 2u);
  EXPECT_EQ(K.Lines[0].Text, ": \"=r\"(r0), \"=r\"(r1) : \"r\"(addr));");
  EXPECT_EQ(K.Lines[1].Text, "printf(\"%d\",\"x\");");
  ASSERT_EQ(K.Sass.size(), 2u);
  EXPECT_EQ(K.Sass[0].Line, 13u);
  EXPECT_EQ(K.Sass[0].nWay(), 16);
  EXPECT_EQ(K.Sass[1].Line, 14u);
}

TEST(NcuSource, OneBlockPerFileOfALaunch) {
  // As the H200 pages of realcode/atomic_ptr_arith.cu: the kernel's file,
  // then sm_20_atomic_functions.hpp for the atomicAdd, one launch; the
  // kernel's file again starts the next launch.
  auto Block = [](const char *File, const char *Addr, const char *Line) {
    return std::string("\"File Path\",\"") + File + "\"\n\"Function Name\",\"k(float *)\"\n" +
           "\"Line No\",\"Source\",\"Address\",\"Source\",\"Address Space\"\n\"" + Line +
           "\",\"x\",\"-\",\"-\",\"-\"\n\"\",\"\",\"" + Addr + "\",\"      LDS R1, [R2]\",\"Shared\"\n";
  };
  std::string T = Block("/t/k.cu", "0x20", "9") + Block("/cuda/atomic.hpp", "0x10", "84") +
                  Block("/t/k.cu", "0x20", "9");
  auto R = ncu::parseSourceCsv(T, "p.csv");
  ASSERT_TRUE(static_cast<bool>(R)) << error(R.takeError());
  ASSERT_EQ(R->Kernels.size(), 2u);
  const ncu::Kernel &K = R->Kernels[0];
  EXPECT_EQ(K.Files, (std::vector<std::string>{"/t/k.cu", "/cuda/atomic.hpp"}));
  ASSERT_EQ(K.Sass.size(), 2u);
  EXPECT_EQ(K.Sass[0].File, "/cuda/atomic.hpp") << "in address order, each with its block's file";
  EXPECT_EQ(K.Sass[0].Line, 84u);
  EXPECT_EQ(K.Sass[1].File, "/t/k.cu");
  EXPECT_EQ(R->Kernels[1].Sass.size(), 1u);
}

TEST(NcuSource, SassOnlyTwoKernels) {
  // --print-source sass: no File Path, no Line No; one block per launch.
  const char *T = "\"Kernel Name\",\"a(float *)\"\n"
                  "\"Address\",\"Source\",\"Address Space\",\"L1 Conflicts Shared N-Way\"\n"
                  "\"0x10\",\"      LDS R1, [R2]\",\"Shared\",\"4\"\n"
                  "\"0x00\",\"      S2R R2, SR_TID.X\",\"-\",\"-\"\n"
                  "\"Kernel Name\",\"b(int)\"\n"
                  "\"Address\",\"Source\",\"Address Space\",\"L1 Conflicts Shared N-Way\","
                  "\"Extra\"\n"
                  "\"0x00\",\"      STS [R2], R1\",\"Shared\",\"1\",\"7\"\n";
  auto R = ncu::parseSourceCsv(T, "s.csv");
  ASSERT_TRUE(static_cast<bool>(R)) << error(R.takeError());
  EXPECT_EQ(R->Kind, ncu::Report::SassOnly);
  ASSERT_EQ(R->Kernels.size(), 2u);
  EXPECT_EQ(R->Kernels[0].Name, "a(float *)");
  ASSERT_EQ(R->Kernels[0].Sass.size(), 2u);
  EXPECT_EQ(R->Kernels[0].Sass[1].nWay(), 4) << "in address order";
  EXPECT_TRUE(R->Kernels[0].Sass[1].File.empty());
  EXPECT_EQ(R->Kernels[0].Sass[1].Line, 0u);
  ASSERT_EQ(R->Kernels[1].Sass.size(), 1u) << "each block has its own header";
  EXPECT_EQ(R->Kernels[1].Sass[0].text("Extra"), "7");
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
