//===- AmdAsm.cpp - Read AMDGPU assembly (clang -S) for LDS facts ---------===//

#include "readers/AmdAsm.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/Path.h"

#include <functional>
#include <queue>
#include <set>

namespace lds {
namespace amdasm {

using llvm::StringRef;

const char *dsKindName(DsKind K) {
  switch (K) {
  case DsKind::Load:
    return "load";
  case DsKind::Store:
    return "store";
  case DsKind::Atomic:
    return "atomic";
  case DsKind::Other:
    return "other";
  }
  return "other";
}

const char *waitKindName(WaitKind K) {
  switch (K) {
  case WaitKind::None:
    return "none";
  case WaitKind::LgkmWait:
    return "lgkmcnt(0)";
  case WaitKind::DsWait:
    return "dscnt(0)";
  case WaitKind::Barrier:
    return "barrier";
  case WaitKind::Call:
    return "call";
  case WaitKind::EndProgram:
    return "s_endpgm";
  }
  return "none";
}

// "b32" -> 4, "u8" -> 1, "f16" -> 2; 0 if Tok is not a type token.
static unsigned typeTokenBytes(StringRef Tok) {
  if (Tok.size() < 2 || !StringRef("biuf").contains(Tok[0]))
    return 0;
  unsigned Bits = 0;
  if (Tok.drop_front().getAsInteger(10, Bits))
    return 0;
  switch (Bits) {
  case 8:
  case 16:
  case 32:
  case 64:
  case 96:
  case 128:
    return Bits / 8;
  default:
    return 0;
  }
}

std::optional<DsOpInfo> classifyDs(StringRef Mnemonic) {
  StringRef M = Mnemonic;
  if (!M.consume_front("ds_"))
    return std::nullopt;
  DsOpInfo I;
  llvm::SmallVector<StringRef, 6> Toks;
  M.split(Toks, '_', -1, /*KeepEmpty=*/false);
  if (Toks.empty())
    return I;
  StringRef Op = Toks[0];
  // The operation: gfx9-11 read/write(2)(st64), gfx12 load/store(_2addr).
  static const char *const OtherOps[] = {"swizzle", "permute", "bpermute", "nop",
                                         "gws",     "append",  "consume",  "ordered",
                                         "bvh",     "barrier", "sema",     "gws"};
  bool IsOther = false;
  for (const char *O : OtherOps)
    IsOther |= Op == O;
  if (IsOther) {
    I.Kind = DsKind::Other;
  } else if (Op.starts_with("read") || Op == "load") {
    I.Kind = DsKind::Load;
  } else if (Op.starts_with("write") || Op == "store") {
    I.Kind = DsKind::Store;
  } else {
    I.Kind = DsKind::Atomic; // add, max, cmpst, wrxchg, pk_add, ...
  }
  // Two addresses: read2, write2, read2st64, write2st64, wrxchg2(st64),
  // and gfx12's _2addr / _2addr_stride64.
  for (StringRef Base : {"read2", "write2", "wrxchg2"})
    if (Op.starts_with(Base)) {
      I.Addresses = 2;
      I.Stride64 = Op.ends_with("st64");
    }
  bool Packed = false;
  for (StringRef T : Toks) {
    if (T == "2addr")
      I.Addresses = 2;
    if (T == "stride64")
      I.Stride64 = true;
    if (T == "rtn")
      I.Returns = true;
    if (T == "pk")
      Packed = true;
  }
  // The first type token gives the width: ds_read_b64_tr_b16 is 8 bytes
  // per lane, ds_read_u8_d16_hi 1 byte.
  for (StringRef T : llvm::ArrayRef<StringRef>(Toks).drop_front())
    if (unsigned B = typeTokenBytes(T)) {
      I.WidthBytes = Packed ? 2 * B : B;
      break;
    }
  // gfx9 atomics that return spell it in the name (ds_add_rtn_u32); a
  // condxchg or wrxchg always returns.
  if (Op.starts_with("wrxchg") || Op == "condxchg32")
    I.Returns = true;
  return I;
}

std::map<std::string, unsigned> Function::dsCounts() const {
  std::map<std::string, unsigned> C;
  for (const DsInstr &I : Ds)
    ++C[I.Mnemonic];
  return C;
}

std::vector<const Function *> AsmFile::kernels() const {
  std::vector<const Function *> K;
  for (const Function &F : Functions)
    if (F.IsKernel)
      K.push_back(&F);
  return K;
}

//===----------------------------------------------------------------------===//
// Expressions of .set symbols
//===----------------------------------------------------------------------===//

namespace {
class ExprParser {
public:
  ExprParser(StringRef S, const std::map<std::string, std::string> &Syms, unsigned Depth,
             bool RegistersOnly = false)
      : S(S), Syms(Syms), Depth(Depth), RegistersOnly(RegistersOnly) {}

