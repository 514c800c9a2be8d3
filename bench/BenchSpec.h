//===- BenchSpec.h - The spec of `lds-rewrite bench` (YAML or JSON) -------===//
//
// A bench spec names a kernel in a source file, its launch, its arguments
// (buffers with an element type, a count and an initialisation; or scalars),
// which buffers are outputs, the tolerance of the comparison, and optionally
// the bytes moved / FLOPs per launch, targets, the fix strategy and
// hand-written variants. docs/bench.md documents the format.
//
// Files ending in .json are read with llvm::json, anything else with
// llvm::yaml. Errors name the file, the line and column (YAML) and the path
// of the offending key, e.g.
//   spec.yaml:7:11: error: args[1].type: unknown element type 'flot' ...
//
//===----------------------------------------------------------------------===//
#ifndef LDS_BENCH_BENCHSPEC_H
#define LDS_BENCH_BENCHSPEC_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace lds {
namespace bench {

/// An element type a buffer or scalar may have.
struct ElemType {
  const char *Name;     ///< canonical spec name: float, half, int32, float4 ...
  const char *CType;    ///< as the generated code spells it
  const char *Scalar;   ///< ldsb::Scalar enumerator of one component
  unsigned Lanes;       ///< components (float4: 4)
  unsigned ScalarBytes; ///< bytes of one component
  bool Float;
  bool ScalarOK; ///< may be a scalar kernel argument
};

/// Looks a type up by any of its spellings (float, f32, fp32 ...); null if none.
const ElemType *findElemType(llvm::StringRef Name);
/// The canonical names, for messages.
std::string elemTypeNames();

struct InitSpec {
  enum Kind { Random, Iota, Constant, Poison } K = Random;
  double A = -1, B = 1; ///< random [A, B); iota start A step B; constant A
  uint64_t Seed = 1;
};

struct ArgSpec {
  std::string Name;
  const ElemType *Type = nullptr;
  bool Buffer = true;
  uint64_t Count = 0; ///< buffers: elements
  InitSpec Init;      ///< buffers
  bool InitGiven = false;
  bool Output = false;
  std::string ValueText; ///< scalars: the value as a C++ literal
  double Value = 0;      ///< scalars
  bool Integral = false; ///< scalars: an integer value (given to --assume)
};

struct VariantIn {
  std::string Name;
  std::string File;                 ///< absolute
  std::string Kernel;               ///< empty: the spec's kernel
  std::vector<std::string> Defines; ///< NAME or NAME=VALUE
};

struct BenchSpec {
  std::string Path;   ///< as given
  std::string Dir;    ///< absolute folder of the spec (relative paths start here)
  std::string Name;   ///< title; default: the spec's file stem
  std::string Source; ///< absolute
  std::string Kernel; ///< name, with template arguments if any
  std::array<uint64_t, 3> Grid{{1, 1, 1}}, Block{{1, 1, 1}};
  uint64_t DynamicLDS = 0;
  std::vector<ArgSpec> Args;
  bool Bitwise = true;
  double Abs = 0, Rel = 0;
  double BytesMoved = 0, Flops = 0;
  bool CopyReference = false;
  std::vector<std::string> Targets; ///< default {defaultNVIDIATarget()}
  bool Fix = true;
  std::string Strategy = "auto";
  std::vector<VariantIn> Variants;
  std::vector<std::string> Defines;     ///< for every variant
  std::vector<std::string> IncludeDirs; ///< absolute
  std::vector<std::string> NvccFlags;
  std::map<std::string, int64_t> Assume; ///< for the tool's predictions
  unsigned Runs = 20, Launches = 0;

  /// The kernel's base name (no template arguments, no namespace).
  std::string kernelBaseName(llvm::StringRef K = "") const;
};

/// Reads and checks a spec. The error's message is complete
/// ("FILE:LINE:COL: error: PATH: what is wrong"), ready to print.
llvm::Expected<BenchSpec> parseBenchSpec(llvm::StringRef Path);
/// The same from text (tests, and the file's contents).
llvm::Expected<BenchSpec> parseBenchSpecText(llvm::StringRef Path, llvm::StringRef Text);

} // namespace bench
} // namespace lds

#endif
