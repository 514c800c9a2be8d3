//===- BenchSpec.cpp - Reading and checking bench specs -------------------===//
//
// YAML (llvm::yaml) and JSON (llvm::json) are both turned into one small tree
// of nodes that remember where they came from (line and column for YAML, the
// key path for both); the checks then run once over that tree.
//
//===----------------------------------------------------------------------===//

#include "bench/BenchSpec.h"
#include "targets/Targets.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <set>
#include <tuple>

using namespace llvm;

namespace lds {
namespace bench {

// ---- element types -----------------------------------------------------------

namespace {
struct TypeRow {
  ElemType T;
  const char *Aliases; ///< space-separated other spellings
};
const TypeRow TypeTable[] = {
    {{"int8", "signed char", "I8", 1, 1, false, true}, "char i8 int8_t"},
    {{"uint8", "unsigned char", "U8", 1, 1, false, true}, "uchar u8 uint8_t"},
    {{"int16", "short", "I16", 1, 2, false, true}, "short i16 int16_t"},
    {{"uint16", "unsigned short", "U16", 1, 2, false, true}, "ushort u16 uint16_t"},
    {{"int32", "int", "I32", 1, 4, false, true}, "int i32 int32_t"},
    {{"uint32", "unsigned int", "U32", 1, 4, false, true}, "unsigned uint u32 uint32_t"},
    {{"int64", "long long", "I64", 1, 8, false, true}, "i64 int64_t long"},
    {{"uint64", "unsigned long long", "U64", 1, 8, false, true}, "u64 uint64_t size_t"},
    {{"half", "__half", "F16", 1, 2, true, false}, "__half f16 fp16 float16"},
    {{"bfloat16", "__nv_bfloat16", "BF16", 1, 2, true, false}, "bf16 __nv_bfloat16 __hip_bfloat16"},
    {{"float", "float", "F32", 1, 4, true, true}, "f32 fp32 float32"},
    {{"double", "double", "F64", 1, 8, true, true}, "f64 fp64 float64"},
    {{"half2", "__half2", "F16", 2, 2, true, false}, "__half2"},
    {{"bfloat162", "__nv_bfloat162", "BF16", 2, 2, true, false}, "__nv_bfloat162"},
    {{"float2", "float2", "F32", 2, 4, true, false}, ""},
    {{"float4", "float4", "F32", 4, 4, true, false}, ""},
    {{"double2", "double2", "F64", 2, 8, true, false}, ""},
    {{"int2", "int2", "I32", 2, 4, false, false}, ""},
    {{"int4", "int4", "I32", 4, 4, false, false}, ""},
    {{"uint2", "uint2", "U32", 2, 4, false, false}, ""},
    {{"uint4", "uint4", "U32", 4, 4, false, false}, ""},
};
} // namespace

const ElemType *findElemType(StringRef Name) {
  Name = Name.trim();
  for (const TypeRow &R : TypeTable) {
    if (Name == R.T.Name)
      return &R.T;
    SmallVector<StringRef, 4> A;
    StringRef(R.Aliases).split(A, ' ', -1, false);
    for (StringRef S : A)
      if (Name == S)
        return &R.T;
  }
  return nullptr;
}

std::string elemTypeNames() {
  std::string S;
  for (const TypeRow &R : TypeTable)
    S += (S.empty() ? "" : ", ") + std::string(R.T.Name);
  return S;
}

std::string BenchSpec::kernelBaseName(StringRef K) const {
  if (K.empty())
    K = Kernel;
  K = K.take_until([](char C) { return C == '<'; }).trim();
  size_t Colon = K.rfind("::");
  if (Colon != StringRef::npos)
    K = K.drop_front(Colon + 2);
  return K.str();
}

// ---- the node tree -------------------------------------------------------------

namespace {

struct SNode {
  enum Kind { Null, Scalar, Map, Seq } K = Null;
  std::string Value;                                  ///< scalars
  std::vector<std::pair<std::string, SNode>> Entries; ///< maps, in order
  std::vector<SNode> Items;                           ///< sequences
  std::vector<std::pair<unsigned, unsigned>> KeyPos;  ///< maps: each key's line, column
  unsigned Line = 0, Col = 0;                         ///< 0: unknown (JSON)
  std::string Path;                                   ///< "args[1].type"; "" for the root

