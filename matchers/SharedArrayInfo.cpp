//===- SharedArrayInfo.cpp - Describe a __shared__ variable ---------------===//

#include "matchers/SharedArrayInfo.h"

#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace lds {

SourceLoc toSourceLoc(SourceLocation L, const SourceManager &SM) {
  SourceLoc Out;
  if (L.isInvalid())
    return Out;
  SourceLocation F = SM.getFileLoc(L);
  PresumedLoc P = SM.getPresumedLoc(F);
  if (P.isInvalid())
    return Out;
  Out.File = P.getFilename();
  Out.Line = P.getLine();
  Out.Column = P.getColumn();
  Out.Offset = SM.getFileOffset(F);
  return Out;
}

std::string arrayId(const std::string &Kernel, const VarDecl *VD) {
  return Kernel + "/" + VD->getNameAsString();
}

SharedArray describeSharedArray(const VarDecl *VD, ASTContext &Ctx, const std::string &Kernel) {
  SharedArray A;
  A.Name = VD->getNameAsString();
  A.Kernel = Kernel;
  A.Id = arrayId(Kernel, VD);
  A.Decl = toSourceLoc(VD->getLocation(), Ctx.getSourceManager());
  QualType T = VD->getType();
  if (const auto *IA = Ctx.getAsIncompleteArrayType(T)) {
    A.Dynamic = true;
    A.Dims.push_back(0);
    T = IA->getElementType();
  }
  while (const auto *CA = Ctx.getAsConstantArrayType(T)) {
    A.Dims.push_back(CA->getSize().getZExtValue());
    T = CA->getElementType();
  }
  PrintingPolicy PP(Ctx.getLangOpts());
  PP.SuppressTagKeyword = true;
  A.ElementType = T.getUnqualifiedType().getAsString(PP);
  A.ElementBytes =
      T->isIncompleteType() ? 0 : static_cast<unsigned>(Ctx.getTypeSizeInChars(T).getQuantity());
  A.Bytes = A.Dynamic || VD->getType()->isIncompleteType()
                ? 0
                : Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
  return A;
}

} // namespace lds
