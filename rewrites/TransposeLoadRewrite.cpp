//===- TransposeLoadRewrite.cpp - A column read as one transpose load -----===//

#include "rewrites/TransposeLoadRewrite.h"

#include "analysis/TransposeLoad.h"
#include "rewrites/FreshNames.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace lds {

llvm::Expected<FileEdits> transposeLoadRewrite(const MatchedTranspose &M, ASTContext &Ctx,
                                               const EditScope &Scope) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Loop = editableRange(M.Loop->getSourceRange(), Ctx, "the loop", Scope);
  if (!Loop)
    return Loop.takeError();
  auto Text = [&](const Stmt *S, const char *What) { return editableText(S, Ctx, What, Scope); };
  auto Row = Text(M.RowBase, "the row");
  if (!Row)
    return Row.takeError();
  auto Col = Text(M.Column, "the column");
  if (!Col)
    return Col.takeError();
  auto Dest = Text(M.Dest, "the destination");
  if (!Dest)
    return Dest.takeError();
  // An unbraced body ends before its ';': the loop's text takes it too.
  unsigned Begin = SM.getFileOffset(Loop->getBegin()), End = SM.getFileOffset(Loop->getEnd());
  StringRef Buf = SM.getBufferData(SM.getFileID(Loop->getBegin()));
  if (!isa<CompoundStmt>(M.Loop->getBody())) {
    size_t Semi = Buf.find_first_not_of(" \t", End);
    if (Semi == StringRef::npos || Buf[Semi] != ';')
      return refuse("the loop's body does not end with ';' where expected", M.Loop->getEndLoc());
    End = unsigned(Semi + 1);
  }
  std::string WholeText = Buf.substr(Begin, End - Begin).str();
  // A directive starts its line: the edit takes the loop's indentation too
  // when nothing else precedes it there.
  unsigned LineStart = Begin;
  while (LineStart > 0 && (Buf[LineStart - 1] == ' ' || Buf[LineStart - 1] == '\t'))
    --LineStart;
  if (LineStart > 0 && Buf[LineStart - 1] != '\n')
    LineStart = Begin;
  const std::string *Whole = &WholeText;

  FreshNames Names(M.Kernel);
  const std::string Lane = Names.take("lds_tr_lane"), Vec = Names.take("lds_tr_vec"),
                    Val = Names.take("lds_tr_v"), Elem = Names.take("lds_tr_e");
  const std::string J = M.Counter->getName().str();
  const std::string CounterType =
      M.Counter->getType().getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
  QualType ElemT = Ctx.getAsArrayType(Ctx.getAsArrayType(M.Array->getType())->getElementType())
                       ->getElementType();
  std::string T = ElemT.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());

  std::string NL = lineEnding(SM, SM.getFileID(Loop->getBegin()));
  std::string I0 = indentationAt(M.Loop->getBeginLoc(), Ctx);
  std::string I1 = I0 + "  ", I2 = I1 + "  ";
  std::string Out;
  unsigned Align = 0;
  for (size_t K = 0; K < M.Targets.size(); ++K) {
    if (!M.Refusals[K].empty())
      continue;
    const TransposeInstr *I = transposeInstrFor(M.Targets[K], M.ElementBytes);
    Align = std::max(Align, I->VectorBytes);
    std::string Scalar = I->ElementBytes == 2 ? "short" : "int";
    unsigned Lanes = I->ElementBytes == 2 ? I->Elements : I->VectorBytes / 4;
    std::string Builtin = std::string(I->BuiltinStem) +
                          (I->ElementBytes == 2 ? "_v" + std::to_string(I->Elements) + "i16"
                                                : std::string("_v2i32"));
    std::string RowShift, ColShift;
    laneShiftText(*I, Lane, RowShift, ColShift);
    Out += std::string(Out.empty() ? "#if" : (NL + "#elif")) + " defined(__" + I->Target +
           "__) // lds-rewrite: one " + I->Mnemonic + " gives each lane its " +
           std::to_string(I->Elements) + " values (lds-transpose-load)" + NL;
    Out += I0 + "{" + NL;
    Out += I1 + "typedef " + Scalar + " " + Vec + " __attribute__((__vector_size__(" +
           std::to_string(Lanes) + " * sizeof(" + Scalar + "))));" + NL;
    Out += I1 + "const unsigned " + Lane +
           " = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));" + NL;
    Out += I1 + Vec + " " + Val + " = " + Builtin + "((__attribute__((address_space(3))) " + Vec +
           " *)&" + M.ArrayName + "[(" + *Row + ") + " + RowShift + "][(" + *Col + ") + " +
           ColShift + "]);" + NL;
    Out += I1 + "for (" + CounterType + " " + J + " = 0; " + J + " < " +
           std::to_string(M.Count) + "; ++" + J + ") {" + NL;
    Out += I2 + T + " " + Elem + ";" + NL;
    Out += I2 + "__builtin_memcpy(&" + Elem + ", (const char *)&" + Val + " + " + J +
           " * sizeof(" + T + "), sizeof(" + T + "));" + NL;
    Out += I2 + *Dest + " = " + Elem + ";" + NL;
    Out += I1 + "}" + NL;
    Out += I0 + "}";
  }
  if (Out.empty())
    return refuse("no requested target has a proven transpose load", M.Loop->getBeginLoc());
  Out += NL + "#else" + NL + I0 + *Whole + NL + "#endif";

  FileEdits Edits;
  if (LineStart == Begin && Begin > 0 && Buf[Begin - 1] != '\n')
    Out = NL + Out; // code before the loop on its line stays there
  // Code after the loop on its line must not follow #endif (the
  // preprocessor would drop it): it goes to the next line.
  size_t Rest = Buf.find_first_not_of(" \t", End);
  if (Rest != StringRef::npos && Buf[Rest] != '\n' && Buf[Rest] != '\r')
    Out += NL + I0;
  SourceLocation From = Loop->getBegin().getLocWithOffset(int(LineStart) - int(Begin));
  if (llvm::Error E = addReplacement(
          Edits, tooling::Replacement(SM, From, End - LineStart, Out), From))
    return std::move(E);
  if (M.DeclaredAlign < Align) {
    // After the declarator (`T a[R][C] __attribute__((aligned(16)));`).
    auto Name = editableRange(SourceRange(M.Array->getLocation()), Ctx, "the array's name", Scope);
    if (!Name)
      return Name.takeError();
    SourceLocation EndLoc = M.Array->getTypeSourceInfo()
                                ? M.Array->getTypeSourceInfo()->getTypeLoc().getEndLoc()
                                : M.Array->getLocation();
    if (EndLoc.isMacroID() || SM.getFileID(EndLoc) != SM.getFileID(Name->getBegin()))
      return refuse("the array's declaration is written in a macro", M.Array->getLocation());
    SourceLocation After = Lexer::getLocForEndOfToken(EndLoc, 0, SM, Ctx.getLangOpts());
    if (llvm::Error E = addReplacement(
            Edits,
            tooling::Replacement(SM, After, 0,
                                 " __attribute__((aligned(" + std::to_string(Align) + ")))"),
            After))
      return std::move(E);
  }
  return std::move(Edits);
}

} // namespace lds
