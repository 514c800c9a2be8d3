//===- ConfigShape.cpp - The structure of .lds-rewrite.yaml, checked ------===//

#include "pipeline/ConfigShape.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"

#include <set>

using llvm::StringRef;
namespace yaml = llvm::yaml;

namespace lds {

namespace {

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
      error(Root, "expected a mapping of Targets, Block, Kernels, Ignore, Strategy, Checks, Trace");
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

  /// Trace: {LdsStall: 100, ...}: the thresholds of `lds-rewrite trace`.
  void trace(yaml::KeyValueNode &KV) {
    auto *M = llvm::dyn_cast_or_null<yaml::MappingNode>(KV.getValue());
    if (!M)
      return error(KV.getValue() ? KV.getValue() : KV.getKey(),
                   "Trace expects a mapping: {LdsStall: 100, WriteWait: 2000, ...}");
    eachKey(*M, "a key", [&](const std::string &Key, yaml::KeyValueNode &T) {
      if (Key == "LdsStall" || Key == "WriteWait" || Key == "WriteWaitDistance" ||
          Key == "ReductionBarriers" || Key == "LdsShare")
        scalar(T.getValue(), "a number");
      else
        error(T.getKey(), "unknown key '" + Key +
                              "' for Trace; known keys: LdsStall, WriteWait, WriteWaitDistance, "
                              "ReductionBarriers, LdsShare");
    });
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
      else if (Key == "Checks")
        scalar(V, "a list of checks, as clang-tidy's: '-*,lds-bank-conflict'");
      else if (Key == "Trace")
        trace(KV);
      else
        error(KV.getKey(), "unknown key '" + Key +
                               "'; known keys: Targets, Block, Kernels, Ignore, Strategy, "
                               "Checks, Trace");
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

ConfigShape checkConfigShape(StringRef Path, llvm::SourceMgr &SM, yaml::Document &Doc) {
  ShapeCheck Check(Path, SM);
  ConfigShape Out;
  Out.Error = Check.check(Doc, Out.Empty);
  Out.TopKeys = Check.TopKeys;
  Out.KernelNames = Check.KernelNames;
  return Out;
}

} // namespace lds
