// The AMDGPU assembly reader behind `lds-rewrite isa` (analysis/AmdAsm.h).
// Real inputs in data/: clang-22 -O3 -S -gline-tables-only of
// examples/transpose.hip and test/lit/isa/Inputs/merged.hip, compiled from
// the repository root with the project's bundled HIP headers
// (-nogpuinc -isystem include-fallback/hip), and once with Debian's.

#include "readers/AmdAsm.h"

#include "llvm/Support/MemoryBuffer.h"

#include <gtest/gtest.h>

using namespace lds::amdasm;

namespace {

std::string dataFile(const std::string &Name) {
  auto Buf = llvm::MemoryBuffer::getFile(std::string(LDS_UNIT_DATA_DIR) + "/" + Name);
  EXPECT_TRUE(static_cast<bool>(Buf)) << Name;
  return Buf ? (*Buf)->getBuffer().str() : std::string();
}

bool endsWith(const std::string &S, const std::string &Suffix) {
  return llvm::StringRef(S).ends_with(Suffix);
}

const SourceFrame *frame(const DsInstr &I) {
  return I.Frames.empty() ? nullptr : &I.Frames.front();
}

TEST(AmdAsmClassify, Gfx9Spellings) {
  auto R = classifyDs("ds_read_b128");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->Kind, DsKind::Load);
  EXPECT_EQ(R->WidthBytes, 16u);
  EXPECT_EQ(R->Addresses, 1u);

  R = classifyDs("ds_read2_b32");
  EXPECT_EQ(R->Kind, DsKind::Load);
  EXPECT_EQ(R->WidthBytes, 4u);
  EXPECT_EQ(R->Addresses, 2u);
  EXPECT_FALSE(R->Stride64);

  R = classifyDs("ds_write2st64_b32");
  EXPECT_EQ(R->Kind, DsKind::Store);
  EXPECT_EQ(R->WidthBytes, 4u);
  EXPECT_EQ(R->Addresses, 2u);
  EXPECT_TRUE(R->Stride64);

  R = classifyDs("ds_read2st64_b64");
  EXPECT_EQ(R->WidthBytes, 8u);
  EXPECT_TRUE(R->Stride64);

  EXPECT_EQ(classifyDs("ds_read_b96")->WidthBytes, 12u);
  EXPECT_EQ(classifyDs("ds_read_u8")->WidthBytes, 1u);
  EXPECT_EQ(classifyDs("ds_read_i16")->WidthBytes, 2u);
  EXPECT_EQ(classifyDs("ds_read_u8_d16_hi")->WidthBytes, 1u);
  EXPECT_EQ(classifyDs("ds_write_b8_d16_hi")->Kind, DsKind::Store);
  // gfx950 transpose loads: 8 bytes per lane.
  EXPECT_EQ(classifyDs("ds_read_b64_tr_b16")->WidthBytes, 8u);
  EXPECT_EQ(classifyDs("ds_read_b64_tr_b16")->Kind, DsKind::Load);

  R = classifyDs("ds_add_u32");
  EXPECT_EQ(R->Kind, DsKind::Atomic);
  EXPECT_EQ(R->WidthBytes, 4u);
  EXPECT_FALSE(R->Returns);
  R = classifyDs("ds_add_rtn_u32");
  EXPECT_EQ(R->Kind, DsKind::Atomic);
  EXPECT_TRUE(R->Returns);
  EXPECT_EQ(classifyDs("ds_max_rtn_f64")->WidthBytes, 8u);
  EXPECT_EQ(classifyDs("ds_pk_add_f16")->WidthBytes, 4u);
  EXPECT_EQ(classifyDs("ds_wrxchg2_rtn_b32")->Addresses, 2u);
  EXPECT_EQ(classifyDs("ds_wrxchg2_rtn_b32")->Kind, DsKind::Atomic);

  EXPECT_EQ(classifyDs("ds_bpermute_b32")->Kind, DsKind::Other);
  EXPECT_EQ(classifyDs("ds_swizzle_b32")->Kind, DsKind::Other);
  EXPECT_FALSE(classifyDs("global_load_dword"));
  EXPECT_FALSE(classifyDs("s_waitcnt"));
}

