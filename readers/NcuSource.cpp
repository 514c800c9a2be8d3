//===- NcuSource.cpp - Read Nsight Compute's source page as CSV ------------===//

#include "readers/NcuSource.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using llvm::StringRef;

namespace lds {
namespace ncu {

bool splitCsvRecord(StringRef Line, std::vector<std::string> &Fields, std::string &Why) {
  Fields.clear();
  Line = Line.rtrim("\r\n");
  std::string Cur;
  bool Quoted = false, WasQuoted = false;
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I];
    if (Quoted) {
      if (C == '"' && I + 1 < Line.size() && Line[I + 1] == '"') {
        Cur += '"';
        ++I;
      } else if (C == '"') {
        Quoted = false;
      } else {
        Cur += C;
      }
    } else if (C == '"' && Cur.empty() && !WasQuoted) {
      Quoted = WasQuoted = true;
    } else if (C == ',') {
      Fields.push_back(std::move(Cur));
      Cur.clear();
      WasQuoted = false;
    } else {
      Cur += C;
    }
  }
  if (Quoted) {
    Why = "a quote is not closed";
    return false;
  }
  Fields.push_back(std::move(Cur));
  return true;
}

bool splitNcuRecord(StringRef Line, size_t HeaderSize, size_t FreeCol,
                    std::vector<std::string> &Fields, std::string &Why) {
  Line = Line.rtrim("\r\n");
  bool Ok = splitCsvRecord(Line, Fields, Why);
  if (Ok && Fields.size() == HeaderSize)
    return true;
  // ncu writes every field between quotes and does not double a quote
  // inside one: a CUDA line `asm("..." : "=r"(r0))` or `printf("a,b")`
  // breaks the CSV. Every other field is a number, "-" or a name without
  // quotes, so split at the `","` between fields and give what is left over
  // back to the one free-text column.
  if (FreeCol == SIZE_MAX || FreeCol >= HeaderSize || Line.size() < 2 ||
      !Line.starts_with("\"") || !Line.ends_with("\""))
    return Ok;
  llvm::SmallVector<StringRef, 0> Parts;
  Line.drop_front().drop_back().split(Parts, "\",\"");
  if (Parts.size() < HeaderSize)
    return Ok;
  size_t Extra = Parts.size() - HeaderSize;
  Fields.clear();
  for (size_t I = 0; I < Parts.size(); ++I) {
    if (I == FreeCol) {
      std::string Free = Parts[I].str();
      for (size_t J = 1; J <= Extra; ++J)
        Free += "\",\"" + Parts[I + J].str();
      Fields.push_back(std::move(Free));
      I += Extra;
    } else {
      Fields.push_back(Parts[I].str());
    }
  }
  Why.clear();
  return true;
}

std::string SassRow::text(StringRef Column) const {
  auto It = Metrics.find(Column.str());
  return It == Metrics.end() ? "" : It->second;
}

std::optional<double> SassRow::metric(StringRef Column) const {
  std::string T = text(Column);
  T.erase(std::remove(T.begin(), T.end(), ','), T.end()); // 1,024 if ncu groups digits
  StringRef S = StringRef(T).trim();
  if (S.empty() || S == "-")
    return std::nullopt;
  double V = 0;
  if (S.getAsDouble(V))
    return std::nullopt;
  return V;
}

namespace {

uint64_t addressOf(StringRef A) {
  uint64_t V = 0;
  if (A.consume_front("0x") && !A.getAsInteger(16, V))
    return V;
  return UINT64_MAX;
}

} // namespace

