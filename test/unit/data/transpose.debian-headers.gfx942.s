	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 6
	.text
	.protected	_Z9transposePfPKfii     ; -- Begin function _Z9transposePfPKfii
	.globl	_Z9transposePfPKfii
	.p2align	8
	.type	_Z9transposePfPKfii,@function
_Z9transposePfPKfii:                    ; @_Z9transposePfPKfii
.Lfunc_begin0:
	.file	0 "/work/main" "examples/transpose.hip" md5 0x9945bf0b3dbb3e3039fa635b2739d479
	.cfi_sections .debug_frame
	.cfi_startproc
; %bb.0:
	.file	1 "/usr/include/hip/amd_detail" "amd_hip_runtime.h" md5 0x16093af3b78d7538c31396a9fb8b635e
	.loc	1 263 69 prologue_end           ; /usr/include/hip/amd_detail/amd_hip_runtime.h:263:69 @[ /usr/include/hip/amd_detail/amd_hip_runtime.h:299:64 @[ examples/transpose.hip:14:13 ] ]
	s_load_dwordx4 s[52:55], s[4:5], 0x0
	s_load_dwordx2 s[64:65], s[4:5], 0x10
	s_add_u32 s48, s4, 24
	s_mov_b32 s33, s10
	s_mov_b32 s50, s9
	s_mov_b32 s51, s8
	s_mov_b64 s[34:35], s[6:7]
	s_addc_u32 s49, s5, 0
	v_mov_b32_e32 v40, v0
	s_getpc_b64 s[66:67]
	s_add_u32 s66, s66, __ockl_get_group_id@rel32@lo+4
	s_addc_u32 s67, s67, __ockl_get_group_id@rel32@hi+12
	s_mov_b64 s[4:5], s[0:1]
	s_mov_b64 s[6:7], s[2:3]
	s_mov_b64 s[8:9], s[48:49]
	s_mov_b64 s[10:11], s[34:35]
	s_mov_b32 s12, s51
	s_mov_b32 s13, s50
	s_mov_b32 s14, s33
	v_mov_b32_e32 v31, v0
	v_mov_b32_e32 v0, 0
	s_mov_b32 s32, 0
	s_mov_b64 s[36:37], s[2:3]
	s_mov_b64 s[38:39], s[0:1]
	s_swappc_b64 s[30:31], s[66:67]
.Ltmp0:
	.loc	0 14 24                         ; examples/transpose.hip:14:24
	v_lshlrev_b32_e32 v43, 5, v0
.Ltmp1:
	.loc	1 280 12                        ; /usr/include/hip/amd_detail/amd_hip_runtime.h:280:12 @[ /usr/include/hip/amd_detail/amd_hip_runtime.h:299:64 @[ examples/transpose.hip:14:37 ] ]
	s_getpc_b64 s[68:69]
	s_add_u32 s68, s68, __ockl_get_local_id@rel32@lo+4
	s_addc_u32 s69, s69, __ockl_get_local_id@rel32@hi+12
	s_mov_b64 s[4:5], s[38:39]
	s_mov_b64 s[6:7], s[36:37]
	s_mov_b64 s[8:9], s[48:49]
	s_mov_b64 s[10:11], s[34:35]
	s_mov_b32 s12, s51
	s_mov_b32 s13, s50
	s_mov_b32 s14, s33
	v_mov_b32_e32 v31, v40
	v_mov_b32_e32 v0, 0
	s_swappc_b64 s[30:31], s[68:69]
.Ltmp2:
	v_mov_b32_e32 v41, v0
.Ltmp3:
	.loc	1 263 69                        ; /usr/include/hip/amd_detail/amd_hip_runtime.h:263:69 @[ /usr/include/hip/amd_detail/amd_hip_runtime.h:300:64 @[ examples/transpose.hip:15:13 ] ]
	s_mov_b64 s[4:5], s[38:39]
	s_mov_b64 s[6:7], s[36:37]
	s_mov_b64 s[8:9], s[48:49]
	s_mov_b64 s[10:11], s[34:35]
	s_mov_b32 s12, s51
	s_mov_b32 s13, s50
	s_mov_b32 s14, s33
	v_mov_b32_e32 v31, v40
	v_mov_b32_e32 v0, 1
	s_swappc_b64 s[30:31], s[66:67]
.Ltmp4:
	.loc	0 15 24                         ; examples/transpose.hip:15:24
	v_lshlrev_b32_e32 v44, 5, v0