  const SNode *get(StringRef Key) const {
    for (const auto &E : Entries)
      if (E.first == Key)
        return &E.second;
    return nullptr;
  }
};

std::string childPath(const std::string &Parent, StringRef Key) {
  return Parent.empty() ? Key.str() : Parent + "." + Key.str();
}
std::string itemPath(const std::string &Parent, size_t I) {
  return Parent + "[" + std::to_string(I) + "]";
}

/// Errors collected while reading: the first one wins.
struct Reader {
  std::string File;
  std::string Error;

  bool fail(const SNode &N, const Twine &Msg) {
    if (!Error.empty())
      return false;
    std::string S;
    raw_string_ostream OS(S);
    OS << File;
    if (N.Line)
      OS << ":" << N.Line << ":" << N.Col;
    OS << ": error: ";
    if (!N.Path.empty())
      OS << N.Path << ": ";
    OS << Msg;
    Error = OS.str();
    return false;
  }
};

// YAML -> SNode.
bool fromYAML(yaml::Node *N, SourceMgr &SM, const std::string &Path, SNode &Out, Reader &R) {
  Out.Path = Path;
  if (N) {
    auto LC = SM.getLineAndColumn(N->getSourceRange().Start);
    Out.Line = LC.first;
    Out.Col = LC.second;
  }
  if (!N || isa<yaml::NullNode>(N)) {
    Out.K = SNode::Null;
    return true;
  }
  if (auto *S = dyn_cast<yaml::ScalarNode>(N)) {
    SmallString<64> Storage;
    Out.K = SNode::Scalar;
    Out.Value = S->getValue(Storage).str();
    // An unquoted "~" or "null" is YAML's null.
    if (S->getRawValue() == "~" || S->getRawValue() == "null")
      Out.K = SNode::Null;
    return true;
  }
  if (auto *B = dyn_cast<yaml::BlockScalarNode>(N)) {
    Out.K = SNode::Scalar;
    Out.Value = B->getValue().str();
    return true;
  }
  if (auto *M = dyn_cast<yaml::MappingNode>(N)) {
    Out.K = SNode::Map;
    for (yaml::KeyValueNode &KV : *M) {
      auto *Key = dyn_cast_or_null<yaml::ScalarNode>(KV.getKey());
      if (!Key) {
        SNode Tmp;
        fromYAML(KV.getKey(), SM, Path, Tmp, R);
        return R.fail(Tmp, "keys must be plain names");
      }
      SmallString<32> KS;
      std::string Name = Key->getValue(KS).str();
      SNode Child;
      if (!fromYAML(KV.getValue(), SM, childPath(Path, Name), Child, R))
        return false;
      if (Out.get(Name)) {
        SNode At;
        fromYAML(Key, SM, childPath(Path, Name), At, R);
        return R.fail(At, "duplicate key '" + Name + "'");
      }
      Out.Entries.emplace_back(Name, std::move(Child));
      auto KLC = SM.getLineAndColumn(Key->getSourceRange().Start);
      Out.KeyPos.emplace_back(KLC.first, KLC.second);
    }
    return true;
  }
  if (auto *Q = dyn_cast<yaml::SequenceNode>(N)) {
    Out.K = SNode::Seq;
    size_t I = 0;
    for (yaml::Node &Item : *Q) {
      SNode Child;
      if (!fromYAML(&Item, SM, itemPath(Path, I++), Child, R))
        return false;
      Out.Items.push_back(std::move(Child));
    }
    return true;
  }
  return R.fail(Out, "anchors, aliases and tags are not supported in bench specs");
}

// JSON -> SNode.
void fromJSON(const json::Value &V, const std::string &Path, SNode &Out) {
  Out.Path = Path;
  switch (V.kind()) {
  case json::Value::Null:
    Out.K = SNode::Null;
    break;
  case json::Value::Boolean:
    Out.K = SNode::Scalar;
    Out.Value = *V.getAsBoolean() ? "true" : "false";
    break;
  case json::Value::Number:
    Out.K = SNode::Scalar;
    if (auto I = V.getAsInteger())
      Out.Value = std::to_string(*I);
    else if (auto U = V.getAsUINT64())
      Out.Value = std::to_string(*U);
    else {
      char Buf[64];
      snprintf(Buf, sizeof Buf, "%.17g", *V.getAsNumber());
      Out.Value = Buf;
    }
    break;
  case json::Value::String:
    Out.K = SNode::Scalar;
    Out.Value = V.getAsString()->str();
    break;
  case json::Value::Array: {
    Out.K = SNode::Seq;
    size_t I = 0;
    for (const json::Value &E : *V.getAsArray()) {
      SNode C;
      fromJSON(E, itemPath(Path, I++), C);
      Out.Items.push_back(std::move(C));
    }
    break;
  }
  case json::Value::Object: {
    Out.K = SNode::Map;
    // llvm::json::Object is unordered: sort the keys for stable messages.
    std::vector<std::string> Keys;
    for (const auto &KV : *V.getAsObject())
      Keys.push_back(KV.first.str());
    llvm::sort(Keys);
    for (const std::string &K : Keys) {
      SNode C;
      fromJSON(*V.getAsObject()->get(K), childPath(Path, K), C);
      Out.Entries.emplace_back(K, std::move(C));
    }
    break;
  }
  }
}

// ---- typed reads -----------------------------------------------------------------

const char *kindName(SNode::Kind K) {
  switch (K) {
  case SNode::Null:
    return "nothing";
  case SNode::Scalar:
    return "a scalar";
  case SNode::Map:
    return "a mapping";
  case SNode::Seq:
    return "a list";
  }
  return "?";
}

bool checkKeys(Reader &R, const SNode &N, std::initializer_list<const char *> Known) {
  for (size_t I = 0; I < N.Entries.size(); ++I) {
    const auto &E = N.Entries[I];
    bool OK = false;
    for (const char *K : Known)
      OK |= E.first == K;
    if (!OK) {
      std::string List;
      for (const char *K : Known)
        List += (List.empty() ? "" : ", ") + std::string(K);
      SNode At = E.second;
      if (I < N.KeyPos.size())
        std::tie(At.Line, At.Col) = N.KeyPos[I];
      return R.fail(At, "unknown key '" + E.first + "'; expected one of: " + List);
    }
  }
  return true;
}

bool wantMap(Reader &R, const SNode &N, const Twine &What) {
  if (N.K == SNode::Map)
    return true;
  return R.fail(N, What + " must be a mapping, not " + kindName(N.K));
}

bool readString(Reader &R, const SNode &N, std::string &Out) {
  if (N.K != SNode::Scalar || N.Value.empty())
    return R.fail(N, std::string("expected a non-empty string, not ") +
                         (N.K == SNode::Scalar ? "an empty one" : kindName(N.K)));
  Out = N.Value;
  return true;
}

bool readBool(Reader &R, const SNode &N, bool &Out) {
  if (N.K == SNode::Scalar) {
    std::string V = StringRef(N.Value).lower();
    if (V == "true" || V == "yes" || V == "on") {
      Out = true;
      return true;
    }
    if (V == "false" || V == "no" || V == "off") {
      Out = false;
      return true;
    }
  }
  return R.fail(N, "expected true or false");
}

/// An unsigned integer, or a product of them ("8192*8192").
bool readUInt(Reader &R, const SNode &N, uint64_t &Out, bool AllowZero = false) {
  if (N.K != SNode::Scalar)
    return R.fail(N, std::string("expected a non-negative integer, not ") + kindName(N.K));
  SmallVector<StringRef, 4> F;
  StringRef(N.Value).split(F, '*');
  uint64_t P = 1;
  for (StringRef S : F) {
    uint64_t V;
    S = S.trim();
    if (S.getAsInteger(0, V))
      return R.fail(N, "expected a non-negative integer (or a product such as "
                       "8192*8192), got '" +
                           N.Value + "'");
    if (V && P > UINT64_MAX / V)
      return R.fail(N, "'" + N.Value + "' overflows 64 bits");
    P *= V;
  }
  if (!P && !AllowZero)
    return R.fail(N, "must be positive, got '" + N.Value + "'");
  Out = P;
  return true;
}

/// A number, or a product of numbers ("2*4096*4096*4096").
bool readNumber(Reader &R, const SNode &N, double &Out) {
  if (N.K != SNode::Scalar)
    return R.fail(N, std::string("expected a number, not ") + kindName(N.K));
  SmallVector<StringRef, 4> F;
  StringRef(N.Value).split(F, '*');
  double P = 1;
  for (StringRef S : F) {
    double V;
    if (S.trim().getAsDouble(V))
      return R.fail(N, "expected a number (or a product such as 2*8192*8192*4), got '" + N.Value +
                           "'");
    P *= V;
  }
  if (!std::isfinite(P))
    return R.fail(N, "'" + N.Value + "' is not a finite number");
  Out = P;
  return true;
}

bool readStringList(Reader &R, const SNode &N, std::vector<std::string> &Out) {
  if (N.K == SNode::Scalar) { // one item
    Out.push_back(N.Value);
    return !N.Value.empty() || R.fail(N, "expected a non-empty string");
  }
  if (N.K != SNode::Seq)
    return R.fail(N, std::string("expected a list of strings, not ") + kindName(N.K));
  for (const SNode &I : N.Items) {
    std::string S;
    if (!readString(R, I, S))
      return false;
    Out.push_back(S);
  }
  return true;
}

/// [x, y, z], [x, y], x, or "x,y,z" -> three positive extents.
bool readDim3(Reader &R, const SNode &N, std::array<uint64_t, 3> &Out) {
  Out = {1, 1, 1};
  std::vector<const SNode *> Parts;
  std::vector<SNode> Split;
  if (N.K == SNode::Seq) {
    for (const SNode &I : N.Items)
      Parts.push_back(&I);
  } else if (N.K == SNode::Scalar && StringRef(N.Value).contains(',')) {
    SmallVector<StringRef, 3> F;
    StringRef(N.Value).split(F, ',');
    for (StringRef S : F) {
      SNode C = N;
      C.Value = S.trim().str();
      Split.push_back(C);
    }
    for (const SNode &C : Split)
      Parts.push_back(&C);
  } else {
    Parts.push_back(&N);
  }
  if (Parts.empty() || Parts.size() > 3)
    return R.fail(N, "expected 1 to 3 extents, e.g. [256, 256] or [32, 8, 1]");
  for (size_t I = 0; I < Parts.size(); ++I)
    if (!readUInt(R, *Parts[I], Out[I]))
      return false;
  return true;
}

bool readInit(Reader &R, const SNode &N, const ElemType &T, InitSpec &Out) {
  auto Defaults = [&](InitSpec::Kind K) {
    Out.K = K;
    if (K == InitSpec::Random) {
      Out.A = T.Float ? -1 : 0;
      Out.B = T.Float ? 1 : 1000;
    } else if (K == InitSpec::Iota) {
      Out.A = 0;
      Out.B = 1;
    } else {
      Out.A = 0;
    }
  };
  if (N.K == SNode::Scalar) {
    std::string V = StringRef(N.Value).lower();
    if (V == "random") {
      Defaults(InitSpec::Random);
      return true;
    }
    if (V == "iota") {
      Defaults(InitSpec::Iota);
      return true;
    }
    if (V == "zero" || V == "zeros") {
      Defaults(InitSpec::Constant);
      return true;
    }
    if (V == "poison") {
      Defaults(InitSpec::Poison);
      return true;
    }
    return R.fail(N, "unknown init '" + N.Value +
                         "'; expected random, iota, zero, poison, or a mapping "
                         "{random: {seed, min, max}}, {iota: {start, step}}, {constant: V}");
  }
  if (N.K != SNode::Map || N.Entries.size() != 1)
    return R.fail(N, "init must be random, iota, zero, poison, or a mapping with one of "
                     "the keys random, iota, constant");
  const std::string &Key = N.Entries[0].first;
  const SNode &V = N.Entries[0].second;
  if (Key == "constant") {
    Defaults(InitSpec::Constant);
    return readNumber(R, V, Out.A);
  }
  if (Key == "random") {
    Defaults(InitSpec::Random);
    if (V.K == SNode::Null)
      return true;
    if (!wantMap(R, V, "random") || !checkKeys(R, V, {"seed", "min", "max"}))
      return false;
    if (const SNode *S = V.get("seed"))
      if (!readUInt(R, *S, Out.Seed, true))
        return false;
    if (const SNode *S = V.get("min"))
      if (!readNumber(R, *S, Out.A))
        return false;
    if (const SNode *S = V.get("max"))
      if (!readNumber(R, *S, Out.B))
        return false;
    if (!(Out.A < Out.B))
      return R.fail(V, "random needs min < max");
    return true;
  }
  if (Key == "iota") {
    Defaults(InitSpec::Iota);
    if (V.K == SNode::Null)
      return true;
    if (!wantMap(R, V, "iota") || !checkKeys(R, V, {"start", "step"}))
      return false;
    if (const SNode *S = V.get("start"))
      if (!readNumber(R, *S, Out.A))
        return false;
    if (const SNode *S = V.get("step"))
      if (!readNumber(R, *S, Out.B))
        return false;
    return true;
  }
  return R.fail(V, "unknown init '" + Key + "'; expected random, iota or constant");
}

bool isIdentifier(StringRef S) {
  if (S.empty() || !(isAlpha(S[0]) || S[0] == '_'))
    return false;
  return llvm::all_of(S, [](char C) { return isAlnum(C) || C == '_'; });
}

std::string absolutePath(const std::string &Dir, StringRef P) {
  SmallString<256> A(P);
  if (!sys::path::is_absolute(A)) {
    A = Dir;
    sys::path::append(A, P);
  }
  sys::path::remove_dots(A, true);
  return std::string(A);
}

bool readFileRef(Reader &R, const SNode &N, const std::string &Dir, std::string &Out) {
  std::string S;
  if (!readString(R, N, S))
    return false;
  Out = absolutePath(Dir, S);
  if (!sys::fs::is_regular_file(Out))
    return R.fail(N, "no such file: '" + S + "' (looked for " + Out + ")");
  return true;
}

bool checkDefine(Reader &R, const SNode &N, const std::string &D) {
  StringRef Name = StringRef(D).split('=').first;
  if (!isIdentifier(Name))
    return R.fail(N, "a define is NAME or NAME=VALUE, got '" + D + "'");
  return true;
}

bool buildSpec(Reader &R, const SNode &Root, BenchSpec &S) {
  if (!wantMap(R, Root, "a bench spec"))
    return false;
  if (!checkKeys(R, Root,
                 {"name", "source", "kernel", "launch", "args", "outputs", "tolerance",
                  "bytes_moved", "flops", "copy_reference", "targets", "fix", "variants", "defines",
                  "include_dirs", "nvcc_flags", "assume", "runs", "launches"}))
    return false;
  auto Need = [&](const char *Key) -> const SNode * {
    const SNode *N = Root.get(Key);
    if (!N)
      R.fail(Root, std::string("missing required key '") + Key + "'");
    return N;
  };

  if (const SNode *N = Root.get("name")) {
    if (!readString(R, *N, S.Name))
      return false;
  } else {
    S.Name = sys::path::stem(S.Path).str();
  }
  const SNode *Src = Need("source");
  if (!Src || !readFileRef(R, *Src, S.Dir, S.Source))
    return false;
  const SNode *K = Need("kernel");
  if (!K || !readString(R, *K, S.Kernel))
    return false;
  if (!isIdentifier(S.kernelBaseName()))
    return R.fail(*K, "'" + S.Kernel + "' is not a kernel name (NAME or NAME<ARGS>)");

  const SNode *L = Need("launch");
  if (!L || !wantMap(R, *L, "launch") || !checkKeys(R, *L, {"grid", "block", "dynamic_lds"}))
    return false;
  const SNode *G = L->get("grid"), *B = L->get("block");
  if (!G)
    return R.fail(*L, "missing required key 'grid'");
  if (!B)
    return R.fail(*L, "missing required key 'block'");
  if (!readDim3(R, *G, S.Grid) || !readDim3(R, *B, S.Block))
    return false;
  uint64_t Threads = S.Block[0] * S.Block[1] * S.Block[2];
  if (Threads > 1024)
    return R.fail(*B, "a block has at most 1024 threads; this one has " + std::to_string(Threads));
  if (const SNode *D = L->get("dynamic_lds"))
    if (!readUInt(R, *D, S.DynamicLDS, true))
      return false;

  // Arguments.
  const SNode *A = Need("args");
  if (!A)
    return false;
  if (A->K != SNode::Seq || A->Items.empty())
    return R.fail(*A, "args must be a non-empty list of the kernel's arguments, in order");
  std::set<std::string> Names;
  for (const SNode &I : A->Items) {
    ArgSpec Arg;
    if (!wantMap(R, I, "an argument") ||
        !checkKeys(R, I, {"name", "type", "count", "init", "value"}))
      return false;
    const SNode *Nm = I.get("name"), *Ty = I.get("type");
    if (!Nm)
      return R.fail(I, "missing required key 'name'");
    if (!readString(R, *Nm, Arg.Name))
      return false;
    if (!isIdentifier(Arg.Name))
      return R.fail(*Nm, "'" + Arg.Name + "' is not a C identifier");
    if (!Names.insert(Arg.Name).second)
      return R.fail(*Nm, "a second argument named '" + Arg.Name + "'");
    if (!Ty)
      return R.fail(I, "missing required key 'type' (one of: " + elemTypeNames() + ")");
    std::string TyName;
    if (!readString(R, *Ty, TyName))
      return false;
    Arg.Type = findElemType(TyName);
    if (!Arg.Type)
      return R.fail(*Ty, "unknown element type '" + TyName + "'; known types: " + elemTypeNames());
    const SNode *Cnt = I.get("count"), *Val = I.get("value"), *In = I.get("init");
    if (Cnt && Val)
      return R.fail(*Val, "an argument is a buffer (count) or a scalar (value), not both");
    if (!Cnt && !Val)
      return R.fail(I, "argument '" + Arg.Name +
                           "' needs 'count' (a buffer of that many elements) or "
                           "'value' (a scalar)");
    if (Cnt) {
      Arg.Buffer = true;
      if (!readUInt(R, *Cnt, Arg.Count))
        return false;
      Arg.Init.Seed = S.Args.size() + 1;
      if (In) {
        if (!readInit(R, *In, *Arg.Type, Arg.Init))
          return false;
        Arg.InitGiven = true;
      } else {
        Arg.Init.K = InitSpec::Random;
        Arg.Init.A = Arg.Type->Float ? -1 : 0;
        Arg.Init.B = Arg.Type->Float ? 1 : 1000;
      }
    } else {
      Arg.Buffer = false;
      if (In)
        return R.fail(*In, "a scalar argument takes 'value', not 'init'");
      if (!Arg.Type->ScalarOK)
        return R.fail(*Ty,
                      "scalar arguments may be integers, float or double, not '" + TyName + "'");
      if (!readNumber(R, *Val, Arg.Value))
        return false;
      if (!Arg.Type->Float) {
        if (Arg.Value != std::floor(Arg.Value))
          return R.fail(*Val, "'" + Val->Value + "' is not an integer");
        Arg.Integral = true;
        Arg.ValueText = "(" + std::string(Arg.Type->CType) + ")" +
                        std::to_string(static_cast<long long>(Arg.Value)) + "LL";
      } else {
        char Buf[64];
        snprintf(Buf, sizeof Buf, "%.17g", Arg.Value);
        Arg.ValueText = "(" + std::string(Arg.Type->CType) + ")" + Buf;
      }
    }
    S.Args.push_back(Arg);
  }

  // Outputs.
  const SNode *O = Need("outputs");
  if (!O)
    return false;
  std::vector<std::string> Outs;
  if (!readStringList(R, *O, Outs))
    return false;
  if (Outs.empty())
    return R.fail(*O, "list at least one output buffer");
  for (size_t I = 0; I < Outs.size(); ++I) {
    const std::string &Name = Outs[I];
    const SNode &At = O->K == SNode::Seq ? O->Items[I] : *O;
    auto It = llvm::find_if(S.Args, [&](const ArgSpec &X) { return X.Name == Name; });
    if (It == S.Args.end())
      return R.fail(At, "'" + Name + "' is not one of the args");
    if (!It->Buffer)
      return R.fail(At, "'" + Name + "' is a scalar; outputs are buffers");
    It->Output = true;
    if (!It->InitGiven)
      It->Init.K = InitSpec::Poison;
  }

  if (const SNode *T = Root.get("tolerance")) {
    if (T->K == SNode::Scalar && StringRef(T->Value).lower() == "bitwise") {
      S.Bitwise = true;
    } else if (T->K == SNode::Map) {
      if (!checkKeys(R, *T, {"abs", "rel"}))
        return false;
      S.Bitwise = false;
      if (const SNode *X = T->get("abs"))
        if (!readNumber(R, *X, S.Abs))
          return false;
      if (const SNode *X = T->get("rel"))
        if (!readNumber(R, *X, S.Rel))
          return false;
      if (S.Abs < 0 || S.Rel < 0)
        return R.fail(*T, "abs and rel must not be negative");
    } else {
      return R.fail(*T, "tolerance is 'bitwise' (the default) or {abs: A, rel: R}");
    }
  }
  if (const SNode *X = Root.get("bytes_moved"))
    if (!readNumber(R, *X, S.BytesMoved))
      return false;
  if (const SNode *X = Root.get("flops"))
    if (!readNumber(R, *X, S.Flops))
      return false;
  if (const SNode *X = Root.get("copy_reference")) {
    if (!readBool(R, *X, S.CopyReference))
      return false;
    if (S.CopyReference && S.BytesMoved <= 0)
      return R.fail(*X, "copy_reference needs bytes_moved (the copy moves the same bytes)");
  }
  if (const SNode *X = Root.get("targets")) {
    if (!readStringList(R, *X, S.Targets))
      return false;
    for (const std::string &T : S.Targets)
      if (!StringRef(T).starts_with("sm_") && !StringRef(T).starts_with("gfx"))
        return R.fail(*X, "unknown target '" + T + "' (sm_NN or gfxNNN)");
  }
  if (S.Targets.empty())
    S.Targets.push_back(defaultNVIDIATarget());
  if (const SNode *X = Root.get("fix")) {
    if (X->K == SNode::Scalar) {
      std::string V = StringRef(X->Value).lower();
      if (V == "auto" || V == "pad" || V == "swizzle") {
        S.Strategy = V;
      } else if (!readBool(R, *X, S.Fix)) {
        R.Error.clear();
        return R.fail(*X, "fix is auto, pad, swizzle, or false (no tool-fixed variant)");
      }
    } else if (X->K == SNode::Map) {
      if (!checkKeys(R, *X, {"strategy"}))
        return false;
      if (const SNode *St = X->get("strategy")) {
        if (!readString(R, *St, S.Strategy))
          return false;
        if (S.Strategy != "auto" && S.Strategy != "pad" && S.Strategy != "swizzle")
          return R.fail(*St, "strategy is auto, pad or swizzle");
      }
    } else {
      return R.fail(*X, "fix is auto, pad, swizzle, false, or {strategy: ...}");
    }
  }
  if (const SNode *X = Root.get("variants")) {
    if (X->K != SNode::Seq)
      return R.fail(*X, "variants must be a list of {name, file, kernel, defines}");
    for (const SNode &I : X->Items) {
      VariantIn V;
      if (!wantMap(R, I, "a variant") || !checkKeys(R, I, {"name", "file", "kernel", "defines"}))
        return false;
      const SNode *F = I.get("file");
      if (!F)
        return R.fail(I, "missing required key 'file'");
      if (!readFileRef(R, *F, S.Dir, V.File))
        return false;
      if (const SNode *Nm = I.get("name")) {
        if (!readString(R, *Nm, V.Name))
          return false;
      } else {
        V.Name = sys::path::stem(V.File).str();
      }
      if (const SNode *Kn = I.get("kernel"))
        if (!readString(R, *Kn, V.Kernel))
          return false;
      if (const SNode *D = I.get("defines")) {
        if (!readStringList(R, *D, V.Defines))
          return false;
        for (const std::string &Def : V.Defines)
          if (!checkDefine(R, *D, Def))
            return false;
      }
      S.Variants.push_back(V);
    }
  }
  if (const SNode *X = Root.get("defines")) {
    if (!readStringList(R, *X, S.Defines))
      return false;
    for (const std::string &Def : S.Defines)
      if (!checkDefine(R, *X, Def))
        return false;
  }
  if (const SNode *X = Root.get("include_dirs")) {
    std::vector<std::string> Dirs;
    if (!readStringList(R, *X, Dirs))
      return false;
    for (const std::string &D : Dirs) {
      S.IncludeDirs.push_back(absolutePath(S.Dir, D));
      if (!sys::fs::is_directory(S.IncludeDirs.back()))
        return R.fail(*X, "no such folder: '" + D + "'");
    }
  }
  if (const SNode *X = Root.get("nvcc_flags"))
    if (!readStringList(R, *X, S.NvccFlags))
      return false;
  if (const SNode *X = Root.get("assume")) {
    if (!wantMap(R, *X, "assume"))
      return false;
    for (const auto &E : X->Entries) {
      double V;
      if (!readNumber(R, E.second, V))
        return false;
      if (V != std::floor(V))
        return R.fail(E.second, "assume takes integer values");
      S.Assume[E.first] = static_cast<int64_t>(V);
    }
  }
  if (const SNode *X = Root.get("runs")) {
    uint64_t V;
    if (!readUInt(R, *X, V))
      return false;
    S.Runs = unsigned(V);
  }
  if (const SNode *X = Root.get("launches")) {
    uint64_t V;
    if (!readUInt(R, *X, V))
      return false;
    S.Launches = unsigned(V);
  }
  return R.Error.empty();
}

} // namespace

Expected<BenchSpec> parseBenchSpecText(StringRef Path, StringRef Text) {
  Reader R;
  R.File = Path.str();
  BenchSpec S;
  S.Path = Path.str();
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  S.Dir = sys::path::parent_path(Abs).str();

  SNode Root;
  if (Path.ends_with_insensitive(".json")) {
    auto V = json::parse(Text);
    if (!V)
      return createStringError(inconvertibleErrorCode(), "%s: error: not valid JSON: %s",
                               R.File.c_str(), toString(V.takeError()).c_str());
    fromJSON(*V, "", Root);
  } else {
    SourceMgr SM;
    std::string Diags;
    SM.setDiagHandler(
        [](const SMDiagnostic &D, void *Ctx) {
          std::string &Out = *static_cast<std::string *>(Ctx);
          if (!Out.empty())
            return;
          raw_string_ostream OS(Out);
          D.print(nullptr, OS, /*ShowColors=*/false);
        },
        &Diags);
    yaml::Stream Stream(MemoryBufferRef(Text, Path), SM);
    yaml::document_iterator Doc = Stream.begin();
    if (Doc == Stream.end() || !Doc->getRoot())
      return createStringError(inconvertibleErrorCode(), "%s: error: the spec is empty",
                               R.File.c_str());
    yaml::Node *N = Doc->getRoot();
    bool OK = fromYAML(N, SM, "", Root, R);
    // The parser reports syntax errors through the handler.
    if (!Diags.empty())
      return createStringError(inconvertibleErrorCode(), "%s",
                               StringRef(Diags).rtrim().str().c_str());
    if (!OK)
      return createStringError(inconvertibleErrorCode(), "%s", R.Error.c_str());
    if (Root.K == SNode::Null)
      return createStringError(inconvertibleErrorCode(), "%s: error: the spec is empty",
                               R.File.c_str());
  }
  if (!buildSpec(R, Root, S))
    return createStringError(inconvertibleErrorCode(), "%s", R.Error.c_str());
  return S;
}

Expected<BenchSpec> parseBenchSpec(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(inconvertibleErrorCode(), "%s: error: cannot read the spec: %s",
                             Path.str().c_str(), Buf.getError().message().c_str());
  return parseBenchSpecText(Path, (*Buf)->getBuffer());
}

} // namespace bench
} // namespace lds