TEST(AmdAsmClassify, Gfx12Spellings) {
  auto R = classifyDs("ds_load_b128");
  EXPECT_EQ(R->Kind, DsKind::Load);
  EXPECT_EQ(R->WidthBytes, 16u);
  R = classifyDs("ds_store_b32");
  EXPECT_EQ(R->Kind, DsKind::Store);
  EXPECT_EQ(R->WidthBytes, 4u);
  R = classifyDs("ds_load_2addr_b32");
  EXPECT_EQ(R->Addresses, 2u);
  EXPECT_FALSE(R->Stride64);
  R = classifyDs("ds_store_2addr_stride64_b32");
  EXPECT_EQ(R->Kind, DsKind::Store);
  EXPECT_EQ(R->Addresses, 2u);
  EXPECT_TRUE(R->Stride64);
  EXPECT_EQ(classifyDs("ds_load_tr16_b128")->WidthBytes, 16u);
  EXPECT_EQ(classifyDs("ds_load_tr8_b64")->WidthBytes, 8u);
  EXPECT_EQ(classifyDs("ds_load_u16_d16_hi")->WidthBytes, 2u);
}

TEST(AmdAsmExpr, SetSymbols) {
  std::map<std::string, std::string> S = {{"k.num_vgpr", "max(45, amdgpu.max_num_vgpr)"},
                                          {"amdgpu.max_num_vgpr", "0"},
                                          {"k.num_agpr", "8"},
                                          {"k.numbered_sgpr", "70"}};
  EXPECT_EQ(evaluate("k.num_vgpr", S), 45);
  EXPECT_EQ(evaluate("max(k.numbered_sgpr+6, 1, 0)-6", S), 70);
  EXPECT_EQ(evaluate("totalnumvgprs(k.num_agpr, k.num_vgpr)", S), 48 + 8);
  EXPECT_EQ(evaluate("totalnumvgprs(0, 13)", S), 13);
  EXPECT_EQ(evaluate("alignto(13, 4)", S), 16);
  EXPECT_EQ(evaluate("((((alignto(max(1, 15), 4)/4)-1)&~65536)&63)+1", S), 4);
  EXPECT_EQ(evaluate("0x10", S), 16);
  EXPECT_FALSE(evaluate("undefined_symbol + 1", S));
  EXPECT_FALSE(evaluate("occupancy(8, 8)", S));
}

// occupancy(max waves, granule, VGPRs per SIMD, generation, initial
// occupancy, SGPRs, VGPRs): the initial occupancy is what LDS and the
// workgroup size allow; without it, what the registers alone allow.
TEST(AmdAsmExpr, OccupancyByRegistersAlone) {
  std::map<std::string, std::string> S;
  // 92 VGPRs take 96 of 512: 5 waves; LDS allows 4.
  EXPECT_EQ(evaluate("occupancy(8, 8, 512, 8, 4, 70, 92)", S), 4);
  EXPECT_EQ(evaluate("occupancy(8, 8, 512, 8, 4, 70, 92)", S, /*RegistersOnly=*/true), 5);
}

