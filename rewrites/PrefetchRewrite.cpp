//===- PrefetchRewrite.cpp - Register prefetch of a refill loop's global loads -===//

#include "rewrites/PrefetchRewrite.h"
#include "matchers/LoopEffects.h"
#include "rewrites/FreshNames.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <map>
#include <set>

using namespace clang;

namespace lds {

namespace {

class Writer {
public:
  Writer(const MatchedRefillLoop &L, ASTContext &Ctx, const EditScope &Scope)
      : L(L), Ctx(Ctx), SM(Ctx.getSourceManager()), Scope(Scope), Names(L.Kernel) {}

  llvm::Expected<FileEdits> write(PrefetchPlacement Placement) {
    auto Loop = editableRange(L.Loop->getSourceRange(), Ctx, "the loop", Scope);
    if (!Loop)
      return Loop.takeError();
    std::string NL = lineEnding(SM, SM.getFileID(Loop->getBegin()));
    std::string Outer = indentationAt(L.Loop->getBeginLoc(), Ctx);
    std::string Inner = indentationAt(L.Wait->getBeginLoc(), Ctx);
    std::string Step = Inner.size() > Outer.size() ? Inner.substr(Outer.size()) : "    ";

    // One register per store, named after the array it refills.
    std::vector<std::string> Regs, Types;
    std::map<std::string, unsigned> PerArray;
    for (const RefillStore &S : L.Stores)
      ++PerArray[arrayName(S)];
    std::map<std::string, unsigned> Seen;
    for (const RefillStore &S : L.Stores) {
      std::string A = arrayName(S);
      std::string Base = A + "_reg" + (PerArray[A] > 1 ? std::to_string(Seen[A]++) : "");
      Regs.push_back(fresh(Base));
      QualType T = S.Value->getType().getUnqualifiedType().getNonReferenceType();
      if (T->isDependentType() && !T->getAs<TemplateTypeParmType>())
        return refuse("the type of the value stored is not known in the template", S.Value->getBeginLoc());
      Types.push_back(T.getAsString(Ctx.getPrintingPolicy()));
    }

    // Before the loop: the first iteration's loads, under its condition.
    std::string Pre = Outer + "// lds-rewrite: the first iteration's global loads, in registers "
                              "(lds-exposed-write-latency)" + NL;
    for (size_t I = 0; I < Regs.size(); ++I)
      Pre += Outer + Types[I] + " " + Regs[I] + "{};" + NL;
    Pre += Outer + "{" + NL;
    if (const Stmt *Init = L.Loop->getInit()) {
      auto T = statementText(Init);
      if (!T)
        return T.takeError();
      Pre += Outer + Step + *T + NL;
    }
    for (const VarDecl *V : L.Locals) {
      auto T = declText(V);
      if (!T)
        return T.takeError();
      Pre += Outer + Step + *T + NL;
    }
    auto Cond = text(L.Loop->getCond());
    if (!Cond)
      return Cond.takeError();
    Pre += Outer + Step + "if (" + *Cond + ") {" + NL;
    for (size_t I = 0; I < Regs.size(); ++I) {
      auto V = text(L.Stores[I].Value);
      if (!V)
        return V.takeError();
      Pre += Outer + Step + Step + Regs[I] + " = " + *V + ";" + NL;
    }
    Pre += Outer + Step + "}" + NL + Outer + "}" + NL;

    FileEdits Edits;
    auto Add = [&](SourceLocation At, unsigned Length, const std::string &Text) {
      return addReplacement(Edits, tooling::Replacement(SM, At, Length, Text), At);
    };
    SourceLocation LineStart = lineStart(L.Loop->getBeginLoc());
    if (llvm::Error E = Add(LineStart, 0, Pre))
      return std::move(E);

    // In the loop: the stores take the registers ...
    for (size_t I = 0; I < Regs.size(); ++I) {
      auto R = editableRange(L.Stores[I].Value, Ctx, Scope);
      if (!R)
        return R.takeError();
      if (llvm::Error E = Add(R->getBegin(), SM.getFileOffset(R->getEnd()) - SM.getFileOffset(R->getBegin()), Regs[I]))
        return std::move(E);
    }
    // ... and then load the next iteration's values into them.
    std::map<const VarDecl *, std::string> Next;
    for (const LoopCounter &C : L.Counters) {
      auto N = nextValue(C);
      if (!N)
        return N.takeError();
      Next[C.Var] = parenthesize(*N);
    }
    auto CondNext = substituted(L.Loop->getCond(), Next);
    if (!CondNext)
      return CondNext.takeError();
    std::string More = fresh("has_next");
    std::string In = Inner + "// lds-rewrite: the next iteration's global loads, in flight across the " +
                     (Placement == PrefetchPlacement::BeforeWait ? "barriers" : "compute") +
                     " (clamped on the last)" + NL;
    In += Inner + "const bool " + More + " = " + *CondNext + ";" + NL;
    std::map<const VarDecl *, std::string> Clamped;
    std::set<const VarDecl *> Used = usedVariables();
    for (const LoopCounter &C : L.Counters) {
      if (!Used.count(C.Var))
        continue;
      std::string Name = fresh(C.Var->getName().str() + "_next");
      auto N = nextValue(C);
      if (!N)
        return N.takeError();
      In += Inner + "const " + C.Var->getType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) + " " + Name +
            " = " + More + " ? " + *N + " : " + C.Var->getName().str() + ";" + NL;
      Clamped[C.Var] = Name;
    }
    for (const VarDecl *V : L.Locals) {
      std::string Name = fresh(V->getName().str() + "_next");
      auto Init = substituted(V->getInit(), Clamped);
      if (!Init)
        return Init.takeError();
      In += Inner + "const " + V->getType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy()) + " " + Name + " = " + *Init +
            ";" + NL;
      Clamped[V] = Name;
    }
    for (size_t I = 0; I < Regs.size(); ++I) {
      auto V = substituted(L.Stores[I].Value, Clamped);
      if (!V)
        return V.takeError();
      In += Inner + Regs[I] + " = " + *V + ";" + NL;
    }
    SourceLocation At;
    if (Placement == PrefetchPlacement::BeforeWait) {
      At = lineStart(L.Wait->getBeginLoc());
    } else {
      At = afterStatement(L.Wait);
      if (At.isInvalid())
        return refuse("the barrier is not a statement of its own", L.Wait->getBeginLoc());
    }
    if (llvm::Error E = Add(At, 0, In))
      return std::move(E);
    return std::move(Edits);
  }

private:
  std::string arrayName(const RefillStore &S) const {
    const ValueDecl *D = storedBase(S.Assign->getLHS());
    return D && D->getIdentifier() ? D->getName().str() : "tile";
  }