.Ltmp5:
	.loc	1 280 12                        ; /usr/include/hip/amd_detail/amd_hip_runtime.h:280:12 @[ /usr/include/hip/amd_detail/amd_hip_runtime.h:300:64 @[ examples/transpose.hip:15:37 ] ]
	s_mov_b64 s[4:5], s[38:39]
	s_mov_b64 s[6:7], s[36:37]
	s_mov_b64 s[8:9], s[48:49]
	s_mov_b64 s[10:11], s[34:35]
	s_mov_b32 s12, s51
	s_mov_b32 s13, s50
	s_mov_b32 s14, s33
	v_mov_b32_e32 v31, v40
	v_mov_b32_e32 v0, 1
	s_swappc_b64 s[30:31], s[68:69]
.Ltmp6:
	v_mov_b32_e32 v42, v0
.Ltmp7:
	.loc	0 15 35                         ; examples/transpose.hip:15:35
	v_add_u32_e32 v0, v44, v42
	.loc	0 17 57                         ; examples/transpose.hip:17:57
	v_mul_lo_u32 v0, v0, s64
	.loc	0 17 65 is_stmt 0               ; examples/transpose.hip:17:65
	v_add3_u32 v0, v43, v41, v0
	.loc	0 17 46                         ; examples/transpose.hip:17:46
	v_ashrrev_i32_e32 v1, 31, v0
	.loc	0 17 57                         ; examples/transpose.hip:17:57
	s_lshl_b32 s0, s64, 3
	.loc	0 17 46                         ; examples/transpose.hip:17:46
	v_lshl_add_u64 v[2:3], v[0:1], 2, s[54:55]
	.loc	0 17 65                         ; examples/transpose.hip:17:65
	v_add_u32_e32 v0, s0, v0
	.loc	0 17 46                         ; examples/transpose.hip:17:46
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[4:5], v[0:1], 2, s[54:55]
	.loc	0 17 65                         ; examples/transpose.hip:17:65
	v_add_u32_e32 v0, s0, v0
	.loc	0 17 46                         ; examples/transpose.hip:17:46
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[6:7], v[0:1], 2, s[54:55]
	.loc	0 17 65                         ; examples/transpose.hip:17:65
	v_add_u32_e32 v0, s0, v0
	.loc	0 17 46                         ; examples/transpose.hip:17:46
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[0:1], v[0:1], 2, s[54:55]
	global_load_dword v8, v[2:3], off
	global_load_dword v9, v[4:5], off
	global_load_dword v10, v[6:7], off
	global_load_dword v11, v[0:1], off
	.loc	0 17 9                          ; examples/transpose.hip:17:9
	v_lshlrev_b32_e32 v0, 7, v42
	v_lshl_add_u32 v0, v41, 2, v0
.Ltmp8:
	.file	2 "/usr/include/hip/amd_detail" "amd_device_functions.h" md5 0x913bb197e0af7d58a97d587c496ee161
	.loc	2 890 9 is_stmt 1               ; /usr/include/hip/amd_detail/amd_device_functions.h:890:9 @[ /usr/include/hip/amd_detail/amd_device_functions.h:902:3 @[ /usr/include/hip/amd_detail/amd_device_functions.h:910:3 @[ examples/transpose.hip:19:5 ] ] ]
	s_getpc_b64 s[54:55]
	s_add_u32 s54, s54, __atomic_work_item_fence@rel32@lo+4
	s_addc_u32 s55, s55, __atomic_work_item_fence@rel32@hi+12
	s_mov_b64 s[4:5], s[38:39]
	s_mov_b64 s[6:7], s[36:37]
	s_mov_b64 s[8:9], s[48:49]
	s_mov_b64 s[10:11], s[34:35]
	s_mov_b32 s12, s51
	s_mov_b32 s13, s50
	s_mov_b32 s14, s33
	v_mov_b32_e32 v31, v40
	v_mov_b32_e32 v1, 3
	v_mov_b32_e32 v2, 1
.Ltmp9:
	.loc	0 17 44                         ; examples/transpose.hip:17:44
	s_waitcnt vmcnt(2)
	ds_write2st64_b32 v0, v8, v9 offset1:4
	s_waitcnt vmcnt(0)
	ds_write2st64_b32 v0, v10, v11 offset0:8 offset1:12
.Ltmp10:
	.loc	2 890 9                         ; /usr/include/hip/amd_detail/amd_device_functions.h:890:9 @[ /usr/include/hip/amd_detail/amd_device_functions.h:902:3 @[ /usr/include/hip/amd_detail/amd_device_functions.h:910:3 @[ examples/transpose.hip:19:5 ] ] ]
	v_mov_b32_e32 v0, 1
	s_swappc_b64 s[30:31], s[54:55]
