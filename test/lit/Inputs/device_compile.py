#!/usr/bin/env python3
"""device_compile.py TOOL TARGET FILE [-- ARGS...]: compiles FILE's device
side for TARGET the way lds-rewrite parses it, and prints the lines of the
assembly that say how much LDS / shared memory each kernel uses.

It asks the tool for its parse command (`TOOL --print-parse-command
--target=TARGET FILE`), replaces -fsyntax-only by `-O3 -S -o -`, runs it, and
fails (exit 1, the compiler's messages on stderr) when the compiler does.
Printed, one per line, stripped of indentation:
  AMD targets:  `.amdhsa_kernel NAME` and `.amdhsa_group_segment_fixed_size N`
  NVIDIA (PTX): `.visible .entry NAME(` and every `.shared` declaration
so that FileCheck can check the LDS bytes of the compiled file.

Cache: when $LDS_COMPILE_CACHE names a folder (lit sets it from
--param compile_cache=DIR; CTest passes build/test/compile-cache), the
result of the compile step (what this script prints on stdout and stderr,
and its exit status) is stored there under a key that changes whenever
anything the compile sees could change:
  - the parse command the tool printed (asked every time, never cached),
    expanded by `clang -###` (the cc1 command lines: config files, target
    features, include paths, the compiler's version),
  - the device-side preprocessed text of FILE (`-E` with the same
    arguments): every header's content as it was found on the include
    path, with every #if / __has_include decided,
  - the compiler binary and the LLVM / clang shared libraries beside it
    (path, size, modification time), and this script's own text.
A hit prints exactly what the stored run printed and exits with its status.
Without the variable nothing is cached."""
import glob
import hashlib
import json
import os
import shlex
import subprocess
import sys
import tempfile

CACHE_VERSION = b'lds-device-compile-cache 1\n'


def compile_and_filter(args, target):
    """Runs the compile; returns (stdout, stderr, exit status) of this step,
    and whether that result may be kept: not when the compiler died of a
    signal or crashed (a machine out of memory is not an answer)."""
    comp = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
    if comp.returncode != 0:
        return ('', comp.stderr + 'device_compile: the compiler failed for %s (exit %d)\n'
                % (target, comp.returncode), 1, comp.returncode == 1)
    out = []
    found = False
    for line in comp.stdout.splitlines():
        s = line.strip()
        if (s.startswith('.amdhsa_kernel ')
                or s.startswith('.amdhsa_group_segment_fixed_size ')
                or s.startswith('.visible .entry ')):
            out.append(s)
            found = True
        elif s.startswith('.shared ') or s.startswith('.extern .shared '):
            out.append(s)
    if not found:
        return ('\n'.join(out) + ('\n' if out else ''),
                'device_compile: no kernel in the assembly for %s\n' % target, 1, True)
    return ('\n'.join(out) + '\n', '', 0, True)


def _stat_line(path):
    try:
        st = os.stat(path)
        return '%s %d %d\n' % (path, st.st_size, st.st_mtime_ns)
    except OSError:
        return '%s missing\n' % path


def cache_key(args):
    """The sha256 of everything the compile depends on, or None when it
    cannot be computed (then the compile runs uncached)."""
    h = hashlib.sha256(CACHE_VERSION)
    h.update(json.dumps([os.getcwd()] + args).encode())
    with open(os.path.abspath(__file__), 'rb') as f:
        h.update(hashlib.sha256(f.read()).digest())
    compiler = os.path.realpath(args[0])
    h.update(_stat_line(compiler).encode())
    libdir = os.path.join(os.path.dirname(os.path.dirname(compiler)), 'lib')
    for lib in sorted(glob.glob(os.path.join(libdir, 'libLLVM*.so*'))
                      + glob.glob(os.path.join(libdir, 'libclang-cpp*.so*'))):
        h.update(_stat_line(os.path.realpath(lib)).encode())
    # The driver's expansion: every cc1 command, the version, config files.
    plan = subprocess.run(args[:1] + ['-###'] + args[1:], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT)
    if plan.returncode != 0:
        return None
    h.update(b'###\n' + plan.stdout)
    # What the device compile reads: its preprocessed translation unit (the
    # same arguments, -O3 included: it defines __OPTIMIZE__).
    pre = []
    skip = False
    for a in args:
        if skip:
            skip = False
        elif a == '-o':
            skip = True
        elif a != '-S':
            pre.append(a)
    pp = subprocess.run(pre + ['-E', '-o', '-'], stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE)
    if pp.returncode != 0:
        return None
    h.update(b'-E\n' + hashlib.sha256(pp.stdout).digest())
    return h.hexdigest()


def cached_compile(args, target, cache_dir):
    key = cache_key(args)
    if key is None:
        return compile_and_filter(args, target)[:3]
    path = os.path.join(cache_dir, key[:2], key + '.json')
    try:
        with open(path, encoding='utf-8') as f:
            entry = json.load(f)
        return entry['stdout'], entry['stderr'], entry['status']
    except (OSError, ValueError, KeyError):
        pass
    *result, keep = compile_and_filter(args, target)
    if not keep:
        return result
    os.makedirs(os.path.dirname(path), exist_ok=True)
    # Written whole, then renamed: a parallel reader sees all or nothing.
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), suffix='.tmp')
    with os.fdopen(fd, 'w', encoding='utf-8') as f:
        json.dump({'stdout': result[0], 'stderr': result[1], 'status': result[2],
                   'command': args}, f)
    os.replace(tmp, path)
    return result


def main():
    if len(sys.argv) < 4:
        sys.exit('usage: device_compile.py TOOL TARGET FILE [-- ARGS...]')
    tool, target, path = sys.argv[1:4]
    extra = sys.argv[4:]
    proc = subprocess.run([tool, '--print-parse-command', '--target=' + target, path]
                          + extra, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
    lines = [l for l in proc.stdout.splitlines() if l.strip()]
    if proc.returncode != 0 or len(lines) != 1:
        sys.stderr.write(proc.stderr)
        sys.exit('device_compile: %s --print-parse-command failed (exit %d)'
                 % (tool, proc.returncode))
    args = []
    for a in shlex.split(lines[0]):
        args += ['-O3', '-S', '-o', '-'] if a == '-fsyntax-only' else [a]
    if '-S' not in args:
        sys.exit('device_compile: no -fsyntax-only in the parse command: ' + lines[0])
    cache_dir = os.environ.get('LDS_COMPILE_CACHE')
    if cache_dir:
        out, err, status = cached_compile(args, target, cache_dir)
    else:
        out, err, status = compile_and_filter(args, target)[:3]
    sys.stdout.write(out)
    sys.stdout.flush()
    sys.stderr.write(err)
    return status


if __name__ == '__main__':
    sys.exit(main())
