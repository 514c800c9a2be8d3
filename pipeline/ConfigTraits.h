//===- ConfigTraits.h - .lds-rewrite.yaml's values, as YAML traits --------===//
//
// yaml::Input reads the file into a RawConfig: lists as a sequence or one
// scalar "a, b", targets checked against the bank model, block numbers up
// to 1024, the strategy by name; each error at the offending scalar. The
// shape was checked first (ConfigShape.h), and its key order decides the
// order the keys are read in.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_PIPELINE_CONFIGTRAITS_H
#define LDS_PIPELINE_CONFIGTRAITS_H

#include "planner/FixPlanner.h"
#include "targets/BankModel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/YAMLTraits.h"

#include <map>
#include <string>
#include <vector>

namespace lds::config {

using llvm::StringRef;

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
struct NoMapping {}; ///< a list given as a mapping; the shape check refuses it

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

/// A threshold of Trace: a non-negative number; Given: it was in the file.
struct TraceNumber {
  double Value = 0;
  bool Given = false;
};
struct TraceSettings {
  TraceNumber LdsStall, WriteWait, WriteWaitDistance, ReductionBarriers, LdsShare;
};

/// Plain fields, not std::optional: mapOptional would take an optional
/// "<none>" for "not given", which the file never meant.
struct RawConfig {
  ListValue<TargetName> Targets;
  ListValue<BlockDim> Block;
  KernelMap Kernels;
  ListValue<std::string> Ignore;
  StrategyName Strat;
  std::string Checks;
  TraceSettings Trace;
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

inline StringRef readTraceNumber(StringRef S, void *Ctx, TraceNumber &N) {
  auto &C = *static_cast<ReadContext *>(Ctx);
  if (S.getAsDouble(N.Value) || N.Value < 0) {
    C.Message = "Trace thresholds are non-negative numbers, got '" + S.str() + "'";
    return C.Message;
  }
  N.Given = true;
  return {};
}

inline StringRef readString(StringRef S, void *, std::string &Out) {
  Out = S.str();
  return {};
}

} // namespace lds::config

namespace llvm::yaml {

/// Scalars that are only read: output is never asked for.
template <typename T, StringRef (*Read)(StringRef, void *, T &)> struct ReadOnlyScalar {
  static void output(const T &, void *, raw_ostream &) {}
  static StringRef input(StringRef S, void *Ctx, T &V) { return Read(S, Ctx, V); }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <>
struct ScalarTraits<lds::config::TargetName>
    : ReadOnlyScalar<lds::config::TargetName, lds::config::readTarget> {};
template <>
struct ScalarTraits<lds::config::BlockDim>
    : ReadOnlyScalar<lds::config::BlockDim, lds::config::readBlockDim> {};
template <>
struct ScalarTraits<lds::config::TraceNumber>
    : ReadOnlyScalar<lds::config::TraceNumber, lds::config::readTraceNumber> {};

template <> struct MappingTraits<lds::config::TraceSettings> {
  static void mapping(IO &IO, lds::config::TraceSettings &T) {
    IO.mapOptional("LdsStall", T.LdsStall);
    IO.mapOptional("WriteWait", T.WriteWait);
    IO.mapOptional("WriteWaitDistance", T.WriteWaitDistance);
    IO.mapOptional("ReductionBarriers", T.ReductionBarriers);
    IO.mapOptional("LdsShare", T.LdsShare);
  }
};

template <> struct ScalarTraits<lds::config::StrategyName> {
  static void output(const lds::config::StrategyName &, void *, raw_ostream &) {}
  static StringRef input(StringRef S, void *Ctx, lds::config::StrategyName &V) {
    V.Given = true;
    if (S == "auto")
      V.Value = lds::Strategy::Auto;
    else if (S == "pad")
      V.Value = lds::Strategy::Pad;
    else if (S == "swizzle")
      V.Value = lds::Strategy::Swizzle;
    else {
      auto &C = *static_cast<lds::config::ReadContext *>(Ctx);
      C.Message = "Strategy expects auto, pad or swizzle, got '" + S.str() + "'";
      return C.Message;
    }
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

/// "a, b": each item read as a scalar of its own, the error on the whole.
template <typename Item> struct ScalarTraits<lds::config::CommaList<Item>> {
  static void output(const lds::config::CommaList<Item> &, void *, raw_ostream &) {}
  static StringRef input(StringRef S, void *Ctx, lds::config::CommaList<Item> &L) {
    for (StringRef Part : lds::config::commaItems(S)) {
      L.Items.emplace_back();
      StringRef Err = ScalarTraits<Item>::input(Part, Ctx, L.Items.back());
      if (!Err.empty())
        return Err;
    }
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct ScalarTraits<lds::config::CommaList<std::string>> {
  static void output(const lds::config::CommaList<std::string> &, void *, raw_ostream &) {}
  static StringRef input(StringRef S, void *, lds::config::CommaList<std::string> &L) {
    for (StringRef Part : lds::config::commaItems(S))
      L.Items.push_back(Part.str());
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct MappingTraits<lds::config::NoMapping> {
  static void mapping(IO &, lds::config::NoMapping &) {}
};

template <typename Item> struct PolymorphicTraits<lds::config::ListValue<Item>> {
  static NodeKind getKind(const lds::config::ListValue<Item> &L) {
    return L.IsComma ? NodeKind::Scalar : NodeKind::Sequence;
  }
  static lds::config::CommaList<Item> &getAsScalar(lds::config::ListValue<Item> &L) {
    L.IsComma = true;
    return L.Comma;
  }
  static std::vector<Item> &getAsSequence(lds::config::ListValue<Item> &L) { return L.Seq; }
  static lds::config::NoMapping &getAsMap(lds::config::ListValue<Item> &L) { return L.Map; }
};

template <> struct MappingTraits<lds::config::KernelSettings> {
  static void mapping(IO &IO, lds::config::KernelSettings &S) { IO.mapOptional("Block", S.Block); }
};

template <> struct PolymorphicTraits<lds::config::KernelEntry> {
  static NodeKind getKind(const lds::config::KernelEntry &E) {
    return E.IsMapping ? NodeKind::Map : NodeKind::Sequence;
  }
  static lds::config::CommaList<lds::config::BlockDim> &getAsScalar(lds::config::KernelEntry &E) {
    E.Direct.IsComma = true;
    return E.Direct.Comma;
  }
  static std::vector<lds::config::BlockDim> &getAsSequence(lds::config::KernelEntry &E) {
    return E.Direct.Seq;
  }
  static lds::config::KernelSettings &getAsMap(lds::config::KernelEntry &E) {
    E.IsMapping = true;
    return E.Settings;
  }
};

template <> struct MappingTraits<lds::config::KernelMap> {
  static void mapping(IO &IO, lds::config::KernelMap &M) {
    for (const std::string &Name :
         static_cast<lds::config::ReadContext *>(IO.getContext())->KernelNames)
      IO.mapRequired(Name.c_str(), M.Entries[Name]);
  }
};

template <> struct MappingTraits<lds::config::RawConfig> {
  static void mapping(IO &IO, lds::config::RawConfig &C) {
    for (const std::string &Key : static_cast<lds::config::ReadContext *>(IO.getContext())->TopKeys)
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
      else if (Key == "Checks")
        IO.mapOptional("Checks", C.Checks);
      else if (Key == "Trace")
        IO.mapOptional("Trace", C.Trace);
  }
};

} // namespace llvm::yaml

LLVM_YAML_IS_SEQUENCE_VECTOR(lds::config::TargetName)
LLVM_YAML_IS_SEQUENCE_VECTOR(lds::config::BlockDim)

#endif
