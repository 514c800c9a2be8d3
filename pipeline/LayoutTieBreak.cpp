//===- LayoutTieBreak.cpp - Equally good layouts told apart by their code -===//

#include "pipeline/LayoutTieBreak.h"

#include "pipeline/FixedCopies.h"
#include "pipeline/Recompile.h"
#include "report/Findings.h"

#include "clang/Basic/FileManager.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <atomic>
#include <optional>
#include <thread>

namespace lds {

namespace {

/// The file being fixed and each header Reps edits, as they were parsed,
/// with Reps applied; nullopt when the edits do not apply.
struct EditedCopies {
  FileCopy Main;
  std::vector<FileCopy> Headers;
};

std::optional<EditedCopies> editedCopies(const clang::SourceManager &SM, const FileEdits &Reps) {
  EditedCopies Out;
  const clang::FileEntryRef MainFile = *SM.getFileEntryRefForID(SM.getMainFileID());
  Out.Main = {MainFile.getName().str(), MainFile.getName().str(),
              SM.getBufferData(SM.getMainFileID()).str()};
  for (const auto &[Name, FileReps] : Reps) {
    bool IsMain = Name == Out.Main.Path;
    std::string Text;
    if (IsMain) {
      Text = Out.Main.Text;
    } else {
      auto FE = SM.getFileManager().getOptionalFileRef(Name);
      if (!FE)
        return std::nullopt;
      Text = SM.getBufferData(SM.translateFile(*FE)).str();
    }
    auto After = clang::tooling::applyAllReplacements(Text, FileReps);
    if (!After) {
      llvm::consumeError(After.takeError());
      return std::nullopt;
    }
    if (IsMain) {
      Out.Main.Text = std::move(*After);
      continue;
    }
    llvm::SmallString<256> Abs(Name);
    SM.getFileManager().makeAbsolutePath(Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    Out.Headers.push_back({std::string(Abs), Name, std::move(*After)});
  }
  return Out;
}

/// One layout's build on one target, with lds-rewrite's headers.
struct Build {
  size_t Layout = 0;
  std::string Target;
  CompileResult Result;
};

/// Compiles each of Layouts (the edits of each) for each of Targets, two
/// compilers at a time per core.
std::vector<Build> buildAll(const std::vector<const FileEdits *> &Layouts,
                            const std::vector<std::string> &Targets,
                            const clang::SourceManager &SM, const TieBreakBuild &B) {
  RunConfig Own = B.Config;
  Own.Headers = GpuHeaders::Bundled;
  std::vector<Build> Builds;
  std::vector<llvm::SmallString<128>> Dirs(Layouts.size());
  std::vector<std::optional<FixedCopies>> Copies(Layouts.size());
  for (size_t L = 0; L < Layouts.size(); ++L) {
    std::optional<EditedCopies> Files = editedCopies(SM, *Layouts[L]);
    if (!Files || llvm::sys::fs::createUniqueDirectory("lds-rewrite-tie", Dirs[L]))
      continue;
    auto Written = writeFixedCopies(Dirs[L], Files->Main, Files->Headers);
    if (!Written) {
      llvm::consumeError(Written.takeError());
      continue;
    }
    Copies[L] = std::move(*Written);
    for (const std::string &T : Targets)
      Builds.push_back({L, T, {}});
  }
  std::string MainDir = llvm::sys::path::parent_path(
                            SM.getFileEntryRefForID(SM.getMainFileID())->getName())
                            .str();
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (size_t I = Next++; I < Builds.size(); I = Next++) {
      Build &Bd = Builds[I];
      const FixedCopies &C = *Copies[Bd.Layout];
      std::vector<std::string> Extra;
      if (!B.Original.Directory.empty())
        Extra.push_back("-working-directory=" + B.Original.Directory);
      Extra.push_back("-I" + (MainDir.empty() ? std::string(".") : MainDir));
      if (!C.Overlay.empty()) {
        Extra.push_back("-ivfsoverlay");
        Extra.push_back(C.Overlay);
      }
      std::vector<std::string> Cmd = deviceCommand(B.Original, B.Lang, {Bd.Target}, Own).CommandLine;
      Bd.Result = compileDeviceSide(Cmd, B.Original.Filename, C.Main, Extra);
    }
  };
  std::vector<std::thread> Workers;
  unsigned N = std::max(1u, std::min<unsigned>(std::thread::hardware_concurrency(), Builds.size()));
  for (unsigned I = 0; I < N; ++I)
    Workers.emplace_back(Work);
  for (std::thread &W : Workers)
    W.join();
  for (auto &D : Dirs)
    if (!D.empty())
      llvm::sys::fs::remove_directories(D);
  return Builds;
}

/// A layout's code over the targets every layout was counted on.
struct CodeSize {
  /// The fewest waves per SIMD (warps per SM) of any kernel, summed over
  /// the targets.
  unsigned Waves = 0;
  unsigned Instructions = 0;
  unsigned Registers = 0; ///< the most VGPRs (registers per thread) of any kernel
  /// More waves first, then fewer instructions, then fewer registers.
  bool operator<(const CodeSize &O) const {
    if (Waves != O.Waves)
      return Waves > O.Waves;
    return std::make_pair(Instructions, Registers) < std::make_pair(O.Instructions, O.Registers);
  }
};

/// The fewest waves per SIMD (warps per SM) the registers of any kernel of
/// R allow on T; 0 if none says.
unsigned minWaves(const CompileResult &R, const TargetModel *T) {
  unsigned M = 0;
  for (const auto *PerKernel : {&R.VGPRs, &R.Registers})
    for (const auto &[K, V] : *PerKernel)
      if (std::optional<unsigned> W = registerWaves(R, K, T))
        M = M ? std::min(M, *W) : *W;
  return M;
}

/// Whether every layout's build on a target can be compared: it compiled,
/// calls nothing (AMD), and ptxas counted its instructions (NVIDIA).
bool counted(const CompileResult &R, bool AMD) {
  return R.Ok && !totalCalls(R) && (AMD || !R.Instructions.empty());
}

enum class Field { Waves, Instructions, Registers };

/// "349 and 349": the field of every layout but the winner.
std::string othersText(const std::vector<CodeSize> &Sizes, size_t Winner, Field F) {
  std::vector<std::string> Parts;
  for (size_t L = 0; L < Sizes.size(); ++L)
    if (L != Winner)
      Parts.push_back(std::to_string(F == Field::Waves          ? Sizes[L].Waves
                                     : F == Field::Instructions ? Sizes[L].Instructions
                                                                : Sizes[L].Registers));
  return joinWithAnd(Parts);
}

} // namespace

std::string breakTieByCode(DeclFix &Fix, const FileEdits &Others, const clang::SourceManager &SM,
                           const std::vector<std::string> &Targets, const TieBreakBuild &B) {
  std::vector<TiedLayout> Ties = std::move(Fix.Ties);
  Fix.Ties.clear();
  // A .hip file is compiled for AMD targets, a .cu file for NVIDIA ones
  // (FixMode.cpp).
  bool AMD = B.Lang == SourceLanguage::HIP;
  std::vector<std::string> Voters;
  for (const std::string &T : Targets)
    if (isAMDTarget(T) == AMD)
      Voters.push_back(T);
  if (Ties.empty() || Voters.empty())
    return "";
  // The layouts in the model's order, the chosen one first; a tie whose
  // edits collide with another array's cannot be written with it.
  std::vector<const FileEdits *> Layouts = {&Fix.Reps};
  std::vector<const TiedLayout *> Tied = {nullptr};
  for (const TiedLayout &T : Ties) {
    FileEdits Merged = Others;
    if (llvm::Error E = mergeEdits(Merged, T.Reps)) {
      llvm::consumeError(std::move(E));
      continue;
    }
    Layouts.push_back(&T.Reps);
    Tied.push_back(&T);
  }
  if (Layouts.size() < 2)
    return "";
  std::vector<Build> Builds = buildAll(Layouts, Voters, SM, B);
  // Only targets on which every layout was counted vote.
  std::vector<std::string> Counted;
  for (const std::string &T : Voters) {
    size_t Good = 0;
    for (const Build &Bd : Builds)
      Good += Bd.Target == T && counted(Bd.Result, AMD);
    if (Good == Layouts.size())
      Counted.push_back(T);
  }
  if (Counted.empty())
    return std::to_string(Layouts.size()) +
           " layouts are equally good by the bank model; their code was not compared: none " +
           (AMD ? "compiled without calls on " : "was counted by ptxas on ") +
           joinWithAnd(Voters) + " with lds-rewrite's headers";
  std::vector<CodeSize> Sizes(Layouts.size());
  for (const Build &Bd : Builds)
    if (std::find(Counted.begin(), Counted.end(), Bd.Target) != Counted.end()) {
      Sizes[Bd.Layout].Waves += minWaves(Bd.Result, B.Config.Banks.find(Bd.Target));
      Sizes[Bd.Layout].Instructions += totalInstructions(Bd.Result);
      Sizes[Bd.Layout].Registers = std::max(Sizes[Bd.Layout].Registers,
                                            AMD ? maxVGPRs(Bd.Result) : maxRegisters(Bd.Result));
    }
  size_t Winner = 0;
  for (size_t L = 1; L < Sizes.size(); ++L)
    if (Sizes[L] < Sizes[Winner])
      Winner = L;
  std::string On = joinWithAnd(Counted) + (Counted.size() > 1 ? " together" : "");
  std::string Note = "of " + std::to_string(Layouts.size()) +
                     " layouts equally good by the bank model, ";
  const CodeSize &W = Sizes[Winner];
  bool AllSame = true, SameWaves = true;
  for (const CodeSize &S : Sizes) {
    AllSame &= !(S < W) && !(W < S);
    SameWaves &= S.Waves == W.Waves;
  }
  // AMD's terms, or NVIDIA's: registers per thread, warps per SM.
  std::string Regs = AMD ? "VGPRs" : "registers", Waves = AMD ? "waves" : "warps";
  std::string Most = AMD ? "the most waves per SIMD, then " : "the most warps per SM, then ";
  if (AllSame)
    Note += "all compile to " + std::to_string(W.Instructions) + " instructions and " +
            std::to_string(W.Registers) + " " + Regs + " on " + On +
            ": the model's first is taken";
  else
    Note += std::string("this one compiles to ") + (SameWaves ? "" : Most) +
            "the fewest instructions, then " + Regs + ": " + std::to_string(W.Instructions) +
            " instructions against " + othersText(Sizes, Winner, Field::Instructions) + ", " +
            std::to_string(W.Registers) + " " + Regs + " against " +
            othersText(Sizes, Winner, Field::Registers) +
            (SameWaves ? std::string()
                       : ", " + std::to_string(W.Waves) + " " + Waves + " against " +
                             othersText(Sizes, Winner, Field::Waves)) +
            " (" + On + "; counted with lds-rewrite's headers)";
  if (Winner) {
    // The model's first is named as the description names a layout.
    std::string First = Fix.Plan.Description.substr(0, Fix.Plan.Description.find(':'));
    Note += "; the model's first was " + First;
    Fix.Plan = Tied[Winner]->Plan;
    Fix.Reps = Tied[Winner]->Reps;
  }
  return Note;
}

} // namespace lds