.Ltmp11:
	.loc	2 892 9                         ; /usr/include/hip/amd_detail/amd_device_functions.h:892:9 @[ /usr/include/hip/amd_detail/amd_device_functions.h:902:3 @[ /usr/include/hip/amd_detail/amd_device_functions.h:910:3 @[ examples/transpose.hip:19:5 ] ] ]
	s_mov_b64 s[4:5], s[38:39]
	s_mov_b64 s[6:7], s[36:37]
	s_mov_b64 s[8:9], s[48:49]
	s_mov_b64 s[10:11], s[34:35]
	s_mov_b32 s12, s51
	s_mov_b32 s13, s50
	s_mov_b32 s14, s33
	v_mov_b32_e32 v31, v40
	v_mov_b32_e32 v0, 1
	v_mov_b32_e32 v1, 2
	v_mov_b32_e32 v2, 1
	.loc	2 891 9                         ; /usr/include/hip/amd_detail/amd_device_functions.h:891:9 @[ /usr/include/hip/amd_detail/amd_device_functions.h:902:3 @[ /usr/include/hip/amd_detail/amd_device_functions.h:910:3 @[ examples/transpose.hip:19:5 ] ] ]
	s_barrier
	.loc	2 892 9                         ; /usr/include/hip/amd_detail/amd_device_functions.h:892:9 @[ /usr/include/hip/amd_detail/amd_device_functions.h:902:3 @[ /usr/include/hip/amd_detail/amd_device_functions.h:910:3 @[ examples/transpose.hip:19:5 ] ] ]
	s_swappc_b64 s[30:31], s[54:55]
.Ltmp12:
	.loc	0 24 37                         ; examples/transpose.hip:24:37
	v_lshlrev_b32_e32 v0, 7, v41
	.loc	0 22 31                         ; examples/transpose.hip:22:31
	v_add_u32_e32 v2, v43, v42
	.loc	0 24 37                         ; examples/transpose.hip:24:37
	v_lshl_add_u32 v6, v42, 2, v0
	ds_read2_b32 v[0:1], v6 offset1:8
	.loc	0 24 21 is_stmt 0               ; examples/transpose.hip:24:21
	v_mul_lo_u32 v2, v2, s65
	.loc	0 24 30                         ; examples/transpose.hip:24:30
	v_add3_u32 v2, v44, v41, v2
	.loc	0 24 9                          ; examples/transpose.hip:24:9
	v_ashrrev_i32_e32 v3, 31, v2
	.loc	0 24 21                         ; examples/transpose.hip:24:21
	s_lshl_b32 s0, s65, 3
	.loc	0 24 9                          ; examples/transpose.hip:24:9
	v_lshl_add_u64 v[4:5], v[2:3], 2, s[52:53]
	.loc	0 24 30                         ; examples/transpose.hip:24:30
	v_add_u32_e32 v2, s0, v2
	.loc	0 24 9                          ; examples/transpose.hip:24:9
	v_ashrrev_i32_e32 v3, 31, v2
	.loc	0 24 35                         ; examples/transpose.hip:24:35
	s_waitcnt lgkmcnt(0)
	global_store_dword v[4:5], v0, off
	.loc	0 24 9                          ; examples/transpose.hip:24:9
	v_lshl_add_u64 v[4:5], v[2:3], 2, s[52:53]
	.loc	0 24 37                         ; examples/transpose.hip:24:37
	ds_read2_b32 v[6:7], v6 offset0:16 offset1:24
	.loc	0 24 30                         ; examples/transpose.hip:24:30
	v_add_u32_e32 v0, s0, v2
	.loc	0 24 35                         ; examples/transpose.hip:24:35
	global_store_dword v[4:5], v1, off
	.loc	0 24 9                          ; examples/transpose.hip:24:9
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[2:3], v[0:1], 2, s[52:53]
	.loc	0 24 30                         ; examples/transpose.hip:24:30
	v_add_u32_e32 v0, s0, v0
	.loc	0 24 9                          ; examples/transpose.hip:24:9
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[0:1], v[0:1], 2, s[52:53]
	.loc	0 24 35                         ; examples/transpose.hip:24:35
	s_waitcnt lgkmcnt(0)
	global_store_dword v[2:3], v6, off
	global_store_dword v[0:1], v7, off
	.loc	0 25 1 is_stmt 1                ; examples/transpose.hip:25:1
	s_endpgm