// gfx942, bundled headers: __syncthreads() is s_waitcnt lgkmcnt(0); s_barrier.
TEST(AmdAsmParse, TransposeGfx942) {
  AsmFile A = parse(dataFile("transpose.gfx942.s"));
  EXPECT_EQ(A.Target, "gfx942");
  ASSERT_EQ(A.kernels().size(), 1u);
  const Function &K = *A.kernels()[0];
  EXPECT_EQ(K.Symbol, "_Z9transposePfPKfii");
  EXPECT_EQ(K.Name, "transpose(float*, float const*, int, int)");
  EXPECT_EQ(K.LDSBytes, 4096u);
  EXPECT_EQ(K.VGPRs, 15u);
  EXPECT_EQ(K.AGPRs, 0u); // gfx942 has AGPRs
  EXPECT_EQ(K.SGPRs, 10u);
  EXPECT_EQ(K.Occupancy, 8u);
  // A literal `; Occupancy: 8` folds in LDS and the workgroup size: it says
  // nothing of the registers alone.
  EXPECT_FALSE(K.RegisterOccupancy);
  EXPECT_EQ(K.ScratchBytes, 0u);
  EXPECT_EQ(K.Barriers, 1u);
  EXPECT_EQ(K.Calls, 0u);
  ASSERT_EQ(K.Ds.size(), 4u);
  // The 4 unrolled stores of line 17 (tile[ty + j][tx], j = 0, 8, 16, 24)
  // are two ds_write2st64_b32 (offsets 0/4 and 8/12 in 64-dword units =
  // rows 0/8 and 16/24 of 128 bytes).
  for (int I = 0; I < 2; ++I) {
    const DsInstr &W = K.Ds[I];
    EXPECT_EQ(W.Mnemonic, "ds_write2st64_b32");
    EXPECT_EQ(W.Op.Kind, DsKind::Store);
    ASSERT_TRUE(frame(W));
    EXPECT_TRUE(endsWith(frame(W)->File, "examples/transpose.hip"));
    EXPECT_EQ(frame(W)->Line, 17u);
    EXPECT_EQ(frame(W)->Column, 44u);
    EXPECT_EQ(W.WaitedBy, WaitKind::LgkmWait);
    EXPECT_EQ(W.WaitText, "s_waitcnt lgkmcnt(0)");
    EXPECT_FALSE(W.CrossesBranch);
  }
  EXPECT_EQ(K.Ds[0].Operands, "v7, v10, v11 offset1:4");
  // Between the first write and the wait: s_waitcnt vmcnt(0), the second
  // write, v_ashrrev_i32, v_lshl_add_u64; the second write: the last two.
  EXPECT_EQ(K.Ds[0].WaitDistance, 4);
  EXPECT_EQ(K.Ds[1].WaitDistance, 2);
  for (int I = 2; I < 4; ++I) {
    EXPECT_EQ(K.Ds[I].Mnemonic, "ds_read2_b32");
    EXPECT_EQ(frame(K.Ds[I])->Line, 24u);
    EXPECT_EQ(K.Ds[I].WaitDistance, -1); // loads have none
  }
  EXPECT_EQ(K.dsCounts().at("ds_read2_b32"), 2u);
}

TEST(AmdAsmParse, TransposeGfx1250) {
  AsmFile A = parse(dataFile("transpose.gfx1250.s"));
  EXPECT_EQ(A.Target, "gfx1250");
  ASSERT_EQ(A.kernels().size(), 1u);
  const Function &K = *A.kernels()[0];
  EXPECT_EQ(K.LDSBytes, 4096u);
  EXPECT_EQ(K.VGPRs, 10u);
  EXPECT_FALSE(K.AGPRs); // no accumulation registers on gfx12
  EXPECT_EQ(K.SGPRs, 8u);
  EXPECT_EQ(K.Occupancy, 16u);
  EXPECT_EQ(K.Barriers, 1u); // s_barrier_signal (+ s_barrier_wait)
  ASSERT_EQ(K.Ds.size(), 4u);
  EXPECT_EQ(K.Ds[0].Mnemonic, "ds_store_2addr_stride64_b32");
  EXPECT_EQ(K.Ds[0].Op.Addresses, 2u);
  EXPECT_EQ(frame(K.Ds[0])->Line, 17u);
  EXPECT_EQ(K.Ds[2].Mnemonic, "ds_load_2addr_b32");
  EXPECT_EQ(frame(K.Ds[2])->Line, 24u);
  // First store -> s_wait_dscnt 0x0: s_wait_loadcnt 0x0, the second store,
  // v_dual_..., v_lshl_add_u32, v_mad_u32, 3 x v_add_nc_u32 = 8; the three
  // s_delay_alu hints between are not counted. The second store: 6.
  EXPECT_EQ(K.Ds[0].WaitedBy, WaitKind::DsWait);
  EXPECT_EQ(K.Ds[0].WaitText, "s_wait_dscnt 0x0");
  EXPECT_EQ(K.Ds[0].WaitDistance, 8);
  EXPECT_EQ(K.Ds[1].WaitDistance, 6);
}

