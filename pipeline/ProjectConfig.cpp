//===- ProjectConfig.cpp - .lds-rewrite.yaml, the project's defaults ------===//

#include "pipeline/ProjectConfig.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/YAMLTraits.h"

#include <set>

using llvm::StringRef;
namespace yaml = llvm::yaml;

namespace lds {

namespace {

//===----------------------------------------------------------------------===//
// The shape: what YAML traits cannot say in the file's own words
//===----------------------------------------------------------------------===//

/// Checks the document's structure before the traits read it: a mapping
/// of known keys, each once, lists where lists go, a Block of 1 to 3
/// numbers. yaml::Input would report these in its own words ("unknown key",
/// "not a sequence") or, for a null value where a list goes, not at all;
/// the values themselves are the traits' (ConfigTraits below).
class ShapeCheck {
public:
  ShapeCheck(StringRef Path, llvm::SourceMgr &SM) : Path(Path.str()), SM(SM) {}

  /// The error of the first document, if any; Empty says whether it has
  /// no content at all.
  std::optional<std::string> check(yaml::Document &Doc, bool &Empty) {
    yaml::Node *Root = Doc.getRoot();
    Empty = !Root || llvm::isa<yaml::NullNode>(Root);
    if (Empty)
      return std::nullopt;
    if (auto *M = llvm::dyn_cast<yaml::MappingNode>(Root))
      top(*M);
    else
      error(Root, "expected a mapping of Targets, Block, Kernels, Ignore, Strategy");
    return Err;
  }

private:
  void error(yaml::Node *N, const llvm::Twine &Msg) {
    if (Err)
      return;
    auto [Line, Col] = SM.getLineAndColumn(N->getSourceRange().Start);
    Err = Path + ":" + std::to_string(Line) + ":" + std::to_string(Col) + ": " + Msg.str();
  }

  std::optional<std::string> scalar(yaml::Node *N, StringRef What) {
    if (auto *S = llvm::dyn_cast_or_null<yaml::ScalarNode>(N)) {
      llvm::SmallString<32> Storage;
      return S->getValue(Storage).str();
    }
    if (N)
      error(N, "expected " + What);
    return std::nullopt;
  }

  /// A sequence of scalars, or one scalar "a, b": its number of items.
  std::optional<size_t> list(yaml::Node *N, StringRef What) {
    if (auto *Seq = llvm::dyn_cast_or_null<yaml::SequenceNode>(N)) {
      size_t Count = 0;
      for (yaml::Node &Item : *Seq) {
        if (!scalar(&Item, What))
          return std::nullopt;
        ++Count;
      }
      return Count;
    }
    if (auto *S = llvm::dyn_cast_or_null<yaml::ScalarNode>(N)) {
      llvm::SmallString<32> Storage;
      llvm::SmallVector<StringRef, 4> Parts;
      S->getValue(Storage).split(Parts, ',', -1, /*KeepEmpty=*/false);
      return Parts.size();
    }
    error(N, "expected a list of " + What);
    return std::nullopt;
  }

  bool block(yaml::Node *N) {
    auto Count = list(N, "block dimensions");
    if (Count && (*Count == 0 || *Count > 3))
      error(N, "Block expects 1 to 3 positive integers, as [X, Y, Z]");
    return !Err;
  }

  /// Visit with each key of M, each a scalar and given once, and its entry,
  /// in order (the parser streams: a value is read as its key is visited);
  /// stops at the first error. Returns the number of keys visited.
  size_t eachKey(yaml::MappingNode &M, StringRef What,
                 llvm::function_ref<void(const std::string &, yaml::KeyValueNode &)> Visit) {
    std::set<std::string> Seen;
    for (yaml::KeyValueNode &KV : M) {
      auto Key = scalar(KV.getKey(), What);
      if (!Key)
        break;
      if (!Seen.insert(*Key).second) {
        error(KV.getKey(), "duplicate key '" + *Key + "'");
        break;
      }
      Visit(*Key, KV);
      if (Err)
        break;
    }
    return Seen.size();
  }

  void kernel(const std::string &Name, yaml::KeyValueNode &K) {
    auto *Settings = llvm::dyn_cast_or_null<yaml::MappingNode>(K.getValue());
    if (!Settings) {
      block(K.getValue()); // transpose: [32, 8]
      return;
    }
    size_t Keys = eachKey(*Settings, "a key", [&](const std::string &Key, yaml::KeyValueNode &KV) {
      if (Key != "Block")
        error(KV.getKey(),
              "unknown key '" + Key + "' for kernel '" + Name + "'; the known key is Block");
      else
        block(KV.getValue());
    });
    if (Keys == 0)
      error(K.getKey(), "kernel '" + Name + "' needs a Block");
  }

