//===- ReportBuilder.cpp - One file's report, made while its AST is alive -===//

#include "report/ReportBuilder.h"

#include "report/BarrierFindings.h"
#include "report/TransposeFindings.h"
#include "report/CheckNames.h"
#include "report/Findings.h"
#include "report/PartitionFindings.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>
#include <tuple>

using namespace clang;

namespace lds {

PlainLocation plainLocation(const SourceManager &SM, SourceLocation L) {
  PlainLocation P;
  if (L.isInvalid())
    return P;
  auto [FID, Offset] = SM.getDecomposedLoc(SM.getExpansionLoc(L));
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
  if (!FE)
    return P;
  P.File = FE->getName().str();
  llvm::SmallString<256> Abs(P.File);
  SM.getFileManager().makeAbsolutePath(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  P.Path = std::string(Abs);
  P.Offset = Offset;
  P.Line = SM.getLineNumber(FID, Offset);
  P.Column = SM.getColumnNumber(FID, Offset);
  // UTF-16 code units from the start of the line: a UTF-8 lead byte is one,
  // a 4-byte sequence (outside the BMP) two.
  llvm::StringRef Text = SM.getBufferData(FID);
  unsigned Units = 0;
  for (unsigned I = Offset - (P.Column - 1); I < Offset && I < Text.size(); ++I) {
    unsigned char C = Text[I];
    if ((C & 0xC0) != 0x80)
      Units += C >= 0xF0 ? 2 : 1;
  }
  P.Utf16Column = Units + 1;
  return P;
}

namespace {

class Builder {
public:
  Builder(const SourceManager &SM, const AnalyzedFile &F) : SM(SM), F(F) {}

  void add(Severity Level, SourceLocation L, std::string Message, const char *Check = CheckName) {
    ReportFinding R;
    R.Check = Check;
    R.Level = Level;
    R.Loc = plainLocation(SM, L);
    R.Message = std::move(Message);
    Out.Report.Findings.push_back(std::move(R));
    Out.Places.push_back({L, {}});
  }

  void note(SourceLocation L, std::string Message) {
    Out.Report.Findings.back().Notes.push_back({plainLocation(SM, L), std::move(Message)});
    Out.Places.back().Notes.push_back(L);
  }

  /// The last finding is about G's accesses.
  void about(const Finding &G) {
    ReportFinding &R = Out.Report.Findings.back();
    const Access &A = F.Built.M.Accesses[G.Members[0]];
    R.Accesses = G.Members;
    R.ArrayId = A.ArrayId;
    R.Identity = A.ArrayId + "|" + kindsText(F, G) + "|" + A.IndexText;
    R.Costs = F.Results[G.Members[0]];
    R.Suppressed = llvm::all_of(G.Members, [&](size_t I) { return F.suppressed(I); });
  }

  const SourceManager &sourceManager() const { return SM; }

  BuiltReport Out;

private:
  const SourceManager &SM;
  const AnalyzedFile &F;
};

/// A barrier check's finding (BarrierFindings.h) into the report.
void addBarrierFinding(Builder &B, const BarrierFindingText &T, const char *Check) {
  B.add(Severity::Warning, T.Text.Loc, T.Text.Warning, Check);
  ReportFinding &R = B.Out.Report.Findings.back();
  R.Identity = T.Identity;
  R.Placement = T.Placement;
  R.BlockingRule = T.BlockingRule;
  if (T.Barrier.isValid())
    R.Barrier = plainLocation(B.sourceManager(), T.Barrier);
  for (const FindingNote &N : T.Text.Notes)
    B.note(N.Loc, N.Message);
}

/// Issue 15, never silent: an array whose accesses go where the tool does
/// not follow is said, once per call it escapes into and once if none of
/// its accesses was found at all; a run that analysed nothing of an array
/// must not read as "no finding".
void addUnfollowedArrays(Builder &B, const AnalyzedFile &F) {
  const SourceManager &SM = B.sourceManager();
  const Model &M = F.Built.M;
  std::set<std::string> Accessed;
  for (const Access &A : M.Accesses)
    Accessed.insert(A.ArrayId);
  std::set<std::pair<std::string, unsigned>> Escaped; ///< (name, declaration line)
  std::set<unsigned> SaidCalls;
  for (const EscapedPointer &E : F.Built.Escapes) {
    std::string Name = E.Array->getNameAsString();
    Escaped.insert({Name, SM.getExpansionLineNumber(E.Array->getLocation())});
    SourceLocation At = SM.getExpansionLoc(E.Call->getBeginLoc());
    if (!SaidCalls.insert(At.getRawEncoding()).second)
      continue;
    const FunctionDecl *Callee = E.Call->getDirectCallee();
    // An address conversion for inline asm (ldmatrix's operand) accesses
    // nothing: the asm's accesses are followed (InlineAsmAccess.h).
    if (Callee && Callee->getName().starts_with("__cvta_"))
      continue;
    std::string What = Callee ? "'" + Callee->getNameAsString() + "'" : std::string("a call");
    std::string Why = Callee && !Callee->hasBody()
                          ? " (its definition is not in this translation unit)"
                          : " (the tool does not follow this call)";
    B.add(Severity::Remark, At,
          "'" + Name + "' is passed to " + What + Why + ": its accesses there are not analysed");
    B.Out.Report.Findings.back().Unfollowed = true;
  }
  std::set<unsigned> SaidStores;
  for (const StoredAddress &S : F.Built.Stored) {
    std::string Name = S.Array->getNameAsString();
    Escaped.insert({Name, SM.getExpansionLineNumber(S.Array->getLocation())});
    SourceLocation At = SM.getExpansionLoc(S.Where->getBeginLoc());
    if (!SaidStores.insert(At.getRawEncoding()).second)
      continue;
    // Partial when some access of it was followed; else nothing of it was.
    bool Some = false;
    for (const SharedArray &A : M.Arrays)
      Some |= A.Name == Name && Accessed.count(A.Id);
    B.add(Severity::Remark, At,
          "the address of '" + Name +
              "' is kept in an object here: its accesses through that object are not followed, " +
              (Some ? "so the analysis of '" + Name + "' is partial"
                    : "and no other access of '" + Name + "' was found: nothing of it was analysed"));
    B.Out.Report.Findings.back().Unfollowed = true;
  }
  // One remark per declaration, not per kernel instantiation (rocPRIM's
  // block primitives declare 'storage' once and instantiate it hundreds of
  // times), at the declaration, in a header too.
  struct Unseen {
    const SharedArray *First = nullptr;
    unsigned Kernels = 0;
  };
  std::map<std::tuple<std::string, unsigned, unsigned>, Unseen> ByDecl;
  std::vector<std::tuple<std::string, unsigned, unsigned>> Order;
  for (const SharedArray &A : M.Arrays) {
    if (Accessed.count(A.Id) || Escaped.count({A.Name, A.Decl.Line}))
      continue;
    auto Key = std::make_tuple(A.Decl.File, A.Decl.Line, A.Decl.Column);
    Unseen &U = ByDecl[Key];
    if (!U.First) {
      U.First = &A;
      Order.push_back(Key);
    }
    ++U.Kernels;
  }
  for (const auto &Key : Order) {
    const Unseen &U = ByDecl[Key];
    const SharedArray &A = *U.First;
    SourceLocation At;
    if (A.Decl.File == F.File)
      At = SM.translateLineCol(SM.getMainFileID(), A.Decl.Line, A.Decl.Column);
    else if (auto FE = SM.getFileManager().getOptionalFileRef(A.Decl.File))
      At = SM.translateFileLineCol(*FE, A.Decl.Line, A.Decl.Column);
    std::string In = "'" + A.Kernel + "'";
    if (U.Kernels > 1)
      In += " and " + std::to_string(U.Kernels - 1) + " other instantiation" +
            (U.Kernels > 2 ? "s" : "");
    B.add(Severity::Remark, At,
          "no access of '" + A.Name + "' in " + In +
              " was found: if it is used through code the tool does not follow (a pointer kept "
              "in a struct, say), nothing of it was analysed");
    B.Out.Report.Findings.back().Unfollowed = true;
  }
}

/// The first target on which access I's cost is unknown.
const AccessResult *firstUnknown(const AnalyzedFile &F, size_t I) {
  for (const AccessResult &R : F.Results[I])
    if (R.Status == ResultStatus::Unknown)
      return &R;
  return nullptr;
}

} // namespace

BuiltReport buildReport(const SourceManager &SM, const AnalyzedFile &F, bool WithAccesses) {
  Builder B(SM, F);
  FileReport &Report = B.Out.Report;
  Report.File = F.File;
  Report.Targets = F.Targets;
  Report.HostErrors = F.HostErrors;
  if (F.UsedFallbackHeaders)
    B.add(Severity::Remark, SourceLocation(),
          "parsed " + F.File +
              " with lds-rewrite's minimal GPU headers: no HIP/CUDA installation was found");
  for (const Finding &G : F.runs(CheckName) ? groupFindings(F) : std::vector<Finding>()) {
    FindingText T = describeFinding(SM, F, G, SettingNames());
    if (!T.Warning.empty()) {
      B.add(Severity::Warning, T.Loc, T.Warning);
      B.about(G);
      for (const FindingNote &N : T.Notes)
        B.note(N.Loc, N.Message);
    }
    if (!T.Remark.empty()) {
      B.add(Severity::Remark, T.Loc, T.Remark);
      B.about(G);
      Report.Findings.back().Cause = firstUnknown(F, G.Members[0])->Cause;
    }
  }
  if (F.runs(CheckName))
    addUnfollowedArrays(B, F);
  for (const MatchedRefillLoop &L : F.RefillLoops)
    addBarrierFinding(B, describeRefillLoop(F, L), ExposedWriteLatencyCheck);
  for (size_t I = 0; I < F.Reductions.size(); ++I)
    addBarrierFinding(B, describeReduction(F, I), ReductionTailCheck);
  for (size_t I = 0; I < F.Transposes.size(); ++I)
    addBarrierFinding(B, describeTranspose(F, I), TransposeLoadCheck);
  for (const RedundantBarrier &R : F.RedundantBarriers)
    addBarrierFinding(B, describeRedundantBarrier(F, R), RedundantBarrierCheck);
  for (const SingleWaveKernel &K : F.SingleWave)
    addBarrierFinding(B, describeSingleWave(F, K), RedundantBarrierCheck);
  for (const PartitionAccess &P : F.Partitions) {
    bool IsRemark = false;
    BarrierFindingText T = describePartitionAccess(F, P, IsRemark);
    if (!T.Text.Warning.empty() && !IsRemark)
      addBarrierFinding(B, T, PartitionConflictCheck);
    if (!T.Text.Warning.empty() && IsRemark) {
      B.add(Severity::Remark, T.Text.Loc, T.Text.Warning, PartitionConflictCheck);
      Report.Findings.back().Identity = T.Identity;
    }
    if (WithAccesses)
      Report.PartitionAccesses.push_back(partitionAccessJSON(F, P));
  }
  if (WithAccesses)
    Report.Accesses = AccessTable{F.Built.M, F.Results, F.Suppressed};
  return std::move(B.Out);
}

} // namespace lds
