//===- ExplainText.cpp - The words and places of lds-rewrite explain ------===//

#include "report/ExplainText.h"
#include "analysis/SymbolText.h"
#include "report/BankMap.h"
#include "report/Findings.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <climits>

using namespace clang;

namespace lds::explain {

Place placeOf(const AccessOrigin &O, const SourceManager &SM, const LangOptions &LO) {
  Place P;
  if (!O.Expr)
    return P;
  SourceLocation B = SM.getFileLoc(O.Expr->getBeginLoc());
  SourceLocation E = SM.getFileLoc(O.Expr->getEndLoc());
  if (B.isInvalid())
    return P;
  P.InMain = SM.getFileID(B) == SM.getMainFileID();
  P.Line = SM.getSpellingLineNumber(B);
  P.BeginCol = SM.getSpellingColumnNumber(B);
  SourceLocation End = Lexer::getLocForEndOfToken(E, 0, SM, LO);
  if (End.isValid() && SM.getSpellingLineNumber(End) == P.Line)
    P.EndCol = SM.getSpellingColumnNumber(End);
  else
    P.EndCol = UINT_MAX;
  return P;
}

/// Accesses at one place of one kernel with the same costs are explained
/// once ("load and store of 'sdata'"), as the check reports them.
std::vector<std::vector<size_t>> groupAccesses(const AnalyzedFile &F,
                                               const std::vector<size_t> &Indices) {
  const Model &M = F.Built.M;
  std::vector<std::vector<size_t>> Groups;
  for (size_t I : Indices) {
    const Access &A = M.Accesses[I];
    bool Merged = false;
    for (std::vector<size_t> &G : Groups) {
      const Access &B = M.Accesses[G[0]];
      if (B.Loc.Offset == A.Loc.Offset && B.Kernel == A.Kernel &&
          F.Built.Origins[G[0]].CallChain == F.Built.Origins[I].CallChain &&
          B.WidthBytes == A.WidthBytes && sameCosts(F, G[0], I)) {
        G.push_back(I);
        Merged = true;
        break;
      }
    }
    if (!Merged)
      Groups.push_back({I});
  }
  return Groups;
}

/// "worst iteration: j = 8" / "every iteration costs the same; drawn at j = 0".
std::string bindingText(const Access &A, const AccessResult &R, const WaveTrace &T,
                        const std::map<std::string, int64_t> &Assumed) {
  std::vector<std::string> Worst, Given, Other;
  for (const auto &[Name, V] : T.Binding)
    (Assumed.count(Name)          ? Given
     : R.WorstBinding.count(Name) ? Worst
                                  : Other)
        .push_back(symbolValueText(A, Name, V, SymbolSpelling::Short));
  std::string S;
  if (!Given.empty())
    S = "assumed " + llvm::join(Given, ", ");
  if (!Worst.empty())
    S += std::string(S.empty() ? "" : "; ") + "worst iteration: " + llvm::join(Worst, ", ");
  if (!Other.empty())
    S += std::string(S.empty() ? "" : "; ") +
         (R.VariesWithIteration ? "with " : "same cost for every value; drawn at ") +
         llvm::join(Other, ", ");
  return S;
}

std::string threadsText(const WaveTrace &T, const Access &A) {
  unsigned First = T.Wave * T.WaveSize;
  unsigned Last = std::min(First + T.WaveSize, A.Block.threads()) - 1;
  return "wave " + std::to_string(T.Wave) + " of " + std::to_string(T.Waves) + " (threads " +
         std::to_string(First) + "-" + std::to_string(Last) + ")";
}

std::string blockText(const Access &A, const AccessOrigin &O, const SourceManager &SM) {
  const BlockShape &B = A.Block;
  std::string S = "block " + std::to_string(B.Dims[0]) + "x" + std::to_string(B.Dims[1]) + "x" +
                  std::to_string(B.Dims[2]);
  auto Line = [&]() {
    SourceLocation L = SM.getExpansionLoc(O.BlockFrom);
    return L.isValid() ? " at line " + std::to_string(SM.getExpansionLineNumber(L)) : std::string();
  };
  if (B.Source == BlockSource::Cli)
    return S + " from --block";
  if (B.Source == BlockSource::Launch)
    return S + " from the launch" + Line();
  if (B.Source == BlockSource::LaunchBounds)
    return S + " from __launch_bounds__" + Line();
  if (B.Source == BlockSource::Default)
    return S + " by default (use --block or a launch with constant dimensions)";
  return S + " (" + blockSourceName(B.Source) + ")";
}

std::string arrayText(const SharedArray *Arr) {
  if (!Arr)
    return "";
  std::string S = Arr->ElementType + " " + Arr->Name;
  for (uint64_t D : Arr->Dims)
    S += "[" + (D ? std::to_string(D) : std::string()) + "]";
  return S;
}

/// The access as written: "tile[threadIdx.x][threadIdx.y + j]",
/// "*(const float4*)&Bs[k][tx * TN]".
std::string accessText(const AccessOrigin &O, const Access &A, const SourceManager &SM,
                       const LangOptions &LO) {
  if (O.Expr) {
    CharSourceRange R = SM.getExpansionRange(O.Expr->getSourceRange());
    std::string T = Lexer::getSourceText(R, SM, LO).str();
    if (!T.empty() && T.find('\n') == std::string::npos)
      return "access " + T;
  }
  return "index " + A.IndexText;
}

std::string lineText(const SourceManager &SM, unsigned Line) {
  bool Invalid = false;
  llvm::StringRef Buf = SM.getBufferData(SM.getMainFileID(), &Invalid);
  if (Invalid)
    return "";
  for (unsigned N = 1; !Buf.empty(); ++N) {
    auto [L, Rest] = Buf.split('\n');
    if (N == Line)
      return L.rtrim("\r").str();
    Buf = Rest;
  }
  return "";
}

std::string ruleText(const TargetModel &TM, const Access &A, const WaveTrace &T, bool MixedKinds) {
  const BankRule *R = TM.findRule(directionOf(A.Kind), A.WidthBytes, A.Matrix);
  std::string S = std::to_string(T.Banks) + " banks x 4 B; a " + std::to_string(A.WidthBytes) +
                  "-byte " +
                  (MixedKinds                   ? "access"
                   : A.Kind == AccessKind::Load ? "read"
                                                : "write") +
                  " is served in " + std::to_string(R ? R->Groups.size() : T.Groups.size()) +
                  ((R ? R->Groups.size() : T.Groups.size()) == 1 ? " lane group" : " lane groups");
  if (R && !R->GroupSpec.empty()) {
    // On a line of its own when it does not fit in 100 columns.
    if (S.size() + R->GroupSpec.size() + 5 > 100)
      S += ":\n    " + R->GroupSpec;
    else
      S += " (" + R->GroupSpec + ")";
  }
  if (T.Merged)
    S += ", merged two by two here (every lane pair asks one address)";
  return S;
}

std::string captionOf(const AccessResult &R, const WaveTrace &T, const Access &A,
                      const std::map<std::string, int64_t> &Assumed) {
  if (R.Status == ResultStatus::Unknown)
    return "cost unknown: " + R.Reason;
  if (!T.Ok)
    return T.Why;
  const GroupTrace &G = T.worstGroup();
  const BankUse &U = G.Banks[G.BusiestBank];
  std::string S = formatNumber(R.Passes) + " passes per wave instruction, ideal " +
                  formatNumber(R.IdealPasses) + ": " + formatNumber(R.Degree) +
                  (R.conflicts() ? "-way bank conflict. " : "-way, no conflict. ");
  std::string W = threadsText(T, A);
  W[0] = 'W';
  S += W + ". Worst bank " + std::to_string(G.BusiestBank) + " of " + groupTitle(G) + ": " +
       std::to_string(U.Lanes.size()) + (U.Lanes.size() == 1 ? " lane, " : " lanes, ") +
       std::to_string(U.Requests) + (U.Requests == 1 ? " distinct word." : " distinct words.");
  std::string B = bindingText(A, R, T, Assumed);
  if (!B.empty()) {
    B[0] = static_cast<char>(toupper(B[0]));
    S += " " + B + ".";
  }
  return S;
}

} // namespace lds::explain