// Debian's HIP headers with -nogpulib: __syncthreads() calls an external
// fence function; register counts and the occupancy are .set expressions
// over symbols.
TEST(AmdAsmParse, DebianHeadersCallTheFence) {
  AsmFile A = parse(dataFile("transpose.debian-headers.gfx942.s"));
  ASSERT_EQ(A.kernels().size(), 1u);
  const Function &K = *A.kernels()[0];
  EXPECT_GT(K.Calls, 0u);
  EXPECT_EQ(K.VGPRs, 45u);
  EXPECT_EQ(K.SGPRs, 70u);
  EXPECT_EQ(K.AGPRs, 0u);
  // An occupancy(...) expression, evaluated as AMDGPUMCExpr does: 70 + 6
  // SGPRs allow 10 waves, 45 VGPRs (48 allocated) 10, capped at 8.
  EXPECT_EQ(K.Occupancy, 8u);
  EXPECT_EQ(K.RegisterOccupancy, 8u);
  ASSERT_GE(K.Ds.size(), 2u);
  EXPECT_EQ(K.Ds[0].Mnemonic, "ds_write2st64_b32");
  EXPECT_EQ(frame(K.Ds[0])->Line, 17u);
  // The writes are followed by the call to the fence, not by a wait.
  EXPECT_EQ(K.Ds[1].WaitedBy, WaitKind::Call);
  EXPECT_EQ(K.Ds[1].WaitText.substr(0, 12), "s_swappc_b64");
}

TEST(AmdAsmParse, MergedLoadsAndLineZero) {
  AsmFile A = parse(dataFile("merged.gfx942.s"));
  ASSERT_EQ(A.kernels().size(), 1u);
  const Function &K = *A.kernels()[0];
  EXPECT_EQ(K.Name, "pairs(float*, float const*)");
  EXPECT_EQ(K.LDSBytes, 2048u + 4096u);
  std::map<std::string, const DsInstr *> By;
  for (const DsInstr &I : K.Ds)
    By[I.Mnemonic] = &I;
  // s[2t] and s[2t+1] (lines 17, 18): one ds_read_b64 at line 17.
  ASSERT_TRUE(By.count("ds_read_b64"));
  EXPECT_EQ(frame(*By["ds_read_b64"])->Line, 17u);
  EXPECT_TRUE(endsWith(frame(*By["ds_read_b64"])->File, "test/lit/isa/Inputs/merged.hip"));
  ASSERT_TRUE(By.count("ds_read2_b32"));
  EXPECT_EQ(frame(*By["ds_read2_b32"])->Line, 19u);
  ASSERT_TRUE(By.count("ds_write_b128"));
  EXPECT_EQ(frame(*By["ds_write_b128"])->Line, 15u);
  // The stores of lines 13 and 14 merged into one ds_write2st64_b32 at
  // `.loc 0 0 0`: no source line.
  ASSERT_TRUE(By.count("ds_write2st64_b32"));
  EXPECT_TRUE(By["ds_write2st64_b32"]->Frames.empty());
}

