//===- BenchRun.cpp - lds-rewrite bench: a kernel old against new ---------===//

#include "bench/BenchRun.h"

#include "bench/BenchBuild.h"
#include "bench/BenchIO.h"
#include "bench/BenchPredict.h"
#include "bench/GpuProbe.h"
#include "pipeline/CheckRun.h"
#include "targets/Targets.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace lds::bench {

namespace {

Error failure(const Twine &Msg) { return make_error<StringError>(Msg, inconvertibleErrorCode()); }

/// The spec with the command line's changes: counts, --no-fix, --variant.
Expected<BenchSpec> specOf(const BenchRequest &R) {
  BenchSpec S = R.Spec;
  if (R.Runs)
    S.Runs = R.Runs;
  if (R.Launches)
    S.Launches = R.Launches;
  if (R.NoFix)
    S.Fix = false;
  for (const std::string &V : R.Variants) {
    VariantIn In;
    StringRef File = V;
    auto [Name, Rest] = StringRef(V).split('=');
    if (!Rest.empty() && !sys::fs::exists(V)) {
      In.Name = Name.str();
      File = Rest;
    }
    SmallString<256> Abs(File);
    sys::fs::make_absolute(Abs);
    if (!sys::fs::is_regular_file(Abs))
      return failure("--variant " + V + ": no such file");
    In.File = std::string(Abs);
    if (In.Name.empty())
      In.Name = sys::path::stem(In.File).str();
    S.Variants.push_back(In);
  }
  return S;
}

/// --out, made; else a new temporary folder.
Expected<std::string> harnessFolder(const BenchRequest &R, const BenchSpec &S) {
  SmallString<256> Dir;
  if (!R.Out.empty()) {
    Dir = R.Out;
    sys::fs::make_absolute(Dir);
    if (std::error_code EC = sys::fs::create_directories(Dir))
      return failure("cannot create " + Dir + ": " + EC.message());
  } else if (std::error_code EC =
                 sys::fs::createUniqueDirectory("lds-bench-" + safeName(S.Name), Dir)) {
    return failure("cannot create a folder for the harness: " + EC.message());
  }
  return std::string(Dir);
}

/// The platform: AMD when the targets are all gfx (or --platform amd);
/// predictions are for the platform's first target.
void choosePlatform(const BenchRequest &R, BenchPlan &P, raw_ostream &OS) {
  for (const std::string &T : P.S.Targets)
    (isAMDTarget(T) ? P.Amd : P.Nv).push_back(T);
  P.IsAmd = R.Platform == "amd" || (R.Platform == "auto" && !P.Amd.empty() && P.Nv.empty());
  P.PredTarget = P.IsAmd ? (P.Amd.empty() ? defaultAMDTarget() : P.Amd[0])
                         : (P.Nv.empty() ? defaultNVIDIATarget() : P.Nv[0]);
  if (P.IsAmd && P.Amd.empty())
    P.Amd.push_back(P.PredTarget);
  if (!P.IsAmd && !P.Amd.empty())
    OS << "note: targets " << join(P.Amd, ", ")
       << ": used for the fix; this is an NVIDIA harness (--platform amd builds a HIP one)\n";
  if (P.IsAmd && !P.Nv.empty())
    OS << "note: targets " << join(P.Nv, ", ")
       << ": used for the fix; this is an AMD harness (--platform nvidia builds a CUDA one)\n";
}

/// Compiler arguments for the tool's parses: the source's folder, the
/// spec's include folders and defines, the variant's defines.
std::vector<std::string> toolArgs(const BenchSpec &S, const std::string &OrigDir,
                                  const std::vector<std::string> &Defines) {
  std::vector<std::string> A = {"-I" + OrigDir};
  for (const std::string &D : S.IncludeDirs)
    A.push_back("-I" + D);
  for (const std::string &D : S.Defines)
    A.push_back("-D" + D);
  for (const std::string &D : Defines)
    A.push_back("-D" + D);
  return A;
}

/// Adds a variant, a copy of From in DIR/src/<i>-<name>/, its name made
/// unique; returns the copy.
Expected<std::string> addVariant(BenchPlan &P, std::set<std::string> &Used, std::string Name,
                                 const std::string &From, const std::string &Kernel,
                                 const std::vector<std::string> &Defines) {
  std::string Base = Name;
  for (int N = 2; !Used.insert(Name).second; ++N)
    Name = Base + "-" + std::to_string(N);
  SmallString<256> Sub(P.Dir);
  sys::path::append(Sub, "src", std::to_string(P.Vars.size()) + "-" + safeName(Name));
  sys::fs::create_directories(Sub);
  SmallString<256> Copy(Sub);
  sys::path::append(Copy, sys::path::filename(From));
  if (std::error_code EC = sys::fs::copy_file(From, Copy))
    return failure("cannot copy " + From + " to " + Copy + ": " + EC.message());
  HarnessVariant V;
  V.Name = Name;
  V.Source = std::string(Copy);
  V.OriginalDir = sys::path::parent_path(From).str();
  V.Kernel = Kernel.empty() ? P.S.Kernel : Kernel;
  V.Defines = Defines;
  P.Vars.push_back(V);
  return V.Source;
}

/// The check's --fix on Copy, the last variant, each array given the layout
/// ranked Rank (--fix-rank); the variant is dropped when the fix failed or
/// changed nothing. Returns whether it was kept.
bool fixVariant(const BenchRequest &R, BenchPlan &P, const std::string &Copy, unsigned Rank,
                raw_ostream &OS) {
  const BenchSpec &S = P.S;
  const std::string Name = P.Vars.back().Name;
  std::string Before = readText(Copy);
  // The copy is a project of its own: its headers are the user's
  // originals, which a benchmark must not edit.
  CheckRequest C =
      checkOf(R.CheckBase, S, Copy, toolArgs(S, sys::path::parent_path(S.Source).str(), {}));
  C.Fix = FixOutput::InPlace;
  C.Config.ProjectRoot = sys::path::parent_path(Copy).str();
  C.Config.Targets = S.Targets;
  C.Strat = R.Strat                   ? *R.Strat
            : S.Strategy == "pad"     ? Strategy::Pad
            : S.Strategy == "swizzle" ? Strategy::Swizzle
                                      : Strategy::Auto;
  C.StrategyGiven = true;
  C.Config.FixRank = Rank;
  SmallString<256> Log(P.Dir);
  sys::path::append(Log, Rank ? "fix-rank-" + std::to_string(Rank) + ".log" : "fix.log");
  std::string FixText;
  raw_string_ostream FixOS(FixText);
  int RC = runCheck(C, FixOS, FixOS).Status;
  FixOS.flush();
  writeText(Log, FixText);
  std::string Text = readText(Log);
  SmallVector<StringRef, 16> Lines;
  StringRef(Text).split(Lines, '\n', -1, false);
  for (StringRef L : Lines)
    if (L.contains("remark: fixing") || L.contains("not fixing") || L.contains("error:") ||
        L.contains("rewritten file compiles") || L.contains("wrote"))
      OS << "  " << Name << ": " << L << "\n";
  std::string After = readText(Copy);
  std::string Flag = Rank ? " --fix-rank=" + std::to_string(Rank) : "";
  if (RC == 2 || RC < 0) {
    OS << "warning: lds-rewrite --fix" << Flag << " failed (exit " << RC << "; " << Log
       << "); no " << Name << " variant\n";
    P.Vars.pop_back();
    return false;
  }
  if (After == Before) {
    OS << "note: lds-rewrite --fix" << Flag << " changed nothing (no conflict found for "
       << join(S.Targets, ",") << ", or every fix refused: " << Log << "); no " << Name
       << " variant\n";
    P.Vars.pop_back();
    return false;
  }
  return true;
}

/// --search K: the tool's fix with each array's layout ranked 1 .. K-1 as
/// variants tool-rank-<i>, after tool-fixed (rank 0). The ranking ends
/// where a rank writes what an earlier one wrote: no array has that many
/// layouts that can be written.
Error addRankedVariants(const BenchRequest &R, BenchPlan &P, std::set<std::string> &Used,
                        raw_ostream &OS) {
  std::vector<std::string> Written;
  for (const HarnessVariant &V : P.Vars)
    if (V.Name == "tool-fixed")
      Written.push_back(readText(V.Source));
  if (Written.empty())
    return Error::success(); // no fix at rank 0: none at the others
  for (unsigned Rank = 1; Rank < R.Search; ++Rank) {
    auto Copy = addVariant(P, Used, "tool-rank-" + std::to_string(Rank), P.S.Source, "", {});
    if (!Copy)
      return Copy.takeError();
    if (!fixVariant(R, P, *Copy, Rank, OS))
      break;
    std::string Text = readText(*Copy);
    if (std::find(Written.begin(), Written.end(), Text) != Written.end()) {
      OS << "note: --search: rank " << Rank << " writes what a better rank wrote: the planner "
         << "ranked " << Rank << " layouts that can be written\n";
      P.Vars.pop_back();
      break;
    }
    Written.push_back(Text);
  }
  return Error::success();
}

/// The original, the tool-fixed copy and the --variant files, in order.
Error addVariants(const BenchRequest &R, BenchPlan &P, raw_ostream &OS) {
  std::set<std::string> Used;
  if (auto Copy = addVariant(P, Used, "original", P.S.Source, "", {}); !Copy)
    return Copy.takeError();
  if (P.S.Fix) {
    auto Copy = addVariant(P, Used, "tool-fixed", P.S.Source, "", {});
    if (!Copy)
      return Copy.takeError();
    fixVariant(R, P, *Copy, 0, OS);
    if (R.Search > 1)
      if (Error E = addRankedVariants(R, P, Used, OS))
        return E;
  }
  for (const VariantIn &V : P.S.Variants)
    if (auto Copy = addVariant(P, Used, V.Name, V.File, V.Kernel, V.Defines); !Copy)
      return Copy.takeError();
  return Error::success();
}

void predictVariants(const BenchRequest &R, BenchPlan &P, raw_ostream &OS) {
  for (size_t I = 0; I < P.Vars.size(); ++I) {
    HarnessVariant &V = P.Vars[I];
    Prediction Pr =
        predict(R.CheckBase, P.S, V.Source, V.Kernel, toolArgs(P.S, V.OriginalDir, V.Defines),
                P.PredTarget, P.Dir, std::to_string(I));
    V.PredLd = Pr.Ld;
    V.PredSt = Pr.St;
    V.Details = Pr.Details;
    if (!Pr.Why.empty())
      OS << "note: " << V.Name << ": no prediction: " << Pr.Why << "\n";
  }
}

} // namespace

