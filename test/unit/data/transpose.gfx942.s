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
	.file	1 "include-fallback/hip/hip" "hip_runtime.h" md5 0x7ad68a8c2a10b7a7c78f419cd2d59731
	.loc	1 38 12 prologue_end            ; include-fallback/hip/hip/hip_runtime.h:38:12 @[ include-fallback/hip/hip/hip_runtime.h:59:64 @[ examples/transpose.hip:14:13 ] ]
	s_load_dwordx4 s[4:7], s[0:1], 0x0
	s_load_dwordx2 s[8:9], s[0:1], 0x10
.Ltmp0:
	.loc	0 15 24                         ; examples/transpose.hip:15:24
	s_lshl_b32 s1, s3, 5
	v_bfe_u32 v8, v0, 10, 10
	.loc	0 15 35 is_stmt 0               ; examples/transpose.hip:15:35
	v_add_u32_e32 v1, s1, v8
	.loc	0 14 24 is_stmt 1               ; examples/transpose.hip:14:24
	s_lshl_b32 s0, s2, 5
	v_and_b32_e32 v9, 0x3ff, v0
	.loc	0 17 57                         ; examples/transpose.hip:17:57
	s_waitcnt lgkmcnt(0)
	v_mul_lo_u32 v0, v1, s8
	.loc	0 17 65 is_stmt 0               ; examples/transpose.hip:17:65
	v_add3_u32 v0, s0, v9, v0
	.loc	0 17 46                         ; examples/transpose.hip:17:46
	v_ashrrev_i32_e32 v1, 31, v0
	.loc	0 17 57                         ; examples/transpose.hip:17:57
	s_lshl_b32 s2, s8, 3
	.loc	0 17 46                         ; examples/transpose.hip:17:46
	v_lshl_add_u64 v[2:3], v[0:1], 2, s[6:7]
	.loc	0 17 65                         ; examples/transpose.hip:17:65
	v_add_u32_e32 v0, s2, v0
	.loc	0 17 46                         ; examples/transpose.hip:17:46
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[4:5], v[0:1], 2, s[6:7]
	.loc	0 17 65                         ; examples/transpose.hip:17:65
	v_add_u32_e32 v0, s2, v0
	.loc	0 17 46                         ; examples/transpose.hip:17:46
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[6:7], v[0:1], 2, s[6:7]
	.loc	0 17 65                         ; examples/transpose.hip:17:65
	v_add_u32_e32 v0, s2, v0
	.loc	0 17 46                         ; examples/transpose.hip:17:46
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[0:1], v[0:1], 2, s[6:7]
	global_load_dword v10, v[2:3], off
	global_load_dword v11, v[4:5], off
	global_load_dword v12, v[6:7], off
	global_load_dword v13, v[0:1], off
	v_lshlrev_b32_e32 v0, 7, v8
	.loc	0 22 31 is_stmt 1               ; examples/transpose.hip:22:31
	v_add_u32_e32 v1, s0, v8
	v_lshlrev_b32_e32 v2, 7, v9
	.loc	0 16 10                         ; examples/transpose.hip:16:10
	v_lshl_add_u32 v7, v9, 2, v0
	v_lshl_add_u32 v14, v8, 2, v2
	.loc	0 24 21                         ; examples/transpose.hip:24:21
	v_mul_lo_u32 v0, v1, s9
	s_lshl_b32 s0, s9, 3
	.loc	0 24 30 is_stmt 0               ; examples/transpose.hip:24:30
	v_add3_u32 v0, s1, v9, v0
	v_add_u32_e32 v2, s0, v0
	v_add_u32_e32 v4, s0, v2
	.loc	0 24 9                          ; examples/transpose.hip:24:9
	v_ashrrev_i32_e32 v1, 31, v0
	.loc	0 24 30                         ; examples/transpose.hip:24:30
	v_add_u32_e32 v6, s0, v4
	.loc	0 24 9                          ; examples/transpose.hip:24:9
	v_lshl_add_u64 v[0:1], v[0:1], 2, s[4:5]
	v_ashrrev_i32_e32 v3, 31, v2
	v_ashrrev_i32_e32 v5, 31, v4
	v_lshl_add_u64 v[2:3], v[2:3], 2, s[4:5]
	v_lshl_add_u64 v[4:5], v[4:5], 2, s[4:5]
	.loc	0 17 44 is_stmt 1               ; examples/transpose.hip:17:44
	s_waitcnt vmcnt(2)
	ds_write2st64_b32 v7, v10, v11 offset1:4
	s_waitcnt vmcnt(0)
	ds_write2st64_b32 v7, v12, v13 offset0:8 offset1:12
	.loc	0 24 9                          ; examples/transpose.hip:24:9
	v_ashrrev_i32_e32 v7, 31, v6
	v_lshl_add_u64 v[6:7], v[6:7], 2, s[4:5]
