#!/usr/bin/env python3
"""compile_launcher.py COMPILER ARGS...: runs the device compiles that
`lds-rewrite --fix` makes to verify a fix (pipeline/Recompile.cpp), through
a cache, as a compiler launcher (LDS_REWRITE_COMPILER_LAUNCHER; lit sets it
when --param compile_cache=DIR is given, as CTest does).

A compile is `COMPILER ... -O3 -S -o OUT.s ... INPUT`. Its key is the
sha256 of:
  - the arguments, with the input, the working directory, the -I folders
    and lds-rewrite's temporary names (lds-rewrite-XXXXXX) as placeholders,
    since they change from test to test while what they hold is hashed
    next (key_args),
  - the device-side preprocessed text of INPUT (the same command with
    `-E -P -o -`: every header as the include path and the -ivfsoverlay
    found it, every #if decided, no line markers naming the temporary
    files),
  - the compiler binary and the LLVM / clang shared libraries beside it
    (path, size, modification time), and this script's own text.
Only successful compiles are kept (a failure's messages name the temporary
files, and are what the user must see): a hit writes the stored assembly to
OUT.s and the stored messages to stderr and exits 0. Without
$LDS_COMPILE_CACHE the compile just runs."""
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

CACHE_VERSION = b'lds-fix-compile-cache 2\n'
TEMP_NAME = re.compile(r'lds-rewrite-[a-z-]*[0-9a-zA-Z]{6}')


def stat_line(path):
    try:
        st = os.stat(path)
        return '%s %d %d\n' % (path, st.st_size, st.st_mtime_ns)
    except OSError:
        return '%s missing\n' % path


def output_of(args):
    """The -o argument's value, or None."""
    for i, a in enumerate(args[:-1]):
        if a == '-o':
            return args[i + 1]
    return None


def preprocessed(args):
    """The device-side preprocessed text, or None when it cannot be made."""
    pp = []
    skip = False
    for i, a in enumerate(args):
        if skip:
            skip = False
            continue
        if a == '-o':
            skip = True
            continue
        if a == '-S':
            continue
        pp.append(a)
    pp[1:1] = ['-E', '-P', '-o', '-']
    r = subprocess.run(pp, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return r.stdout if r.returncode == 0 else None


def key_args(args):
    """The arguments with what names a place rather than a content left
    out: the input, the working directory and the include folders (the
    preprocessed text, hashed beside them, holds what they resolved to), and
    lds-rewrite's temporary names. The same file compiled in two tests'
    folders is then one compile. Only LDS sizes are read from the assembly
    (the names of files it may hold do not matter), and the compile runs
    with -w: a hit's messages are not the user's."""
    out = []
    for i, a in enumerate(args):
        if i == len(args) - 1:
            out.append('<input>')
        elif a.startswith('-working-directory='):
            out.append('-working-directory=<dir>')
        elif a.startswith('-I') and len(a) > 2:
            out.append('-I<dir>')
        else:
            out.append(TEMP_NAME.sub('lds-rewrite-TMP', a))
    return out


def cache_key(args):
    text = preprocessed(args)
    if text is None:
        return None
    h = hashlib.sha256(CACHE_VERSION)
    h.update(json.dumps(key_args(args)).encode())
    h.update(text)
    compiler = shutil.which(args[0]) or args[0]
    real = os.path.realpath(compiler)
    h.update(stat_line(real).encode())
    for lib in sorted(glob.glob(os.path.join(os.path.dirname(os.path.dirname(real)),
                                             'lib', 'lib*.so*'))):
        if 'LLVM' in lib or 'clang' in lib:
            h.update(stat_line(lib).encode())
    with open(os.path.abspath(__file__), 'rb') as f:
        h.update(f.read())
    return h.hexdigest()


def main():
    args = sys.argv[1:]
    cache = os.environ.get('LDS_COMPILE_CACHE', '')
    out = output_of(args)
    key = cache_key(args) if cache and out else None
    entry = os.path.join(cache, 'fix', key) if key else None
    if entry and os.path.exists(entry + '.s'):
        shutil.copyfile(entry + '.s', out)
        with open(entry + '.log', encoding='utf-8', errors='replace') as f:
            sys.stderr.write(f.read())
        return 0
    r = subprocess.run(args, stderr=subprocess.PIPE, universal_newlines=True)
    sys.stderr.write(r.stderr)
    if entry and r.returncode == 0:
        os.makedirs(os.path.dirname(entry), exist_ok=True)
        # Written under temporary names, then renamed: parallel tests may
        # store the same entry at once.
        for suffix, write in (('.log', lambda p: open(p, 'w').write(r.stderr)),
                              ('.s', lambda p: shutil.copyfile(out, p))):
            fd, tmp = tempfile.mkstemp(dir=os.path.dirname(entry))
            os.close(fd)
            write(tmp)
            os.replace(tmp, entry + suffix)
    return r.returncode


if __name__ == '__main__':
    sys.exit(main())
