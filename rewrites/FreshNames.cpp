//===- FreshNames.cpp - Names a rewrite may declare in a kernel -----------===//

#include "rewrites/FreshNames.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace lds {

namespace {
struct NameCollector : RecursiveASTVisitor<NameCollector> {
  std::set<std::string> Names;
  bool VisitNamedDecl(NamedDecl *D) {
    if (D->getIdentifier())
      Names.insert(D->getName().str());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl()->getIdentifier())
      Names.insert(E->getDecl()->getName().str());
    return true;
  }
};
} // namespace

FreshNames::FreshNames(const FunctionDecl *Kernel) {
  NameCollector C;
  C.TraverseDecl(const_cast<FunctionDecl *>(Kernel));
  Taken = std::move(C.Names);
}

std::string FreshNames::take(const std::string &Base) {
  std::string Name = Base;
  for (unsigned N = 2; Taken.count(Name); ++N)
    Name = Base + std::to_string(N);
  Taken.insert(Name);
  return Name;
}

} // namespace lds
