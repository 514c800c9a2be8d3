//===- BenchPredict.cpp - The tool's own costs of each bench variant ------===//

#include "bench/BenchPredict.h"

#include "bench/BenchIO.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <map>

using namespace llvm;

namespace lds::bench {

namespace {

std::string normaliseKernel(StringRef K) {
  std::string S;
  for (char C : K)
    if (!isSpace(C))
      S += C;
  return S;
}

} // namespace

std::string formatPasses(double V) {
  char Buf[32];
  snprintf(Buf, sizeof Buf, "%.2f", V);
  StringRef S(Buf);
  if (S.contains('.'))
    S = S.rtrim('0').rtrim('.');
  return S.str();
}

/// "32", or "6 (2, 8, 8)" when the accesses differ, "?" when one is unknown.
std::string summarise(const std::vector<double> &V, bool Unknown) {
  if (Unknown)
    return "?";
  if (V.empty())
    return "-";
  double Sum = 0;
  bool Same = true;
  for (double X : V) {
    Sum += X;
    Same &= std::fabs(X - V[0]) < 1e-9;
  }
  if (Same)
    return formatPasses(V[0]);
  std::string S = formatPasses(Sum / V.size());
  if (V.size() <= 4) {
    S += " (";
    for (size_t I = 0; I < V.size(); ++I)
      S += (I ? ", " : "") + formatPasses(V[I]);
    S += ")";
  }
  return S;
}

CheckRequest checkOf(const RunConfig &Base, const BenchSpec &S, const std::string &File,
                     const std::vector<std::string> &CompilerArgs) {
  CheckRequest R;
  R.Files = {File};
  R.CompilerArgs = CompilerArgs;
  R.Config = Base;
  R.Config.Block =
      std::array<unsigned, 3>{unsigned(S.Block[0]), unsigned(S.Block[1]), unsigned(S.Block[2])};
  for (const auto &[Name, V] : S.Assume)
    R.Config.Assumptions[Name] = V;
  for (const ArgSpec &A : S.Args)
    if (!A.Buffer && A.Integral && !S.Assume.count(A.Name))
      R.Config.Assumptions[A.Name] = static_cast<int64_t>(A.Value);
  return R;
}

namespace {

/// Array id -> its name in the source, from the report's "arrays".
std::map<std::string, std::string> arrayNames(const json::Object &Root) {
  std::map<std::string, std::string> Out;
  if (const json::Array *Arrays = Root.getArray("arrays"))
    for (const json::Value &A : *Arrays)
      if (const json::Object *O = A.getAsObject())
        if (auto Id = O->getString("id"))
          if (auto Name = O->getString("name"))
            Out[Id->str()] = Name->str();
  return Out;
}

/// The passes of the kernel's loads and stores, one line per access.
struct Costs {
  std::vector<double> Ld, St;
  bool LdUnknown = false, StUnknown = false;
  std::string Details;
};

/// The results on Target of the access A (a load or store) into C.
void addAccess(const json::Object &A, const std::string &Kind, const std::string &Array,
               const std::string &Target, Costs &C) {
  bool IsLoad = Kind == "load";
  const json::Array *Results = A.getArray("results");
  if (!Results)
    return;
  for (const json::Value &RV : *Results) {
    const json::Object *R = RV.getAsObject();
    if (!R || R->getString("target").value_or("") != Target)
      continue;
    std::string Line = formatv("    {0}:{1} {2} '{3}' {4} B: ", A.getInteger("line").value_or(0),
                               A.getInteger("column").value_or(0), Kind, Array,
                               A.getInteger("width_bytes").value_or(0))
                           .str();
    if (R->getString("status").value_or("") != "exact") {
      (IsLoad ? C.LdUnknown : C.StUnknown) = true;
      Line += "unknown (" + R->getString("reason").value_or("").str() + ")";
    } else {
      double Passes = R->getNumber("passes").value_or(0);
      (IsLoad ? C.Ld : C.St).push_back(Passes);
      Line += formatPasses(Passes) + (Passes == 1 ? " pass" : " passes") + ", ideal " +
              formatPasses(R->getNumber("ideal_passes").value_or(0));
    }
    C.Details += Line + "\n";
  }
}

/// The costs of Kernel's loads and stores on Target in the report Root.
Costs costsOf(const json::Object &Root, const BenchSpec &S, const std::string &Kernel,
              const std::string &Target) {
  Costs C;
  const json::Array *Acc = Root.getArray("accesses");
  if (!Acc)
    return C;
  std::map<std::string, std::string> ArrayNames = arrayNames(Root);
  std::string Want = normaliseKernel(Kernel);
  // With template arguments, that instance; without, every instance.
  bool WantTemplate = StringRef(Kernel).contains('<');
  for (const json::Value &AV : *Acc) {
    const json::Object *A = AV.getAsObject();
    if (!A)
      continue;
    std::string K = normaliseKernel(A->getString("kernel").value_or(""));
    if (WantTemplate ? K != Want : S.kernelBaseName(K) != S.kernelBaseName(Want))
      continue;
    std::string Kind = A->getString("kind").value_or("load").str();
    if (Kind == "load" || Kind == "store")
      addAccess(*A, Kind, ArrayNames[A->getString("array").value_or("").str()], Target, C);
  }
  return C;
}

} // namespace

Prediction predict(const RunConfig &Base, const BenchSpec &S, const std::string &File,
                   const std::string &Kernel, const std::vector<std::string> &CompilerArgs,
                   const std::string &Target, const std::string &Dir, const std::string &Tag) {
  Prediction P;
  CheckRequest R = checkOf(Base, S, File, CompilerArgs);
  R.Config.Targets = {Target};
  R.Config.Format = OutputFormat::Json;
  SmallString<256> Log(Dir);
  sys::path::append(Log, "predict-" + Tag + ".json");
  SmallString<256> ErrLog(Dir);
  sys::path::append(ErrLog, "predict-" + Tag + ".log");
  std::string Report, Messages;
  raw_string_ostream ReportOS(Report), MessagesOS(Messages);
  int RC = runCheck(R, ReportOS, MessagesOS).Status;
  writeText(Log, Report);
  writeText(ErrLog, Messages);
  auto V = json::parse(readText(Log));
  if (RC < 0 || RC > 1 || !V) {
    if (!V)
      consumeError(V.takeError());
    P.Why = "lds-rewrite could not analyse it (exit " + std::to_string(RC) + "; see " +
            std::string(ErrLog) + ")";
    return P;
  }
  const json::Object *Root = V->getAsObject();
  Costs C = Root ? costsOf(*Root, S, Kernel, Target) : Costs();
  P.Ld = summarise(C.Ld, C.LdUnknown);
  P.St = summarise(C.St, C.StUnknown);
  P.Details = C.Details;
  if (C.Details.empty())
    P.Why = "no __shared__ access of kernel '" + Kernel + "' found by lds-rewrite";
  return P;
}

} // namespace lds::bench
