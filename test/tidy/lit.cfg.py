# -*- Python -*-
# lit configuration for the clang-tidy plugin's tests (liblds-tidy.so), in
# clang-tidy's own style: %check_clang_tidy with CHECK-MESSAGES / CHECK-FIXES
# beside the input.
#
# Run:   lit -sv test/tidy --param lds_tidy=build/tidy/liblds-tidy.so
#
# Parameters (--param NAME=VALUE) win over environment variables:
#   lds_tidy / LDS_TIDY         the plugin        (default: <repo>/build/tidy/liblds-tidy.so)
#   lds_rewrite / LDS_REWRITE   lds-rewrite, for the tests that compare the two
#                               tools and to learn its device-side parse flags
#                               (default: <repo>/build/tool/lds-rewrite)
#   clang_tidy / CLANG_TIDY     clang-tidy        (default: /usr/lib/llvm-22/bin/clang-tidy)
#   llvm_bin / LLVM_BIN         FileCheck, not, llvm-readelf, llvm-nm
#                               (default: /usr/lib/llvm-22/bin)
#   exec_root / LDS_LIT_EXEC_ROOT
#                               where lit writes its Output/ folders
#                               (default: <folder of the plugin>/../test-output)
#
# Substitutions:
#   %check_clang_tidy  %python check_clang_tidy.py --clang-tidy=... --load=<plugin>
#                      (see that script: <source> <check> <temp> -- <tidy args> -- <compiler args>)
#   %clang_tidy        clang-tidy
#   %lds_tidy          the plugin
#   %lds-rewrite       lds-rewrite
#   %hip_device_flags  the compiler flags of lds-rewrite's device-side parse of a
#                      .hip file for gfx942 (`lds-rewrite --print-parse-command`)
#   %cuda_device_flags the same for a .cu file and sm_90
#   %EX                the examples folder
#   %expect-exit N cmd %python test/lit/Inputs/expect_exit.py N cmd...: runs cmd,
#                      passes its output through, fails unless it exits with N
#   %python            this Python interpreter

import os
import shlex
import subprocess
import sys

import lit.formats

_here = os.path.dirname(os.path.abspath(__file__))
_repo = os.path.dirname(os.path.dirname(_here))


def _setting(param, env, default):
    value = lit_config.params.get(param)
    if value is None:
        value = os.environ.get(env)
    if value is None:
        value = default
    return value


config.name = 'lds-tidy'
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = ['.test', '.hip', '.cu']
config.excludes = ['Inputs', 'Output', 'lit.cfg.py', 'check_clang_tidy.py']
config.test_source_root = _here

plugin = os.path.abspath(_setting('lds_tidy', 'LDS_TIDY',
                                  os.path.join(_repo, 'build', 'tidy', 'liblds-tidy.so')))
tool = os.path.abspath(_setting('lds_rewrite', 'LDS_REWRITE',
                                os.path.join(_repo, 'build', 'tool', 'lds-rewrite')))
clang_tidy = _setting('clang_tidy', 'CLANG_TIDY', '/usr/lib/llvm-22/bin/clang-tidy')
llvm_bin = _setting('llvm_bin', 'LLVM_BIN', '/usr/lib/llvm-22/bin')
examples = os.path.join(_repo, 'examples')
exec_root = os.path.abspath(_setting(
    'exec_root', 'LDS_LIT_EXEC_ROOT',
    os.path.join(os.path.dirname(os.path.dirname(plugin)), 'test-output')))
config.test_exec_root = os.path.join(exec_root, 'tidy')

if not os.path.exists(plugin):
    lit_config.fatal('liblds-tidy.so not found at %s (--param lds_tidy=)' % plugin)
if not os.path.exists(clang_tidy):
    lit_config.fatal('clang-tidy not found at %s (--param clang_tidy=)' % clang_tidy)
for name in ('FileCheck', 'not', 'llvm-readelf', 'llvm-nm'):
    if not os.path.exists(os.path.join(llvm_bin, name)):
        lit_config.fatal('%s not found in %s (--param llvm_bin=)' % (name, llvm_bin))
if os.path.exists(tool):
    config.available_features.add('lds-rewrite')
else:
    lit_config.warning('lds-rewrite not found at %s: the comparisons are skipped' % tool)