.Ltmp13:
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel _Z9transposePfPKfii
		.amdhsa_group_segment_fixed_size 4096
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 1
		.amdhsa_enable_private_segment 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr max(totalnumvgprs(_Z9transposePfPKfii.num_agpr, _Z9transposePfPKfii.num_vgpr), 1, 0)
		.amdhsa_next_free_sgpr max(_Z9transposePfPKfii.numbered_sgpr+6, 1, 0)-6
		.amdhsa_accum_offset (((((alignto(max(1, _Z9transposePfPKfii.num_vgpr), 4)/4)-1)&~65536)&63)+1)*4
		.amdhsa_reserve_vcc 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	_Z9transposePfPKfii, .Lfunc_end0-_Z9transposePfPKfii
	.cfi_endproc
                                        ; -- End function
	.set _Z9transposePfPKfii.num_vgpr, max(45, amdgpu.max_num_vgpr)
	.set _Z9transposePfPKfii.num_agpr, max(0, amdgpu.max_num_agpr)
	.set _Z9transposePfPKfii.numbered_sgpr, max(70, amdgpu.max_num_sgpr)
	.set _Z9transposePfPKfii.num_named_barrier, max(0, amdgpu.max_num_named_barrier)
	.set _Z9transposePfPKfii.private_seg_size, 0
	.set _Z9transposePfPKfii.uses_vcc, 1
	.set _Z9transposePfPKfii.uses_flat_scratch, 1
	.set _Z9transposePfPKfii.has_dyn_sized_stack, 1
	.set _Z9transposePfPKfii.has_recursion, 1
	.set _Z9transposePfPKfii.has_indirect_call, 1
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 700
; TotalNumSgprs: _Z9transposePfPKfii.numbered_sgpr+6
; NumVgprs: _Z9transposePfPKfii.num_vgpr
; NumAgprs: _Z9transposePfPKfii.num_agpr
; TotalNumVgprs: totalnumvgprs(_Z9transposePfPKfii.num_agpr, _Z9transposePfPKfii.num_vgpr)
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 4096 bytes/workgroup (compile time only)
; SGPRBlocks: (alignto(max(max(_Z9transposePfPKfii.numbered_sgpr+extrasgprs(_Z9transposePfPKfii.uses_vcc, _Z9transposePfPKfii.uses_flat_scratch, 1), 1, 0), 1), 8)/8)-1
; VGPRBlocks: (alignto(max(max(totalnumvgprs(_Z9transposePfPKfii.num_agpr, _Z9transposePfPKfii.num_vgpr), 1, 0), 1), 8)/8)-1
; NumSGPRsForWavesPerEU: max(_Z9transposePfPKfii.numbered_sgpr+6, 1, 0)
; NumVGPRsForWavesPerEU: max(totalnumvgprs(_Z9transposePfPKfii.num_agpr, _Z9transposePfPKfii.num_vgpr), 1, 0)
; AccumOffset: ((alignto(max(1, _Z9transposePfPKfii.num_vgpr), 4)/4)-1+1)*4
; Occupancy: occupancy(8, 8, 512, 8, 8, max(_Z9transposePfPKfii.numbered_sgpr+extrasgprs(_Z9transposePfPKfii.uses_vcc, _Z9transposePfPKfii.uses_flat_scratch, 1), 1, 0), max(totalnumvgprs(_Z9transposePfPKfii.num_agpr, _Z9transposePfPKfii.num_vgpr), 1, 0))
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 8
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: (((alignto(max(1, _Z9transposePfPKfii.num_vgpr), 4)/4)-1)&~65536)&63
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.text
	.type	__hip_cuid_efcd21f9bbd63dad,@object ; @__hip_cuid_efcd21f9bbd63dad
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_efcd21f9bbd63dad
__hip_cuid_efcd21f9bbd63dad:
	.byte	0                               ; 0x0
	.size	__hip_cuid_efcd21f9bbd63dad, 1

	.hidden	__atomic_work_item_fence
	.hidden	__ockl_get_group_id
	.hidden	__ockl_get_local_id
	.section	.debug_abbrev,"",@progbits
	.byte	1                               ; Abbreviation Code
	.byte	17                              ; DW_TAG_compile_unit
	.byte	1                               ; DW_CHILDREN_yes
	.byte	37                              ; DW_AT_producer
	.byte	37                              ; DW_FORM_strx1
	.byte	19                              ; DW_AT_language
	.byte	5                               ; DW_FORM_data2
	.byte	3                               ; DW_AT_name
	.byte	37                              ; DW_FORM_strx1
	.byte	114                             ; DW_AT_str_offsets_base
	.byte	23                              ; DW_FORM_sec_offset
	.byte	16                              ; DW_AT_stmt_list
	.byte	23                              ; DW_FORM_sec_offset
	.byte	27                              ; DW_AT_comp_dir
	.byte	37                              ; DW_FORM_strx1
	.byte	17                              ; DW_AT_low_pc
	.byte	27                              ; DW_FORM_addrx
	.byte	18                              ; DW_AT_high_pc
	.byte	6                               ; DW_FORM_data4
	.byte	115                             ; DW_AT_addr_base
	.byte	23                              ; DW_FORM_sec_offset
	.byte	116                             ; DW_AT_rnglists_base
	.byte	23                              ; DW_FORM_sec_offset
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	2                               ; Abbreviation Code
	.byte	46                              ; DW_TAG_subprogram
	.byte	0                               ; DW_CHILDREN_no
	.byte	3                               ; DW_AT_name
	.byte	37                              ; DW_FORM_strx1
	.byte	32                              ; DW_AT_inline
	.byte	33                              ; DW_FORM_implicit_const
	.byte	1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	3                               ; Abbreviation Code
	.byte	46                              ; DW_TAG_subprogram
	.byte	1                               ; DW_CHILDREN_yes
	.byte	17                              ; DW_AT_low_pc
	.byte	27                              ; DW_FORM_addrx
	.byte	18                              ; DW_AT_high_pc
	.byte	6                               ; DW_FORM_data4
	.byte	122                             ; DW_AT_call_all_calls
	.byte	25                              ; DW_FORM_flag_present
	.byte	3                               ; DW_AT_name
	.byte	37                              ; DW_FORM_strx1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	4                               ; Abbreviation Code
	.byte	29                              ; DW_TAG_inlined_subroutine
	.byte	1                               ; DW_CHILDREN_yes
	.byte	49                              ; DW_AT_abstract_origin
	.byte	19                              ; DW_FORM_ref4
	.byte	17                              ; DW_AT_low_pc
	.byte	27                              ; DW_FORM_addrx
	.byte	18                              ; DW_AT_high_pc
	.byte	6                               ; DW_FORM_data4
	.byte	88                              ; DW_AT_call_file
	.byte	11                              ; DW_FORM_data1
	.byte	89                              ; DW_AT_call_line
	.byte	11                              ; DW_FORM_data1
	.byte	87                              ; DW_AT_call_column
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	5                               ; Abbreviation Code
	.byte	29                              ; DW_TAG_inlined_subroutine
	.byte	0                               ; DW_CHILDREN_no
	.byte	49                              ; DW_AT_abstract_origin
	.byte	19                              ; DW_FORM_ref4
	.byte	17                              ; DW_AT_low_pc
	.byte	27                              ; DW_FORM_addrx
	.byte	18                              ; DW_AT_high_pc
	.byte	6                               ; DW_FORM_data4
	.byte	88                              ; DW_AT_call_file
	.byte	11                              ; DW_FORM_data1
	.byte	89                              ; DW_AT_call_line
	.byte	5                               ; DW_FORM_data2
	.byte	87                              ; DW_AT_call_column
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	6                               ; Abbreviation Code
	.byte	29                              ; DW_TAG_inlined_subroutine
	.byte	1                               ; DW_CHILDREN_yes
	.byte	49                              ; DW_AT_abstract_origin
	.byte	19                              ; DW_FORM_ref4
	.byte	85                              ; DW_AT_ranges
	.byte	35                              ; DW_FORM_rnglistx
	.byte	88                              ; DW_AT_call_file
	.byte	11                              ; DW_FORM_data1
	.byte	89                              ; DW_AT_call_line
	.byte	11                              ; DW_FORM_data1
	.byte	87                              ; DW_AT_call_column
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	7                               ; Abbreviation Code
	.byte	29                              ; DW_TAG_inlined_subroutine
	.byte	1                               ; DW_CHILDREN_yes
	.byte	49                              ; DW_AT_abstract_origin
	.byte	19                              ; DW_FORM_ref4
	.byte	85                              ; DW_AT_ranges
	.byte	35                              ; DW_FORM_rnglistx
	.byte	88                              ; DW_AT_call_file
	.byte	11                              ; DW_FORM_data1
	.byte	89                              ; DW_AT_call_line
	.byte	5                               ; DW_FORM_data2
	.byte	87                              ; DW_AT_call_column
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	8                               ; Abbreviation Code
	.byte	29                              ; DW_TAG_inlined_subroutine
	.byte	0                               ; DW_CHILDREN_no
	.byte	49                              ; DW_AT_abstract_origin
	.byte	19                              ; DW_FORM_ref4
	.byte	85                              ; DW_AT_ranges
	.byte	35                              ; DW_FORM_rnglistx
	.byte	88                              ; DW_AT_call_file
	.byte	11                              ; DW_FORM_data1
	.byte	89                              ; DW_AT_call_line
	.byte	5                               ; DW_FORM_data2
	.byte	87                              ; DW_AT_call_column
	.byte	11                              ; DW_FORM_data1
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	9                               ; Abbreviation Code
	.byte	72                              ; DW_TAG_call_site
	.byte	0                               ; DW_CHILDREN_no
	.ascii	"\204\001"                      ; DW_AT_call_target_clobbered
	.byte	24                              ; DW_FORM_exprloc
	.byte	125                             ; DW_AT_call_return_pc
	.byte	27                              ; DW_FORM_addrx
	.byte	0                               ; EOM(1)
	.byte	0                               ; EOM(2)
	.byte	0                               ; EOM(3)
	.section	.debug_info,"",@progbits
