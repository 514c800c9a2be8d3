//===- KernelMatchers.cpp - What the front end looks for, as AST matchers -===//

#include "matchers/KernelMatchers.h"

#include "clang/AST/Attr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;
using namespace clang::ast_matchers;

namespace lds {

namespace {
/// Collects the nodes one matcher binds to "node", in match order.
template <typename Node> struct Collect : MatchFinder::MatchCallback {
  std::vector<const Node *> Found;
  void run(const MatchFinder::MatchResult &R) override {
    if (const auto *N = R.Nodes.getNodeAs<Node>("node"))
      Found.push_back(N);
  }
};

template <typename Node, typename Matcher>
std::vector<const Node *> matchAll(ASTContext &Ctx, const Matcher &M) {
  Collect<Node> C;
  MatchFinder Finder;
  Finder.addMatcher(M, &C);
  Finder.matchAST(Ctx);
  return std::move(C.Found);
}
} // namespace

std::vector<const FunctionDecl *> matchKernels(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const FunctionDecl *> Kernels;
  std::set<const FunctionDecl *> Seen;
  // A template's pattern is dependent: only its instantiations are kernels
  // with values to evaluate.
  for (const FunctionDecl *FD :
       matchAll<FunctionDecl>(Ctx, functionDecl(hasAttr(attr::CUDAGlobal)).bind("node")))
    if (FD->doesThisDeclarationHaveABody() && !FD->isDependentContext() &&
        !SM.isInSystemHeader(FD->getLocation()) && Seen.insert(FD).second)
      Kernels.push_back(FD);
  return Kernels;
}

std::vector<const FunctionDecl *> writtenKernels(ASTContext &Ctx) {
  std::vector<const FunctionDecl *> Out;
  std::set<const FunctionDecl *> Seen;
  for (const FunctionDecl *K : matchKernels(Ctx)) {
    const FunctionDecl *Written = K->getTemplateInstantiationPattern();
    if (!Written)
      Written = K;
    if (Written->getBody() && Seen.insert(Written).second)
      Out.push_back(Written);
  }
  return Out;
}

std::vector<const CUDAKernelCallExpr *> matchLaunches(ASTContext &Ctx) {
  return matchAll<CUDAKernelCallExpr>(Ctx, cudaKernelCallExpr().bind("node"));
}

} // namespace lds
