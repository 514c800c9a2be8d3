#!/usr/bin/env python3
"""Runs one clang-tidy check on a copy of a test file and checks the result,
as LLVM's clang-tools-extra/test/clang-tidy/check_clang_tidy.py does (that
script is not installed with Debian's clang-tidy-22).

  check_clang_tidy.py [options] <source> <check-name> <temp-file>
                      [-- <clang-tidy args> [-- <compiler args>]]

Steps:
 1. Copies <source> to <temp-file> + <source's extension>, with every
    `// CHECK-MESSAGES...:`, `// CHECK-NOTES...:` and `// CHECK-FIXES...:`
    comment replaced by `//` (line numbers stay the same).
 2. Runs `clang-tidy -load=<plugin> <copy> -fix --checks=-*,<check-name>
    <clang-tidy args> -- <compiler args>`; it must exit with status 0.
 3. With CHECK-MESSAGES lines: FileCheck the output with
    -check-prefix=CHECK-MESSAGES and -implicit-check-not='{{warning|error}}:'
    (every warning must be checked). With CHECK-NOTES: the same, notes
    included. With neither: the output must hold no warning or error.
 4. With CHECK-FIXES lines: FileCheck the fixed copy with
    -check-prefix=CHECK-FIXES --match-full-lines: each CHECK-FIXES line is a
    whole line of the fixed file (leading and trailing blanks aside), as
    upstream's script does since llvm/llvm-project#133756 (merged March 2025,
    so in LLVM 21 and 22), which replaced -strict-whitespace;
    --match-partial-fixes brings back the old partial match. Without CHECK-FIXES: the fix must have
    changed nothing.

Options:
  --clang-tidy=PATH     clang-tidy to run (default: clang-tidy-22 on PATH)
  --load=PATH           plugin to load (repeatable)
  --filecheck=PATH      FileCheck (default: FileCheck on PATH)
  -check-suffix=S / -check-suffixes=S1,S2
                        use CHECK-MESSAGES-S, CHECK-FIXES-S... instead
  -expect-clang-tidy-error
                        clang-tidy must fail (a parse error)
  --match-partial-fixes
                        CHECK-FIXES may match part of a line (-strict-whitespace)
"""

import argparse
import os
import re
import shutil
import subprocess
import sys


def run(args, **kw):
    print('$ ' + ' '.join("'%s'" % a if (' ' in a or not a) else a for a in args))
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, **kw)


def main():
    argv = sys.argv[1:]
    tidy_args, compiler_args = [], []
    if '--' in argv:
        i = argv.index('--')
        argv, rest = argv[:i], argv[i + 1:]
        if '--' in rest:
            j = rest.index('--')
            tidy_args, compiler_args = rest[:j], rest[j + 1:]
        else:
            tidy_args = rest

    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--clang-tidy', default=shutil.which('clang-tidy-22') or 'clang-tidy')
    p.add_argument('--load', action='append', default=[])
    p.add_argument('--filecheck', default='FileCheck')
    p.add_argument('-check-suffix', '-check-suffixes', dest='suffixes', default='')
    p.add_argument('-expect-clang-tidy-error', action='store_true')
    p.add_argument('--match-partial-fixes', action='store_true',
                   help='allow partial line matches for fixes')
    p.add_argument('source')
    p.add_argument('check_name')
    p.add_argument('temp')
    a = p.parse_args(argv)

    suffixes = [s.strip() for s in a.suffixes.split(',') if s.strip()]
    def prefixes(kind):
        if not suffixes:
            return ['CHECK-' + kind]
        return ['CHECK-%s-%s' % (kind, s) for s in suffixes]

    with open(a.source, encoding='utf-8') as f:
        text = f.read()

    def has(kind):
        return any(re.search(r'\b%s:' % re.escape(pre), text) for pre in prefixes(kind))
    has_messages, has_notes, has_fixes = has('MESSAGES'), has('NOTES'), has('FIXES')

    ext = os.path.splitext(a.source)[1]
    temp = a.temp + ext
    os.makedirs(os.path.dirname(os.path.abspath(temp)), exist_ok=True)
    cleaned = re.sub(r'//\s*CHECK-(?:MESSAGES|NOTES|FIXES)[A-Za-z0-9-]*:[^\r\n]*',
                     '//', text)
    with open(temp, 'w', encoding='utf-8') as f:
        f.write(cleaned)

    cmd = [a.clang_tidy] + ['-load=' + l for l in a.load] + [
        temp, '-fix-notes', '--checks=-*,' + a.check_name] + tidy_args + ['--'] + compiler_args
    r = run(cmd)
    out = r.stdout
    print('------------------------ clang-tidy output -----------------------')
    print(out, end='')
    print('------------------------------------------------------------------')
    if a.expect_clang_tidy_error:
        if r.returncode == 0:
            sys.exit('clang-tidy succeeded; an error was expected')
    elif r.returncode != 0:
        sys.exit('clang-tidy failed with status %d' % r.returncode)

    out_file = a.temp + '.msg'
    with open(out_file, 'w', encoding='utf-8') as f:
        f.write(out)

    def filecheck(input_file, kind, extra):
        r = run([a.filecheck, '-input-file=' + input_file, a.source,
                 '-check-prefixes=' + ','.join(prefixes(kind))] + extra)
        if r.returncode != 0:
            print(r.stdout, end='')
            sys.exit('FileCheck -check-prefixes=%s failed' % ','.join(prefixes(kind)))

    if has_notes:
        filecheck(out_file, 'NOTES', ['-implicit-check-not={{note|warning|error}}:'])
    if has_messages:
        filecheck(out_file, 'MESSAGES', ['-implicit-check-not={{warning|error}}:'])
    if not has_messages and not has_notes and not a.expect_clang_tidy_error:
        bad = [l for l in out.splitlines() if re.search(r'\b(warning|error): ', l)]
        if bad:
            sys.exit('unexpected diagnostics (no CHECK-MESSAGES in the test):\n' +
                     '\n'.join(bad))

    with open(temp, encoding='utf-8') as f:
        fixed = f.read()
    if has_fixes:
        filecheck(temp, 'FIXES', ['-strict-whitespace' if a.match_partial_fixes
                                  else '--match-full-lines'])
    elif fixed != cleaned:
        r = run(['diff', '-u', a.source, temp])
        print(r.stdout, end='')
        sys.exit('clang-tidy -fix changed the file, and the test has no CHECK-FIXES')


if __name__ == '__main__':
    main()