TEST(AmdAsmParse, HandwrittenInlinedWaitsBranches) {
  const char *Text = R"(	.amdgcn_target "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"
	.text
	.globl	_Z1kv
	.type	_Z1kv,@function
_Z1kv:                                  ; @_Z1kv
	.file	0 "/src" "k.hip" md5 0x00
	.file	1 "/inc/hip.h"
	.loc	1 10 3 prologue_end             ; /inc/hip.h:10:3 @[ helper.h:4:7 @[ k.hip:20:9 ] ]
	ds_write_b32 v0, v1
	s_cbranch_scc1 .LBB0_2
; %bb.1:
	.loc	0 21 5                          ; k.hip:21:5
	v_mov_b32_e32 v2, 0
	s_waitcnt vmcnt(0) lgkmcnt(0)
	ds_write_b64 v0, v[2:3] offset:8
	s_nop 0
.LBB0_2:                                ; %Flow
	.loc	0 0 0                           ; k.hip:0
	ds_add_u32 v0, v1
	s_waitcnt 0
	ds_write_b16 v0, v1
	s_endpgm
.Lfunc_end0:
	.size	_Z1kv, .Lfunc_end0-_Z1kv
	.rodata
	.amdhsa_kernel _Z1kv
		.amdhsa_group_segment_fixed_size 256
		.amdhsa_next_free_vgpr 4
		.amdhsa_next_free_sgpr 2
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.text
	.set _Z1kv.num_vgpr, 4
	.set _Z1kv.num_agpr, 0
; Kernel info:
; NumVgprs: 4
; Occupancy: 8
)";
  AsmFile A = parse(Text);
  EXPECT_EQ(A.Target, "gfx90a");
  EXPECT_EQ(A.CompDir, "/src");
  ASSERT_EQ(A.kernels().size(), 1u);
  const Function &K = *A.kernels()[0];
  EXPECT_EQ(K.LDSBytes, 256u);
  EXPECT_EQ(K.VGPRs, 4u);
  EXPECT_EQ(K.AGPRs, 0u);
  EXPECT_EQ(K.SGPRs, 2u);
  EXPECT_EQ(K.Occupancy, 8u);
  ASSERT_EQ(K.Ds.size(), 4u);
  // Inlined: the innermost frame, then the call sites from the comment,
  // relative ones resolved against .file 0's directory.
  const DsInstr &W = K.Ds[0];
  ASSERT_EQ(W.Frames.size(), 3u);
  EXPECT_EQ(W.Frames[0].File, "/inc/hip.h");
  EXPECT_EQ(W.Frames[0].Line, 10u);
  EXPECT_EQ(W.Frames[1].File, "/src/helper.h");
  EXPECT_EQ(W.Frames[1].Line, 4u);
  EXPECT_EQ(W.Frames[1].Column, 7u);
  EXPECT_EQ(W.Frames[2].File, "/src/k.hip");
  EXPECT_EQ(W.Frames[2].Line, 20u);
  const SourceFrame *U = userFrame(W, {"/inc/"});
  ASSERT_TRUE(U);
  EXPECT_EQ(U->File, "/src/helper.h");
  // Both paths of the branch meet a wait after 2 instructions: the
  // fall-through (s_cbranch, v_mov, then the combined wait) and the jump
  // (s_cbranch, ds_add_u32, then s_waitcnt 0). On a tie the one first in
  // the text is named: no branch taken.
  EXPECT_EQ(W.WaitDistance, 2);
  EXPECT_FALSE(W.CrossesBranch);
  EXPECT_EQ(W.WaitedBy, WaitKind::LgkmWait);
  const DsInstr &W64 = K.Ds[1];
  EXPECT_EQ(W64.Frames.front().File, "/src/k.hip");
  EXPECT_EQ(W64.Frames.front().Line, 21u);
  EXPECT_EQ(W64.WaitDistance, 2); // s_nop, ds_add_u32 -> s_waitcnt 0
  EXPECT_EQ(W64.WaitText, "s_waitcnt 0");
  const DsInstr &Atomic = K.Ds[2];
  EXPECT_EQ(Atomic.Op.Kind, DsKind::Atomic);
  EXPECT_TRUE(Atomic.Frames.empty()); // line 0
  EXPECT_EQ(Atomic.WaitDistance, 0);
  const DsInstr &Last = K.Ds[3];
  EXPECT_EQ(Last.WaitedBy, WaitKind::EndProgram);
  EXPECT_EQ(Last.WaitDistance, 0);
}

TEST(AmdAsmParse, Gfx12CombinedWaitAndNoKernel) {
  const char *Text = R"(	.amdgcn_target "amdgcn-amd-amdhsa--gfx1200"
	.type	_Z6helperv,@function
_Z6helperv:
	ds_store_b32 v0, v1
	s_wait_loadcnt_dscnt 0x100
	s_wait_loadcnt_dscnt 0x0
	s_setpc_b64 s[30:31]
.Lfunc_end0:
)";
  AsmFile A = parse(Text);
  EXPECT_TRUE(A.kernels().empty());
  ASSERT_EQ(A.Functions.size(), 1u);
  const Function &F = A.Functions[0];
  EXPECT_FALSE(F.IsKernel);
  ASSERT_EQ(F.Ds.size(), 1u);
  // 0x100: loadcnt 1, dscnt 0 -> already a wait for LDS.
  EXPECT_EQ(F.Ds[0].WaitedBy, WaitKind::DsWait);
  EXPECT_EQ(F.Ds[0].WaitDistance, 0);
}