.Lcu_begin0:
	.long	.Ldebug_info_end0-.Ldebug_info_start0 ; Length of Unit
.Ldebug_info_start0:
	.short	5                               ; DWARF version number
	.byte	1                               ; DWARF Unit Type
	.byte	8                               ; Address Size (in bytes)
	.long	.debug_abbrev                   ; Offset Into Abbrev. Section
	.byte	1                               ; Abbrev [1] 0xc:0x10f DW_TAG_compile_unit
	.byte	0                               ; DW_AT_producer
	.short	33                              ; DW_AT_language
	.byte	1                               ; DW_AT_name
	.long	.Lstr_offsets_base0             ; DW_AT_str_offsets_base
	.long	.Lline_table_start0             ; DW_AT_stmt_list
	.byte	2                               ; DW_AT_comp_dir
	.byte	0                               ; DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       ; DW_AT_high_pc
	.long	.Laddr_table_base0              ; DW_AT_addr_base
	.long	.Lrnglists_table_base0          ; DW_AT_rnglists_base
	.byte	2                               ; Abbrev [2] 0x27:0x2 DW_TAG_subprogram
	.byte	3                               ; DW_AT_name
                                        ; DW_AT_inline
	.byte	2                               ; Abbrev [2] 0x29:0x2 DW_TAG_subprogram
	.byte	4                               ; DW_AT_name
                                        ; DW_AT_inline
	.byte	2                               ; Abbrev [2] 0x2b:0x2 DW_TAG_subprogram
	.byte	3                               ; DW_AT_name
                                        ; DW_AT_inline
	.byte	2                               ; Abbrev [2] 0x2d:0x2 DW_TAG_subprogram
	.byte	4                               ; DW_AT_name
                                        ; DW_AT_inline
	.byte	2                               ; Abbrev [2] 0x2f:0x2 DW_TAG_subprogram
	.byte	4                               ; DW_AT_name
                                        ; DW_AT_inline
	.byte	2                               ; Abbrev [2] 0x31:0x2 DW_TAG_subprogram
	.byte	4                               ; DW_AT_name
                                        ; DW_AT_inline
	.byte	2                               ; Abbrev [2] 0x33:0x2 DW_TAG_subprogram
	.byte	5                               ; DW_AT_name
                                        ; DW_AT_inline
	.byte	2                               ; Abbrev [2] 0x35:0x2 DW_TAG_subprogram
	.byte	6                               ; DW_AT_name
                                        ; DW_AT_inline
	.byte	2                               ; Abbrev [2] 0x37:0x2 DW_TAG_subprogram
	.byte	7                               ; DW_AT_name
                                        ; DW_AT_inline
	.byte	3                               ; Abbrev [3] 0x39:0xe1 DW_TAG_subprogram
	.byte	0                               ; DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       ; DW_AT_high_pc
                                        ; DW_AT_call_all_calls
	.byte	8                               ; DW_AT_name
	.byte	4                               ; Abbrev [4] 0x40:0x1c DW_TAG_inlined_subroutine
	.long	41                              ; DW_AT_abstract_origin
	.byte	0                               ; DW_AT_low_pc
	.long	.Ltmp0-.Lfunc_begin0            ; DW_AT_high_pc
	.byte	0                               ; DW_AT_call_file
	.byte	14                              ; DW_AT_call_line
	.byte	13                              ; DW_AT_call_column
	.byte	5                               ; Abbrev [5] 0x4d:0xe DW_TAG_inlined_subroutine
	.long	39                              ; DW_AT_abstract_origin
	.byte	0                               ; DW_AT_low_pc
	.long	.Ltmp0-.Lfunc_begin0            ; DW_AT_high_pc
	.byte	1                               ; DW_AT_call_file
	.short	299                             ; DW_AT_call_line
	.byte	64                              ; DW_AT_call_column
	.byte	0                               ; End Of Children Mark
	.byte	4                               ; Abbrev [4] 0x5c:0x1c DW_TAG_inlined_subroutine
	.long	45                              ; DW_AT_abstract_origin
	.byte	1                               ; DW_AT_low_pc
	.long	.Ltmp3-.Ltmp1                   ; DW_AT_high_pc
	.byte	0                               ; DW_AT_call_file
	.byte	14                              ; DW_AT_call_line
	.byte	37                              ; DW_AT_call_column
	.byte	5                               ; Abbrev [5] 0x69:0xe DW_TAG_inlined_subroutine
	.long	43                              ; DW_AT_abstract_origin
	.byte	1                               ; DW_AT_low_pc
	.long	.Ltmp3-.Ltmp1                   ; DW_AT_high_pc
	.byte	1                               ; DW_AT_call_file
	.short	299                             ; DW_AT_call_line
	.byte	64                              ; DW_AT_call_column
	.byte	0                               ; End Of Children Mark
	.byte	4                               ; Abbrev [4] 0x78:0x1c DW_TAG_inlined_subroutine
	.long	47                              ; DW_AT_abstract_origin
	.byte	2                               ; DW_AT_low_pc
	.long	.Ltmp4-.Ltmp3                   ; DW_AT_high_pc
	.byte	0                               ; DW_AT_call_file
	.byte	15                              ; DW_AT_call_line
	.byte	13                              ; DW_AT_call_column
	.byte	5                               ; Abbrev [5] 0x85:0xe DW_TAG_inlined_subroutine
	.long	39                              ; DW_AT_abstract_origin
	.byte	2                               ; DW_AT_low_pc
	.long	.Ltmp4-.Ltmp3                   ; DW_AT_high_pc
	.byte	1                               ; DW_AT_call_file
	.short	300                             ; DW_AT_call_line
	.byte	64                              ; DW_AT_call_column
	.byte	0                               ; End Of Children Mark
	.byte	4                               ; Abbrev [4] 0x94:0x1c DW_TAG_inlined_subroutine
	.long	49                              ; DW_AT_abstract_origin
	.byte	3                               ; DW_AT_low_pc
	.long	.Ltmp7-.Ltmp5                   ; DW_AT_high_pc
	.byte	0                               ; DW_AT_call_file
	.byte	15                              ; DW_AT_call_line
	.byte	37                              ; DW_AT_call_column
	.byte	5                               ; Abbrev [5] 0xa1:0xe DW_TAG_inlined_subroutine
	.long	43                              ; DW_AT_abstract_origin
	.byte	3                               ; DW_AT_low_pc
	.long	.Ltmp7-.Ltmp5                   ; DW_AT_high_pc
	.byte	1                               ; DW_AT_call_file
	.short	300                             ; DW_AT_call_line
	.byte	64                              ; DW_AT_call_column
	.byte	0                               ; End Of Children Mark
	.byte	6                               ; Abbrev [6] 0xb0:0x1f DW_TAG_inlined_subroutine
	.long	55                              ; DW_AT_abstract_origin
	.byte	0                               ; DW_AT_ranges
	.byte	0                               ; DW_AT_call_file
	.byte	19                              ; DW_AT_call_line
	.byte	5                               ; DW_AT_call_column
	.byte	7                               ; Abbrev [7] 0xb9:0x15 DW_TAG_inlined_subroutine
	.long	53                              ; DW_AT_abstract_origin
	.byte	0                               ; DW_AT_ranges
	.byte	2                               ; DW_AT_call_file
	.short	910                             ; DW_AT_call_line
	.byte	3                               ; DW_AT_call_column
	.byte	8                               ; Abbrev [8] 0xc3:0xa DW_TAG_inlined_subroutine
	.long	51                              ; DW_AT_abstract_origin
	.byte	0                               ; DW_AT_ranges
	.byte	2                               ; DW_AT_call_file
	.short	902                             ; DW_AT_call_line
	.byte	3                               ; DW_AT_call_column
	.byte	0                               ; End Of Children Mark
	.byte	0                               ; End Of Children Mark
	.byte	9                               ; Abbrev [9] 0xcf:0xd DW_TAG_call_site
	.byte	10                              ; DW_AT_call_target_clobbered
	.byte	144
	.ascii	"\302\b"
	.byte	147
	.byte	4
	.byte	144
	.ascii	"\303\b"
	.byte	147
	.byte	4
	.byte	4                               ; DW_AT_call_return_pc
	.byte	9                               ; Abbrev [9] 0xdc:0xd DW_TAG_call_site
	.byte	10                              ; DW_AT_call_target_clobbered
	.byte	144
	.ascii	"\304\b"
	.byte	147
	.byte	4
	.byte	144
	.ascii	"\305\b"
	.byte	147
	.byte	4
	.byte	5                               ; DW_AT_call_return_pc
	.byte	9                               ; Abbrev [9] 0xe9:0xd DW_TAG_call_site
	.byte	10                              ; DW_AT_call_target_clobbered
	.byte	144
	.ascii	"\302\b"
	.byte	147
	.byte	4
	.byte	144
	.ascii	"\303\b"
	.byte	147
	.byte	4
	.byte	6                               ; DW_AT_call_return_pc
	.byte	9                               ; Abbrev [9] 0xf6:0xd DW_TAG_call_site
	.byte	10                              ; DW_AT_call_target_clobbered
	.byte	144
	.ascii	"\304\b"
	.byte	147
	.byte	4
	.byte	144
	.ascii	"\305\b"
	.byte	147
	.byte	4
	.byte	7                               ; DW_AT_call_return_pc
	.byte	9                               ; Abbrev [9] 0x103:0xb DW_TAG_call_site
	.byte	8                               ; DW_AT_call_target_clobbered
	.byte	144
	.byte	86
	.byte	147
	.byte	4
	.byte	144
	.byte	87
	.byte	147
	.byte	4
	.byte	8                               ; DW_AT_call_return_pc
	.byte	9                               ; Abbrev [9] 0x10e:0xb DW_TAG_call_site
	.byte	8                               ; DW_AT_call_target_clobbered
	.byte	144
	.byte	86
	.byte	147
	.byte	4
	.byte	144
	.byte	87
	.byte	147
	.byte	4
	.byte	9                               ; DW_AT_call_return_pc
	.byte	0                               ; End Of Children Mark
	.byte	0                               ; End Of Children Mark
