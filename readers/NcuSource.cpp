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
  std::string PendingFile;
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
    if (!splitCsvRecord(Raw, Fields, Why))
      return Fail(Why);
    while (!Fields.empty() && Fields.back().empty() && Fields.size() > Header.size())
      Fields.pop_back(); // a trailing comma
    if (Fields[0] == "File Path" && Fields.size() >= 2) {
      PendingFile = Fields[1];
      R.Kind = Report::CudaAndSass;
      continue;
    }
    if ((Fields[0] == "Function Name" || Fields[0] == "Kernel Name") && Fields.size() >= 2) {
      R.Kernels.emplace_back();
      Cur = &R.Kernels.back();
      Cur->Name = Fields[1];
      Cur->File = PendingFile;
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
    S.File = Cur->File;
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
