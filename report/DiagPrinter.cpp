//===- DiagPrinter.cpp - clang-style messages at source locations ---------===//

#include "report/DiagPrinter.h"

#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace lds {

DiagPrinter::DiagPrinter(ASTContext &Ctx, bool Color) : Buffer(Rendered) {
  // TextDiagnostic buffers located diagnostics in a formatted stream of its
  // own, while messages without a location go straight out; an unbuffered
  // string stream underneath keeps them in order.
  Opts.ShowColors = Color;
  Buffer.enable_colors(Color);
  Printer = std::make_unique<TextDiagnosticPrinter>(Buffer, Opts);
  Diags = std::make_unique<DiagnosticsEngine>(new DiagnosticIDs(), Opts, Printer.get(),
                                              /*ShouldOwnClient=*/false);
  Diags->setSourceManager(&Ctx.getSourceManager());
  Printer->BeginSourceFile(Ctx.getLangOpts(), nullptr);
}

DiagPrinter::~DiagPrinter() { Printer->EndSourceFile(); }

void DiagPrinter::report(DiagnosticsEngine::Level Level, SourceLocation Loc,
                         const std::string &Message, const std::string &Tag) {
  unsigned ID = Diags->getCustomDiagID(Level, "%0");
  std::string Text = Tag.empty() ? Message : Message + " [" + Tag + "]";
  if (Loc.isValid())
    Diags->Report(Loc, ID) << Text;
  else
    Diags->Report(ID) << Text;
}

std::string DiagPrinter::take() {
  std::string Out;
  std::swap(Out, Rendered);
  return Out;
}

} // namespace lds