  std::optional<int64_t> parseAll() {
    auto V = parseOr();
    skipSpace();
    if (!V || !S.empty())
      return std::nullopt;
    return V;
  }

private:
  StringRef S;
  const std::map<std::string, std::string> &Syms;
  unsigned Depth;
  bool RegistersOnly; ///< occupancy(): the registers' limit alone

  void skipSpace() { S = S.ltrim(); }
  bool eat(StringRef Tok) {
    skipSpace();
    // "|" must not eat "||" and "&" not "&&": neither appears here.
    return S.consume_front(Tok);
  }

  std::optional<int64_t> parseOr() {
    auto L = parseAnd();
    while (L && eat("|")) {
      auto R = parseAnd();
      if (!R)
        return std::nullopt;
      L = *L | *R;
    }
    return L;
  }
  std::optional<int64_t> parseAnd() {
    auto L = parseAdd();
    while (L && eat("&")) {
      auto R = parseAdd();
      if (!R)
        return std::nullopt;
      L = *L & *R;
    }
    return L;
  }
  std::optional<int64_t> parseAdd() {
    auto L = parseMul();
    while (L) {
      if (eat("+")) {
        auto R = parseMul();
        if (!R)
          return std::nullopt;
        L = *L + *R;
      } else if (eat("-")) {
        auto R = parseMul();
        if (!R)
          return std::nullopt;
        L = *L - *R;
      } else {
        break;
      }
    }
    return L;
  }
  std::optional<int64_t> parseMul() {
    auto L = parseUnary();
    while (L) {
      if (eat("*")) {
        auto R = parseUnary();
        if (!R)
          return std::nullopt;
        L = *L * *R;
      } else if (eat("/")) {
        auto R = parseUnary();
        if (!R || *R == 0)
          return std::nullopt;
        L = *L / *R;
      } else {
        break;
      }
    }
    return L;
  }
  std::optional<int64_t> parseUnary() {
    if (eat("-")) {
      auto V = parseUnary();
      return V ? std::optional<int64_t>(-*V) : std::nullopt;
    }
    if (eat("~")) {
      auto V = parseUnary();
      return V ? std::optional<int64_t>(~*V) : std::nullopt;
    }
    return parsePrimary();
  }
  std::optional<int64_t> parsePrimary() {
    skipSpace();
    if (eat("(")) {
      auto V = parseOr();
      if (!V || !eat(")"))
        return std::nullopt;
      return V;
    }
    if (!S.empty() && llvm::isDigit(S[0])) {
      size_t N = 0;
      while (N < S.size() && llvm::isAlnum(S[N]))
        ++N;
      int64_t V;
      if (S.substr(0, N).getAsInteger(0, V))
        return std::nullopt;
      S = S.drop_front(N);
      return V;
    }
    size_t N = 0;
    while (N < S.size() && (llvm::isAlnum(S[N]) || S[N] == '_' || S[N] == '.' || S[N] == '$'))
      ++N;
    if (N == 0)
      return std::nullopt;
    StringRef Name = S.substr(0, N);
    S = S.drop_front(N);
    skipSpace();
    if (S.starts_with("(")) {
      eat("(");
      std::vector<int64_t> Args;
      if (!eat(")")) {
        do {
          auto A = parseOr();
          if (!A)
            return std::nullopt;
          Args.push_back(*A);
        } while (eat(","));
        if (!eat(")"))
          return std::nullopt;
      }
      return call(Name, Args);
    }
    auto It = Syms.find(Name.str());
    if (It == Syms.end() || Depth > 32)
      return std::nullopt;
    return ExprParser(It->second, Syms, Depth + 1, RegistersOnly).parseAll();
  }

