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
so that FileCheck can check the LDS bytes of the compiled file."""
import shlex
import subprocess
import sys


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
    comp = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
    if comp.returncode != 0:
        sys.stderr.write(comp.stderr)
        sys.exit('device_compile: the compiler failed for %s (exit %d)'
                 % (target, comp.returncode))
    found = False
    for line in comp.stdout.splitlines():
        s = line.strip()
        if (s.startswith('.amdhsa_kernel ')
                or s.startswith('.amdhsa_group_segment_fixed_size ')
                or s.startswith('.visible .entry ')):
            print(s)
            found = True
        elif s.startswith('.shared ') or s.startswith('.extern .shared '):
            print(s)
    if not found:
        sys.exit('device_compile: no kernel in the assembly for ' + target)
    return 0


if __name__ == '__main__':
    sys.exit(main())
