// The host half of lds_bench_runtime.h (the comparison every harness uses to
// decide "outputs equal"), compiled with a plain C++ compiler: no CUDA, no GPU.
#define LDS_BENCH_HOST_ONLY
#include "lds_bench_runtime.h"

#include <cstdio>

using namespace ldsb;

static int Failures = 0;
#define EXPECT(C)                                                                  \
  do {                                                                             \
    if (!(C)) {                                                                    \
      std::printf("FAILED line %d: %s\n", __LINE__, #C);                           \
      ++Failures;                                                                  \
    }                                                                              \
  } while (0)

int main() {
  BufferSpec F{"out", "float", Scalar::F32, 1, 1000, Init::Random, -1, 1, 7, true};
  std::vector<unsigned char> Ref = makeHostImage(F), Got = Ref;
  Tolerance Bitwise;
  EXPECT(compareBuffers(F, Ref.data(), Got.data(), Bitwise).equal());

  // One ulp off at element 417: bitwise fails, a 1e-6 relative tolerance passes.
  float V;
  std::memcpy(&V, &Got[417 * 4], 4);
  V = std::nextafter(V, 2.0f);
  std::memcpy(&Got[417 * 4], &V, 4);
  CompareResult R = compareBuffers(F, Ref.data(), Got.data(), Bitwise);
  EXPECT(!R.equal() && R.Mismatches == 1 && R.FirstIndex == 417);
  std::printf("bitwise: %s\n", describe(F, R).c_str());
  Tolerance Loose;
  Loose.Bitwise = false;
  Loose.Rel = 1e-6;
  EXPECT(compareBuffers(F, Ref.data(), Got.data(), Loose).equal());
  Tolerance Tight;
  Tight.Bitwise = false;
  EXPECT(!compareBuffers(F, Ref.data(), Got.data(), Tight).equal());

  // NaN: equal to NaN under a tolerance, never to a number.
  float Nan = NAN;
  std::memcpy(&Got[3 * 4], &Nan, 4);
  R = compareBuffers(F, Ref.data(), Got.data(), Loose);
  EXPECT(R.Mismatches == 1 && R.FirstIndex == 3);
  std::memcpy(&Ref[3 * 4], &Nan, 4);
  EXPECT(compareBuffers(F, Ref.data(), Got.data(), Loose).equal());

  // Vectors: the component is named.
  BufferSpec F4{"v", "float4", Scalar::F32, 4, 8, Init::Iota, 0, 1, 1, true};
  std::vector<unsigned char> A = makeHostImage(F4), B = A;
  storeFromDouble(Scalar::F32, B.data(), 4 * 5 + 2, 99);
  R = compareBuffers(F4, A.data(), B.data(), Bitwise);
  std::printf("float4: %s\n", describe(F4, R).c_str());
  EXPECT(R.Mismatches == 1);

  // Integers compare exactly even under a tolerance.
  BufferSpec I{"n", "int32", Scalar::I32, 1, 16, Init::Constant, 5, 0, 1, true};
  std::vector<unsigned char> X = makeHostImage(I), Y = X;
  storeFromDouble(Scalar::I32, Y.data(), 9, 6);
  Loose.Abs = 10;
  EXPECT(!compareBuffers(I, X.data(), Y.data(), Loose).equal());

  // fp16 / bf16 round to nearest even, and back.
  EXPECT(floatToHalfBits(1.0f) == 0x3c00 && halfBitsToFloat(0x3c00) == 1.0f);
  EXPECT(floatToHalfBits(65504.0f) == 0x7bff && floatToHalfBits(1e6f) == 0x7c00);
  EXPECT(halfBitsToFloat(floatToHalfBits(0.1f)) == 0.0999755859375f);
  EXPECT(halfBitsToFloat(0x0001) == 5.9604644775390625e-08f); // smallest subnormal
  EXPECT(floatToHalfBits(5.9604644775390625e-08f) == 0x0001);
  EXPECT(floatToBf16Bits(1.0f) == 0x3f80 && bf16BitsToFloat(0x4049) == 3.140625f);
  BufferSpec H{"h", "half", Scalar::F16, 1, 4, Init::Iota, 0, 0.5, 1, false};
  std::vector<unsigned char> HI = makeHostImage(H);
  EXPECT(loadAsDouble(Scalar::F16, HI.data(), 3) == 1.5);

  // Poison: 0xff bytes, counted as unwritten.
  BufferSpec P{"p", "float", Scalar::F32, 1, 10, Init::Poison, 0, 0, 1, true};
  std::vector<unsigned char> PI = makeHostImage(P);
  storeFromDouble(Scalar::F32, PI.data(), 0, 1);
  EXPECT(countPoison(P, PI.data()) == 9);

  // The same seed, the same data; another seed, other data.
  BufferSpec F2 = F;
  EXPECT(makeHostImage(F2) == makeHostImage(F));
  F2.Seed = 8;
  EXPECT(makeHostImage(F2) != makeHostImage(F));

  // ncu's CSV: one row per (launch, metric); thousands separators dropped.
  const char* Csv =
      "==PROF== Connected to process 1\n"
      "\"ID\",\"Process ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
      "\"0\",\"1\",\"void lds_bench_v0::transpose(float *, const float *, int, int)\","
      "\"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum\",\"\",\"2,097,152\"\n"
      "\"0\",\"1\",\"void lds_bench_v0::transpose(float *, const float *, int, int)\","
      "\"smsp__sass_inst_executed_op_shared_ld.sum\",\"\",\"65,536\"\n"
      "\"1\",\"1\",\"lds_bench_v1::transpose\",\"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum\","
      "\"\",\"65536\"\n"
      "\"1\",\"1\",\"lds_bench_v1::transpose\",\"smsp__sass_inst_executed_op_shared_ld.sum\",\"\","
      "\"65536\"\n";
  std::vector<NcuKernel> K = parseNcuCsv(Csv);
  EXPECT(K.size() == 2);
  if (K.size() == 2) {
    EXPECT(wavefrontsPerInst(K[0], "ld") == 32);
    EXPECT(wavefrontsPerInst(K[1], "ld") == 1);
    EXPECT(wavefrontsPerInst(K[1], "st") < 0);
  }

  // The table: a differing variant is a failure, and says where.
  std::vector<VariantRow> Rows(3);
  Rows[0].Name = "original";
  Rows[1].Name = "tool-fixed";
  Rows[2].Name = "broken";
  for (VariantRow& Row : Rows) {
    Row.Compared = true;
    Row.PredLd = "1";
  }
  Rows[2].Equal = false;
  Rows[2].Mismatch = describe(F, compareBuffers(F, Ref.data(), Got.data(), Bitwise));
  TableInfo Info;
  Info.Timed = false;
  EXPECT(printTable(stdout, Rows, Info) == 1);

  std::printf("%s\n", Failures ? "SOME CHECKS FAILED" : "all checks passed");
  return Failures ? 1 : 0;
}
