//===- ModelBuilder.cpp - From a translation unit to the plain model ------===//

#include "ModelBuilder.h"

#include "BlockShapeFinder.h"
#include "FlatIndex.h"
#include "SharedArrayInfo.h"

#include "clang/AST/Attr.h"
#include <set>
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace lds {

std::string kernelName(const FunctionDecl *FD) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  PrintingPolicy PP(FD->getASTContext().getLangOpts());
  PP.SuppressTagKeyword = true;
  FD->getNameForDiagnostic(OS, PP, /*Qualified=*/false);
  return OS.str();
}

namespace {
class KernelCollector : public RecursiveASTVisitor<KernelCollector> {
public:
  explicit KernelCollector(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasAttr<CUDAGlobalAttr>() && FD->doesThisDeclarationHaveABody() &&
        !FD->isDependentContext() && !SM.isInSystemHeader(FD->getLocation()) &&
        Seen.insert(FD).second)
      Kernels.push_back(FD);
    return true;
  }
  std::vector<const FunctionDecl *> Kernels;

private:
  const SourceManager &SM;
  std::set<const FunctionDecl *> Seen;
};

/// The subscripts of an access as written: "i * 32 + j" for one, "[r][c]"
/// for several; the whole lvalue for other forms (*(float4*)&s[i]).
std::string indexText(const Expr *E, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Text = [&](const Expr *X) {
    CharSourceRange R = SM.getExpansionRange(X->getSourceRange());
    return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  };
  std::vector<std::string> Subs;
  const Expr *Cur = E->IgnoreParenImpCasts();
  while (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Cur)) {
    Subs.insert(Subs.begin(), Text(ASE->getIdx()));
    Cur = ASE->getBase()->IgnoreParenImpCasts();
  }
  if (Subs.size() == 1 && isa<DeclRefExpr>(Cur))
    return Subs[0];
  if (!Subs.empty() && isa<DeclRefExpr>(Cur)) {
    std::string S;
    for (const std::string &X : Subs)
      S += "[" + X + "]";
    return S;
  }
  return Text(E);
}
/// The subscripts the planner re-evaluates, from how the walker reached
/// the element. They must index every dimension in the declared units.
Subscripts subscriptsOf(const SubscriptTrack &T, const SharedArray &Arr) {
  Subscripts S;
  if (!T.Valid) {
    S.Why = T.Why;
    return S;
  }
  size_t Rank = Arr.Dims.empty() ? 0 : Arr.Dims.size();
  if (Rank == 0) {
    S.Why = "a scalar __shared__ variable";
    return S;
  }
  if (T.Index.size() != Rank) {
    S.Why = "an access that does not index every dimension of the array";
    return S;
  }
  uint64_t Unit = Arr.ElementBytes;
  for (size_t D = Rank; D-- > 0;) {
    if (T.Units[D] != Unit) {
      S.Why = "an access through a pointer that does not step along the "
              "array's rows";
      return S;
    }
    Unit *= Arr.Dims[D] ? Arr.Dims[D] : 1;
  }
  S.Index = T.Index;
  S.InnerBytes = LaneExpr::constant(T.InnerBytes, IntType::i64());
  if (Rank == 1) {
    FlatIndex F;
    if (decomposeFlatIndex(T.Index[0], F)) {
      S.Index = {F.Row, F.Column};
      S.FlatRowLength = F.RowLength;
    }
  }
  S.Valid = true;
  return S;
}
/// A flattened tile is often also filled linearly (s[tid] = ...). When the
/// other accesses of a 1-D array agree on a row length W, a linear index i
/// is given as the rows {i / W, i % W}: exact for every i, so the planner
/// can re-lay it out with the rest.
void linearAccessesAsRows(Model &M, const std::string &Kernel) {
  std::map<std::string, std::set<uint64_t>> RowLengths;
  for (const Access &A : M.Accesses)
    if (A.Kernel == Kernel && A.Subs.Valid && A.Subs.FlatRowLength)
      RowLengths[A.ArrayId].insert(A.Subs.FlatRowLength);
  for (Access &A : M.Accesses) {
    auto It = RowLengths.find(A.ArrayId);
    if (A.Kernel != Kernel || It == RowLengths.end() || It->second.size() != 1 ||
        !A.Subs.Valid || A.Subs.FlatRowLength || A.Subs.Index.size() != 1)
      continue;
    uint64_t W = *It->second.begin();
    ExprRef I = LaneExpr::cast(A.Subs.Index[0], IntType::i64());
    ExprRef WE = LaneExpr::constant(W, IntType::i64());
    A.Subs.Index = {LaneExpr::binary(BinaryOp::Div, I, WE, IntType::i64()),
                    LaneExpr::binary(BinaryOp::Rem, I, WE, IntType::i64())};
    A.Subs.FlatRowLength = W;
    A.Subs.Linear = true;
  }
}
} // namespace

