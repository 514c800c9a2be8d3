//===- IsaMode.cpp - lds-rewrite isa: its options, then pipeline/IsaRun ---===//

#include "tool/IsaMode.h"

#include "pipeline/IsaRun.h"
#include "report/IsaJson.h"
#include "report/IsaTables.h"
#include "pipeline/DeviceCompileArgs.h"
#include "targets/Targets.h"
#include "tool/Options.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lds {

namespace {

const char *const Usage =
    "usage: lds-rewrite isa FILE [--target=gfx942[,gfx950,gfx1250...] | sm_80,sm_90 for .cu]\n"
    "                   [--compare FILE2 | --compare-fix [--strategy=auto|pad|swizzle]]\n"
    "                   [--format=text|json] [--gpu-headers=bundled|auto]\n"
    "                   [--block=X[,Y[,Z]]] [--assume NAME=VALUE]... [--bank-model=FILE]\n"
    "                   [--asm-dir=DIR] [-- compiler args]\n"
    "\n"
    "Compiles FILE's device side with clang-22 -O3 -S -gline-tables-only for each\n"
    "AMD target and reports per kernel: LDS bytes, VGPRs/AGPRs/SGPRs, the ds_*\n"
    "instructions with their source lines, and for each LDS write the number of\n"
    "instructions until the next s_waitcnt lgkmcnt(0) / s_wait_dscnt 0 / barrier.\n"
    "Source accesses whose compiled width differs from the source are re-costed.\n"
    "A CUDA file (.cu, -x cuda) is compiled with nvcc -cubin -lineinfo for sm_80 /\n"
    "sm_90 and its SASS read: LDS/STS/LDSM/ATOMS/LDGSTS by source line, registers,\n"
    "shared bytes, warps per SM.\n"
    "  --compare FILE2   the same for a rewritten FILE2, next to FILE\n"
    "  --compare-fix     the same for lds-rewrite --fix applied to a copy of FILE\n"
    "  --gpu-headers     bundled (default): the project's minimal HIP headers, where\n"
    "                    __syncthreads() is a fence and s_barrier; auto: Debian's HIP\n"
    "                    headers, where it is a call to an external function\n"
    "  --asm-dir=DIR     keep the assembly files in DIR\n";

cl::list<std::string> Files(cl::Positional, cl::desc("<file>"), cl::sub(options::isaCommand()));
cl::opt<std::string> CompareOpt("compare", cl::value_desc("FILE2"),
                                cl::desc("The same for a rewritten FILE2, next to FILE"),
                                cl::cat(options::category()), cl::sub(options::isaCommand()));
cl::opt<bool> CompareFixOpt("compare-fix",
                            cl::desc("The same for lds-rewrite --fix applied to a copy of FILE"),
                            cl::cat(options::category()), cl::sub(options::isaCommand()));
cl::opt<std::string> FormatOpt("format", cl::value_desc("text|json"), cl::desc("Output format"),
                               cl::init("text"), cl::cat(options::category()),
                               cl::sub(options::isaCommand()));
cl::opt<std::string> AsmDirOpt("asm-dir", cl::value_desc("DIR"),
                               cl::desc("Keep the assembly files in DIR"),
                               cl::cat(options::category()), cl::sub(options::isaCommand()));

int fail(const Twine &Msg) { return options::fail(Msg, "isa"); }

/// isa's own options into R. Returns 0 to go on, 2 on an error.
int parseOptions(IsaRequest &R) {
  if (Files.size() > 1)
    return fail("isa takes one file (and --compare FILE2); got '" + Files[0] + "' and '" +
                Files[1] + "'");
  if (Files.empty())
    return fail(Twine("no input file\n") + Usage);
  R.File = Files[0];
  R.Compare = CompareOpt;
  R.CompareFix = CompareFixOpt;
  if (FormatOpt == "json")
    R.Config.Format = OutputFormat::Json;
  else if (FormatOpt != "text")
    return fail("--format must be text or json, got '" + FormatOpt + "'");
  R.AsmDir = AsmDirOpt;
  R.CompilerArgs = options::CompilerArgs;
  if (options::StrategyOpt.getNumOccurrences())
    R.Strat = options::StrategyOpt;
  if (!R.Compare.empty() && R.CompareFix)
    return fail("--compare and --compare-fix cannot be used together");
  if (R.Strat && !R.CompareFix)
    return fail("--strategy only applies to --compare-fix");
  // A .cu file: sm_90 and nvcc's SASS (IsaSass.h); else gfx942.
  bool Cuda = languageOf(R.File, R.CompilerArgs) == SourceLanguage::CUDA;
  R.Targets = options::Targets.empty()
                  ? std::vector<std::string>{Cuda ? defaultNVIDIATarget() : defaultAMDTarget()}
                  : std::vector<std::string>(options::Targets.begin(), options::Targets.end());
  return 0;
}

} // namespace

int runIsaMode() {
  IsaRequest R;
  if (int RC = parseOptions(R))
    return RC;
  // isa's default: the bundled headers, where __syncthreads() is a fence and
  // s_barrier as with ROCm's device library.
  auto ConfigOr = options::makeRunConfig(GpuHeaders::Bundled);
  if (!ConfigOr)
    return fail(toString(ConfigOr.takeError()));
  OutputFormat Format = R.Config.Format;
  R.Config = std::move(*ConfigOr);
  R.Config.Targets = R.Targets;
  R.Config.Format = Format;
  R.HeadersGiven = options::Headers.getNumOccurrences() > 0;
  auto Result = runIsa(R);
  if (!Result) {
    handleAllErrors(Result.takeError(), [](const ErrorInfoBase &E) { fail(E.message()); });
    return 2;
  }
  if (Format == OutputFormat::Json)
    printIsaJSON(outs(), *Result);
  else
    printIsaText(outs(), *Result);
  return 0;
}

} // namespace lds