.Ltmp1:
	.loc	1 96 3                          ; include-fallback/hip/hip/hip_runtime.h:96:3 @[ examples/transpose.hip:19:5 ]
	s_waitcnt lgkmcnt(0)
	.loc	1 97 3                          ; include-fallback/hip/hip/hip_runtime.h:97:3 @[ examples/transpose.hip:19:5 ]
	s_barrier
.Ltmp2:
	.loc	0 24 37                         ; examples/transpose.hip:24:37
	ds_read2_b32 v[8:9], v14 offset1:8
	ds_read2_b32 v[10:11], v14 offset0:16 offset1:24
	.loc	0 24 35 is_stmt 0               ; examples/transpose.hip:24:35
	s_waitcnt lgkmcnt(1)
	global_store_dword v[0:1], v8, off
	global_store_dword v[2:3], v9, off
	s_waitcnt lgkmcnt(0)
	global_store_dword v[4:5], v10, off
	global_store_dword v[6:7], v11, off
	.loc	0 25 1 is_stmt 1                ; examples/transpose.hip:25:1
	s_endpgm
.Ltmp3:
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel _Z9transposePfPKfii
		.amdhsa_group_segment_fixed_size 4096
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 24
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_next_free_vgpr 15
		.amdhsa_next_free_sgpr 10
		.amdhsa_accum_offset 16
		.amdhsa_reserve_vcc 0
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
	.set _Z9transposePfPKfii.num_vgpr, 15
	.set _Z9transposePfPKfii.num_agpr, 0
	.set _Z9transposePfPKfii.numbered_sgpr, 10
	.set _Z9transposePfPKfii.num_named_barrier, 0
	.set _Z9transposePfPKfii.private_seg_size, 0
	.set _Z9transposePfPKfii.uses_vcc, 0
	.set _Z9transposePfPKfii.uses_flat_scratch, 0
	.set _Z9transposePfPKfii.has_dyn_sized_stack, 0
	.set _Z9transposePfPKfii.has_recursion, 0
	.set _Z9transposePfPKfii.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 360