llvm::Expected<Report> parseSourceCsv(StringRef Text, StringRef FileName) {
  Report R;
  std::vector<std::string> Header, Fields;
  Kernel *Cur = nullptr;
  std::string PendingFile, BlockFile;
  unsigned LineNo = 0;
  auto Fail = [&](const std::string &Why) {
    return llvm::createStringError(FileName.str() + ":" + std::to_string(LineNo) + ": " + Why);
  };
  size_t LineCol = 0, AddrCol = 0, SassCol = 0, SrcCol = 0;
  unsigned CurLine = 0;
  bool Any = false;
  while (!Text.empty()) {
    auto [Raw, Rest] = Text.split('\n');
    Text = Rest;
    ++LineNo;
    if (Raw.trim().empty())
      continue;
    std::string Why;
    bool Split = Header.empty() ? splitCsvRecord(Raw, Fields, Why)
                                : splitNcuRecord(Raw, Header.size(), SrcCol, Fields, Why);
    if (!Split)
      return Fail(Why);
    while (!Fields.empty() && Fields.back().empty() && Fields.size() > Header.size())
      Fields.pop_back(); // a trailing comma
    if (Fields[0] == "File Path" && Fields.size() >= 2) {
      PendingFile = Fields[1];
      R.Kind = Report::CudaAndSass;
      continue;
    }
    if ((Fields[0] == "Function Name" || Fields[0] == "Kernel Name") && Fields.size() >= 2) {
      // cuda,sass: one block per source file of a launch (the kernel's
      // file, then a CUDA header its inlined atomics come from): the next
      // file of the same function is the same launch; a file it already has
      // starts the next launch.
      bool SameLaunch = Cur && R.Kind == Report::CudaAndSass && Cur->Name == Fields[1] &&
                        std::find(Cur->Files.begin(), Cur->Files.end(), PendingFile) ==
                            Cur->Files.end();
      if (!SameLaunch) {
        R.Kernels.emplace_back();
        Cur = &R.Kernels.back();
        Cur->Name = Fields[1];
        Cur->File = PendingFile;
      }
      Cur->Files.push_back(PendingFile);
      BlockFile = PendingFile;
      Header.clear();
      continue;
    }
    if (!Cur)
      return Fail("a row before any \"Kernel Name\" or \"Function Name\": not an Nsight Compute "
                  "source page (--page source --csv)");
    if (Header.empty()) {
      Header = Fields;
      auto Find = [&](StringRef N, size_t From = 0) -> size_t {
        for (size_t I = From; I < Header.size(); ++I)
          if (Header[I] == N)
            return I;
        return SIZE_MAX;
      };
      AddrCol = Find("Address");
      if (AddrCol == SIZE_MAX)
        return Fail("the header has no \"Address\" column");
      LineCol = Find("Line No");
      SrcCol = LineCol == SIZE_MAX ? SIZE_MAX : Find("Source");
      SassCol = Find("Source", AddrCol + 1);
      if (SassCol == SIZE_MAX)
        return Fail("the header has no \"Source\" column after \"Address\"");
      CurLine = 0;
      continue;
    }
    if (Fields.size() != Header.size())
      return Fail(std::to_string(Fields.size()) + " fields, the header has " +
                  std::to_string(Header.size()));
    std::map<std::string, std::string> Metrics;
    for (size_t I = 0; I < Header.size(); ++I)
      if (I != LineCol && I != SrcCol && I != AddrCol && I != SassCol)
        Metrics[Header[I]] = Fields[I];
    if (LineCol != SIZE_MAX && !Fields[LineCol].empty()) {
      if (StringRef(Fields[LineCol]).getAsInteger(10, CurLine))
        return Fail("Line No '" + Fields[LineCol] + "' is not a number");
      LineRow L;
      L.Line = CurLine;
      L.Text = Fields[SrcCol];
      L.Metrics = std::move(Metrics);
      Cur->Lines.push_back(std::move(L));
      continue;
    }
    if (Fields[AddrCol] == "..." || Fields[AddrCol] == "-")
      continue; // listed under another line
    SassRow S;
    S.Address = Fields[AddrCol];
    S.Sass = StringRef(Fields[SassCol]).trim().str();
    S.File = BlockFile;
    S.Line = CurLine;
    S.Metrics = std::move(Metrics);
    Cur->Sass.push_back(std::move(S));
    Any = true;
  }
  if (R.Kernels.empty() || !Any)
    return llvm::createStringError(FileName.str() +
                                   ": no instruction rows: not an Nsight Compute source page, or "
                                   "cut short");
  for (Kernel &K : R.Kernels)
    std::stable_sort(K.Sass.begin(), K.Sass.end(), [](const SassRow &A, const SassRow &B) {
      return addressOf(A.Address) < addressOf(B.Address);
    });
  return std::move(R);
}

} // namespace ncu
} // namespace lds