Expected<int> runBench(BenchRequest R, raw_ostream &OS, raw_ostream &Err) {
  BenchPlan P;
  auto S = specOf(R);
  if (!S)
    return S.takeError();
  P.S = std::move(*S);
  auto Dir = harnessFolder(R, P.S);
  if (!Dir)
    return Dir.takeError();
  P.Dir = *Dir;
  choosePlatform(R, P, OS);
  // A run needs a GPU of the harness's platform: say so before the fix and
  // the build, which take a minute, not after them.
  if (!R.BuildOnly) {
    GpuProbe GPU = probeGpu(P.IsAmd);
    if (!GPU.Usable)
      return failure(std::string("no usable ") + (P.IsAmd ? "AMD" : "NVIDIA") + " GPU here (" +
                     GPU.What + "); nothing was built: --build-only builds the harness and " +
                     "says how to run it on a machine with one");
  }
  OS << "lds-rewrite bench: " << P.S.Name << ": kernel " << P.S.Kernel << " of " << P.S.Source
     << ", grid " << P.S.Grid[0] << "x" << P.S.Grid[1] << "x" << P.S.Grid[2] << ", block "
     << P.S.Block[0] << "x" << P.S.Block[1] << "x" << P.S.Block[2] << "\n";
  OS << "harness folder: " << P.Dir << "\n";
  if (Error E = addVariants(R, P, OS))
    return E;
  predictVariants(R, P, OS);
  return buildAndRun(R, P, OS, Err);
}

} // namespace lds::bench