  void kernels(yaml::KeyValueNode &KV) {
    auto *Kernels = llvm::dyn_cast_or_null<yaml::MappingNode>(KV.getValue());
    if (!Kernels)
      return error(KV.getValue() ? KV.getValue() : KV.getKey(),
                   "Kernels expects a mapping: kernel name: {Block: [X, Y, Z]}");
    KernelsReadable = true;
    eachKey(*Kernels, "a kernel name", [&](const std::string &Name, yaml::KeyValueNode &K) {
      kernel(Name, K);
      if (!Err)
        KernelNames.push_back(Name);
    });
  }

  void top(yaml::MappingNode &M) {
    eachKey(M, "a key", [&](const std::string &Key, yaml::KeyValueNode &KV) {
      yaml::Node *V = KV.getValue();
      if (Key == "Targets")
        list(V, "target names");
      else if (Key == "Block")
        block(V);
      else if (Key == "Kernels")
        kernels(KV);
      else if (Key == "Ignore")
        list(V, "file patterns");
      else if (Key == "Strategy")
        scalar(V, "auto, pad or swizzle");
      else
        error(KV.getKey(),
              "unknown key '" + Key + "'; known keys: Targets, Block, Kernels, Ignore, Strategy");
      // Kernels with a bad kernel still has good ones before it to read.
      if (!Err || (Key == "Kernels" && KernelsReadable))
        TopKeys.push_back(Key);
    });
  }

  std::string Path;
  llvm::SourceMgr &SM;
  std::optional<std::string> Err;

public:
  /// The top-level keys and the kernels' names whose shape is right, in
  /// the file's order: the traits read them in that order, and before a
  /// shape error, so that the error reported is the first in the file.
  std::vector<std::string> TopKeys, KernelNames;
  bool KernelsReadable = false; ///< Kernels is a mapping
};

} // namespace

} // namespace lds

//===----------------------------------------------------------------------===//
// The values, read by YAML traits
//===----------------------------------------------------------------------===//

namespace lds::config {

/// What the traits' scalar readers need: the targets known, and room for
/// an error message (ScalarTraits::input returns it as a StringRef).
struct ReadContext {
  const BankModel *Banks = nullptr;
  std::vector<std::string> TopKeys, KernelNames; ///< in the file's order
  std::string Message;
};

struct TargetName {
  std::string Name;
};
struct BlockDim {
  unsigned Value = 1;
};
struct StrategyName {
  Strategy Value = Strategy::Auto;
  bool Given = false;
};
/// One scalar "a, b" where a list goes: its items, each read as Item.
template <typename Item> struct CommaList {
  std::vector<Item> Items;
};
struct NoMapping {}; ///< a list given as a mapping; ShapeCheck refuses it

/// A list: a sequence of Item, or one scalar "a, b".
template <typename Item> struct ListValue {
  std::vector<Item> Seq;
  CommaList<Item> Comma;
  NoMapping Map;
  bool IsComma = false;
  const std::vector<Item> &items() const { return IsComma ? Comma.Items : Seq; }
};

/// A kernel's entry: {Block: [X, Y, Z]}, or the block itself.
struct KernelSettings {
  ListValue<BlockDim> Block;
};
struct KernelEntry {
  KernelSettings Settings;
  ListValue<BlockDim> Direct;
  bool IsMapping = false;
  const ListValue<BlockDim> &block() const { return IsMapping ? Settings.Block : Direct; }
};
struct KernelMap {
  std::map<std::string, KernelEntry> Entries;
};

/// Plain fields, not std::optional: mapOptional would take an optional
/// "<none>" for "not given", which the file never meant.
struct RawConfig {
  ListValue<TargetName> Targets;
  ListValue<BlockDim> Block;
  KernelMap Kernels;
  ListValue<std::string> Ignore;
  StrategyName Strat;
};

/// Each item of one scalar: Text split at commas, trimmed.
inline std::vector<StringRef> commaItems(StringRef Text) {
  llvm::SmallVector<StringRef, 4> Parts;
  Text.split(Parts, ',', -1, /*KeepEmpty=*/false);
  std::vector<StringRef> Out;
  for (StringRef P : Parts)
    Out.push_back(P.trim());
  return Out;
}

inline StringRef readTarget(StringRef S, void *Ctx, TargetName &T) {
  auto &C = *static_cast<ReadContext *>(Ctx);
  if (!C.Banks->find(S.str())) {
    C.Message = "unknown target '" + S.str() +
                "'; valid targets: " + llvm::join(C.Banks->targetNames(), ", ");
    return C.Message;
  }
  T.Name = S.str();
  return {};
}

inline StringRef readBlockDim(StringRef S, void *Ctx, BlockDim &B) {
  auto &C = *static_cast<ReadContext *>(Ctx);
  if (S.getAsInteger(10, B.Value) || B.Value == 0 || B.Value > 1024) {
    C.Message = "Block expects positive integers up to 1024, got '" + S.str() + "'";
    return C.Message;
  }
  return {};
}

inline StringRef readString(StringRef S, void *, std::string &Out) {
  Out = S.str();
  return {};
}

} // namespace lds::config

