// lds_bench_runtime.h - the run-time half of `lds-rewrite bench` harnesses.
//
// `lds-rewrite bench` generates harness.cu (the spec as tables) and one
// variant_N.cu per variant, and copies this header next to them. The part
// above LDS_BENCH_HOST_ONLY is plain C++17 (no CUDA): buffer initialisation,
// the comparison of a variant's outputs with the original's, statistics,
// the ncu and rocprofv3 CSV readers and the result table. The harness's
// --cpu-selftest runs that part on made-up outputs, so CI checks it on a
// machine without a GPU. The GPU part runs the variants: allocate and
// initialise once, run each variant on the same inputs and compare, time with
// events (warm-up, then the median of N samples of a launch loop, variants
// interleaved), and, when ncu (NVIDIA) or rocprofv3 (AMD) is found, profile
// one launch of each variant in a child process. It is written against the
// CUDA runtime; built as HIP (__HIP__: hipcc, amdclang++, clang -x hip) a
// short list of macros maps those names to the HIP runtime's.
#ifndef LDS_BENCH_RUNTIME_H
#define LDS_BENCH_RUNTIME_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace ldsb {

// ---- element types --------------------------------------------------------
enum class Scalar { I8, U8, I16, U16, I32, U32, I64, U64, F16, BF16, F32, F64 };

inline size_t scalarBytes(Scalar S) {
  switch (S) {
  case Scalar::I8: case Scalar::U8: return 1;
  case Scalar::I16: case Scalar::U16: case Scalar::F16: case Scalar::BF16: return 2;
  case Scalar::I32: case Scalar::U32: case Scalar::F32: return 4;
  default: return 8;
  }
}
inline bool isFloat(Scalar S) {
  return S == Scalar::F16 || S == Scalar::BF16 || S == Scalar::F32 || S == Scalar::F64;
}

// IEEE binary16 / bfloat16 from float, round to nearest even (host side, so
// that no CUDA header is needed).
inline uint16_t floatToHalfBits(float F) {
  uint32_t X;
  std::memcpy(&X, &F, 4);
  uint32_t Sign = (X >> 16) & 0x8000u;
  int32_t Exp = int32_t((X >> 23) & 0xff) - 127 + 15;
  uint32_t Mant = X & 0x7fffffu;
  if (((X >> 23) & 0xff) == 0xff) // inf / nan
    return uint16_t(Sign | 0x7c00u | (Mant ? 0x200u : 0u));
  if (Exp >= 31)
    return uint16_t(Sign | 0x7c00u);
  if (Exp <= 0) {
    if (Exp < -10)
      return uint16_t(Sign);
    Mant |= 0x800000u;
    uint32_t Shift = uint32_t(14 - Exp);
    uint32_t H = Mant >> Shift, Rem = Mant & ((1u << Shift) - 1), Half = 1u << (Shift - 1);
    if (Rem > Half || (Rem == Half && (H & 1)))
      ++H;
    return uint16_t(Sign | H);
  }
  uint32_t H = Sign | (uint32_t(Exp) << 10) | (Mant >> 13);
  uint32_t Rem = Mant & 0x1fffu;
  if (Rem > 0x1000u || (Rem == 0x1000u && (H & 1)))
    ++H;
  return uint16_t(H);
}
inline float halfBitsToFloat(uint16_t H) {
  uint32_t Sign = uint32_t(H & 0x8000u) << 16, Exp = (H >> 10) & 0x1f, Mant = H & 0x3ffu, X;
  if (Exp == 0) {
    if (!Mant) {
      X = Sign;
    } else {
      int E = -1;
      do { ++E; Mant <<= 1; } while (!(Mant & 0x400u));
      X = Sign | (uint32_t(127 - 15 - E) << 23) | ((Mant & 0x3ffu) << 13);
    }
  } else if (Exp == 31) {
    X = Sign | 0x7f800000u | (Mant << 13);
  } else {
    X = Sign | ((Exp + 127 - 15) << 23) | (Mant << 13);
  }
  float F;
  std::memcpy(&F, &X, 4);
  return F;
}
inline uint16_t floatToBf16Bits(float F) {
  uint32_t X;
  std::memcpy(&X, &F, 4);
  if ((X & 0x7fffffffu) > 0x7f800000u)
    return uint16_t((X >> 16) | 0x40u);
  X += 0x7fffu + ((X >> 16) & 1u);
  return uint16_t(X >> 16);
}
inline float bf16BitsToFloat(uint16_t H) {
  uint32_t X = uint32_t(H) << 16;
  float F;
  std::memcpy(&F, &X, 4);
  return F;
}

/// Element I (scalar component) of a buffer as a double.
inline double loadAsDouble(Scalar S, const unsigned char* P, size_t I) {
  P += I * scalarBytes(S);
  switch (S) {
  case Scalar::I8: { int8_t V; std::memcpy(&V, P, 1); return V; }
  case Scalar::U8: { uint8_t V; std::memcpy(&V, P, 1); return V; }
  case Scalar::I16: { int16_t V; std::memcpy(&V, P, 2); return V; }
  case Scalar::U16: { uint16_t V; std::memcpy(&V, P, 2); return V; }
  case Scalar::I32: { int32_t V; std::memcpy(&V, P, 4); return V; }
  case Scalar::U32: { uint32_t V; std::memcpy(&V, P, 4); return V; }
  case Scalar::I64: { int64_t V; std::memcpy(&V, P, 8); return double(V); }
  case Scalar::U64: { uint64_t V; std::memcpy(&V, P, 8); return double(V); }
  case Scalar::F16: { uint16_t V; std::memcpy(&V, P, 2); return halfBitsToFloat(V); }
  case Scalar::BF16: { uint16_t V; std::memcpy(&V, P, 2); return bf16BitsToFloat(V); }
  case Scalar::F32: { float V; std::memcpy(&V, P, 4); return V; }
  case Scalar::F64: { double V; std::memcpy(&V, P, 8); return V; }
  }
  return 0;
}
inline void storeFromDouble(Scalar S, unsigned char* P, size_t I, double D) {
  P += I * scalarBytes(S);
  switch (S) {
  case Scalar::I8: { int8_t V = int8_t(int64_t(D)); std::memcpy(P, &V, 1); break; }
  case Scalar::U8: { uint8_t V = uint8_t(int64_t(D)); std::memcpy(P, &V, 1); break; }
  case Scalar::I16: { int16_t V = int16_t(int64_t(D)); std::memcpy(P, &V, 2); break; }
  case Scalar::U16: { uint16_t V = uint16_t(int64_t(D)); std::memcpy(P, &V, 2); break; }
  case Scalar::I32: { int32_t V = int32_t(int64_t(D)); std::memcpy(P, &V, 4); break; }
  case Scalar::U32: { uint32_t V = uint32_t(int64_t(D)); std::memcpy(P, &V, 4); break; }
  case Scalar::I64: { int64_t V = int64_t(D); std::memcpy(P, &V, 8); break; }
  case Scalar::U64: { uint64_t V = uint64_t(D); std::memcpy(P, &V, 8); break; }
  case Scalar::F16: { uint16_t V = floatToHalfBits(float(D)); std::memcpy(P, &V, 2); break; }
  case Scalar::BF16: { uint16_t V = floatToBf16Bits(float(D)); std::memcpy(P, &V, 2); break; }
  case Scalar::F32: { float V = float(D); std::memcpy(P, &V, 4); break; }
  case Scalar::F64: { std::memcpy(P, &D, 8); break; }
  }
}

