//===- KernelName.h - One kernel's name, however it is written ------------===//
//
// The source model names a kernel "k<32, 0>"; clang's demangled assembly
// symbol is "void k<32, 0>(float*, int)", a profiler's "void ns::k<(int)32,
// 0>(float*, int) (dispatch 2)". Matching them (isa, trace) compares the
// names reduced to one form.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_ANALYSIS_KERNELNAME_H
#define LDS_ANALYSIS_KERNELNAME_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace lds {

/// "void ns::k<(int)1, 32>(float const*, int) (ui_output_agent_1_dispatch_2)"
/// and "k<1, 32>" both give "k<1,32>": no return type, scope, parameters,
/// casts of template arguments or spaces.
std::string comparableKernelName(llvm::StringRef Name);

} // namespace lds

#endif