BuiltModel buildModel(ASTContext &Ctx, const ModelOptions &Opts) {
  BuiltModel Out;
  const SourceManager &SM = Ctx.getSourceManager();
  BlockShapeFinder Shapes(Ctx);
  KernelCollector Collector(SM);
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());

  for (const FunctionDecl *K : Collector.Kernels) {
    std::string Name = kernelName(K);
    FoundBlockShape Found = Shapes.shapeOf(K);
    BlockShape Block = Found.Shape;
    if (Opts.Block) {
      uint64_t Dyn = Block.DynamicSharedBytes;
      Block = BlockShape();
      Block.DynamicSharedBytes = Dyn;
      Block.Dims = *Opts.Block;
      Block.Source = BlockSource::Cli;
      Found.From = SourceLocation();
    }
    Block.From = toSourceLoc(Found.From, SM);

    WalkConfig Config;
    Config.Block = Block.Dims;
    Config.WaveSize = Opts.WaveSize;
    Config.Assumptions = Opts.Assumptions;
    KernelWalker Walker(Ctx, Config);
    Walker.walkKernel(K);

    auto EnsureArray = [&](const VarDecl *VD) {
      std::string Id = arrayId(Name, VD);
      if (Out.ArrayDecls.count(Id))
        return Id;
      Out.ArrayDecls[Id] = VD;
      Out.M.Arrays.push_back(describeSharedArray(VD, Ctx, Name));
      return Id;
    };
    for (const VarDecl *VD : Walker.declaredShared())
      EnsureArray(VD);
    for (const WalkedAccess &W : Walker.accesses()) {
      Access A;
      A.ArrayId = EnsureArray(W.Array);
      A.Subs = subscriptsOf(W.Track, *Out.M.findArray(A.ArrayId));
      A.Loc = toSourceLoc(W.Expr->getBeginLoc(), SM);
      A.Kind = W.Kind;
      A.WidthBytes = W.WidthBytes;
      A.ByteOffset = W.ByteOffset;
      A.Predicate = W.Predicate;
      A.IndexText = indexText(W.Expr, Ctx);
      A.Symbols = W.Symbols;
      A.Block = Block;
      A.Kernel = Name;
      A.LoopDepth = W.LoopDepth;
      A.Notes = W.Notes;
      for (SourceLocation L : W.CallChain)
        A.CallChain.push_back(toSourceLoc(L, SM));
      Out.M.Accesses.push_back(std::move(A));
      AccessOrigin O;
      O.Expr = W.Expr;
      O.Array = W.Array;
      O.Kernel = K;
      O.CallChain = W.CallChain;
      O.BlockFrom = Found.From;
      O.OtherLaunches = Found.OtherLaunches;
      Out.Origins.push_back(std::move(O));
    }
    linearAccessesAsRows(Out.M, Name);
    for (const EscapedPointer &E : Walker.escapes())
      Out.Escapes.push_back(E);
  }
  return Out;
}

} // namespace lds