// ---- buffers ----------------------------------------------------------------
enum class Init { Random, Iota, Constant, Poison };

struct BufferSpec {
  const char* Name;
  const char* TypeName; ///< as the spec spells it, e.g. "float4"
  Scalar Type;          ///< of one component
  unsigned Lanes;       ///< components per element (float4: 4)
  size_t Count;         ///< elements
  Init Kind;
  double A, B;          ///< random: [A, B); iota: start A, step B; constant: A
  uint64_t Seed;
  bool Output;
  size_t scalars() const { return Count * Lanes; }
  size_t bytes() const { return scalars() * scalarBytes(Type); }
};

inline uint64_t splitmix64(uint64_t& State) {
  uint64_t Z = (State += 0x9e3779b97f4a7c15ull);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  return Z ^ (Z >> 31);
}

/// The host image of a buffer: the same bytes for every variant and run.
inline std::vector<unsigned char> makeHostImage(const BufferSpec& B) {
  std::vector<unsigned char> Img(B.bytes());
  size_t N = B.scalars();
  switch (B.Kind) {
  case Init::Poison:
    std::memset(Img.data(), 0xff, Img.size());
    break;
  case Init::Constant:
    for (size_t I = 0; I < N; ++I)
      storeFromDouble(B.Type, Img.data(), I, B.A);
    break;
  case Init::Iota:
    for (size_t I = 0; I < N; ++I)
      storeFromDouble(B.Type, Img.data(), I, B.A + double(I) * B.B);
    break;
  case Init::Random: {
    uint64_t State = B.Seed;
    for (size_t I = 0; I < N; ++I) {
      uint64_t R = splitmix64(State);
      double V;
      if (isFloat(B.Type))
        V = B.A + double(R >> 11) * (1.0 / 9007199254740992.0) * (B.B - B.A);
      else // integers in [A, B)
        V = B.A + double(R % uint64_t(std::max(1.0, B.B - B.A)));
      storeFromDouble(B.Type, Img.data(), I, V);
    }
    break;
  }
  }
  return Img;
}

// ---- comparison -------------------------------------------------------------
struct Tolerance {
  bool Bitwise = true;
  double Abs = 0, Rel = 0; ///< |got - ref| <= Abs + Rel * |ref|
};

struct CompareResult {
  size_t Checked = 0;    ///< scalar components compared
  size_t Mismatches = 0;
  size_t FirstIndex = 0; ///< scalar component index of the first mismatch
  double FirstRef = 0, FirstGot = 0;
  double MaxAbs = 0;
  bool equal() const { return Mismatches == 0; }
};

/// Compares a variant's output buffer with the original's. Bitwise: every
/// byte. Tolerance: floats within Abs + Rel*|ref| (NaN equals NaN only where
/// both are NaN), integers exactly.
inline CompareResult compareBuffers(const BufferSpec& B, const unsigned char* Ref,
                                    const unsigned char* Got, const Tolerance& T) {
  CompareResult R;
  size_t N = B.scalars(), W = scalarBytes(B.Type);
  R.Checked = N;
  for (size_t I = 0; I < N; ++I) {
    bool Same;
    double X = loadAsDouble(B.Type, Ref, I), Y = loadAsDouble(B.Type, Got, I);
    if (T.Bitwise || !isFloat(B.Type)) {
      Same = std::memcmp(Ref + I * W, Got + I * W, W) == 0;
    } else if (std::isnan(X) || std::isnan(Y)) {
      Same = std::isnan(X) && std::isnan(Y);
    } else {
      double D = std::fabs(X - Y);
      Same = D <= T.Abs + T.Rel * std::fabs(X);
      if (std::isfinite(D))
        R.MaxAbs = std::max(R.MaxAbs, D);
    }
    if (!Same) {
      if (!R.Mismatches) {
        R.FirstIndex = I;
        R.FirstRef = X;
        R.FirstGot = Y;
      }
      ++R.Mismatches;
    }
  }
  return R;
}

/// Scalar components of a buffer still holding the poison bytes (0xff).
inline size_t countPoison(const BufferSpec& B, const unsigned char* Data) {
  size_t N = B.scalars(), W = scalarBytes(B.Type), C = 0;
  for (size_t I = 0; I < N; ++I) {
    bool All = true;
    for (size_t J = 0; J < W && All; ++J)
      All = Data[I * W + J] == 0xff;
    C += All;
  }
  return C;
}

inline std::string formatNum(double V, int Prec = 6) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.*g", Prec, V);
  return Buf;
}

/// "yes" or "NO: 3 of 4096 differ, first out[17]: 0.5 vs 0.500001".
inline std::string describe(const BufferSpec& B, const CompareResult& R) {
  if (R.equal())
    return "";
  std::string S = std::string(B.Name) + ": " + std::to_string(R.Mismatches) + " of " +
                  std::to_string(R.Checked) + " differ, first " + B.Name + "[" +
                  std::to_string(R.FirstIndex / B.Lanes) + "]";
  if (B.Lanes > 1)
    S += "." + std::string(1, "xyzw"[R.FirstIndex % B.Lanes % 4]);
  S += ": " + formatNum(R.FirstRef, 9) + " expected, " + formatNum(R.FirstGot, 9);
  return S;
}

// ---- statistics -------------------------------------------------------------
inline double median(std::vector<double> V) {
  if (V.empty())
    return NAN;
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : 0.5 * (V[N / 2 - 1] + V[N / 2]);
}

// ---- ncu --------------------------------------------------------------------
/// Splits one CSV line (double-quoted fields, "" inside quotes).
inline std::vector<std::string> splitCsv(const std::string& L) {
  std::vector<std::string> Out;
  std::string Cur;
  bool Quoted = false;
  for (size_t I = 0; I < L.size(); ++I) {
    char C = L[I];
    if (Quoted) {
      if (C == '"' && I + 1 < L.size() && L[I + 1] == '"') {
        Cur += '"';
        ++I;
      } else if (C == '"') {
        Quoted = false;
      } else {
        Cur += C;
      }
    } else if (C == '"') {
      Quoted = true;
    } else if (C == ',') {
      Out.push_back(Cur);
      Cur.clear();
    } else if (C != '\r' && C != '\n') {
      Cur += C;
    }
  }
  Out.push_back(Cur);
  return Out;
}

struct NcuKernel {
  std::string Name;
  std::map<std::string, double> Metrics;
};