// A device function that was not inlined: its counts are .set on a local
// alias (.L<symbol>), and the kernel's are expressions over them.
TEST(AmdAsmParse, DeviceFunctionRegistersThroughLocalAlias) {
  const char *Text = R"(	.type	_Z3putPfif,@function
_Z3putPfif:
	ds_write_b32 v0, v1
	s_waitcnt lgkmcnt(0)
	s_setpc_b64 s[30:31]
.Lfunc_end0:
	.set .L_Z3putPfif.num_vgpr, 2
	.set .L_Z3putPfif.num_agpr, 0
	.set .L_Z3putPfif.numbered_sgpr, 32
	.type	_Z1kPf,@function
_Z1kPf:
	s_swappc_b64 s[30:31], s[16:17]
	s_endpgm
.Lfunc_end1:
	.amdhsa_kernel _Z1kPf
		.amdhsa_group_segment_fixed_size 1024
		.amdhsa_next_free_vgpr max(totalnumvgprs(_Z1kPf.num_agpr, _Z1kPf.num_vgpr), 1, 0)
		.amdhsa_next_free_sgpr max(_Z1kPf.numbered_sgpr+6, 1, 0)-6
		.amdhsa_accum_offset 4
	.end_amdhsa_kernel
	.set _Z1kPf.num_vgpr, max(3, .L_Z3putPfif.num_vgpr)
	.set _Z1kPf.num_agpr, max(0, .L_Z3putPfif.num_agpr)
	.set _Z1kPf.numbered_sgpr, max(33, .L_Z3putPfif.numbered_sgpr)
)";
  AsmFile A = parse(Text);
  ASSERT_EQ(A.Functions.size(), 2u);
  const Function &Put = A.Functions[0];
  EXPECT_FALSE(Put.IsKernel);
  EXPECT_EQ(Put.Name, "put(float*, int, float)");
  EXPECT_EQ(Put.VGPRs, 2u);
  EXPECT_EQ(Put.SGPRs, 32u);
  ASSERT_EQ(Put.Ds.size(), 1u);
  EXPECT_EQ(Put.Ds[0].WaitDistance, 0);
  const Function &K = A.Functions[1];
  EXPECT_TRUE(K.IsKernel);
  EXPECT_EQ(K.LDSBytes, 1024u);
  EXPECT_EQ(K.VGPRs, 3u);
  EXPECT_EQ(K.AGPRs, 0u);
  EXPECT_EQ(K.SGPRs, 33u);
  EXPECT_EQ(K.Calls, 1u);
}

} // namespace

// The distance of a write follows the control-flow graph (issue 15): a
// store at the end of a loop body is waited for at the loop's head, after
// the branch back, not at the s_endpgm that follows the loop in the text
// (gemm_float4.hip's As stores: "29 to s_endpgm" before, 11 now).
TEST(AmdAsmParse, WaitDistanceFollowsTheLoopBack) {
  const char *Text = R"(	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.text
	.globl	_Z1kv
	.type	_Z1kv,@function
_Z1kv:
	s_branch .LBB0_2
.LBB0_1:
	v_add_u32_e32 v1, 1, v1
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_scc1 .LBB0_3
.LBB0_2:
	v_mov_b32_e32 v2, v1
	ds_write_b32 v0, v2
	s_add_u32 s0, s0, 1
	s_branch .LBB0_1
.LBB0_3:
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v4, 0
	s_endpgm
.Lfunc_end0:
	.size	_Z1kv, .Lfunc_end0-_Z1kv
)";
  AsmFile A = parse(Text);
  ASSERT_EQ(A.Functions.size(), 1u);
  const Function &F = A.Functions[0];
  ASSERT_EQ(F.Ds.size(), 1u);
  const DsInstr &W = F.Ds[0];
  // s_add_u32, s_branch, v_add_u32: then the wait at the loop's head.
  EXPECT_EQ(W.WaitDistance, 3);
  EXPECT_EQ(W.WaitedBy, WaitKind::LgkmWait);
  EXPECT_EQ(W.WaitText, "s_waitcnt lgkmcnt(0)");
  EXPECT_TRUE(W.CrossesBranch);
}