namespace llvm::yaml {

using namespace lds::config;

/// Scalars that are only read: output is never asked for.
template <typename T, StringRef (*Read)(StringRef, void *, T &)> struct ReadOnlyScalar {
  static void output(const T &, void *, raw_ostream &) {}
  static StringRef input(StringRef S, void *Ctx, T &V) { return Read(S, Ctx, V); }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<TargetName> : ReadOnlyScalar<TargetName, readTarget> {};
template <> struct ScalarTraits<BlockDim> : ReadOnlyScalar<BlockDim, readBlockDim> {};

template <> struct ScalarTraits<StrategyName> {
  static void output(const StrategyName &, void *, raw_ostream &) {}
  static StringRef input(StringRef S, void *Ctx, StrategyName &V) {
    V.Given = true;
    if (S == "auto")
      V.Value = lds::Strategy::Auto;
    else if (S == "pad")
      V.Value = lds::Strategy::Pad;
    else if (S == "swizzle")
      V.Value = lds::Strategy::Swizzle;
    else {
      auto &C = *static_cast<ReadContext *>(Ctx);
      C.Message = "Strategy expects auto, pad or swizzle, got '" + S.str() + "'";
      return C.Message;
    }
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

/// "a, b": each item read as a scalar of its own, the error on the whole.
template <typename Item> struct ScalarTraits<CommaList<Item>> {
  static void output(const CommaList<Item> &, void *, raw_ostream &) {}
  static StringRef input(StringRef S, void *Ctx, CommaList<Item> &L) {
    for (StringRef Part : commaItems(S)) {
      L.Items.emplace_back();
      StringRef Err = ScalarTraits<Item>::input(Part, Ctx, L.Items.back());
      if (!Err.empty())
        return Err;
    }
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<CommaList<std::string>> {
  static void output(const CommaList<std::string> &, void *, raw_ostream &) {}
  static StringRef input(StringRef S, void *, CommaList<std::string> &L) {
    for (StringRef Part : commaItems(S))
      L.Items.push_back(Part.str());
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct MappingTraits<NoMapping> {
  static void mapping(IO &, NoMapping &) {}
};

template <typename Item> struct PolymorphicTraits<ListValue<Item>> {
  static NodeKind getKind(const ListValue<Item> &L) {
    return L.IsComma ? NodeKind::Scalar : NodeKind::Sequence;
  }
  static CommaList<Item> &getAsScalar(ListValue<Item> &L) {
    L.IsComma = true;
    return L.Comma;
  }
  static std::vector<Item> &getAsSequence(ListValue<Item> &L) { return L.Seq; }
  static NoMapping &getAsMap(ListValue<Item> &L) { return L.Map; }
};

template <> struct MappingTraits<KernelSettings> {
  static void mapping(IO &IO, KernelSettings &S) { IO.mapOptional("Block", S.Block); }
};

template <> struct PolymorphicTraits<KernelEntry> {
  static NodeKind getKind(const KernelEntry &E) {
    return E.IsMapping ? NodeKind::Map : NodeKind::Sequence;
  }
  static CommaList<BlockDim> &getAsScalar(KernelEntry &E) {
    E.Direct.IsComma = true;
    return E.Direct.Comma;
  }
  static std::vector<BlockDim> &getAsSequence(KernelEntry &E) { return E.Direct.Seq; }
  static KernelSettings &getAsMap(KernelEntry &E) {
    E.IsMapping = true;
    return E.Settings;
  }
};

template <> struct MappingTraits<KernelMap> {
  static void mapping(IO &IO, KernelMap &M) {
    for (const std::string &Name : static_cast<ReadContext *>(IO.getContext())->KernelNames)
      IO.mapRequired(Name.c_str(), M.Entries[Name]);
  }
};

template <> struct MappingTraits<RawConfig> {
  static void mapping(IO &IO, RawConfig &C) {
    for (const std::string &Key : static_cast<ReadContext *>(IO.getContext())->TopKeys)
      if (Key == "Targets")
        IO.mapOptional("Targets", C.Targets);
      else if (Key == "Block")
        IO.mapOptional("Block", C.Block);
      else if (Key == "Kernels")
        IO.mapOptional("Kernels", C.Kernels);
      else if (Key == "Ignore")
        IO.mapOptional("Ignore", C.Ignore);
      else if (Key == "Strategy")
        IO.mapOptional("Strategy", C.Strat);
  }
};

} // namespace llvm::yaml

LLVM_YAML_IS_SEQUENCE_VECTOR(lds::config::TargetName)
LLVM_YAML_IS_SEQUENCE_VECTOR(lds::config::BlockDim)

namespace lds {

namespace {

std::array<unsigned, 3> blockOf(const config::ListValue<config::BlockDim> &L) {
  std::array<unsigned, 3> B = {1, 1, 1};
  for (size_t I = 0; I < L.items().size(); ++I)
    B[I] = L.items()[I].Value;
  return B;
}

void fromRaw(const config::RawConfig &R, ProjectConfig &C) {
  for (const config::TargetName &T : R.Targets.items())
    C.Targets.push_back(T.Name);
  if (!R.Block.items().empty()) // ShapeCheck refuses a Block of no numbers
    C.Block = blockOf(R.Block);
  for (const auto &[Name, E] : R.Kernels.Entries)
    C.KernelBlocks[Name] = blockOf(E.block());
  C.Ignore = R.Ignore.items();
  if (R.Strat.Given)
    C.Strat = R.Strat.Value;
}

llvm::Error configError(const std::string &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

/// Keeps the first diagnostic as "PATH:LINE:COL: message".
struct FirstDiag {
  std::string Path;
  std::optional<std::string> Err;

  static void handle(const llvm::SMDiagnostic &D, void *Self) {
    auto *F = static_cast<FirstDiag *>(Self);
    if (!F->Err && D.getKind() == llvm::SourceMgr::DK_Error)
      F->Err = F->Path + ":" + std::to_string(D.getLineNo()) + ":" +
               std::to_string(D.getColumnNo() + 1) + ": " + D.getMessage().str();
  }
};

/// Glob over a path: '*' and '?' do not cross '/', '**' does, [...] is a
/// character class ([!...] negated).
bool globPath(StringRef P, StringRef S) {
  while (!P.empty()) {
    if (P.starts_with("**")) {
      P = P.drop_front(2);
      // "**/" also matches no folder at all.
      if (P.starts_with("/") && globPath(P.drop_front(), S))
        return true;
      for (size_t I = 0; I <= S.size(); ++I)
        if (globPath(P, S.drop_front(I)))
          return true;
      return false;
    }
    char C = P.front();
    if (C == '*') {
      P = P.drop_front();
      for (size_t I = 0; I <= S.size(); ++I) {
        if (globPath(P, S.drop_front(I)))
          return true;
        if (I < S.size() && S[I] == '/')
          return false;
      }
      return false;
    }
    if (S.empty())
      return false;
    if (C == '?') {
      if (S.front() == '/')
        return false;
    } else if (C == '[' && P.find(']', 2) != StringRef::npos) {
      size_t Close = P.find(']', 2);
      StringRef Class = P.slice(1, Close);
      bool Negate = Class.consume_front("!") || Class.consume_front("^");
      bool In = false;
      for (size_t I = 0; I < Class.size(); ++I) {
        if (I + 2 < Class.size() && Class[I + 1] == '-') {
          In |= Class[I] <= S.front() && S.front() <= Class[I + 2];
          I += 2;
        } else {
          In |= Class[I] == S.front();
        }
      }
      if (In == Negate || S.front() == '/')
        return false;
      P = P.drop_front(Close + 1);
      S = S.drop_front();
      continue;
    } else if (C != S.front()) {
      return false;
    }
    P = P.drop_front();
    S = S.drop_front();
  }
  return S.empty();
}

} // namespace

bool ignorePatternMatches(StringRef Pattern, StringRef RelPath) {
  Pattern = Pattern.trim();
  while (Pattern.consume_front("./"))
    ;
  if (Pattern.empty() || Pattern.starts_with("#"))
    return false;
  bool DirOnly = Pattern.consume_back("/");
  bool Anchored = Pattern.consume_front("/") || Pattern.contains('/');
  llvm::SmallVector<StringRef, 8> Parts;
  RelPath.split(Parts, '/', -1, /*KeepEmpty=*/false);
  // Anchored: the path or one of its folders, from the top. Otherwise: any
  // one component (a folder, or the file's name unless DirOnly).
  for (size_t N = 1; N <= Parts.size(); ++N) {
    bool IsFile = N == Parts.size();
    if (DirOnly && IsFile)
      break;
    if (Anchored) {
      StringRef Prefix(Parts.front().data(), Parts[N - 1].end() - Parts.front().data());
      if (globPath(Pattern, Prefix))
        return true;
    } else if (globPath(Pattern, Parts[N - 1])) {
      return true;
    }
  }
  return false;
}

bool ProjectConfig::ignores(StringRef AbsFile) const {
  StringRef Rel = AbsFile;
  if (!Rel.consume_front(Dir) || !(Dir.empty() || Rel.consume_front("/")))
    return false;
  for (const std::string &P : Ignore)
    if (ignorePatternMatches(P, Rel))
      return true;
  return false;
}

llvm::Expected<ProjectConfig> parseProjectConfig(StringRef Path, StringRef Text,
                                                 const BankModel &Banks) {
  ProjectConfig C;
  C.Path = Path.str();
  C.Dir = llvm::sys::path::parent_path(Path).str();
  FirstDiag Diag{Path.str(), std::nullopt};
  llvm::SourceMgr SM;
  SM.setDiagHandler(FirstDiag::handle, &Diag);
  // Syntax first, so that a missing bracket is reported as such rather
  // than as the odd value it makes; then the shape, in the file's words.
  yaml::Stream S(llvm::MemoryBufferRef(Text, Path), SM, /*ShowColors=*/false);
  S.validate();
  if (Diag.Err)
    return configError(*Diag.Err);
  yaml::Stream Shape(llvm::MemoryBufferRef(Text, Path), SM, /*ShowColors=*/false);
  auto Doc = Shape.begin();
  if (Doc == Shape.end())
    return C;
  bool Empty = false;
  ShapeCheck Check(Path, SM);
  std::optional<std::string> ShapeErr = Check.check(*Doc, Empty);
  if (Empty)
    return C;
  // The values before a shape error are read all the same: an error among
  // them comes first in the file. The entries from the bad one on are not
  // read (AllowUnknownKeys: skipped, with a warning that is dropped).
  config::ReadContext Ctx{&Banks, Check.TopKeys, Check.KernelNames, ""};
  config::RawConfig Raw;
  yaml::Input In(Text, &Ctx, FirstDiag::handle, &Diag);
  In.setAllowUnknownKeys(ShapeErr.has_value());
  In >> Raw;
  // After a shape error only a value's error is earlier in the file; the
  // parser's own complaints about that shape (a duplicate key, "Map key
  // must be a scalar") are ShapeCheck's in its words.
  if (ShapeErr && (!Diag.Err || Ctx.Message.empty()))
    return configError(*ShapeErr);
  if (Diag.Err)
    return configError(*Diag.Err);
  if (In.error())
    return configError(Path.str() + ": " + In.error().message());
  fromRaw(Raw, C);
  return C;
}

llvm::Expected<const ProjectConfig *> ProjectConfigs::forFile(StringRef AbsFile) {
  std::vector<std::string> Visited;
  std::shared_ptr<const ProjectConfig> Found;
  for (StringRef Dir = llvm::sys::path::parent_path(AbsFile); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    auto It = ByDir.find(Dir.str());
    if (It != ByDir.end()) {
      Found = It->second;
      break;
    }
    Visited.push_back(Dir.str());
    llvm::SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, ProjectConfigName);
    if (llvm::sys::fs::is_regular_file(Candidate)) {
      auto Buf = llvm::MemoryBuffer::getFile(Candidate);
      if (!Buf)
        return llvm::createStringError(Buf.getError(), "%s: %s", Candidate.c_str(),
                                       Buf.getError().message().c_str());
      auto C = parseProjectConfig(Candidate, (*Buf)->getBuffer(), Banks);
      if (!C)
        return C.takeError();
      Found = std::make_shared<const ProjectConfig>(std::move(*C));
      break;
    }
  }
  for (const std::string &D : Visited)
    ByDir[D] = Found;
  return Found.get();
}

} // namespace lds
