//===- IsaResult.h - What lds-rewrite isa found, as plain data ------------===//
//
// pipeline/IsaRun.h compiles the variants and re-costs the source accesses
// at their compiled widths; report/IsaTables.h and report/IsaJson.h print
// what it found. The data lives here, below pipeline/, so that the printers
// need nothing of the run itself.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REPORT_ISARESULT_H
#define LDS_REPORT_ISARESULT_H

#include "analysis/AccessModel.h"
#include "analysis/ConflictAnalyzer.h"
#include "planner/Occupancy.h"
#include "readers/AmdAsm.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace lds {

/// One ds_* instruction as the analyzer needs it.
struct CompiledAccess {
  std::string Mnemonic; ///< "ds_read_b64"
  amdasm::DsKind Kind = amdasm::DsKind::Load;
  unsigned WidthBytes = 0; ///< per lane and address
  unsigned Addresses = 1;  ///< 2 for read2 / write2 / 2addr
  std::string Function;    ///< demangled name of the function holding it
};

/// One compiled file: the original, the rewritten (--compare) or the fixed
/// copy (--compare-fix).
struct IsaVariant {
  std::string Role;                           ///< "original", "rewritten", "fixed"
  std::string Display;                        ///< as shown
  std::map<std::string, amdasm::AsmFile> Asm; ///< by target
};

/// A source access of the original against the instructions compiled from
/// its line on one target.
struct WidthFinding {
  std::string Target;
  size_t AccessIndex = 0; ///< into IsaResult::M.Accesses
  size_t TargetIndex = 0; ///< into IsaResult::SourceTargets
  std::vector<CompiledAccess> Instrs;
  /// Costs at each compiled width that differs from the source's.
  std::vector<std::pair<unsigned, AccessResult>> Recosted;
};

/// How paths are shown: as given on the command line, else relative to the
/// current folder; and which folders hold toolchain headers, whose inlined
/// lines are attributed to the user's call site.
struct IsaNames {
  /// P absolute, dots removed: the key of Names and of the compiled lines.
  static std::string absolute(const std::string &P);

  std::string Cwd;
  std::map<std::string, std::string> Names; ///< absolute path -> as shown
  std::vector<std::string> SkipPrefixes;

  std::string show(const std::string &File) const;
  /// "file:line" of I's innermost user frame, "(no line)" without one.
  std::string where(const amdasm::DsInstr &I) const;
};

struct IsaResult {
  std::string File;
  std::vector<std::string> Targets; ///< compiled for, in the order given
  std::string Compiler;             ///< "clang -O3 -S -gline-tables-only"
  bool BundledHeaders = true;
  /// A CUDA file: nvcc's cubins, the SASS read (pipeline/IsaSass.h).
  bool Cuda = false;
  /// The bundled headers did not compile the file (their first error): it
  /// was compiled with the installed ones instead. Empty: no fallback.
  std::string HeadersFallback;
  bool CompareFix = false;
  bool FixChanged = true;           ///< --compare-fix: whether --fix changed anything
  std::string FixReport;            ///< --compare-fix: what --fix printed
  std::vector<IsaVariant> Variants; ///< the original first
  /// The source analysis of the original.
  Model M;
  std::vector<std::vector<AccessResult>> Results; ///< [access][target]
  std::vector<std::string> SourceTargets;
  std::vector<WidthFinding> Widths;
  IsaNames Names;

  const Access &access(const WidthFinding &F) const { return M.Accesses[F.AccessIndex]; }
  const AccessResult &sourceCost(const WidthFinding &F) const {
    return Results[F.AccessIndex][F.TargetIndex];
  }
  /// The array's name in the source, else its id.
  std::string arrayName(const Access &A) const;

  /// The targets compiled for, for the occupancy of each kernel's launch.
  std::map<std::string, TargetModel> Models;
  /// Kernel F's occupancy on Target for the block shape the source analysis
  /// found for it (a launch, __launch_bounds__, --block: not the default)
  /// and its LDS (F's static bytes and the launch's dynamic ones); nullopt
  /// when there is none (F has no LDS access, the shape is the default, the
  /// target gives no wave slots, the registers are not known).
  struct KernelOccupancy {
    planner::LaunchOccupancy O;
    unsigned Threads = 0;
    uint64_t Bytes = 0;        ///< static and dynamic
    uint64_t DynamicBytes = 0; ///< the launch's

  };
  std::optional<KernelOccupancy> launchOccupancy(const std::string &Target,
                                                 const amdasm::Function &F) const;
};

} // namespace lds

#endif
