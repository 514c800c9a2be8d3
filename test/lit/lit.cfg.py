# -*- Python -*-
# lit configuration for lds-rewrite's end-to-end tests.
#
# Run:   lit -v test/lit test/corpus --param lds_rewrite=build/tool/lds-rewrite
#   or   LDS_REWRITE=build/tool/lds-rewrite lit -v test/lit test/corpus
#
# Parameters (--param NAME=VALUE) win over environment variables:
#   lds_rewrite / LDS_REWRITE     the tool binary      (default: <repo>/build/tool/lds-rewrite)
#   lds_examples / LDS_EXAMPLES   the examples folder  (default: <repo>/examples)
#   llvm_bin / LLVM_BIN           FileCheck and not    (default: /usr/lib/llvm-22/bin)
#   exec_root / LDS_LIT_EXEC_ROOT where lit writes its Output/ folders
#                                 (default: <folder of the tool>/../test-output)
#   compile_cache / LDS_COMPILE_CACHE
#                                 a folder where %device-compile and the
#                                 compiles that verify a --fix
#                                 (LDS_REWRITE_COMPILER_LAUNCHER) keep their
#                                 results, keyed by everything the compile
#                                 reads (default: none, every compile runs;
#                                 CTest passes build/test/compile-cache)
#
# Substitutions:
#   %lds-rewrite   the tool
#   %EX            the examples folder
#   %python        this Python interpreter
#   %check-json    %python test/lit/Inputs/check_json.py (reads the JSON report on stdin)
#   %expect-exit   %python test/lit/Inputs/expect_exit.py N cmd...: runs cmd, passes its
#                  output through, and fails unless it exits with status N
#   %device-compile TARGET FILE
#                  %python test/lit/Inputs/device_compile.py <tool> TARGET FILE: compiles
#                  FILE's device side for TARGET (the tool's parse command, -O3 -S),
#                  fails on a compiler error, prints the LDS-size lines of the assembly;
#                  with compile_cache, a compile already done is not redone
#
# test/corpus/lit.cfg.py loads this file, so both suites share it.

import os
import sys

import lit.formats

# lit sets __file__ to this file's path, also when test/corpus/lit.cfg.py
# loads it with lit_config.load_config.
_lit_dir = os.path.dirname(os.path.abspath(__file__))
_repo = os.path.dirname(os.path.dirname(_lit_dir))


def _setting(param, env, default):
    value = lit_config.params.get(param)
    if value is None:
        value = os.environ.get(env)
    if value is None:
        value = default
    return value


config.name = 'lds-rewrite'
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = ['.test', '.hip', '.cu']
config.excludes = ['Inputs', 'Output', 'lit.cfg.py', 'lit.local.cfg']
config.test_source_root = os.path.dirname(os.path.abspath(__file__))

tool = os.path.abspath(_setting('lds_rewrite', 'LDS_REWRITE',
                                os.path.join(_repo, 'build', 'tool', 'lds-rewrite')))
examples = os.path.abspath(_setting('lds_examples', 'LDS_EXAMPLES',
                                    os.path.join(_repo, 'examples')))
llvm_bin = _setting('llvm_bin', 'LLVM_BIN', '/usr/lib/llvm-22/bin')

exec_root = _setting('exec_root', 'LDS_LIT_EXEC_ROOT',
                     os.path.join(os.path.dirname(os.path.dirname(tool)), 'test-output'))
exec_root = os.path.abspath(exec_root)
config.test_exec_root = os.path.join(exec_root, 'lit')

compile_cache = _setting('compile_cache', 'LDS_COMPILE_CACHE', '')
# The cache also serves the compiles `--fix` makes to verify its result,
# through lds-rewrite's compiler launcher (Inputs/compile_launcher.py).
_launcher = '%s %s' % (sys.executable, os.path.join(_lit_dir, 'Inputs', 'compile_launcher.py'))
if compile_cache:
    config.environment['LDS_COMPILE_CACHE'] = os.path.abspath(compile_cache)
    config.environment['LDS_REWRITE_COMPILER_LAUNCHER'] = _launcher
else:
    config.environment.pop('LDS_COMPILE_CACHE', None)
    config.environment.pop('LDS_REWRITE_COMPILER_LAUNCHER', None)

# The tool's precompiled preludes (pipeline/PreludePch.h) go beside lit's
# output, not into the user's cache: a run starts from what this build made.
config.environment['LDS_REWRITE_CACHE_DIR'] = os.path.join(exec_root, 'tool-cache')
config.environment.pop('LDS_REWRITE_PCH', None)

if not os.path.exists(tool):
    lit_config.warning('lds-rewrite not found at %s (set LDS_REWRITE or --param lds_rewrite=)'
                       % tool)

# FileCheck, not, count from LLVM 22, ahead of anything else on PATH.
config.environment['PATH'] = os.pathsep.join(
    [llvm_bin, config.environment.get('PATH', os.environ.get('PATH', ''))])
for name in ('FileCheck', 'not'):
    if not os.path.exists(os.path.join(llvm_bin, name)):
        lit_config.fatal('%s not found in %s (set LLVM_BIN)' % (name, llvm_bin))

python = sys.executable
inputs = os.path.join(_lit_dir, 'Inputs')
# Longest names first: lit applies substitutions in order.
config.substitutions.append(('%check-json', '"%s" "%s"' % (python, os.path.join(inputs, 'check_json.py'))))
config.substitutions.append(('%device-compile', '"%s" "%s" "%s"' % (python, os.path.join(inputs, 'device_compile.py'), tool)))
config.substitutions.append(('%expect-exit', '"%s" "%s"' % (python, os.path.join(inputs, 'expect_exit.py'))))
config.substitutions.append(('%lds-rewrite', '"%s"' % tool))
config.substitutions.append(('%python', '"%s"' % python))
config.substitutions.append(('%EX', examples))

# Tests must not depend on the caller's locale or colour settings.
config.environment['LC_ALL'] = 'C'
for var in ('NO_COLOR', 'CLICOLOR_FORCE', 'TERM'):
    config.environment.pop(var, None)