  std::optional<int64_t> call(StringRef Name, const std::vector<int64_t> &A) const {
    if ((Name == "max" || Name == "min") && !A.empty()) {
      int64_t V = A[0];
      for (int64_t X : A)
        V = Name == "max" ? std::max(V, X) : std::min(V, X);
      return V;
    }
    if (Name == "alignto" && A.size() == 2 && A[1] > 0)
      return (A[0] + A[1] - 1) / A[1] * A[1];
    // AMDGPUMCExpr: with AGPRs, VGPRs are allocated in blocks of 4 first.
    if (Name == "totalnumvgprs" && A.size() == 2)
      return A[0] == 0 ? A[1] : (A[1] + 3) / 4 * 4 + A[0];
    // extrasgprs(vcc, flat_scratch, xnack): the SGPRs the hardware takes
    // besides the numbered ones, as gfx8/9 count them (IsaInfo::
    // getNumExtraSGPRs). From gfx10 on only VCC's 2 count, but there SGPRs
    // no longer limit occupancy, which is all this feeds.
    if (Name == "extrasgprs" && A.size() == 3)
      return A[1] || A[2] ? 6 : A[0] ? 2 : 0;
    // occupancy(max waves, VGPR granule, VGPRs, generation, initial
    // occupancy, SGPRs, VGPRs used): waves per SIMD, as AMDGPUMCExpr
    // evaluates it (clang 22 writes the `; Occupancy:` comment this way).
    if (Name == "occupancy" && A.size() == 7 && A[1] > 0) {
      int64_t MaxWaves = A[0], Granule = A[1], Total = A[2], Gen = A[3], Occ = A[4];
      // The initial occupancy holds what LDS and the workgroup size allow.
      if (RegistersOnly)
        Occ = MaxWaves;
      int64_t SGPRs = A[5], VGPRs = std::max<int64_t>(A[6], 1);
      // AMDGPUSubtarget::Generation: GFX9 is 8, GFX10 9.
      if (Gen < 9)
        Occ = std::min<int64_t>(Occ, SGPRs <= 80 ? 10 : SGPRs <= 88 ? 9 : SGPRs <= 100 ? 8 : 7);
      int64_t Allocated = (VGPRs + Granule - 1) / Granule * Granule;
      return std::min(Occ, std::min(std::max<int64_t>(Total / Allocated, 1), MaxWaves));
    }
    return std::nullopt;
  }
};
} // namespace

std::optional<int64_t> evaluate(StringRef Expr, const std::map<std::string, std::string> &Syms,
                                bool RegistersOnly) {
  return ExprParser(Expr, Syms, 0, RegistersOnly).parseAll();
}

//===----------------------------------------------------------------------===//
// The parser
//===----------------------------------------------------------------------===//

// Unquotes "..." (no escapes in clang's paths but \" and \\ are honoured).
static std::string unquote(StringRef &S) {
  S = S.ltrim();
  std::string Out;
  if (!S.consume_front("\""))
    return Out;
  while (!S.empty() && S[0] != '"') {
    if (S[0] == '\\' && S.size() > 1)
      S = S.drop_front();
    Out += S[0];
    S = S.drop_front();
  }
  S.consume_front("\"");
  return Out;
}

static std::string joinPath(StringRef Dir, StringRef Name) {
  if (Name.empty() || llvm::sys::path::is_absolute(Name) || Dir.empty())
    return Name.str();
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Name);
  return std::string(P);
}

// "path:12:5" or "path:12" -> frame; false if it does not end in numbers.
static bool parseFrameText(StringRef T, SourceFrame &F) {
  T = T.trim();
  auto [Head, Last] = T.rsplit(':');
  if (Head == T)
    return false;
  unsigned A = 0, B = 0;
  if (Last.getAsInteger(10, A))
    return false;
  auto [Path, Mid] = Head.rsplit(':');
  if (Path != Head && !Mid.getAsInteger(10, B)) {
    F.File = Path.str();
    F.Line = B;
    F.Column = A;
  } else {
    F.File = Head.str();
    F.Line = A;
    F.Column = 0;
  }
  return !F.File.empty();
}

// The call sites of a .loc comment
// "a.h:38:12 @[ a.h:59:64 @[ k.hip:14:13 ] ]", outermost last.
static std::vector<SourceFrame> inlinedAt(StringRef Comment, StringRef CompDir) {
  std::vector<SourceFrame> Out;
  size_t At = Comment.find(" @[ ");
  if (At == StringRef::npos)
    return Out;
  StringRef Rest = Comment.substr(At);
  while (Rest.consume_front(" @[ ")) {
    size_t Next = Rest.find(" @[ ");
    StringRef Part = Rest.substr(0, Next);
    // The last part carries the closing brackets.
    StringRef Clean = Part;
    while (Clean.ends_with("]") || Clean.ends_with(" "))
      Clean = Clean.drop_back();
    SourceFrame F;
    if (parseFrameText(Clean, F)) {
      F.File = joinPath(CompDir, F.File);
      Out.push_back(F);
    }
    if (Next == StringRef::npos)
      break;
    Rest = Rest.substr(Next);
  }
  return Out;
}

static bool isInstructionStart(StringRef Mn) {
  if (Mn.empty() || !llvm::isLower(Mn[0]))
    return false;
  for (char C : Mn)
    if (!(llvm::isAlnum(C) || C == '_' || C == '.'))
      return false;
  return true;
}

static bool isLgkmZeroWait(StringRef Mn, StringRef Ops) {
  if (Mn == "s_waitcnt") {
    // s_waitcnt lgkmcnt(0), s_waitcnt vmcnt(0) lgkmcnt(0), or a raw 0.
    if (Ops.contains("lgkmcnt(0)"))
      return true;
    uint64_t V;
    return !Ops.trim().getAsInteger(0, V) && V == 0;
  }
  if (Mn == "s_waitcnt_lgkmcnt") {
    // gfx10/11: s_waitcnt_lgkmcnt null, 0x0
    auto [Reg, Imm] = Ops.split(',');
    uint64_t V;
    return !Imm.trim().getAsInteger(0, V) && V == 0;
  }
  return false;
}

static bool isDsZeroWait(StringRef Mn, StringRef Ops) {
  uint64_t V;
  if (Mn == "s_wait_dscnt")
    return !Ops.trim().getAsInteger(0, V) && V == 0;
  // Combined waits: dscnt is the low 6 bits.
  if (Mn == "s_wait_loadcnt_dscnt" || Mn == "s_wait_storecnt_dscnt")
    return !Ops.trim().getAsInteger(0, V) && (V & 0x3f) == 0;
  return false;
}

static bool isBarrier(StringRef Mn) {
  return Mn == "s_barrier" || Mn.starts_with("s_barrier_signal") || Mn == "s_barrier_wait";
}

static bool isCall(StringRef Mn) { return Mn == "s_swappc_b64" || Mn == "s_call_b64"; }

static bool isBranch(StringRef Mn) {
  return Mn == "s_branch" || Mn.starts_with("s_cbranch") || Mn == "s_setpc_b64";
}

namespace {
struct RawInstr {
  std::string Mnemonic, Operands;
  unsigned AsmLine;
};
struct RawFunction {
  Function F;
  std::vector<RawInstr> Instrs;
  std::vector<size_t> DsIndex;                           ///< instruction index of each F.Ds entry
  std::map<std::string, std::string> KernelInfoComments; ///< "NumVgprs" -> "15"
  /// Local labels (".LBB0_2") -> the index of the instruction after them.
  std::map<std::string, size_t> Labels;
};
} // namespace

/// What instruction J ends a write's wait distance with, if anything.
static WaitKind waitKindOf(StringRef Mn, StringRef Ops) {
  if (isLgkmZeroWait(Mn, Ops))
    return WaitKind::LgkmWait;
  if (isDsZeroWait(Mn, Ops))
    return WaitKind::DsWait;
  if (isBarrier(Mn))
    return WaitKind::Barrier;
  if (isCall(Mn))
    return WaitKind::Call;
  if (Mn == "s_endpgm")
    return WaitKind::EndProgram;
  return WaitKind::None;
}

/// The instructions control may reach after J: the next one, and a
/// branch's target (an unconditional s_branch only its target; s_setpc_b64
/// returns or jumps where the text does not say: none).
static std::vector<size_t> successors(const RawFunction &RF, size_t J) {
  StringRef Mn = RF.Instrs[J].Mnemonic;
  std::vector<size_t> Next;
  if (Mn == "s_setpc_b64")
    return Next;
  if (Mn == "s_branch" || Mn.starts_with("s_cbranch")) {
    // The label is the last operand ("s_cbranch_scc1 .LBB0_3").
    StringRef Ops = StringRef(RF.Instrs[J].Operands).trim();
    StringRef Label = Ops.substr(Ops.find_last_of(" ,") == StringRef::npos
                                     ? 0
                                     : Ops.find_last_of(" ,") + 1);
    auto It = RF.Labels.find(Label.str());
    if (It != RF.Labels.end() && It->second < RF.Instrs.size())
      Next.push_back(It->second);
    else if (Mn == "s_branch")
      return Next; // a target outside the function: the path ends
    if (Mn == "s_branch")
      return Next;
  }
  if (J + 1 < RF.Instrs.size())
    Next.push_back(J + 1);
  return Next;
}

// Each write's distance follows the control-flow graph, not the text: the
// fewest instructions on any path from the write to a wait, a barrier, a
// call or s_endpgm (the soonest the write can be waited for, which is what
// hides its latency or not). A store at the end of a loop body is waited
// for at the barrier at the loop's head, not at the s_endpgm after the
// loop (examples/gemm_float4.hip: "29 to s_endpgm" in text order).
static void computeWaitDistances(RawFunction &RF) {
  const size_t N = RF.Instrs.size();
  for (size_t D = 0; D < RF.F.Ds.size(); ++D) {
    DsInstr &I = RF.F.Ds[D];
    if (I.Op.Kind != DsKind::Store && I.Op.Kind != DsKind::Atomic)
      continue;
    size_t Start = RF.DsIndex[D];
    // Dijkstra over instructions; an instruction costs 1 when passed (the
    // gfx11+ hints s_delay_alu and s_clause do no work: 0). Dist[J]: the
    // instructions strictly between the write and J.
    std::vector<int> Dist(N, -1);
    std::vector<bool> ViaBranch(N, false);
    using Item = std::pair<int, size_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> Queue;
    auto Relax = [&](size_t From, size_t To, int Cost) {
      bool Jump = To != From + 1;
      if (Dist[To] < 0 || Cost < Dist[To]) {
        Dist[To] = Cost;
        ViaBranch[To] = (From != Start && ViaBranch[From]) || Jump;
        Queue.push({Cost, To});
      }
    };
    for (size_t S : successors(RF, Start))
      Relax(Start, S, 0);
    while (!Queue.empty()) {
      auto [Cost, J] = Queue.top();
      Queue.pop();
      if (Cost != Dist[J])
        continue;
      StringRef Mn = RF.Instrs[J].Mnemonic, Ops = RF.Instrs[J].Operands;
      WaitKind K = waitKindOf(Mn, Ops);
      if (K != WaitKind::None) {
        // The first one popped is the nearest.
        I.WaitDistance = Cost;
        I.WaitedBy = K;
        I.WaitText = (Mn + (Ops.empty() ? "" : " ") + Ops).str();
        I.CrossesBranch = ViaBranch[J];
        break;
      }
      int Step = (Mn != "s_delay_alu" && Mn != "s_clause") ? 1 : 0;
      for (size_t S : successors(RF, J))
        if (S != Start)
          Relax(J, S, Cost + Step);
    }
  }
}

static std::optional<unsigned> numberOrSym(StringRef V,
                                           const std::map<std::string, std::string> &Syms) {
  auto R = evaluate(V, Syms);
  if (!R || *R < 0)
    return std::nullopt;
  return static_cast<unsigned>(*R);
}

AsmFile parse(StringRef Text) {
  AsmFile Out;
  std::map<unsigned, std::string> Files;
  std::set<std::string> FunctionSymbols;
  std::map<std::string, std::string> Syms; // .set NAME, EXPR
  struct KernelDesc {
    std::string LDS, Scratch, NextVgpr, NextSgpr;
    bool HasAccum = false;
  };
  std::map<std::string, KernelDesc> Descs;
  std::vector<RawFunction> Raw;
  // Indices into Raw (it grows): the function being read, and the one whose
  // "; Kernel info" comments follow it.
  int CurIdx = -1, LastIdx = -1;
  std::vector<SourceFrame> Loc;
  KernelDesc *Desc = nullptr;
  unsigned LineNo = 0;

  while (!Text.empty()) {
    auto [RawLine, Rest] = Text.split('\n');
    Text = Rest;
    ++LineNo;
    StringRef Line = RawLine.trim();
    if (Line.empty())
      continue;
    // "; Kernel info" comments after a function: NumVgprs, Occupancy ...
    if (Line.starts_with(";")) {
      StringRef C = Line.drop_front().trim();
      auto [Key, Val] = C.split(':');
      if (LastIdx >= 0 && Key != C && !Key.contains(' '))
        Raw[LastIdx].KernelInfoComments[Key.trim().str()] = Val.trim().str();
      continue;
    }
    if (Line.starts_with(".")) {
      StringRef D = Line;
      // Strip a trailing comment.
      StringRef Comment;
      size_t Semi = D.find(" ;");
      if (Semi == StringRef::npos)
        Semi = D.find("\t;");
      if (Semi != StringRef::npos) {
        Comment = D.substr(Semi + 2).trim();
        D = D.substr(0, Semi).trim();
      }
      if (D.ends_with(":")) { // a local label
        if (CurIdx >= 0 && D.starts_with(".Lfunc_end")) {
          LastIdx = CurIdx;
          CurIdx = -1;
        } else if (CurIdx >= 0) {
          // A branch target: the instruction that follows (CFG distances).
          Raw[CurIdx].Labels[D.drop_back().str()] = Raw[CurIdx].Instrs.size();
        }
        continue;
      }
      size_t W = D.find_first_of(" \t");
      StringRef Dir = D.substr(0, W);
      StringRef Args = W == StringRef::npos ? StringRef() : D.substr(W).trim();
      if (Dir == ".amdgcn_target") {
        StringRef A = Args;
        std::string T = unquote(A);
        // "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-"
        StringRef TS(T);
        size_t Dash = TS.rfind("--");
        if (Dash != StringRef::npos)
          TS = TS.substr(Dash + 2);
        Out.Target = TS.split(':').first.str();
      } else if (Dir == ".file") {
        unsigned N;
        StringRef A = Args;
        StringRef NumText = A.take_while(llvm::isDigit);
        if (NumText.empty() || NumText.getAsInteger(10, N))
          continue; // `.file "name"`: the ELF directive
        A = A.drop_front(NumText.size());
        std::string First = unquote(A);
        A = A.ltrim();
        std::string Path = First;
        if (A.starts_with("\"")) {
          std::string Second = unquote(A);
          Path = joinPath(First, Second);
          if (N == 0)
            Out.CompDir = First;
        }
        // Headers under the compilation directory are named relative to it.
        if (N != 0)
          Path = joinPath(Out.CompDir, Path);
        Files[N] = Path;
      } else if (Dir == ".loc") {
        llvm::SmallVector<StringRef, 6> P;
        Args.split(P, ' ', -1, false);
        unsigned FileNo = 0, L = 0, C = 0;
        Loc.clear();
        if (P.size() >= 2 && !P[0].getAsInteger(10, FileNo) && !P[1].getAsInteger(10, L) &&
            L != 0) {
          if (P.size() >= 3)
            P[2].getAsInteger(10, C);
          SourceFrame F;
          auto It = Files.find(FileNo);
          F.File = It != Files.end() ? It->second : std::string();
          F.Line = L;
          F.Column = C;
          Loc.push_back(F);
          for (SourceFrame &S : inlinedAt(Comment, Out.CompDir))
            Loc.push_back(S);
        }
      } else if (Dir == ".type") {
        auto [Name, Kind] = Args.split(',');
        if (Kind.trim() == "@function")
          FunctionSymbols.insert(Name.trim().str());
      } else if (Dir == ".set") {
        auto [Name, Expr] = Args.split(',');
        Syms[Name.trim().str()] = Expr.trim().str();
      } else if (Dir == ".amdhsa_kernel") {
        Desc = &Descs[Args.str()];
      } else if (Dir == ".end_amdhsa_kernel") {
        Desc = nullptr;
      } else if (Desc) {
        if (Dir == ".amdhsa_group_segment_fixed_size")
          Desc->LDS = Args.str();
        else if (Dir == ".amdhsa_private_segment_fixed_size")
          Desc->Scratch = Args.str();
        else if (Dir == ".amdhsa_next_free_vgpr")
          Desc->NextVgpr = Args.str();
        else if (Dir == ".amdhsa_next_free_sgpr")
          Desc->NextSgpr = Args.str();
        else if (Dir == ".amdhsa_accum_offset")
          Desc->HasAccum = true;
      }
      continue;
    }
    // A label: "name:" possibly followed by a comment.
    {
      StringRef L = Line.split(';').first.trim();
      if (L.ends_with(":") && !L.contains(' ') && !L.contains('\t')) {
        StringRef Name = L.drop_back();
        if (FunctionSymbols.count(Name.str())) {
          Raw.emplace_back();
          CurIdx = static_cast<int>(Raw.size()) - 1;
          LastIdx = -1;
          Raw[CurIdx].F.Symbol = Name.str();
          Loc.clear();
        }
        continue;
      }
    }
    if (CurIdx < 0)
      continue;
    RawFunction *Cur = &Raw[CurIdx];
    StringRef Code = Line.split(';').first.trim();
    size_t Sp = Code.find_first_of(" \t");
    StringRef Mn = Code.substr(0, Sp);
    StringRef Ops = Sp == StringRef::npos ? StringRef() : Code.substr(Sp).trim();
    if (!isInstructionStart(Mn))
      continue;
    RawInstr RI{Mn.str(), Ops.str(), LineNo};
    size_t Index = Cur->Instrs.size();
    Cur->Instrs.push_back(RI);
    ++Cur->F.Instructions;
    if (Mn == "s_barrier" || Mn.starts_with("s_barrier_signal"))
      ++Cur->F.Barriers;
    if (isCall(Mn))
      ++Cur->F.Calls;
    if (auto Op = classifyDs(Mn)) {
      DsInstr I;
      I.Mnemonic = Mn.str();
      I.Operands = Ops.str();
      I.Op = *Op;
      I.AsmLine = LineNo;
      I.Index = Index;
      I.Frames = Loc;
      Cur->F.Ds.push_back(std::move(I));
      Cur->DsIndex.push_back(Index);
    }
  }
  for (RawFunction &RF : Raw) {
    computeWaitDistances(RF);
    Function &F = RF.F;
    F.Name = llvm::demangle(F.Symbol);
    auto D = Descs.find(F.Symbol);
    const std::string &S = F.Symbol;
    auto Comment = [&](const char *K) -> std::optional<unsigned> {
      auto It = RF.KernelInfoComments.find(K);
      if (It == RF.KernelInfoComments.end())
        return std::nullopt;
      unsigned V;
      StringRef T = StringRef(It->second).split(' ').first;
      if (T.getAsInteger(10, V))
        return std::nullopt;
      return V;
    };
    auto Sym = [&](const std::string &Suffix) -> std::optional<unsigned> {
      auto It = Syms.find(S + Suffix);
      if (It == Syms.end()) // a device function's: .L<symbol>.num_vgpr
        It = Syms.find(".L" + S + Suffix);
      if (It == Syms.end())
        return std::nullopt;
      return numberOrSym(It->second, Syms);
    };
    F.VGPRs = Sym(".num_vgpr");
    if (!F.VGPRs)
      F.VGPRs = Comment("NumVgprs");
    F.Occupancy = Comment("Occupancy");
    if (auto It = RF.KernelInfoComments.find("Occupancy");
        !F.Occupancy && It != RF.KernelInfoComments.end())
      if (auto V = evaluate(It->second, Syms); V && *V > 0)
        F.Occupancy = static_cast<unsigned>(*V);
    if (auto It = RF.KernelInfoComments.find("Occupancy");
        It != RF.KernelInfoComments.end() && StringRef(It->second).contains("occupancy("))
      if (auto V = evaluate(It->second, Syms, /*RegistersOnly=*/true); V && *V > 0)
        F.RegisterOccupancy = static_cast<unsigned>(*V);
    bool HasAgprs =
        RF.KernelInfoComments.count("NumAgprs") || (D != Descs.end() && D->second.HasAccum);
    if (HasAgprs) {
      F.AGPRs = Sym(".num_agpr");
      if (!F.AGPRs)
        F.AGPRs = Comment("NumAgprs");
    }
    if (D != Descs.end()) {
      F.IsKernel = true;
      const KernelDesc &K = D->second;
      if (auto V = evaluate(K.LDS, Syms))
        F.LDSBytes = static_cast<uint64_t>(*V);
      if (auto V = evaluate(K.Scratch, Syms))
        F.ScratchBytes = static_cast<uint64_t>(*V);
      F.SGPRs = numberOrSym(K.NextSgpr, Syms);
      if (!F.VGPRs)
        F.VGPRs = numberOrSym(K.NextVgpr, Syms);
    }
    if (!F.SGPRs)
      F.SGPRs = Sym(".numbered_sgpr");
    Out.Functions.push_back(std::move(F));
  }
  return Out;
}

const SourceFrame *userFrame(const DsInstr &I, const std::vector<std::string> &SkipPrefixes) {
  if (I.Frames.empty())
    return nullptr;
  for (const SourceFrame &F : I.Frames) {
    bool Skip = false;
    for (const std::string &P : SkipPrefixes)
      Skip |= !P.empty() && StringRef(F.File).starts_with(P);
    if (!Skip)
      return &F;
  }
  return &I.Frames.front();
}

} // namespace amdasm
} // namespace lds