.Ldebug_info_end0:
	.section	.debug_rnglists,"",@progbits
	.long	.Ldebug_list_header_end0-.Ldebug_list_header_start0 ; Length
.Ldebug_list_header_start0:
	.short	5                               ; Version
	.byte	8                               ; Address size
	.byte	0                               ; Segment selector size
	.long	1                               ; Offset entry count
.Lrnglists_table_base0:
	.long	.Ldebug_ranges0-.Lrnglists_table_base0
.Ldebug_ranges0:
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp8-.Lfunc_begin0           ;   starting offset
	.uleb128 .Ltmp9-.Lfunc_begin0           ;   ending offset
	.byte	4                               ; DW_RLE_offset_pair
	.uleb128 .Ltmp10-.Lfunc_begin0          ;   starting offset
	.uleb128 .Ltmp12-.Lfunc_begin0          ;   ending offset
	.byte	0                               ; DW_RLE_end_of_list
.Ldebug_list_header_end0:
	.section	.debug_str_offsets,"",@progbits
	.long	40                              ; Length of String Offsets Set
	.short	5
	.short	0
.Lstr_offsets_base0:
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"Debian clang version 22.1.8 (1~deb12u1)" ; string offset=0
.Linfo_string1:
	.asciz	"examples/transpose.hip"        ; string offset=40
