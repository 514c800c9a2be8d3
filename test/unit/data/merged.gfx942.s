	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 6
	.text
	.protected	_Z5pairsPfPKf           ; -- Begin function _Z5pairsPfPKf
	.globl	_Z5pairsPfPKf
	.p2align	8
	.type	_Z5pairsPfPKf,@function
_Z5pairsPfPKf:                          ; @_Z5pairsPfPKf
.Lfunc_begin0:
	.file	0 "/work/main" "test/lit/isa/Inputs/merged.hip" md5 0x315ac806c875dcc31d9e3ee3240043e0
	.cfi_sections .debug_frame
	.cfi_startproc
; %bb.0:
	.file	1 "include-fallback/hip/hip" "hip_runtime.h" md5 0x7ad68a8c2a10b7a7c78f419cd2d59731
	.loc	1 32 12 prologue_end            ; include-fallback/hip/hip/hip_runtime.h:32:12 @[ include-fallback/hip/hip/hip_runtime.h:59:64 @[ test/lit/isa/Inputs/merged.hip:12:13 ] ]
	s_load_dwordx4 s[0:3], s[0:1], 0x0
.Ltmp0:
	.loc	0 13 12                         ; test/lit/isa/Inputs/merged.hip:13:12
	v_lshlrev_b32_e32 v6, 2, v0
	.loc	0 15 5                          ; test/lit/isa/Inputs/merged.hip:15:5
	v_lshlrev_b32_e32 v7, 4, v0
	.loc	0 19 16                         ; test/lit/isa/Inputs/merged.hip:19:16
	v_lshlrev_b32_e32 v8, 5, v0
	.loc	0 13 5                          ; test/lit/isa/Inputs/merged.hip:13:5
	v_or_b32_e32 v0, 0x1000, v6
	.loc	0 13 12 is_stmt 0               ; test/lit/isa/Inputs/merged.hip:13:12
	s_waitcnt lgkmcnt(0)
	global_load_dword v2, v6, s[2:3]
	.loc	0 14 18 is_stmt 1               ; test/lit/isa/Inputs/merged.hip:14:18
	global_load_dword v1, v6, s[2:3] offset:1024
	v_mov_b32_e32 v5, 0x40400000
	v_mov_b32_e32 v4, 2.0
	v_mov_b32_e32 v3, 1.0
	.loc	0 17 15                         ; test/lit/isa/Inputs/merged.hip:17:15
	v_add_u32_e32 v0, v0, v6
	.loc	0 0 0 is_stmt 0                 ; test/lit/isa/Inputs/merged.hip:0
	s_waitcnt vmcnt(0)
	ds_write2st64_b32 v6, v2, v1 offset0:16 offset1:20
	.loc	0 15 10 is_stmt 1               ; test/lit/isa/Inputs/merged.hip:15:10
	ds_write_b128 v7, v[2:5]
	.loc	0 19 16                         ; test/lit/isa/Inputs/merged.hip:19:16
	v_and_b32_e32 v2, 0xfe0, v8
.Ltmp1:
	.loc	1 96 3                          ; include-fallback/hip/hip/hip_runtime.h:96:3 @[ test/lit/isa/Inputs/merged.hip:16:5 ]
	s_waitcnt lgkmcnt(0)
	.loc	1 97 3                          ; include-fallback/hip/hip/hip_runtime.h:97:3 @[ test/lit/isa/Inputs/merged.hip:16:5 ]
	s_barrier
.Ltmp2:
	.loc	0 17 15                         ; test/lit/isa/Inputs/merged.hip:17:15
	ds_read_b64 v[0:1], v0
	.loc	0 19 16                         ; test/lit/isa/Inputs/merged.hip:19:16
	ds_read2_b32 v[2:3], v2 offset1:3
	.loc	0 20 16                         ; test/lit/isa/Inputs/merged.hip:20:16
	s_waitcnt lgkmcnt(1)
	v_add_f32_e32 v0, v0, v1
	.loc	0 20 20 is_stmt 0               ; test/lit/isa/Inputs/merged.hip:20:20
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v0, v0, v2
	.loc	0 20 26                         ; test/lit/isa/Inputs/merged.hip:20:26
	v_add_f32_e32 v0, v0, v3
	.loc	0 20 12                         ; test/lit/isa/Inputs/merged.hip:20:12
	global_store_dword v6, v0, s[0:1]
	.loc	0 21 1 is_stmt 1                ; test/lit/isa/Inputs/merged.hip:21:1
	s_endpgm
.Ltmp3:
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel _Z5pairsPfPKf
		.amdhsa_group_segment_fixed_size 6144
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 16
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 9
		.amdhsa_next_free_sgpr 4
		.amdhsa_accum_offset 12
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
	.size	_Z5pairsPfPKf, .Lfunc_end0-_Z5pairsPfPKf
	.cfi_endproc
                                        ; -- End function
	.set _Z5pairsPfPKf.num_vgpr, 9
	.set _Z5pairsPfPKf.num_agpr, 0
	.set _Z5pairsPfPKf.numbered_sgpr, 4
	.set _Z5pairsPfPKf.num_named_barrier, 0
	.set _Z5pairsPfPKf.private_seg_size, 0
	.set _Z5pairsPfPKf.uses_vcc, 0
	.set _Z5pairsPfPKf.uses_flat_scratch, 0
	.set _Z5pairsPfPKf.has_dyn_sized_stack, 0
	.set _Z5pairsPfPKf.has_recursion, 0
	.set _Z5pairsPfPKf.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 152
; TotalNumSgprs: 10
; NumVgprs: 9
; NumAgprs: 0
; TotalNumVgprs: 9
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 6144 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 1
; NumSGPRsForWavesPerEU: 10
; NumVGPRsForWavesPerEU: 9
; AccumOffset: 12
; Occupancy: 8
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 0
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 2
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
	.type	__hip_cuid_85caa68a81313445,@object ; @__hip_cuid_85caa68a81313445
	.section	.bss,"aw",@nobits
	.globl	__hip_cuid_85caa68a81313445
__hip_cuid_85caa68a81313445:
	.byte	0                               ; 0x0
	.size	__hip_cuid_85caa68a81313445, 1

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
	.byte	12                              ; DW_AT_call_line
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
	.byte	16                              ; DW_AT_call_line
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
	.asciz	"test/lit/isa/Inputs/merged.hip" ; string offset=40
.Linfo_string2:
	.asciz	"/work/main"                    ; string offset=71
.Linfo_string3:
	.asciz	"operator()"                    ; string offset=82
.Linfo_string4:
	.asciz	"operator unsigned int"         ; string offset=93
.Linfo_string5:
	.asciz	"__syncthreads"                 ; string offset=115
.Linfo_string6:
	.asciz	"pairs"                         ; string offset=129
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
	.addrsig_sym __hip_cuid_85caa68a81313445
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
    .group_segment_fixed_size: 6144
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 1024
    .name:           _Z5pairsPfPKf
    .private_segment_fixed_size: 0
    .sgpr_count:     10
    .sgpr_spill_count: 0
    .symbol:         _Z5pairsPfPKf.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     9
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