/// Reads `ncu --csv` output (the details page with --metrics): one row per
/// (launch, metric). Launches are returned in ID order.
inline std::vector<NcuKernel> parseNcuCsv(const std::string& Text) {
  std::vector<NcuKernel> Out;
  std::map<long, size_t> ById;
  std::vector<std::string> Header;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t End = Text.find('\n', Pos);
    if (End == std::string::npos)
      End = Text.size();
    std::string Line = Text.substr(Pos, End - Pos);
    Pos = End + 1;
    if (Line.empty() || Line[0] != '"')
      continue;
    std::vector<std::string> F = splitCsv(Line);
    if (Header.empty()) {
      Header = F;
      continue;
    }
    auto Col = [&](const char* Name) -> std::string {
      for (size_t I = 0; I < Header.size() && I < F.size(); ++I)
        if (Header[I] == Name)
          return F[I];
      return "";
    };
    std::string Id = Col("ID"), Metric = Col("Metric Name"), Value = Col("Metric Value");
    if (Id.empty() || Metric.empty())
      continue;
    std::string Clean;
    for (char C : Value)
      if (C != ',')
        Clean += C;
    long Key = std::strtol(Id.c_str(), nullptr, 10);
    auto It = ById.find(Key);
    if (It == ById.end()) {
      It = ById.emplace(Key, Out.size()).first;
      Out.push_back(NcuKernel{Col("Kernel Name"), {}});
    }
    Out[It->second].Metrics[Metric] = std::strtod(Clean.c_str(), nullptr);
  }
  return Out;
}

static const char* const NcuMetrics =
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,"
    "smsp__sass_inst_executed_op_shared_ld.sum,"
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,"
    "smsp__sass_inst_executed_op_shared_st.sum,"
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,"
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";

/// Wavefronts per shared instruction ("ld" or "st"); negative when absent.
inline double wavefrontsPerInst(const NcuKernel& K, const char* Op) {
  std::string W = std::string("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_") + Op + ".sum";
  std::string I = std::string("smsp__sass_inst_executed_op_shared_") + Op + ".sum";
  auto A = K.Metrics.find(W), B = K.Metrics.find(I);
  if (A == K.Metrics.end() || B == K.Metrics.end() || B->second <= 0)
    return -1;
  return A->second / B->second;
}

// ---- rocprofv3 ----------------------------------------------------------------
/// The variant a kernel name belongs to: N of `lds_bench_vN::` (demangled,
/// as rocprofv3 writes it by default) or of `<len>lds_bench_vN` (mangled,
/// where the length says how many digits are N's); -1 for other kernels
/// (the runtime's own copy kernels, the copy reference).
inline int variantOfKernelName(const std::string& Name) {
  static const char Tag[] = "lds_bench_v";
  const size_t TagLen = sizeof Tag - 1;
  for (size_t At = Name.find(Tag); At != std::string::npos; At = Name.find(Tag, At + 1)) {
    size_t D = At + TagLen, E = D;
    while (E < Name.size() && Name[E] >= '0' && Name[E] <= '9')
      ++E;
    if (E == D)
      continue;
    if (Name.compare(E, 2, "::") == 0)
      return std::atoi(Name.substr(D, E - D).c_str());
    // Mangled: _ZN12lds_bench_v09transpose... (12 = "lds_bench_v0").
    size_t L = At;
    while (L > 0 && Name[L - 1] >= '0' && Name[L - 1] <= '9')
      --L;
    if (L == At)
      continue;
    size_t Len = size_t(std::atoi(Name.substr(L, At - L).c_str()));
    if (Len > TagLen && Len - TagLen <= E - D)
      return std::atoi(Name.substr(D, Len - TagLen).c_str());
  }
  return -1;
}

struct RocprofKernel {
  long Dispatch = -1;
  std::string Name;
  std::map<std::string, double> Counters; ///< summed over the rows of the dispatch
};

/// Reads rocprofv3's counter_collection.csv (`rocprofv3 --pmc ... --output-format
/// csv`): a header row, then one row per (dispatch, counter) with columns
/// that include Dispatch_Id, Kernel_Name, Counter_Name and Counter_Value.
/// Rows of one dispatch and counter are added up. Dispatches are returned in
/// Dispatch_Id order.
inline std::vector<RocprofKernel> parseRocprofCsv(const std::string& Text) {
  std::vector<RocprofKernel> Out;
  std::map<long, size_t> ById;
  std::vector<std::string> Header;
  size_t Pos = 0;
  long Row = 0;
  while (Pos < Text.size()) {
    size_t End = Text.find('\n', Pos);
    if (End == std::string::npos)
      End = Text.size();
    std::string Line = Text.substr(Pos, End - Pos);
    Pos = End + 1;
    if (Line.empty() || Line == "\r")
      continue;
    std::vector<std::string> F = splitCsv(Line);
    if (Header.empty()) {
      Header = F;
      continue;
    }
    ++Row;
    auto Col = [&](const char* Name) -> std::string {
      for (size_t I = 0; I < Header.size() && I < F.size(); ++I)
        if (Header[I] == Name)
          return F[I];
      return "";
    };
    std::string Id = Col("Dispatch_Id"), Counter = Col("Counter_Name"),
                Value = Col("Counter_Value");
    if (Counter.empty() || Value.empty())
      continue;
    long Key = Id.empty() ? -Row : std::strtol(Id.c_str(), nullptr, 10);
    auto It = ById.find(Key);
    if (It == ById.end()) {
      It = ById.emplace(Key, Out.size()).first;
      RocprofKernel K;
      K.Dispatch = Key;
      K.Name = Col("Kernel_Name");
      Out.push_back(K);
    }
    Out[It->second].Counters[Counter] += std::strtod(Value.c_str(), nullptr);
  }
  std::sort(Out.begin(), Out.end(),
            [](const RocprofKernel& A, const RocprofKernel& B) { return A.Dispatch < B.Dispatch; });
  return Out;
}

/// The first dispatch of each variant (by its kernel's name); the runtime's
/// own kernels are skipped. Returns false when a variant has none.
inline bool rocprofPerVariant(const std::vector<RocprofKernel>& All, size_t Variants,
                              std::vector<RocprofKernel>& Out) {
  Out.assign(Variants, RocprofKernel());
  std::vector<bool> Seen(Variants, false);
  for (const RocprofKernel& K : All) {
    int V = variantOfKernelName(K.Name);
    if (V >= 0 && size_t(V) < Variants && !Seen[size_t(V)]) {
      Out[size_t(V)] = K;
      Seen[size_t(V)] = true;
    }
  }
  for (bool S : Seen)
    if (!S)
      return false;
  return true;
}

/// SQ_LDS_BANK_CONFLICT (cycles the LDS stalled on bank conflicts) per
/// SQ_INSTS_LDS (LDS instructions issued); negative when either is absent.
inline double conflictCyclesPerLdsInst(const RocprofKernel& K) {
  auto A = K.Counters.find("SQ_LDS_BANK_CONFLICT"), B = K.Counters.find("SQ_INSTS_LDS");
  if (A == K.Counters.end() || B == K.Counters.end() || B->second <= 0)
    return -1;
  return A->second / B->second;
}

