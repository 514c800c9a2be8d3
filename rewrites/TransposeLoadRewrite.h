//===- TransposeLoadRewrite.h - A column read as one transpose load -------===//
//
// lds-transpose-load's fix (TransposeLoad.h): the loop `for (j = 0; j <
// N; ++j) dst[j] = a[k0 + j][c];` becomes, for each requested target whose
// proof held (M.Refusals[i] empty), a branch `#if defined(__gfx950__)`
// (`#elif` after the first) that passes each lane's address to the
// target's transpose-load builtin and copies the N values out bit for bit
// (each as a's element type, then assigned as the loop assigned it);
// the original loop stays in `#else` for every other target. The lane's
// position comes from mbcnt (EXEC is all ones: the proof's condition). An
// array declared less aligned than the widest vector gets
// __attribute__((aligned(N))). Legality is decided before (the proof);
// this writes the edit.
//
//===----------------------------------------------------------------------===//
#ifndef LDS_REWRITES_TRANSPOSELOADREWRITE_H
#define LDS_REWRITES_TRANSPOSELOADREWRITE_H

#include "matchers/TransposeMatcher.h"
#include "rewrites/SourceEdits.h"

#include "llvm/Support/Error.h"

namespace lds {

llvm::Expected<FileEdits> transposeLoadRewrite(const MatchedTranspose &M, clang::ASTContext &Ctx,
                                               const EditScope &Scope);

} // namespace lds

#endif
