//===- ProjectConfig.cpp - .lds-rewrite.yaml, the project's defaults ------===//

#include "pipeline/ProjectConfig.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <set>

using llvm::StringRef;
namespace yaml = llvm::yaml;

namespace lds {

namespace {

class Parser {
public:
  Parser(StringRef Path, const BankModel &Banks) : Path(Path.str()), Banks(Banks) {
    SM.setDiagHandler(
        [](const llvm::SMDiagnostic &D, void *Self) {
          auto *P = static_cast<Parser *>(Self);
          if (!P->Err)
            P->Err = P->Path + ":" + std::to_string(D.getLineNo()) + ":" +
                     std::to_string(D.getColumnNo() + 1) + ": " + D.getMessage().str();
        },
        this);
  }

  llvm::Expected<ProjectConfig> parse(StringRef Text) {
    ProjectConfig C;
    C.Path = Path;
    C.Dir = llvm::sys::path::parent_path(Path).str();
    // Syntax first, so that a missing bracket is reported as such rather
    // than as the odd value it makes.
    {
      yaml::Stream Syntax(llvm::MemoryBufferRef(Text, Path), SM, /*ShowColors=*/false);
      Syntax.validate();
    }
    if (Err)
      return llvm::createStringError(llvm::inconvertibleErrorCode(), *Err);
    yaml::Stream S(llvm::MemoryBufferRef(Text, Path), SM, /*ShowColors=*/false);
    auto Doc = S.begin();
    if (Doc != S.end() && !Err) {
      yaml::Node *Root = Doc->getRoot();
      if (Root && !llvm::isa<yaml::NullNode>(Root)) {
        if (auto *M = llvm::dyn_cast<yaml::MappingNode>(Root))
          top(*M, C);
        else
          error(Root, "expected a mapping of Targets, Block, Kernels, Ignore, "
                      "Strategy");
      }
      if (!Err)
        Doc->skip();
    }
    if (Err)
      return llvm::createStringError(llvm::inconvertibleErrorCode(), *Err);
    return C;
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

  /// A sequence of scalars, or one scalar "a, b".
  std::optional<std::vector<std::pair<std::string, yaml::Node *>>> list(yaml::Node *N,
                                                                        StringRef What) {
    std::vector<std::pair<std::string, yaml::Node *>> Out;
    if (auto *Seq = llvm::dyn_cast_or_null<yaml::SequenceNode>(N)) {
      for (yaml::Node &Item : *Seq) {
        auto V = scalar(&Item, What);
        if (!V)
          return std::nullopt;
        Out.push_back({*V, &Item});
      }
      return Out;
    }
    if (auto *S = llvm::dyn_cast_or_null<yaml::ScalarNode>(N)) {
      llvm::SmallString<32> Storage;
      llvm::SmallVector<StringRef, 4> Parts;
      S->getValue(Storage).split(Parts, ',', -1, /*KeepEmpty=*/false);
      for (StringRef P : Parts)
        Out.push_back({P.trim().str(), N});
      return Out;
    }
    error(N, "expected a list of " + What);
    return std::nullopt;
  }

  std::optional<std::array<unsigned, 3>> block(yaml::Node *N) {
    auto Items = list(N, "block dimensions");
    if (!Items)
      return std::nullopt;
    if (Items->empty() || Items->size() > 3) {
      error(N, "Block expects 1 to 3 positive integers, as [X, Y, Z]");
      return std::nullopt;
    }
    std::array<unsigned, 3> B = {1, 1, 1};
    for (size_t I = 0; I < Items->size(); ++I) {
      auto &[Text, Node] = (*Items)[I];
      if (StringRef(Text).getAsInteger(10, B[I]) || B[I] == 0 || B[I] > 1024) {
        error(Node, "Block expects positive integers up to 1024, got '" + Text + "'");
        return std::nullopt;
      }
    }
    return B;
  }

  void top(yaml::MappingNode &M, ProjectConfig &C) {
    std::set<std::string> Seen;
    for (yaml::KeyValueNode &KV : M) {
      if (Err)
        return;
      auto Key = scalar(KV.getKey(), "a key");
      if (!Key)
        return;
      yaml::Node *V = KV.getValue();
      if (!Seen.insert(*Key).second) {
        error(KV.getKey(), "duplicate key '" + *Key + "'");
        return;
      }
      if (*Key == "Targets") {
        auto Items = list(V, "target names");
        if (!Items)
          return;
        for (auto &[T, Node] : *Items) {
          if (!Banks.find(T)) {
            error(Node, "unknown target '" + T +
                            "'; valid targets: " + llvm::join(Banks.targetNames(), ", "));
            return;
          }
          C.Targets.push_back(T);
        }
      } else if (*Key == "Block") {
        C.Block = block(V);
      } else if (*Key == "Kernels") {
        auto *Kernels = llvm::dyn_cast_or_null<yaml::MappingNode>(V);
        if (!Kernels) {
          error(V ? V : KV.getKey(), "Kernels expects a mapping: kernel name: {Block: [X, Y, Z]}");
          return;
        }
        for (yaml::KeyValueNode &K : *Kernels) {
          auto Name = scalar(K.getKey(), "a kernel name");
          if (!Name)
            return;
          yaml::Node *KV2 = K.getValue();
          std::optional<std::array<unsigned, 3>> B;
          if (auto *Settings = llvm::dyn_cast_or_null<yaml::MappingNode>(KV2)) {
            for (yaml::KeyValueNode &S : *Settings) {
              auto SKey = scalar(S.getKey(), "a key");
              if (!SKey)
                return;
              if (*SKey != "Block") {
                error(S.getKey(), "unknown key '" + *SKey + "' for kernel '" + *Name +
                                      "'; the known key is Block");
                return;
              }
              B = block(S.getValue());
            }
          } else {
            B = block(KV2); // transpose: [32, 8]
          }
          if (!B) {
            error(K.getKey(), "kernel '" + *Name + "' needs a Block");
            return;
          }
          C.KernelBlocks[*Name] = *B;
        }
      } else if (*Key == "Ignore") {
        auto Items = list(V, "file patterns");
        if (!Items)
          return;
        for (auto &Item : *Items)
          C.Ignore.push_back(Item.first);
      } else if (*Key == "Strategy") {
        auto S = scalar(V, "auto, pad or swizzle");
        if (!S)
          return;
        if (*S == "auto")
          C.Strat = Strategy::Auto;
        else if (*S == "pad")
          C.Strat = Strategy::Pad;
        else if (*S == "swizzle")
          C.Strat = Strategy::Swizzle;
        else {
          error(V, "Strategy expects auto, pad or swizzle, got '" + *S + "'");
          return;
        }
      } else {
        error(KV.getKey(),
              "unknown key '" + *Key + "'; known keys: Targets, Block, Kernels, Ignore, Strategy");
        return;
      }
    }
  }

  std::string Path;
  const BankModel &Banks;
  llvm::SourceMgr SM;
  std::optional<std::string> Err;
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
  return Parser(Path, Banks).parse(Text);
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
