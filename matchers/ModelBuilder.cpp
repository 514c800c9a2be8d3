//===- ModelBuilder.cpp - From a translation unit to the plain model ------===//

#include "matchers/ModelBuilder.h"
#include "matchers/KernelStatements.h"
#include "matchers/BarrierMatchers.h"

#include "matchers/KernelMatchers.h"

#include "analysis/FlatIndex.h"
#include "matchers/BlockShapeFinder.h"
#include "matchers/SharedArrayInfo.h"

#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

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
/// True if the subscript of the 1-D array VD in Access, as written, has a
/// term `X * C`, `C * X` or `X << k` (C a constant >= 2) in its top-level
/// sum. The rewrites take the row and the row stride from such a term and
/// rewrite an index written without one (`s[i]`, `s[idx + 1]`) as the
/// linear index it is (i / W * stride + i % W), whatever the variables in
/// it hold: the model must split it the same way. True when the access does
/// not subscript VD itself (a pointer made elsewhere: the rewrites refuse).
bool writtenAsRows(const Expr *Access, const VarDecl *VD, const ASTContext &Ctx) {
  const ArraySubscriptExpr *Sub = nullptr;
  std::vector<const Stmt *> Work = {Access};
  while (!Work.empty() && !Sub) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S)
      continue;
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(S))
      if (const auto *DRE = dyn_cast<DeclRefExpr>(ASE->getBase()->IgnoreParenImpCasts()))
        if (DRE->getDecl() == VD) {
          Sub = ASE;
          break;
        }
    for (const Stmt *C : S->children())
      Work.push_back(C);
  }
  if (!Sub)
    return true;
  auto IsConstant = [&Ctx](const Expr *E, int64_t Min) {
    Expr::EvalResult R;
    return !E->isValueDependent() && E->EvaluateAsInt(R, Ctx) &&
           R.Val.getInt().getExtValue() >= Min;
  };
  std::vector<const Expr *> Terms = {Sub->getIdx()};
  while (!Terms.empty()) {
    const Expr *T = Terms.back()->IgnoreParenImpCasts();
    Terms.pop_back();
    const auto *BO = dyn_cast<BinaryOperator>(T);
    if (!BO)
      continue;
    if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) {
      Terms.push_back(BO->getLHS());
      Terms.push_back(BO->getRHS());
    } else if (BO->getOpcode() == BO_Mul) {
      if (IsConstant(BO->getLHS(), 2) || IsConstant(BO->getRHS(), 2))
        return true;
    } else if (BO->getOpcode() == BO_Shl && IsConstant(BO->getRHS(), 1)) {
      return true;
    }
  }
  return false;
}