  std::string fresh(const std::string &Base) { return Names.take(Base); }

  SourceLocation lineStart(SourceLocation L) const {
    auto [FID, Off] = SM.getDecomposedLoc(SM.getExpansionLoc(L));
    StringRef Text = SM.getBufferData(FID);
    while (Off > 0 && Text[Off - 1] != '\n')
      --Off;
    return SM.getComposedLoc(FID, Off);
  }

  /// The start of the line after S's ';'.
  SourceLocation afterStatement(const Stmt *S) const {
    SourceLocation Semi = Lexer::findLocationAfterToken(SM.getExpansionLoc(S->getEndLoc()), tok::semi,
                                                        SM, Ctx.getLangOpts(), false);
    if (Semi.isInvalid())
      return Semi;
    auto [FID, Off] = SM.getDecomposedLoc(Semi);
    StringRef Text = SM.getBufferData(FID);
    while (Off < Text.size() && Text[Off] != '\n')
      ++Off;
    return Off < Text.size() ? SM.getComposedLoc(FID, Off + 1) : SourceLocation();
  }

  llvm::Expected<std::string> text(const Expr *E) { return substituted(E, {}); }

  /// E as written, each reference to a variable of Map replaced by its text.
  llvm::Expected<std::string> substituted(const Expr *E, const std::map<const VarDecl *, std::string> &Map) {
    auto R = editableRange(E, Ctx, Scope);
    if (!R)
      return R.takeError();
    unsigned Begin = SM.getFileOffset(R->getBegin());
    std::string Out = textOf(*R, Ctx);
    std::vector<std::pair<unsigned, const DeclRefExpr *>> Refs;
    collect(E, Map, Refs);
    std::sort(Refs.begin(), Refs.end(), [](auto &A, auto &B) { return A.first > B.first; });
    for (const auto &[Off, D] : Refs) {
      unsigned Len = Lexer::MeasureTokenLength(D->getLocation(), SM, Ctx.getLangOpts());
      Out.replace(Off - Begin, Len, Map.at(cast<VarDecl>(D->getDecl())));
    }
    return Out;
  }

