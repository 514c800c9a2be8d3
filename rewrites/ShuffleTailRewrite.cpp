//===- ShuffleTailRewrite.cpp - A reduction's in-wave levels as shuffles --===//

#include "rewrites/ShuffleTailRewrite.h"

#include "rewrites/FreshNames.h"

#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;

namespace lds {

namespace {

/// Text, each line after the first indented by Step more.
std::string indented(const std::string &Text, const std::string &Step) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    Out += Text[I];
    if (Text[I] == '\n' && I + 1 < Text.size())
      Out += Step;
  }
  return Out;
}

} // namespace

llvm::Expected<FileEdits> shuffleTailRewrite(const MatchedReduction &R, ASTContext &Ctx,
                                             const EditScope &Scope) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Loop = editableRange(R.Loop->getSourceRange(), Ctx, "the loop", Scope);
  if (!Loop)
    return Loop.takeError();
  auto Text = [&](const Stmt *S, const char *What) { return editableText(S, Ctx, What, Scope); };
  auto Init = Text(R.Loop->getInit(), "the loop's counter");
  if (!Init)
    return Init.takeError();
  auto Cond = Text(R.Loop->getCond(), "the loop's condition");
  if (!Cond)
    return Cond.takeError();
  auto Inc = Text(R.Loop->getInc(), "the loop's step");
  if (!Inc)
    return Inc.takeError();
  auto Body = Text(R.Loop->getBody(), "the loop's body");
  if (!Body)
    return Body.takeError();
  auto Tid = Text(R.Tid, "the thread index");
  if (!Tid)
    return Tid.takeError();
  std::string InitText = *Init;
  while (!InitText.empty() && (InitText.back() == ';' || InitText.back() == ' '))
    InitText.pop_back();

  std::string Reg = FreshNames(R.Kernel).take("partial");

  std::string NL = lineEnding(SM, SM.getFileID(Loop->getBegin()));
  std::string I0 = indentationAt(R.Loop->getBeginLoc(), Ctx);
  std::string Step = "  ";
  std::string BodyIndent = indentationAt(R.Barrier->getBeginLoc(), Ctx);
  if (BodyIndent.size() > I0.size())
    Step = BodyIndent.substr(I0.size());
  std::string I1 = I0 + Step, I2 = I1 + Step, I3 = I2 + Step;
  const std::string S = R.Counter->getName().str();
  const std::string A = R.Array->getName().str();
  QualType Elem = cast<ArrayType>(R.Array->getType().getTypePtr())->getElementType();
  std::string T = Elem.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
  bool Cuda = !Ctx.getLangOpts().HIP;
  std::string Shfl = Cuda ? "__shfl_down_sync(0xffffffffu, " + Reg + ", " + S + ")"
                          : "__shfl_down(" + Reg + ", " + S + ")";
  std::string Out;
  if (R.Plain.Form == ReductionForm::Sequential) {
    Out = "{ // lds-rewrite: the last log2(warpSize) levels with wave shuffles, in the same "
          "pairs (lds-reduction-tail)" + NL;
    Out += I1 + InitText + ";" + NL;
    Out += I1 + "for (; " + S + " > warpSize / 2; " + *Inc + ") " + indented(*Body, Step) + NL;
    Out += I1 + "if (" + *Tid + " < warpSize) {" + NL;
    Out += I2 + T + " " + Reg + " = " + A + "[" + *Tid + "];" + NL;
    Out += I2 + "for (; " + *Cond + "; " + *Inc + ")" + NL;
    Out += I3 + Reg + " += " + Shfl + ";" + NL;
    Out += I2 + "if (" + *Tid + " == 0)" + NL;
    Out += I3 + A + "[0] = " + Reg + ";" + NL;
    Out += I1 + "}" + NL;
    Out += I1 + "__syncthreads();" + NL;
    Out += I0 + "}";
  } else {
    Out = "{ // lds-rewrite: the first log2(warpSize) levels with wave shuffles, in the same "
          "pairs (lds-reduction-tail)" + NL;
    Out += I1 + T + " " + Reg + " = " + A + "[" + *Tid + "];" + NL;
    Out += I1 + InitText + ";" + NL;
    Out += I1 + "for (; " + S + " < warpSize; " + *Inc + ")" + NL;
    Out += I2 + Reg + " += " + Shfl + ";" + NL;
    Out += I1 + "if (" + *Tid + " % warpSize == 0)" + NL;
    Out += I2 + A + "[" + *Tid + "] = " + Reg + ";" + NL;
    Out += I1 + "__syncthreads();" + NL;
    Out += I1 + "for (; " + *Cond + "; " + *Inc + ") " + indented(*Body, Step) + NL;
    Out += I0 + "}";
  }
  FileEdits Edits;
  unsigned Begin = SM.getFileOffset(Loop->getBegin()), End = SM.getFileOffset(Loop->getEnd());
  if (llvm::Error E = addReplacement(
          Edits, tooling::Replacement(SM, Loop->getBegin(), End - Begin, Out), Loop->getBegin()))
    return std::move(E);
  return std::move(Edits);
}

} // namespace lds
