//===- LdsLayout.cpp - Where the AMDGPU back end placed each LDS variable --===//

#include "readers/LdsLayout.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

namespace lds {
namespace ldslayout {

using namespace llvm;

namespace {

constexpr StringLiteral Pass = "(amdgpu-lower-module-lds) ***";
constexpr unsigned LocalAddressSpace = 3;

/// The module text after the dump header that starts with Header, up to
/// the next dump header or the end.
std::optional<StringRef> dumpAfter(StringRef Output, StringRef Header) {
  for (size_t At = Output.find(Header); At != StringRef::npos; At = Output.find(Header, At + 1)) {
    StringRef Line = Output.substr(At).take_until([](char C) { return C == '\n'; });
    if (!Line.ends_with(Pass))
      continue;
    StringRef Body = Output.substr(At + Line.size());
    size_t End = Body.find("\n*** IR Dump ");
    return End == StringRef::npos ? Body : Body.take_front(End + 1);
  }
  return std::nullopt;
}

Expected<std::unique_ptr<Module>> parseDump(StringRef Text, LLVMContext &Ctx, StringRef Which) {
  SMDiagnostic Diag;
  // The parser reads a null-terminated buffer: a copy, not a slice of the
  // compiler's output (which goes on with the next dump).
  std::unique_ptr<Module> M = parseAssemblyString(Text.str(), Diag, Ctx);
  if (!M)
    return createStringError("the IR dump %s the LDS lowering does not parse: line %d: %s",
                             Which.str().c_str(), Diag.getLineNo(),
                             Diag.getMessage().str().c_str());
  return M;
}

/// The instructions of F, less the pass's own additions (llvm.donothing
/// calls that keep the module struct alive).
std::vector<const Instruction *> body(const Function &F) {
  std::vector<const Instruction *> Out;
  for (const Instruction &I : instructions(F)) {
    if (const auto *II = dyn_cast<IntrinsicInst>(&I); II && II->getIntrinsicID() == Intrinsic::donothing)
      continue;
    Out.push_back(&I);
  }
  return Out;
}

struct Pairing {
  const DataLayout &Before, &After;
  std::map<std::string, Placement> Found;
  std::map<std::string, bool> Conflicting;

  void record(const GlobalVariable &Var, Placement P) {
    std::string Name = Var.getName().str();
    auto [It, New] = Found.try_emplace(Name, P);
    if (!New && (It->second.Offset != P.Offset || It->second.Struct != P.Struct))
      Conflicting[Name] = true;
  }

  /// VB (before the pass) and VA (after it) stand in the same place.
  void pair(const Value *VB, const Value *VA) {
    const auto *CB = dyn_cast<Constant>(VB);
    const auto *CA = dyn_cast<Constant>(VA);
    if (!CB || !CA || (isa<GlobalValue>(CB) && !isa<GlobalVariable>(CB)))
      return;
    if (auto *PT = dyn_cast<PointerType>(CB->getType());
        PT && PT->getAddressSpace() == LocalAddressSpace) {
      APInt OffB(Before.getIndexTypeSizeInBits(PT), 0);
      APInt OffA(After.getIndexTypeSizeInBits(CA->getType()), 0);
      const Value *BaseB = CB->stripAndAccumulateConstantOffsets(Before, OffB, true);
      const Value *BaseA = CA->stripAndAccumulateConstantOffsets(After, OffA, true);
      const auto *Var = dyn_cast<GlobalVariable>(BaseB);
      const auto *Struct = dyn_cast<GlobalVariable>(BaseA);
      if (!Var || !Struct || Var->getName() == Struct->getName())
        return; // not lowered here
      std::optional<ConstantRange> Abs = Struct->getAbsoluteSymbolRange();
      if (!Abs || !Abs->getSingleElement())
        return;
      int64_t Offset = static_cast<int64_t>(Abs->getSingleElement()->getZExtValue()) +
                       OffA.getSExtValue() - OffB.getSExtValue();
      if (Offset < 0)
        return;
      record(*Var, {static_cast<uint64_t>(Offset), Before.getTypeAllocSize(Var->getValueType()),
                    Struct->getName().str()});
      return;
    }
    // A constant expression around the address (ptrtoint, a select of two):
    // the same shape on both sides.
    const auto *EB = dyn_cast<ConstantExpr>(CB);
    const auto *EA = dyn_cast<ConstantExpr>(CA);
    if (EB && EA && EB->getOpcode() == EA->getOpcode() &&
        EB->getNumOperands() == EA->getNumOperands())
      for (unsigned K = 0; K < EB->getNumOperands(); ++K)
        pair(EB->getOperand(K), EA->getOperand(K));
  }
};

} // namespace

std::vector<std::string> dumpArguments() {
  return {"-mllvm", "-print-before=amdgpu-lower-module-lds", "-mllvm",
          "-print-after=amdgpu-lower-module-lds"};
}

std::optional<Placement> Layout::find(const std::string &Kernel, const std::string &Var) const {
  if (auto F = Functions.find(Kernel); F != Functions.end())
    if (auto V = F->second.find(Var); V != F->second.end())
      return V->second;
  for (const auto &[Fn, Vars] : Functions)
    if (auto V = Vars.find(Var);
        V != Vars.end() && StringRef(V->second.Struct).starts_with("llvm.amdgcn.module.lds"))
      return V->second;
  return std::nullopt;
}

Expected<Layout> readDumps(StringRef Output) {
  std::optional<StringRef> BeforeText = dumpAfter(Output, "*** IR Dump Before ");
  std::optional<StringRef> AfterText = dumpAfter(Output, "*** IR Dump After ");
  if (!BeforeText || !AfterText)
    return createStringError("the compiler printed no IR dump of amdgpu-lower-module-lds");
  LLVMContext CtxB, CtxA;
  auto Before = parseDump(*BeforeText, CtxB, "before");
  if (!Before)
    return Before.takeError();
  auto After = parseDump(*AfterText, CtxA, "after");
  if (!After)
    return After.takeError();

  Layout L;
  for (const Function &FB : **Before) {
    const Function *FA = (*After)->getFunction(FB.getName());
    if (FB.isDeclaration() || !FA || FA->isDeclaration())
      continue;
    std::vector<const Instruction *> IB = body(FB), IA = body(*FA);
    bool Paired = IB.size() == IA.size();
    for (size_t I = 0; Paired && I < IB.size(); ++I)
      Paired = IB[I]->getOpcode() == IA[I]->getOpcode() &&
               IB[I]->getNumOperands() == IA[I]->getNumOperands();
    if (!Paired) {
      L.Unpaired.push_back(FB.getName().str());
      continue;
    }
    Pairing P{(*Before)->getDataLayout(), (*After)->getDataLayout(), {}, {}};
    for (size_t I = 0; I < IB.size(); ++I)
      for (unsigned K = 0; K < IB[I]->getNumOperands(); ++K)
        P.pair(IB[I]->getOperand(K), IA[I]->getOperand(K));
    for (auto &[Name, Place] : P.Found)
      if (!P.Conflicting.count(Name))
        L.Functions[FB.getName().str()][Name] = Place;
  }
  return L;
}

} // namespace ldslayout
} // namespace lds