.Linfo_string2:
	.asciz	"/work/main"                    ; string offset=63
.Linfo_string3:
	.asciz	"operator()"                    ; string offset=74
.Linfo_string4:
	.asciz	"operator unsigned int"         ; string offset=85
.Linfo_string5:
	.asciz	"__work_group_barrier"          ; string offset=107
.Linfo_string6:
	.asciz	"__barrier"                     ; string offset=128
.Linfo_string7:
	.asciz	"__syncthreads"                 ; string offset=138
.Linfo_string8:
	.asciz	"transpose"                     ; string offset=152
	.section	.debug_str_offsets,"",@progbits
	.long	.Linfo_string0
	.long	.Linfo_string1
	.long	.Linfo_string2
	.long	.Linfo_string3
	.long	.Linfo_string4
	.long	.Linfo_string5
	.long	.Linfo_string6
	.long	.Linfo_string7
	.long	.Linfo_string8
	.section	.debug_addr,"",@progbits
	.long	.Ldebug_addr_end0-.Ldebug_addr_start0 ; Length of contribution
.Ldebug_addr_start0:
	.short	5                               ; DWARF version number
	.byte	8                               ; Address size
	.byte	0                               ; Segment selector size
.Laddr_table_base0:
	.quad	.Lfunc_begin0
	.quad	.Ltmp1
	.quad	.Ltmp3
	.quad	.Ltmp5
	.quad	.Ltmp0
	.quad	.Ltmp2
	.quad	.Ltmp4
	.quad	.Ltmp6
	.quad	.Ltmp11
	.quad	.Ltmp12
.Ldebug_addr_end0:
	.ident	"Debian clang version 22.1.8 (1~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __hip_cuid_efcd21f9bbd63dad
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .offset:         16
        .size:           4
        .value_kind:     by_value
      - .offset:         20
        .size:           4
        .value_kind:     by_value
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         104
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         112
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         120
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         128
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         136
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         224
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 4096
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .max_flat_workgroup_size: 1024
    .name:           _Z9transposePfPKfii
    .private_segment_fixed_size: 0
    .sgpr_count:     76
    .sgpr_spill_count: 0
    .symbol:         _Z9transposePfPKfii.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: true
    .vgpr_count:     45
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
	.section	.debug_line,"",@progbits
.Lline_table_start0:
