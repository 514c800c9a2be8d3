//===- IsaWidths.cpp - Source accesses against the compiled ds_* widths ---===//

#include "pipeline/IsaWidths.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>

using namespace llvm;

namespace lds {

using amdasm::DsInstr;
using amdasm::DsKind;
using amdasm::SourceFrame;

namespace {

DsKind dsKindOf(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return DsKind::Load;
  case AccessKind::Store:
    return DsKind::Store;
  case AccessKind::Atomic:
    return DsKind::Atomic;
  }
  return DsKind::Load;
}

bool inKernel(const std::string &Function, const std::string &Kernel) {
  if (Kernel.empty())
    return false;
  std::string K = Kernel + "(";
  return StringRef(Function).starts_with(K) || StringRef(Function).contains(" " + K);
}

/// The instructions of A's line of A's kind: those of A's kernel when there
/// are some (a line of a header is compiled into every kernel using it).
std::vector<CompiledAccess> instructionsOf(const Access &A, const CompiledWidths &W) {
  auto L = W.find(amdasm::LineKey{IsaNames::absolute(A.Loc.File), A.Loc.Line});
  if (L == W.end())
    return {};
  std::vector<CompiledAccess> Same, Any;
  for (const CompiledAccess &C : L->second)
    if (C.Kind == dsKindOf(A.Kind)) {
      Any.push_back(C);
      if (inKernel(C.Function, A.Kernel))
        Same.push_back(C);
    }
  return Same.empty() ? Any : Same;
}

/// A at the width Wd, its address as the instruction sees it.
Access atWidth(const Access &A, unsigned Wd) {
  // The instruction's lane address is the source address rounded down to
  // the compiled width: the alignment LLVM needs to merge narrower accesses
  // into it (a merged ds_read_b64 starts at the lower float; four byte
  // loads read as one ds_read_b32 start at the aligned word). Splitting (a
  // float4 read as ds_read2_b32) keeps it.
  Access Copy = A;
  Copy.WidthBytes = Wd;
  if (Wd > A.WidthBytes && A.ByteOffset) {
    IntType Ty = A.ByteOffset->Ty;
    Copy.ByteOffset = LaneExpr::binary(
        BinaryOp::Sub, A.ByteOffset,
        LaneExpr::binary(BinaryOp::Rem, A.ByteOffset, LaneExpr::constant(Wd, Ty), Ty), Ty);
  }
  return Copy;
}

} // namespace

CompiledWidths compiledWidths(const amdasm::AsmFile &A,
                              const std::vector<std::string> &SkipPrefixes) {
  CompiledWidths Out;
  for (const amdasm::Function &F : A.Functions)
    for (const DsInstr &I : F.Ds) {
      const SourceFrame *S = amdasm::userFrame(I, SkipPrefixes);
      if (!S)
        continue;
      CompiledAccess C;
      C.Mnemonic = I.Mnemonic;
      C.Kind = I.Op.Kind;
      C.WidthBytes = I.Op.WidthBytes;
      C.Addresses = I.Op.Addresses;
      C.Function = F.Name;
      Out[amdasm::LineKey{IsaNames::absolute(S->File), S->Line}].push_back(C);
    }
  return Out;
}

std::vector<WidthFinding> compareWidths(const IsaResult &S, const IsaVariant &Original,
                                        const RunConfig &Config) {
  std::vector<WidthFinding> Out;
  ConflictAnalyzer Analyzer(Config.Banks);
  for (size_t T = 0; T < S.SourceTargets.size(); ++T) {
    const std::string &Target = S.SourceTargets[T];
    auto It = Original.Asm.find(Target);
    if (It == Original.Asm.end())
      continue;
    CompiledWidths W = compiledWidths(It->second, S.Names.SkipPrefixes);
    const TargetModel *TM = Config.Banks.find(Target);
    for (size_t I = 0; I < S.M.Accesses.size(); ++I) {
      const Access &A = S.M.Accesses[I];
      WidthFinding F;
      F.Target = Target;
      F.AccessIndex = I;
      F.TargetIndex = T;
      F.Instrs = instructionsOf(A, W);
      std::vector<unsigned> Widths;
      for (const CompiledAccess &C : F.Instrs)
        if (C.WidthBytes && C.WidthBytes != A.WidthBytes &&
            std::find(Widths.begin(), Widths.end(), C.WidthBytes) == Widths.end())
          Widths.push_back(C.WidthBytes);
      for (unsigned Wd : Widths)
        F.Recosted.push_back({Wd, Analyzer.analyze(atWidth(A, Wd), *TM, Config.Assumptions)});
      Out.push_back(std::move(F));
    }
  }
  return Out;
}

} // namespace lds
