//===- AttTrace.cpp - Read rocprofv3 thread-trace (ATT) output ------------===//

#include "readers/AttTrace.h"
#include "readers/NcuSource.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using llvm::StringRef;

namespace lds {
namespace att {

namespace {

llvm::Error fail(StringRef File, const std::string &Why) {
  return llvm::createStringError(File.str() + ": " + Why);
}

bool position(StringRef T, SourcePos &P) {
  auto [File, Line] = T.trim().rsplit(':');
  if (File.empty() || File == T.trim())
    return false;
  P.File = File.str();
  P.Line = 0;
  return Line == "?" || !Line.getAsInteger(10, P.Line);
}

std::optional<uint64_t> count(const llvm::json::Value &V) {
  if (auto I = V.getAsInteger(); I && *I >= 0)
    return uint64_t(*I);
  if (auto D = V.getAsNumber(); D && *D >= 0 && *D == double(uint64_t(*D)))
    return uint64_t(*D);
  return std::nullopt;
}

llvm::Expected<std::string> readFile(StringRef Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return fail(Path, Buf.getError().message());
  return (*Buf)->getBuffer().str();
}

} // namespace

std::vector<SourcePos> parseSource(StringRef S) {
  std::vector<SourcePos> Out;
  S = S.trim();
  if (S.empty())
    return Out;
  llvm::SmallVector<StringRef, 4> Parts;
  if (S.contains(" -> "))
    S.split(Parts, " -> ");
  else
    S.split(Parts, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts) {
    SourcePos Pos;
    if (position(P, Pos))
      Out.push_back(Pos);
  }
  return Out;
}

llvm::Expected<CodeFile> parseCode(StringRef Json, StringRef FileName) {
  auto V = llvm::json::parse(Json);
  if (!V)
    return fail(FileName, "not JSON: " + llvm::toString(V.takeError()));
  const llvm::json::Object *O = V->getAsObject();
  const llvm::json::Array *Code = O ? O->getArray("code") : nullptr;
  if (!Code)
    return fail(FileName, "no \"code\" array: not a thread-trace code.json");
  CodeFile Out;
  if (auto Ver = O->getString("version"))
    Out.Version = Ver->str();
  if (const llvm::json::Value *H = O->get("header")) {
    if (auto S = H->getAsString()) {
      llvm::SmallVector<StringRef, 16> Names;
      S->split(Names, ',');
      for (StringRef N : Names)
        Out.Header.push_back(N.trim().str());
    } else if (const llvm::json::Array *L = H->getAsArray()) {
      for (const llvm::json::Value &N : *L)
        Out.Header.push_back(N.getAsString().value_or("").str());
    }
  }
  static const char *Columns[] = {"ISA", "_", "LineNumber", "Source", "Codeobj",
                                  "Vaddr", "Hit", "Latency", "Stall", "Idle"};
  for (size_t I = 0; I < Code->size(); ++I) {
    std::string At = "row " + std::to_string(I);
    const llvm::json::Array *Row = (*Code)[I].getAsArray();
    if (!Row)
      return fail(FileName, At + ": not a list");
    if (Row->size() < 10)
      return fail(FileName, At + ": " + std::to_string(Row->size()) +
                                " columns, at least 10 expected");
    auto Isa = (*Row)[0].getAsString();
    auto Source = (*Row)[3].getAsString();
    if (!Isa)
      return fail(FileName, At + ": column 0 (ISA) is not a string");
    if (!Source)
      return fail(FileName, At + ": column 3 (Source) is not a string");
    uint64_t N[10] = {};
    for (size_t C : {1, 2, 4, 5, 6, 7, 8, 9}) {
      auto X = count((*Row)[C]);
      if (!X)
        return fail(FileName, At + ": column " + std::to_string(C) + " (" + Columns[C] +
                                  ") is not a count");
      N[C] = *X;
    }
    if (Isa->starts_with(";")) {
      KernelCode K;
      K.Symbol = Isa->drop_front(1).trim().str();
      K.Name = Source->str();
      Out.Kernels.push_back(std::move(K));
      continue;
    }
    if (Out.Kernels.empty())
      Out.Kernels.emplace_back();
    CodeRow R;
    R.Isa = Isa->str();
    R.Index = unsigned(N[2]);
    R.SourceText = Source->str();
    R.Chain = parseSource(*Source);
    R.CodeObj = N[4];
    R.Vaddr = N[5];
    R.Hit = N[6];
    R.Latency = N[7];
    R.Stall = N[8];
    R.Idle = N[9];
    Out.Kernels.back().Rows.push_back(std::move(R));
  }
  return std::move(Out);
}

llvm::Expected<WaveFile> parseWave(StringRef Json, StringRef FileName) {
  auto V = llvm::json::parse(Json);
  if (!V)
    return fail(FileName, "not JSON: " + llvm::toString(V.takeError()));
  const llvm::json::Object *O = V->getAsObject();
  const llvm::json::Object *W = O ? O->getObject("wave") : nullptr;
  if (!W)
    return fail(FileName, "no \"wave\" object: not a thread-trace wave file");
  WaveFile Out;
  if (const llvm::json::Array *I = W->getArray("instructions"))
    Out.Instructions = I->size();
  if (const llvm::json::Array *Waits = W->getArray("waitcnt"))
    for (size_t I = 0; I < Waits->size(); ++I) {
      const llvm::json::Array *E = (*Waits)[I].getAsArray();
      const llvm::json::Array *Deps = E && E->size() >= 2 ? (*E)[1].getAsArray() : nullptr;
      auto Row = E && !E->empty() ? count((*E)[0]) : std::nullopt;
      if (!Deps || !Row)
        return fail(FileName, "waitcnt entry " + std::to_string(I) +
                                  ": not [row, [[row, n], ...]]");
      std::vector<unsigned> &To = Out.WaitDeps[unsigned(*Row)];
      for (const llvm::json::Value &D : *Deps) {
        const llvm::json::Array *P = D.getAsArray();
        auto Mem = P && !P->empty() ? count((*P)[0]) : std::nullopt;
        if (!Mem)
          return fail(FileName, "waitcnt entry " + std::to_string(I) + ": a dependency is not "
                                                                      "[row, n]");
        To.push_back(unsigned(*Mem));
      }
    }
  return std::move(Out);
}

llvm::Expected<CodeFile> parseStatsCsv(StringRef Text, StringRef FileName) {
  CodeFile Out;
  Out.Kernels.emplace_back();
  Out.Kernels.back().Name = llvm::sys::path::stem(FileName).str();
  std::vector<std::string> Fields;
  std::map<std::string, size_t> Col;
  unsigned LineNo = 0;
  while (!Text.empty()) {
    auto [Raw, Rest] = Text.split('\n');
    Text = Rest;
    ++LineNo;
    if (Raw.trim().empty())
      continue;
    std::string Why, At = std::to_string(LineNo);
    if (!ncu::splitCsvRecord(Raw, Fields, Why))
      return fail(FileName.str() + ":" + At, Why);
    if (Col.empty()) {
      for (size_t I = 0; I < Fields.size(); ++I)
        Col[Fields[I]] = I;
      for (const char *N : {"Instruction", "Hitcount", "Latency", "Stall", "Source"})
        if (!Col.count(N))
          return fail(FileName.str() + ":" + At, std::string("no column \"") + N + "\"");
      Out.Header = Fields;
      continue;
    }
    if (Fields.size() != Out.Header.size())
      return fail(FileName.str() + ":" + At, std::to_string(Fields.size()) +
                                                 " fields, the header has " +
                                                 std::to_string(Out.Header.size()));
    CodeRow R;
    R.Index = LineNo - 2;
    R.Isa = Fields[Col["Instruction"]];
    R.SourceText = Fields[Col["Source"]];
    R.Chain = parseSource(R.SourceText);
    auto Num = [&](const char *N, uint64_t &To) {
      auto It = Col.find(N);
      return It == Col.end() || !StringRef(Fields[It->second]).trim().getAsInteger(0, To);
    };
    if (!Num("CodeObj", R.CodeObj) || !Num("Vaddr", R.Vaddr) || !Num("Hitcount", R.Hit) ||
        !Num("Latency", R.Latency) || !Num("Stall", R.Stall) || !Num("Idle", R.Idle))
      return fail(FileName.str() + ":" + At, "a count is not a number");
    Out.Kernels.back().Rows.push_back(std::move(R));
  }
  std::stable_sort(Out.Kernels.back().Rows.begin(), Out.Kernels.back().Rows.end(),
                   [](const CodeRow &A, const CodeRow &B) {
                     return std::tie(A.CodeObj, A.Vaddr) < std::tie(B.CodeObj, B.Vaddr);
                   });
  return std::move(Out);
}

namespace {

llvm::Expected<Dispatch> readDispatch(StringRef Dir) {
  Dispatch D;
  D.Dir = Dir.str();
  llvm::SmallString<256> Code(Dir);
  llvm::sys::path::append(Code, "code.json");
  auto Text = readFile(Code);
  if (!Text)
    return Text.takeError();
  auto C = parseCode(*Text, Code);
  if (!C)
    return C.takeError();
  D.Code = std::move(*C);
  std::error_code EC;
  std::vector<std::string> Waves;
  for (llvm::sys::fs::directory_iterator It(Dir, EC), End; It != End && !EC; It.increment(EC)) {
    StringRef Name = llvm::sys::path::filename(It->path());
    if (Name.starts_with("se") && Name.contains("_wv") && Name.ends_with(".json"))
      Waves.push_back(It->path());
  }
  std::sort(Waves.begin(), Waves.end());
  for (const std::string &W : Waves) {
    auto T = readFile(W);
    if (!T)
      return T.takeError();
    auto F = parseWave(*T, W);
    if (!F)
      return F.takeError();
    D.Waves.push_back(std::move(*F));
  }
  return std::move(D);
}

} // namespace

llvm::Expected<std::vector<Dispatch>> readAtt(StringRef Path) {
  std::vector<Dispatch> Out;
  if (!llvm::sys::fs::is_directory(Path)) {
    auto T = readFile(Path);
    if (!T)
      return T.takeError();
    auto C = parseStatsCsv(*T, Path);
    if (!C)
      return C.takeError();
    Out.push_back({Path.str(), std::move(*C), {}});
    return std::move(Out);
  }
  llvm::SmallString<256> Code(Path);
  llvm::sys::path::append(Code, "code.json");
  if (llvm::sys::fs::exists(Code)) {
    auto D = readDispatch(Path);
    if (!D)
      return D.takeError();
    Out.push_back(std::move(*D));
    return std::move(Out);
  }
  std::vector<std::string> Dirs;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Path, EC), End; It != End && !EC; It.increment(EC)) {
    llvm::SmallString<256> C(It->path());
    llvm::sys::path::append(C, "code.json");
    if (llvm::sys::fs::exists(C))
      Dirs.push_back(It->path());
  }
  std::sort(Dirs.begin(), Dirs.end());
  if (Dirs.empty())
    return fail(Path, "no code.json here or in a folder below: not a rocprofv3 thread-trace "
                      "output (ui_output_agent_*_dispatch_*/)");
  for (const std::string &Dir : Dirs) {
    auto D = readDispatch(Dir);
    if (!D)
      return D.takeError();
    Out.push_back(std::move(*D));
  }
  return std::move(Out);
}

} // namespace att
} // namespace lds