// ---- the table ---------------------------------------------------------------
struct VariantRow {
  std::string Name;
  bool IsReference = false;  ///< the copy kernel: no outputs, no speedup
  double MedianMs = NAN, MinMs = NAN, MaxMs = NAN;
  unsigned Launches = 0, Samples = 0;
  long LdsBytes = -1, Regs = -1;
  std::string PredLd, PredSt; ///< the tool's sm_90 passes per instruction
  double NcuLd = -1, NcuSt = -1;
  double LdsConflicts = -1;   ///< rocprofv3 SQ_LDS_BANK_CONFLICT (cycles)
  double ConflictPerInst = -1; ///< SQ_LDS_BANK_CONFLICT / SQ_INSTS_LDS
  bool Compared = false, Equal = true;
  std::string Mismatch;
};

struct TableInfo {
  double BytesMoved = 0; ///< per launch; 0: no bandwidth column
  double Flops = 0;      ///< per launch; 0: no FLOP/s column
  double CopyGBs = 0;    ///< the copy kernel's bandwidth, 0 when not run
  bool HaveNcu = false;
  bool HaveRocprof = false;
  bool Timed = true;
};

inline std::string pad(const std::string& S, size_t W, bool Right) {
  if (S.size() >= W)
    return S;
  return Right ? std::string(W - S.size(), ' ') + S : S + std::string(W - S.size(), ' ');
}

inline std::string fixed(double V, int Digits) {
  if (std::isnan(V))
    return "-";
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.*f", Digits, V);
  return Buf;
}

/// The result table (markdown-compatible), then one line per mismatch.
/// Returns the number of variants whose outputs differ.
inline int printTable(std::FILE* Out, const std::vector<VariantRow>& Rows, const TableInfo& Info) {
  std::vector<std::string> Head = {"variant"};
  if (Info.Timed) {
    Head.insert(Head.end(), {"median ms", "min ms", "max ms", "launches x samples", "speedup"});
    if (Info.BytesMoved > 0)
      Head.push_back("GB/s");
    if (Info.BytesMoved > 0 && Info.CopyGBs > 0)
      Head.push_back("of copy");
    if (Info.Flops > 0)
      Head.push_back("TFLOP/s");
  }
  Head.insert(Head.end(), {"pred ld", "pred st"});
  if (Info.HaveNcu)
    Head.insert(Head.end(), {"ncu ld", "ncu st"});
  if (Info.HaveRocprof)
    Head.insert(Head.end(), {"lds conflicts", "cyc/lds inst"});
  Head.insert(Head.end(), {"LDS B", "regs", "outputs equal"});
  double Base = NAN;
  for (const VariantRow& R : Rows)
    if (!R.IsReference) {
      Base = R.MedianMs;
      break;
    }
  std::vector<std::vector<std::string>> Cells;
  int Failed = 0;
  for (const VariantRow& R : Rows) {
    std::vector<std::string> C = {R.Name};
    if (Info.Timed) {
      C.push_back(fixed(R.MedianMs, 4));
      C.push_back(fixed(R.MinMs, 4));
      C.push_back(fixed(R.MaxMs, 4));
      C.push_back(R.Samples ? std::to_string(R.Launches) + " x " + std::to_string(R.Samples) : "-");
      C.push_back(R.IsReference ? "-" : fixed(Base / R.MedianMs, 2) + "x");
      double GBs = Info.BytesMoved / (R.MedianMs * 1e-3) / 1e9;
      if (Info.BytesMoved > 0)
        C.push_back(fixed(GBs, 0));
      if (Info.BytesMoved > 0 && Info.CopyGBs > 0)
        C.push_back(fixed(100.0 * GBs / Info.CopyGBs, 1) + "%");
      if (Info.Flops > 0)
        C.push_back(R.IsReference ? "-" : fixed(Info.Flops / (R.MedianMs * 1e-3) / 1e12, 2));
    }
    C.push_back(R.PredLd.empty() ? "-" : R.PredLd);
    C.push_back(R.PredSt.empty() ? "-" : R.PredSt);
    if (Info.HaveNcu) {
      C.push_back(R.NcuLd < 0 ? "-" : fixed(R.NcuLd, 2));
      C.push_back(R.NcuSt < 0 ? "-" : fixed(R.NcuSt, 2));
    }
    if (Info.HaveRocprof) {
      C.push_back(R.LdsConflicts < 0 ? "-" : fixed(R.LdsConflicts, 0));
      C.push_back(R.ConflictPerInst < 0 ? "-" : fixed(R.ConflictPerInst, 2));
    }
    C.push_back(R.LdsBytes < 0 ? "-" : std::to_string(R.LdsBytes));
    C.push_back(R.Regs < 0 ? "-" : std::to_string(R.Regs));
    if (R.IsReference)
      C.push_back("-");
    else if (!R.Compared)
      C.push_back("not run");
    else if (R.Equal)
      C.push_back("yes");
    else {
      C.push_back("NO");
      ++Failed;
    }
    Cells.push_back(C);
  }
  std::vector<size_t> W(Head.size());
  for (size_t I = 0; I < Head.size(); ++I) {
    W[I] = Head[I].size();
    for (auto& C : Cells)
      W[I] = std::max(W[I], C[I].size());
  }
  auto Line = [&](const std::vector<std::string>& C) {
    std::string S = "|";
    for (size_t I = 0; I < C.size(); ++I)
      S += " " + pad(C[I], W[I], I > 0) + " |";
    std::fprintf(Out, "%s\n", S.c_str());
  };
  Line(Head);
  std::string Sep = "|";
  for (size_t I = 0; I < W.size(); ++I)
    Sep += (I ? " " + std::string(W[I] - 1, '-') + ": |" : " " + std::string(W[I], '-') + " |");
  std::fprintf(Out, "%s\n", Sep.c_str());
  for (auto& C : Cells)
    Line(C);
  for (const VariantRow& R : Rows)
    if (R.Compared && !R.Equal)
      std::fprintf(Out, "FAIL: %s: output differs from the original's: %s\n", R.Name.c_str(),
                   R.Mismatch.c_str());
  return Failed;
}

} // namespace ldsb

#ifndef LDS_BENCH_HOST_ONLY
// ============================ GPU part =======================================
#if defined(__HIP__)
// AMD: harness.cu is built as HIP (hipcc, amdclang++ or clang -x hip). The
// code below is written against the CUDA runtime; these names map it to the
// HIP runtime, whose calls take the same arguments.
#include <hip/hip_runtime.h>
#define LDSB_AMD 1
#define cudaError_t hipError_t
#define cudaSuccess hipSuccess
#define cudaGetErrorString hipGetErrorString
#define cudaGetErrorName hipGetErrorName
#define cudaGetLastError hipGetLastError
#define cudaDeviceSynchronize hipDeviceSynchronize
#define cudaGetDevice hipGetDevice
#define cudaDeviceProp hipDeviceProp_t
#define cudaGetDeviceProperties hipGetDeviceProperties
#define cudaMalloc hipMalloc
#define cudaFree hipFree
#define cudaMemcpy hipMemcpy
#define cudaMemset hipMemset
#define cudaMemcpyHostToDevice hipMemcpyHostToDevice
#define cudaMemcpyDeviceToHost hipMemcpyDeviceToHost
#define cudaStream_t hipStream_t
#define cudaEvent_t hipEvent_t
#define cudaEventCreate hipEventCreate
#define cudaEventRecord hipEventRecord
#define cudaEventSynchronize hipEventSynchronize
#define cudaEventElapsedTime hipEventElapsedTime
#define cudaFuncAttributes hipFuncAttributes
#define cudaFuncGetAttributes hipFuncGetAttributes
#define cudaFuncSetAttribute hipFuncSetAttribute
#define cudaFuncAttributeMaxDynamicSharedMemorySize hipFuncAttributeMaxDynamicSharedMemorySize
#else
#include <cuda_runtime.h>
#endif
#include <dirent.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace ldsb {