  void collect(const Stmt *S, const std::map<const VarDecl *, std::string> &Map,
               std::vector<std::pair<unsigned, const DeclRefExpr *>> &Out) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && Map.count(V) && D->getLocation().isFileID())
        Out.push_back({SM.getFileOffset(D->getLocation()), D});
    for (const Stmt *C : S->children())
      collect(C, Map, Out);
  }

  /// The for's init statement with its ';'.
  llvm::Expected<std::string> statementText(const Stmt *S) {
    auto R = editableRange(S->getSourceRange(), Ctx, "the loop's initialisation", Scope);
    if (!R)
      return R.takeError();
    std::string T = textOf(*R, Ctx);
    while (!T.empty() && (T.back() == ' ' || T.back() == ';'))
      T.pop_back();
    return T + ";";
  }

  /// `int row = ...;` for a local the stored values use, as declared.
  llvm::Expected<std::string> declText(const VarDecl *V) {
    auto Init = text(V->getInit());
    if (!Init)
      return Init.takeError();
    return V->getType().getAsString(Ctx.getPrintingPolicy()) + " " + V->getName().str() + " = " +
           *Init + ";";
  }

  /// The counter's value in the next iteration, from its update.
  llvm::Expected<std::string> nextValue(const LoopCounter &C) {
    std::string V = C.Var->getName().str();
    if (const auto *U = dyn_cast<UnaryOperator>(C.Update))
      return V + (U->isIncrementOp() ? " + 1" : " - 1");
    const auto *B = cast<BinaryOperator>(C.Update);
    auto Step = text(B->getRHS());
    if (!Step)
      return Step.takeError();
    if (B->getOpcode() == BO_Assign)
      return *Step;
    std::string Op = BinaryOperator::getOpcodeStr(BinaryOperator::getOpForCompoundAssignment(B->getOpcode())).str();
    return V + " " + Op + " " + parenthesize(*Step);
  }

  /// The counters and locals the stored values read.
  std::set<const VarDecl *> usedVariables() {
    std::set<const VarDecl *> Used;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *D = dyn_cast<DeclRefExpr>(S))
        if (const auto *V = dyn_cast<VarDecl>(D->getDecl()); V && Used.insert(V).second)
          if (std::find(L.Locals.begin(), L.Locals.end(), V) != L.Locals.end())
            Walk(V->getInit());
      for (const Stmt *C : S->children())
        Walk(C);
    };
    for (const RefillStore &S : L.Stores)
      Walk(S.Value);
    return Used;
  }

  const MatchedRefillLoop &L;
  ASTContext &Ctx;
  const SourceManager &SM;
  const EditScope &Scope;
  FreshNames Names;
};

} // namespace

llvm::Expected<FileEdits> prefetchRewrite(const MatchedRefillLoop &L, PrefetchPlacement Placement,
                                          ASTContext &Ctx, const EditScope &Scope) {
  return Writer(L, Ctx, Scope).write(Placement);
}

} // namespace lds