def _fallback_flags(lang):
    """What tool/DeviceCompileArgs.cpp adds, for when lds-rewrite is absent."""
    compat = os.path.join(_repo, 'include-fallback')
    if lang == 'hip':
        flags = ['-x', 'hip', '--offload-device-only', '--offload-arch=gfx942',
                 '-nogpulib', '-D__AMDGCN_WAVEFRONT_SIZE=64']
        if os.path.exists('/usr/include/hip/hip_runtime.h'):
            flags += ['--rocm-path=/usr', '-include',
                      os.path.join(compat, 'compat', 'lds_rocm_compat.h')]
        else:
            flags += ['-nogpuinc', '-isystem', os.path.join(compat, 'hip'),
                      '-include', '__clang_hip_runtime_wrapper.h']
    else:
        flags = ['-x', 'cuda', '--cuda-device-only', '--cuda-gpu-arch=sm_90',
                 '-nocudalib', '-Wno-unknown-cuda-version', '-Xclang',
                 '-target-sdk-version=12.9']
        if os.path.exists('/usr/local/cuda/include/cuda_runtime.h'):
            flags += ['--cuda-path=/usr/local/cuda', '-isystem',
                      '/usr/local/cuda/include/cccl']
        else:
            flags += ['-nocudainc', '-isystem', os.path.join(compat, 'cuda'),
                      '-include', 'cuda_runtime.h']
    return flags


def _device_flags(lang):
    """lds-rewrite's own parse flags, less the compiler, the file, and what
    only a plain compile wants (-fsyntax-only, -w, -resource-dir)."""
    example = os.path.join(examples, 'transpose.hip' if lang == 'hip' else 'transpose.cu')
    target = 'gfx942' if lang == 'hip' else 'sm_90'
    if os.path.exists(tool):
        try:
            out = subprocess.run([tool, '--print-parse-command', '--target=' + target, example],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                 universal_newlines=True, timeout=60).stdout
            args = shlex.split(out.strip().splitlines()[0])[1:]
            if args and args[-1].endswith(os.path.basename(example)):
                args = args[:-1]
                keep, skip = [], False
                for a in args:
                    if skip:
                        skip = False
                        continue
                    if a == '-resource-dir':
                        skip = True
                        continue
                    if a in ('-fsyntax-only', '-w'):
                        continue
                    keep.append(a)
                return keep
        except (OSError, IndexError, subprocess.SubprocessError):
            pass
    return _fallback_flags(lang)


def _quote(args):
    return ' '.join(shlex.quote(a) for a in args)


python = sys.executable
hip_flags = _device_flags('hip')
cuda_flags = _device_flags('cuda')
lit_config.note('HIP device flags: ' + _quote(hip_flags))
lit_config.note('CUDA device flags: ' + _quote(cuda_flags))

config.substitutions.append(('%check_clang_tidy', '"%s" "%s" --clang-tidy="%s" --load="%s" --filecheck="%s"' % (
    python, os.path.join(_here, 'check_clang_tidy.py'), clang_tidy, plugin,
    os.path.join(llvm_bin, 'FileCheck'))))
config.substitutions.append(('%clang_tidy', '"%s"' % clang_tidy))
config.substitutions.append(('%lds_tidy', '"%s"' % plugin))
config.substitutions.append(('%lds-rewrite', '"%s"' % tool))
config.substitutions.append(('%hip_device_flags', _quote(hip_flags)))
config.substitutions.append(('%cuda_device_flags', _quote(cuda_flags)))
config.substitutions.append(('%expect-exit', '"%s" "%s"' % (
    python, os.path.join(_repo, 'test', 'lit', 'Inputs', 'expect_exit.py'))))
config.substitutions.append(('%python', '"%s"' % python))
# clang++ (nvcc_database.test compiles a database's commands with it), and
# feature 'cuda' where CUDA's headers are installed.
config.substitutions.append(('%clang_cxx', '"%s"' % os.path.join(llvm_bin, 'clang++')))
if os.path.exists('/usr/local/cuda/include/cuda_runtime.h'):
    config.available_features.add('cuda')
config.substitutions.append(('%EX', examples))

config.environment['PATH'] = os.pathsep.join(
    [llvm_bin, config.environment.get('PATH', os.environ.get('PATH', ''))])
config.environment['LC_ALL'] = 'C'
for var in ('NO_COLOR', 'CLICOLOR_FORCE', 'TERM'):
    config.environment.pop(var, None)