/// A flattened tile is often also filled linearly (s[tid] = ...). When the
/// accesses of a 1-D array written as rows agree on a row length W, every
/// other access (a linear index i, or an index whose row term is hidden in
/// a variable) is given as the rows {i / W, i % W}: exact for every i, so
/// the planner can re-lay it out with the rest, as the rewrites spell it.
/// Votes: the row length an access not written as rows would have (its
/// value split as row * W + column), used only when no access of its array
/// is written as rows.
void linearAccessesAsRows(Model &M, const std::string &Kernel,
                          const std::map<size_t, uint64_t> &Votes) {
  std::map<std::string, std::set<uint64_t>> RowLengths, Voted;
  for (size_t I = 0; I < M.Accesses.size(); ++I) {
    const Access &A = M.Accesses[I];
    if (A.Kernel != Kernel || !A.Subs.Valid)
      continue;
    if (A.Subs.FlatRowLength)
      RowLengths[A.ArrayId].insert(A.Subs.FlatRowLength);
    else if (auto V = Votes.find(I); V != Votes.end())
      Voted[A.ArrayId].insert(V->second);
  }
  for (auto &[Id, Ws] : Voted)
    if (!RowLengths.count(Id))
      RowLengths[Id] = Ws;
  for (Access &A : M.Accesses) {
    auto It = RowLengths.find(A.ArrayId);
    if (A.Kernel != Kernel || It == RowLengths.end() || It->second.size() != 1 || !A.Subs.Valid ||
        A.Subs.FlatRowLength || A.Subs.Index.size() != 1)
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

static GlobalAccess plainGlobal(const WalkedGlobal &W, const std::string &Kernel,
                                ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  GlobalAccess G;
  G.Kernel = Kernel;
  G.Loc = toSourceLoc(W.Expr->getBeginLoc(), SM);
  G.Kind = W.Kind;
  if (W.Pointer) {
    G.Pointer = W.Pointer->getNameAsString();
    QualType T = W.Pointer->getType();
    G.Restrict = T.isRestrictQualified();
    G.ConstPointee = T->isPointerType() ? T->getPointeeType().isConstQualified()
                                        : Ctx.getBaseElementType(T).isConstQualified() ||
                                              W.Pointer->hasAttr<CUDAConstantAttr>();
    // A const or __constant__ variable: nothing may write it, as if it
    // were read through `const T *__restrict__`.
    if (!T->isPointerType() && G.ConstPointee)
      G.Restrict = true;
  }
  G.Index = W.Index;
  G.ElementBytes = W.ElementBytes;
  G.Predicate = W.Predicate;
  G.Symbols = W.Symbols;
  G.Why = W.Why;
  return G;
}

BuiltModel buildModel(ASTContext &Ctx, const ModelOptions &Opts) {
  BuiltModel Out;
  const SourceManager &SM = Ctx.getSourceManager();
  BlockShapeFinder Shapes(Ctx);
  for (const FunctionDecl *K : matchKernels(Ctx)) {
    std::string Name = kernelName(K);
    FoundBlockShape Found = Shapes.shapeOf(K);
    BlockShape Block = Found.Shape;
    // The project's configuration: a shape given for this kernel wins over
    // what is inferred; its default only replaces the built-in one.
    std::optional<std::array<unsigned, 3>> Configured;
    if (!Opts.Block) {
      for (const std::string &N : {Name, K->getQualifiedNameAsString(), K->getNameAsString()}) {
        auto It = Opts.KernelBlocks.find(N);
        if (It != Opts.KernelBlocks.end()) {
          Configured = It->second;
          break;
        }
      }
      if (!Configured && Block.Source == BlockSource::Default)
        Configured = Opts.DefaultBlock;
    }
    if (Opts.Block || Configured) {
      uint64_t Dyn = Block.DynamicSharedBytes;
      Block = BlockShape();
      Block.DynamicSharedBytes = Dyn;
      Block.Dims = Opts.Block ? *Opts.Block : *Configured;
      Block.Source = Opts.Block ? BlockSource::Cli : BlockSource::Config;
      Found.From = SourceLocation();
    }
    Block.From = toSourceLoc(Found.From, SM);
    if (Block.Source == BlockSource::Config)
      Block.From.File = Opts.ConfigFile;

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
    std::map<size_t, uint64_t> Votes;
    for (const WalkedAccess &W : Walker.accesses()) {
      Access A;
      A.ArrayId = EnsureArray(W.Array);
      A.Subs = subscriptsOf(W.Track, *Out.M.findArray(A.ArrayId));
      if (A.Subs.FlatRowLength && !writtenAsRows(W.Expr, W.Array, Ctx)) {
        // Split as written: the whole index, a linear one.
        Votes[Out.M.Accesses.size()] = A.Subs.FlatRowLength;
        A.Subs.Index = {W.Track.Index[0]};
        A.Subs.FlatRowLength = 0;
      }
      A.Loc = toSourceLoc(W.Expr->getBeginLoc(), SM);
      A.Kind = W.Kind;
      A.WidthBytes = W.WidthBytes;
      A.Matrix = W.Matrix;
      A.ByteOffset = W.ByteOffset;
      A.Predicate = W.Predicate;
      A.IndexText = indexText(W.Expr, Ctx);
      A.Symbols = W.Symbols;
      A.Block = Block;
      const SharedArray &Arr = *Out.M.findArray(A.ArrayId);
      A.ArrayBytes = Arr.Dynamic ? Block.DynamicSharedBytes : Arr.Bytes;
      A.ElementBytes = Arr.ElementBytes;
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
    linearAccessesAsRows(Out.M, Name, Votes);
    std::map<const Stmt *, size_t> BarrierSites;
    for (MatchedBarrier &B : matchBarriers(Ctx, K, Name)) {
      BarrierSites[B.Site] = Out.M.Barriers.size();
      Out.M.Barriers.push_back(std::move(B.Plain));
      Out.BarrierSites.push_back(B.Site);
      Out.BarrierKernels.push_back(K);
    }
    // What the race check of a barrier removal needs besides LDS.
    std::set<unsigned> Evaluated;
    for (const WalkedAccess &W : Walker.accesses())
      Evaluated.insert(toSourceLoc(W.Expr->getBeginLoc(), SM).Offset);
    for (const WalkedGlobal &W : Walker.globals()) {
      Evaluated.insert(toSourceLoc(W.Expr->getBeginLoc(), SM).Offset);
      Out.M.Globals.push_back(plainGlobal(W, Name, Ctx));
    }
    for (KernelStatement &S : scanKernelStatements(Ctx, K, Name, BarrierSites, Evaluated))
      Out.M.Statements.push_back(std::move(S));
    for (const EscapedPointer &E : Walker.escapes())
      Out.Escapes.push_back(E);
    for (const StoredAddress &A : findStoredAddresses(Ctx, K))
      Out.Stored.push_back(A);
  }
  return Out;
}

} // namespace lds
