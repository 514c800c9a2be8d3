//===- ProjectConfig.cpp - .lds-rewrite.yaml, the project's defaults ------===//

#include "pipeline/ProjectConfig.h"

#include "pipeline/ConfigShape.h"
#include "pipeline/ConfigTraits.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

using llvm::StringRef;
namespace yaml = llvm::yaml;

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
  if (!R.Block.items().empty()) // the shape check refuses a Block of no numbers
    C.Block = blockOf(R.Block);
  for (const auto &[Name, E] : R.Kernels.Entries)
    C.KernelBlocks[Name] = blockOf(E.block());
  C.Ignore = R.Ignore.items();
  if (R.Strat.Given)
    C.Strat = R.Strat.Value;
  C.Checks = R.Checks;
  const config::TraceSettings &T = R.Trace;
  for (const auto &[Key, N] :
       {std::pair<const char *, const config::TraceNumber *>{"LdsStall", &T.LdsStall},
        {"WriteWait", &T.WriteWait},
        {"WriteWaitDistance", &T.WriteWaitDistance},
        {"ReductionBarriers", &T.ReductionBarriers},
        {"LdsShare", &T.LdsShare}})
    if (N->Given)
      C.Trace[Key] = N->Value;
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

/// The values of Text into C, read by the traits in the shape's key order.
llvm::Error readValues(StringRef Text, const ConfigShape &Shape, const BankModel &Banks,
                       FirstDiag &Diag, ProjectConfig &C) {
  // The values before a shape error are read all the same: an error among
  // them comes first in the file. The entries from the bad one on are not
  // read (AllowUnknownKeys: skipped, with a warning that is dropped).
  config::ReadContext Ctx{&Banks, Shape.TopKeys, Shape.KernelNames, ""};
  config::RawConfig Raw;
  yaml::Input In(Text, &Ctx, FirstDiag::handle, &Diag);
  In.setAllowUnknownKeys(Shape.Error.has_value());
  In >> Raw;
  // After a shape error only a value's error is earlier in the file; the
  // parser's own complaints about that shape (a duplicate key, "Map key
  // must be a scalar") are the shape check's, in its words.
  if (Shape.Error && (!Diag.Err || Ctx.Message.empty()))
    return configError(*Shape.Error);
  if (Diag.Err)
    return configError(*Diag.Err);
  if (In.error())
    return configError(C.Path + ": " + In.error().message());
  fromRaw(Raw, C);
  return llvm::Error::success();
}

} // namespace

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
  yaml::Stream Doc(llvm::MemoryBufferRef(Text, Path), SM, /*ShowColors=*/false);
  auto First = Doc.begin(); // a stream is iterated once
  if (First == Doc.end())
    return C;
  ConfigShape Shape = checkConfigShape(Path, SM, *First);
  if (Shape.Empty)
    return C;
  if (llvm::Error E = readValues(Text, Shape, Banks, Diag, C))
    return E;
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