; TotalNumSgprs: 16
; NumVgprs: 15
; NumAgprs: 0
; TotalNumVgprs: 15
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 4096 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 16
; NumVGPRsForWavesPerEU: 15
; AccumOffset: 16
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 1
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 3
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
	.type	__hip_cuid_1e32a4865eed2990,@object ; @__hip_cuid_1e32a4865eed2990
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_1e32a4865eed2990
__hip_cuid_1e32a4865eed2990:
	.byte	0                               ; 0x0
	.size	__hip_cuid_1e32a4865eed2990, 1

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
	.byte	11                              ; DW_FORM_data1
	.byte	87                              ; DW_AT_call_column
	.byte	11                              ; DW_FORM_data1
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
	.byte	1                               ; Abbrev [1] 0xc:0x4e DW_TAG_compile_unit
	.byte	0                               ; DW_AT_producer
	.short	33                              ; DW_AT_language
	.byte	1                               ; DW_AT_name
	.long	.Lstr_offsets_base0             ; DW_AT_str_offsets_base
	.long	.Lline_table_start0             ; DW_AT_stmt_list
	.byte	2                               ; DW_AT_comp_dir
	.byte	0                               ; DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       ; DW_AT_high_pc
	.long	.Laddr_table_base0              ; DW_AT_addr_base
	.byte	2                               ; Abbrev [2] 0x23:0x2 DW_TAG_subprogram
	.byte	3                               ; DW_AT_name
                                        ; DW_AT_inline
	.byte	2                               ; Abbrev [2] 0x25:0x2 DW_TAG_subprogram
	.byte	4                               ; DW_AT_name
                                        ; DW_AT_inline
	.byte	2                               ; Abbrev [2] 0x27:0x2 DW_TAG_subprogram
	.byte	5                               ; DW_AT_name
                                        ; DW_AT_inline
	.byte	3                               ; Abbrev [3] 0x29:0x30 DW_TAG_subprogram
	.byte	0                               ; DW_AT_low_pc
	.long	.Lfunc_end0-.Lfunc_begin0       ; DW_AT_high_pc
                                        ; DW_AT_call_all_calls
	.byte	6                               ; DW_AT_name
	.byte	4                               ; Abbrev [4] 0x30:0x1b DW_TAG_inlined_subroutine
	.long	37                              ; DW_AT_abstract_origin
	.byte	0                               ; DW_AT_low_pc
	.long	.Ltmp0-.Lfunc_begin0            ; DW_AT_high_pc
	.byte	0                               ; DW_AT_call_file
	.byte	14                              ; DW_AT_call_line
	.byte	13                              ; DW_AT_call_column
	.byte	5                               ; Abbrev [5] 0x3d:0xd DW_TAG_inlined_subroutine
	.long	35                              ; DW_AT_abstract_origin
	.byte	0                               ; DW_AT_low_pc
	.long	.Ltmp0-.Lfunc_begin0            ; DW_AT_high_pc
	.byte	1                               ; DW_AT_call_file
	.byte	59                              ; DW_AT_call_line
	.byte	64                              ; DW_AT_call_column
	.byte	0                               ; End Of Children Mark
	.byte	5                               ; Abbrev [5] 0x4b:0xd DW_TAG_inlined_subroutine
	.long	39                              ; DW_AT_abstract_origin
	.byte	1                               ; DW_AT_low_pc
	.long	.Ltmp2-.Ltmp1                   ; DW_AT_high_pc
	.byte	0                               ; DW_AT_call_file
	.byte	19                              ; DW_AT_call_line
	.byte	5                               ; DW_AT_call_column
	.byte	0                               ; End Of Children Mark
	.byte	0                               ; End Of Children Mark
.Ldebug_info_end0:
	.section	.debug_str_offsets,"",@progbits
	.long	32                              ; Length of String Offsets Set
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
	.asciz	"__syncthreads"                 ; string offset=107
.Linfo_string6:
	.asciz	"transpose"                     ; string offset=121
	.section	.debug_str_offsets,"",@progbits
	.long	.Linfo_string0
	.long	.Linfo_string1
	.long	.Linfo_string2
	.long	.Linfo_string3
	.long	.Linfo_string4
	.long	.Linfo_string5
	.long	.Linfo_string6
	.section	.debug_addr,"",@progbits
	.long	.Ldebug_addr_end0-.Ldebug_addr_start0 ; Length of contribution
.Ldebug_addr_start0:
	.short	5                               ; DWARF version number
	.byte	8                               ; Address size
	.byte	0                               ; Segment selector size
.Laddr_table_base0:
	.quad	.Lfunc_begin0
	.quad	.Ltmp1
.Ldebug_addr_end0:
	.ident	"Debian clang version 22.1.8 (1~deb12u1)"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym __hip_cuid_1e32a4865eed2990
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
    .group_segment_fixed_size: 4096
    .kernarg_segment_align: 8
    .kernarg_segment_size: 24
    .max_flat_workgroup_size: 1024
    .name:           _Z9transposePfPKfii
    .private_segment_fixed_size: 0
    .sgpr_count:     16
    .sgpr_spill_count: 0
    .symbol:         _Z9transposePfPKfii.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     15
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