typedef void (*LaunchFn)(dim3, dim3, size_t, cudaStream_t, void* const*);
typedef const void* (*FuncFn)();

struct VariantSpec {
  const char* Name;
  const char* File;
  LaunchFn Launch;
  FuncFn Func;
  const char* PredLd;
  const char* PredSt;
  const char* Details; ///< the tool's per-access predictions, one line each
};

struct BenchSpec {
  const char* Title;
  const char* Kernel;
  const char* PredTarget = "sm_90"; ///< the target of pred ld / pred st
  dim3 Grid, Block;
  size_t DynamicLds;
  std::vector<BufferSpec> Buffers;
  std::vector<int> ArgBuffer; ///< kernel argument -> buffer index, -1 for scalars
  std::vector<VariantSpec> Variants;
  Tolerance Tol;
  double BytesMoved = 0, Flops = 0;
  bool CopyReference = false;
  unsigned Runs = 20, Launches = 0;
  double WarmupMs = 200, SampleMs = 10;
};

inline bool check(cudaError_t E, const char* What) {
  if (E == cudaSuccess)
    return true;
  std::fprintf(stderr, "lds-bench: error: %s: %s (%s)\n", What, cudaGetErrorString(E),
               cudaGetErrorName(E));
  return false;
}

__global__ void referenceCopy(const float4* __restrict__ In, float4* __restrict__ Out, size_t N) {
  for (size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x; I < N;
       I += size_t(gridDim.x) * blockDim.x)
    Out[I] = In[I];
}

struct Options {
  unsigned Runs = 0, Launches = 0;
  double WarmupMs = -1;
  std::string Ncu = "auto";
  std::string Json, NcuCsv;
  std::string Rocprof = "auto";
  std::string RocprofCsv;
  bool ProfilePass = false, CpuSelftest = false, NoTiming = false;
};

inline bool parseOptions(int Argc, char** Argv, Options& O) {
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    auto Val = [&](std::string& Out) {
      if (I + 1 >= Argc) {
        std::fprintf(stderr, "lds-bench: error: %s needs a value\n", A.c_str());
        return false;
      }
      Out = Argv[++I];
      return true;
    };
    std::string V;
    if (A == "--runs") {
      if (!Val(V)) return false;
      O.Runs = unsigned(std::strtoul(V.c_str(), nullptr, 10));
      if (!O.Runs) { std::fprintf(stderr, "lds-bench: error: --runs needs a positive count\n"); return false; }
    } else if (A == "--launches") {
      if (!Val(V)) return false;
      O.Launches = unsigned(std::strtoul(V.c_str(), nullptr, 10));
    } else if (A == "--warmup-ms") {
      if (!Val(V)) return false;
      O.WarmupMs = std::strtod(V.c_str(), nullptr);
    } else if (A == "--ncu") {
      if (!Val(O.Ncu)) return false;
    } else if (A == "--json") {
      if (!Val(O.Json)) return false;
    } else if (A == "--ncu-csv") {
      if (!Val(O.NcuCsv)) return false;
    } else if (A == "--rocprof") {
      if (!Val(O.Rocprof)) return false;
    } else if (A == "--rocprof-csv") {
      if (!Val(O.RocprofCsv)) return false;
    } else if (A == "--profile-pass") {
      O.ProfilePass = true;
    } else if (A == "--cpu-selftest") {
      O.CpuSelftest = true;
    } else if (A == "--no-timing") {
      O.NoTiming = true;
    } else if (A == "--help" || A == "-h") {
      std::printf("usage: %s [--runs N] [--launches L] [--warmup-ms MS] [--ncu auto|off|PATH]\n"
                  "          [--rocprof auto|off|PATH] [--json FILE] [--ncu-csv FILE] [--rocprof-csv FILE]\n"
                  "          [--no-timing] [--cpu-selftest]\n",
                  Argv[0]);
      std::exit(0);
    } else {
      std::fprintf(stderr, "lds-bench: error: unknown option '%s' (--help)\n", A.c_str());
      return false;
    }
  }
  return true;
}

/// A profiler: Opt is auto (PATH, then Extra), off, or a path.
inline std::string findProfiler(const std::string& Opt, const char* Name, const char* Extra) {
  if (Opt == "off")
    return "";
  if (Opt != "auto")
    return access(Opt.c_str(), X_OK) == 0 ? Opt : "";
  const char* Path = std::getenv("PATH");
  std::string P = Path ? Path : "";
  P += std::string(":") + Extra;
  size_t Pos = 0;
  while (Pos <= P.size()) {
    size_t End = P.find(':', Pos);
    if (End == std::string::npos)
      End = P.size();
    std::string Dir = P.substr(Pos, End - Pos);
    Pos = End + 1;
    if (Dir.empty())
      continue;
    std::string C = Dir + "/" + Name;
    if (access(C.c_str(), X_OK) == 0)
      return C;
  }
  return "";
}
inline std::string findNcu(const std::string& Opt) {
  return findProfiler(Opt, "ncu", "/usr/local/cuda/bin");
}

inline std::string readFile(const std::string& Path) {
  std::string S;
  if (std::FILE* F = std::fopen(Path.c_str(), "rb")) {
    char Buf[65536];
    size_t N;
    while ((N = std::fread(Buf, 1, sizeof Buf, F)) > 0)
      S.append(Buf, N);
    std::fclose(F);
  }
  return S;
}

/// This program's path.
inline std::string selfPath() {
  char Self[4096];
  ssize_t N = readlink("/proc/self/exe", Self, sizeof Self - 1);
  if (N <= 0)
    return "";
  Self[N] = 0;
  return Self;
}

/// Runs Args (an argv list, no shell) with stdout and stderr captured.
/// Returns false with Why when it cannot start or exits non-zero.
inline bool runCaptured(const std::vector<std::string>& Args, std::string& Text,
                        std::string& Why) {
  char OutPath[] = "/tmp/lds-bench-prof-XXXXXX";
  char ErrPath[] = "/tmp/lds-bench-prof-err-XXXXXX";
  int OutFd = mkstemp(OutPath), ErrFd = mkstemp(ErrPath);
  if (OutFd < 0 || ErrFd < 0) {
    Why = "cannot create temporary files";
    return false;
  }
  std::vector<char*> Argv;
  for (auto& A : Args)
    Argv.push_back(const_cast<char*>(A.c_str()));
  Argv.push_back(nullptr);
  posix_spawn_file_actions_t FA;
  posix_spawn_file_actions_init(&FA);
  posix_spawn_file_actions_adddup2(&FA, OutFd, 1);
  posix_spawn_file_actions_adddup2(&FA, ErrFd, 2);
  pid_t Pid;
  int RC = posix_spawn(&Pid, Args[0].c_str(), &FA, nullptr, Argv.data(), environ);
  posix_spawn_file_actions_destroy(&FA);
  close(OutFd);
  close(ErrFd);
  int Status = 0;
  if (RC == 0)
    waitpid(Pid, &Status, 0);
  Text = readFile(OutPath);
  std::string Err = readFile(ErrPath);
  unlink(OutPath);
  unlink(ErrPath);
  if (RC != 0 || !WIFEXITED(Status) || WEXITSTATUS(Status) != 0) {
    std::string All = Err + Text;
    std::string Tail = All.substr(All.size() > 400 ? All.size() - 400 : 0);
    Why = (RC ? std::string(std::strerror(RC)) : "exit " + std::to_string(WEXITSTATUS(Status))) +
          ": " + Tail;
    return false;
  }
  return true;
}

inline void writeFile(const std::string& Path, const std::string& Text) {
  if (Path.empty())
    return;
  if (std::FILE* F = std::fopen(Path.c_str(), "wb")) {
    std::fwrite(Text.data(), 1, Text.size(), F);
    std::fclose(F);
  }
}

/// Runs `ncu ... <this program> --profile-pass` (an argv list, no shell) and
/// reads one launch per variant. Returns false with Why on failure.
inline bool runNcu(const std::string& Ncu, size_t Variants, std::vector<NcuKernel>& Out,
                   std::string& Why, const std::string& KeepCsv) {
  std::string Self = selfPath();
  if (Self.empty()) {
    Why = "cannot find this program's path";
    return false;
  }
  std::vector<std::string> Args = {Ncu, "--clock-control", "none", "--csv", "--print-units",
                                   "base", "--metrics", NcuMetrics, Self, "--profile-pass"};
  std::string Text, Fail;
  bool Ok = runCaptured(Args, Text, Fail);
  writeFile(KeepCsv, Text);
  if (!Ok) {
    Why = "ncu failed (" + Fail + ")";
    return false;
  }
  Out = parseNcuCsv(Text);
  if (Out.size() != Variants) {
    Why = "ncu reported " + std::to_string(Out.size()) + " launches, expected " +
          std::to_string(Variants);
    return false;
  }
  return true;
}

/// The first file under Dir (recursively) whose name ends in Suffix.
inline std::string findFileUnder(const std::string& Dir, const std::string& Suffix) {
  DIR* D = opendir(Dir.c_str());
  if (!D)
    return "";
  std::string Found;
  while (dirent* E = readdir(D)) {
    std::string N = E->d_name;
    if (N == "." || N == "..")
      continue;
    std::string P = Dir + "/" + N;
    if (N.size() >= Suffix.size() && N.compare(N.size() - Suffix.size(), Suffix.size(), Suffix) == 0) {
      Found = P;
      break;
    }
    std::string Sub = findFileUnder(P, Suffix);
    if (!Sub.empty()) {
      Found = Sub;
      break;
    }
  }
  closedir(D);
  return Found;
}

/// Removes Dir and everything under it.
inline void removeTree(const std::string& Dir) {
  if (DIR* D = opendir(Dir.c_str())) {
    while (dirent* E = readdir(D)) {
      std::string N = E->d_name;
      if (N != "." && N != "..")
        removeTree(Dir + "/" + N);
    }
    closedir(D);
    rmdir(Dir.c_str());
  } else {
    unlink(Dir.c_str());
  }
}

/// Runs `rocprofv3 --pmc SQ_LDS_BANK_CONFLICT SQ_INSTS_LDS --output-format csv
/// -d TMP -o lds_bench -- <this program> --profile-pass` (an argv list) and
/// reads TMP/.../*counter_collection.csv; without SQ_INSTS_LDS if the GPU
/// lacks it. Returns false with Why on failure.
inline bool runRocprof(const std::string& Rocprof, size_t Variants,
                       std::vector<RocprofKernel>& Out, std::string& Why,
                       const std::string& KeepCsv) {
  std::string Self = selfPath();
  if (Self.empty()) {
    Why = "cannot find this program's path";
    return false;
  }
  std::string Fail;
  for (int Try = 0; Try < 2; ++Try) {
    char Dir[] = "/tmp/lds-bench-rocprof-XXXXXX";
    if (!mkdtemp(Dir)) {
      Why = "cannot create a temporary folder";
      return false;
    }
    std::vector<std::string> Args = {Rocprof, "--pmc", "SQ_LDS_BANK_CONFLICT"};
    if (Try == 0)
      Args.push_back("SQ_INSTS_LDS");
    for (const char* A : {"--output-format", "csv", "-d", (const char*)Dir, "-o", "lds_bench",
                          "--", Self.c_str(), "--profile-pass"})
      Args.push_back(A);
    std::string Text;
    bool Ok = runCaptured(Args, Text, Fail);
    std::string Csv = findFileUnder(Dir, "counter_collection.csv");
    std::string Data = Csv.empty() ? "" : readFile(Csv);
    removeTree(Dir);
    if (!Ok || Data.empty()) {
      if (Ok)
        Fail = "no counter_collection.csv written";
      continue;
    }
    writeFile(KeepCsv, Data);
    if (!rocprofPerVariant(parseRocprofCsv(Data), Variants, Out)) {
      Why = "rocprofv3's CSV lacks a dispatch of some variant (lds_bench_vN kernels)";
      return false;
    }
    return true;
  }
  Why = "rocprofv3 failed (" + Fail + ")";
  return false;
}

struct Device {
  std::vector<void*> Ptrs;
  std::vector<std::vector<unsigned char>> Images;
  bool reset(const BenchSpec& S) {
    for (size_t I = 0; I < S.Buffers.size(); ++I)
      if (!check(cudaMemcpy(Ptrs[I], Images[I].data(), Images[I].size(), cudaMemcpyHostToDevice),
                 "copying a buffer to the device"))
        return false;
    return true;
  }
};

inline int run(BenchSpec& S, int Argc, char** Argv) {
  Options O;
  if (!parseOptions(Argc, Argv, O))
    return 2;
  if (O.Runs) S.Runs = O.Runs;
  if (O.Launches) S.Launches = O.Launches;
  if (O.WarmupMs >= 0) S.WarmupMs = O.WarmupMs;
  bool Quiet = O.ProfilePass;

  std::vector<VariantRow> Rows;
  for (const VariantSpec& V : S.Variants) {
    VariantRow R;
    R.Name = V.Name;
    R.PredLd = V.PredLd;
    R.PredSt = V.PredSt;
    Rows.push_back(R);
  }

  if (O.CpuSelftest) {
    // No GPU: the comparison and the table on made-up outputs. Every real
    // variant gets the original's output; one more, "corrupted", gets it with
    // one scalar changed, and must be reported as a failure.
    std::printf("cpu self-test of %s: no GPU used; outputs made up on the host\n", S.Title);
    VariantRow Bad;
    Bad.Name = "corrupted";
    Rows.push_back(Bad);
    for (VariantRow& R : Rows) {
      R.Compared = true;
      R.Equal = true;
    }
    for (const BufferSpec& B : S.Buffers) {
      if (!B.Output)
        continue;
      BufferSpec Made = B;
      if (Made.Kind == Init::Poison)
        Made.Kind = Init::Random;
      std::vector<unsigned char> Ref = makeHostImage(Made);
      for (VariantRow& R : Rows) {
        std::vector<unsigned char> Got = Ref;
        if (R.Name == "corrupted" && !Got.empty()) {
          size_t I = B.scalars() / 2;
          double V = loadAsDouble(B.Type, Got.data(), I);
          storeFromDouble(B.Type, Got.data(), I,
                          isFloat(B.Type) ? V + std::max(1.0, std::fabs(V)) : V + 1);
        }
        CompareResult C = compareBuffers(B, Ref.data(), Got.data(), S.Tol);
        if (!C.equal() && R.Equal) {
          R.Equal = false;
          R.Mismatch = describe(B, C);
        }
      }
    }
    TableInfo Info;
    Info.Timed = false;
    int Failed = printTable(stdout, Rows, Info);
    std::printf("%d of %zu variants differ from the original\n", Failed, Rows.size());
    return Failed ? 1 : 0;
  }

  int Dev = 0;
  cudaDeviceProp Prop;
  if (!check(cudaGetDevice(&Dev), "cudaGetDevice") ||
      !check(cudaGetDeviceProperties(&Prop, Dev), "cudaGetDeviceProperties"))
    return 2;
#if defined(LDSB_AMD)
  std::string Arch = Prop.gcnArchName;
  Arch = Arch.substr(0, Arch.find(':'));
  const char* Units = "CUs";
#else
  std::string Arch = "sm_" + std::to_string(Prop.major) + std::to_string(Prop.minor);
  const char* Units = "SMs";
#endif
  if (!Quiet)
    std::printf("%s on %s (%s, %d %s), grid %ux%ux%u, block %ux%ux%u, dynamic LDS %zu B\n",
                S.Title, Prop.name, Arch.c_str(), Prop.multiProcessorCount, Units, S.Grid.x,
                S.Grid.y, S.Grid.z, S.Block.x, S.Block.y, S.Block.z, S.DynamicLds);

  Device D;
  for (const BufferSpec& B : S.Buffers) {
    void* P = nullptr;
    if (!check(cudaMalloc(&P, std::max<size_t>(B.bytes(), 16)), "cudaMalloc"))
      return 2;
    D.Ptrs.push_back(P);
    D.Images.push_back(makeHostImage(B));
  }
  std::vector<void*> Args;
  for (int B : S.ArgBuffer)
    Args.push_back(B >= 0 ? D.Ptrs[B] : nullptr);

  for (size_t V = 0; V < S.Variants.size(); ++V) {
    cudaFuncAttributes A;
    if (check(cudaFuncGetAttributes(&A, S.Variants[V].Func()), "cudaFuncGetAttributes")) {
      Rows[V].LdsBytes = long(A.sharedSizeBytes + S.DynamicLds);
      Rows[V].Regs = A.numRegs;
    }
    if (S.DynamicLds > 48 * 1024)
      check(cudaFuncSetAttribute(S.Variants[V].Func(), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 int(S.DynamicLds)),
            "cudaFuncSetAttribute(MaxDynamicSharedMemorySize)");
  }

  if (O.ProfilePass) {
    // One launch of each variant, in order, for ncu.
    if (!D.reset(S))
      return 2;
    for (const VariantSpec& V : S.Variants) {
      V.Launch(S.Grid, S.Block, S.DynamicLds, 0, Args.data());
      if (!check(cudaGetLastError(), "launch") || !check(cudaDeviceSynchronize(), V.Name))
        return 2;
    }
    return 0;
  }

  // Correctness: every variant on the same inputs, outputs against the
  // original's (variant 0).
  std::vector<std::vector<unsigned char>> RefOut(S.Buffers.size());
  for (size_t V = 0; V < S.Variants.size(); ++V) {
    if (!D.reset(S))
      return 2;
    S.Variants[V].Launch(S.Grid, S.Block, S.DynamicLds, 0, Args.data());
    if (!check(cudaGetLastError(), "launch") ||
        !check(cudaDeviceSynchronize(), S.Variants[V].Name))
      return 2;
    Rows[V].Compared = true;
    for (size_t B = 0; B < S.Buffers.size(); ++B) {
      const BufferSpec& Buf = S.Buffers[B];
      if (!Buf.Output)
        continue;
      std::vector<unsigned char> Got(Buf.bytes());
      if (!check(cudaMemcpy(Got.data(), D.Ptrs[B], Got.size(), cudaMemcpyDeviceToHost),
                 "copying an output back"))
        return 2;
      if (V == 0) {
        if (Buf.Kind == Init::Poison)
          if (size_t P = countPoison(Buf, Got.data()))
            std::printf("note: %zu of %zu values of '%s' were not written by the original "
                        "(still the poison bytes 0xff)\n",
                        P, Buf.scalars(), Buf.Name);
        RefOut[B] = std::move(Got);
        continue;
      }
      CompareResult C = compareBuffers(Buf, RefOut[B].data(), Got.data(), S.Tol);
      if (!C.equal() && Rows[V].Equal) {
        Rows[V].Equal = false;
        Rows[V].Mismatch = describe(Buf, C);
      }
    }
  }

  TableInfo Info;
  Info.BytesMoved = S.BytesMoved;
  Info.Flops = S.Flops;
  Info.Timed = !O.NoTiming;

  if (Info.Timed) {
    // The copy reference: bytes_moved/2 read and bytes_moved/2 written.
    size_t CopyN = 0;
    void *CopyIn = nullptr, *CopyOut = nullptr;
    if (S.CopyReference && S.BytesMoved > 0) {
      CopyN = size_t(S.BytesMoved / 2 / 16);
      if (!check(cudaMalloc(&CopyIn, CopyN * 16), "cudaMalloc") ||
          !check(cudaMalloc(&CopyOut, CopyN * 16), "cudaMalloc") ||
          !check(cudaMemset(CopyIn, 0x3c, CopyN * 16), "cudaMemset"))
        return 2;
      VariantRow R;
      R.Name = "copy (reference)";
      R.IsReference = true;
      Rows.push_back(R);
    }
    size_t NT = Rows.size();
    int CopySMs = Prop.multiProcessorCount * 8;
    auto LaunchOne = [&](size_t V) {
      if (V < S.Variants.size())
        S.Variants[V].Launch(S.Grid, S.Block, S.DynamicLds, 0, Args.data());
      else
        referenceCopy<<<CopySMs, 256>>>((const float4*)CopyIn, (float4*)CopyOut, CopyN);
    };
    cudaEvent_t E0, E1;
    if (!check(cudaEventCreate(&E0), "cudaEventCreate") ||
        !check(cudaEventCreate(&E1), "cudaEventCreate"))
      return 2;
    auto TimeLoop = [&](size_t V, unsigned L, float& Ms) {
      cudaEventRecord(E0);
      for (unsigned I = 0; I < L; ++I)
        LaunchOne(V);
      cudaEventRecord(E1);
      return check(cudaEventSynchronize(E1), "timing") && check(cudaGetLastError(), "launch") &&
             check(cudaEventElapsedTime(&Ms, E0, E1), "cudaEventElapsedTime");
    };
    std::vector<unsigned> L(NT, 1);
    // Warm-up (clocks up, caches and the instruction cache filled), then the
    // launch count per sample from one timed launch.
    for (size_t V = 0; V < NT; ++V) {
      float Total = 0, Ms = 0;
      do {
        if (!TimeLoop(V, 1, Ms))
          return 2;
        Total += Ms;
      } while (Total < S.WarmupMs / NT);
      if (!TimeLoop(V, 1, Ms))
        return 2;
      L[V] = S.Launches ? S.Launches
                        : unsigned(std::min(10000.0, std::max(1.0, std::ceil(S.SampleMs / std::max(Ms, 1e-4f)))));
    }
    std::vector<std::vector<double>> Samples(NT);
    for (unsigned R = 0; R < S.Runs; ++R)
      for (size_t V = 0; V < NT; ++V) { // interleaved: drift hits every variant alike
        float Ms;
        if (!TimeLoop(V, L[V], Ms))
          return 2;
        Samples[V].push_back(double(Ms) / L[V]);
      }
    for (size_t V = 0; V < NT; ++V) {
      Rows[V].MedianMs = median(Samples[V]);
      Rows[V].MinMs = *std::min_element(Samples[V].begin(), Samples[V].end());
      Rows[V].MaxMs = *std::max_element(Samples[V].begin(), Samples[V].end());
      Rows[V].Launches = L[V];
      Rows[V].Samples = S.Runs;
    }
    if (S.CopyReference && S.BytesMoved > 0)
      Info.CopyGBs = double(CopyN) * 32 / (Rows.back().MedianMs * 1e-3) / 1e9;
    if (CopyIn) cudaFree(CopyIn);
    if (CopyOut) cudaFree(CopyOut);
  }

  // The child that ncu profiles allocates its own buffers: free ours first.
  for (void* P : D.Ptrs)
    cudaFree(P);
  D.Ptrs.clear();
  std::string NcuNote;
#if defined(LDSB_AMD)
  std::string Rocprof = findProfiler(O.Rocprof, "rocprofv3", "/opt/rocm/bin");
  if (!Rocprof.empty()) {
    std::vector<RocprofKernel> K;
    std::string Why;
    if (runRocprof(Rocprof, S.Variants.size(), K, Why, O.RocprofCsv)) {
      Info.HaveRocprof = true;
      for (size_t V = 0; V < S.Variants.size(); ++V) {
        auto C = K[V].Counters.find("SQ_LDS_BANK_CONFLICT");
        Rows[V].LdsConflicts = C == K[V].Counters.end() ? -1 : C->second;
        Rows[V].ConflictPerInst = conflictCyclesPerLdsInst(K[V]);
      }
    } else {
      NcuNote = "note: no rocprofv3 counters: " + Why;
    }
  } else {
    NcuNote = O.Rocprof == "off" ? "" : "note: rocprofv3 not found (PATH, /opt/rocm/bin); no "
                                        "measured bank conflicts";
  }
#else
  std::string Ncu = findNcu(O.Ncu);
  if (!Ncu.empty()) {
    std::vector<NcuKernel> K;
    std::string Why;
    if (runNcu(Ncu, S.Variants.size(), K, Why, O.NcuCsv)) {
      Info.HaveNcu = true;
      for (size_t V = 0; V < S.Variants.size(); ++V) {
        Rows[V].NcuLd = wavefrontsPerInst(K[V], "ld");
        Rows[V].NcuSt = wavefrontsPerInst(K[V], "st");
      }
    } else {
      NcuNote = "note: no ncu counters: " + Why;
    }
  } else {
    NcuNote = O.Ncu == "off" ? "" : "note: ncu not found; no measured wavefronts";
  }
#endif

  std::printf("\n");
  int Failed = printTable(stdout, Rows, Info);
  std::printf("\npred ld / pred st: lds-rewrite's predicted passes per shared load / store "
              "instruction on %s (the mean over the kernel's accesses; per access below)\n",
              S.PredTarget);
  for (const VariantSpec& V : S.Variants)
    if (V.Details && *V.Details)
      std::printf("  %s (%s):\n%s", V.Name, V.File, V.Details);
  if (Info.HaveNcu)
    std::printf("ncu ld / ncu st: l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}.sum / "
                "smsp__sass_inst_executed_op_shared_{ld,st}.sum, one launch\n");
  if (Info.HaveRocprof)
    std::printf("lds conflicts: rocprofv3 SQ_LDS_BANK_CONFLICT (cycles the LDS stalled on bank "
                "conflicts), one launch; cyc/lds inst: that / SQ_INSTS_LDS\n");
  if (Info.CopyGBs > 0)
    std::printf("copy (reference): float4 device-to-device copy of bytes_moved/2 bytes "
                "(%.0f GB/s counting bytes read and written)\n", Info.CopyGBs);
  if (!NcuNote.empty())
    std::printf("%s\n", NcuNote.c_str());
  std::printf("%s\n", Failed ? "FAIL: a variant's outputs differ from the original's"
                             : "all outputs equal to the original's");

  if (!O.Json.empty()) {
    if (std::FILE* F = std::fopen(O.Json.c_str(), "w")) {
      auto Num = [](double V) {
        if (std::isnan(V) || V < 0)
          return std::string("null");
        return formatNum(V, 9);
      };
      std::fprintf(F, "{\"title\": \"%s\", \"device\": \"%s\", \"variants\": [", S.Title, Prop.name);
      for (size_t V = 0; V < Rows.size(); ++V) {
        const VariantRow& R = Rows[V];
        std::fprintf(F,
                     "%s\n  {\"name\": \"%s\", \"median_ms\": %s, \"min_ms\": %s, \"max_ms\": %s, "
                     "\"launches\": %u, \"samples\": %u, \"lds_bytes\": %ld, \"regs\": %ld, "
                     "\"pred_ld\": \"%s\", \"pred_st\": \"%s\", "
                     "\"ncu_ld\": %s, \"ncu_st\": %s, \"lds_bank_conflict\": %s, "
                     "\"conflict_cycles_per_lds_inst\": %s, \"equal\": %s}",
                     V ? "," : "", R.Name.c_str(), Num(R.MedianMs).c_str(), Num(R.MinMs).c_str(),
                     Num(R.MaxMs).c_str(), R.Launches, R.Samples, R.LdsBytes, R.Regs,
                     R.PredLd.c_str(), R.PredSt.c_str(), Num(R.NcuLd).c_str(), Num(R.NcuSt).c_str(),
                     Num(R.LdsConflicts).c_str(), Num(R.ConflictPerInst).c_str(),
                     R.IsReference ? "null" : (R.Equal ? "true" : "false"));
      }
      std::fprintf(F, "\n], \"copy_gbs\": %s}\n", Num(Info.CopyGBs > 0 ? Info.CopyGBs : NAN).c_str());
      std::fclose(F);
    }
  }
  return Failed ? 1 : 0;
}

} // namespace ldsb
#endif // LDS_BENCH_HOST_ONLY

#endif
