#!/usr/bin/env python3
"""compile_db_entries.py DB_DIR CLANG: runs each entry of DB_DIR/compile_commands.json
with CLANG in place of its compiler and -fsyntax-only (no output file), in
the entry's folder; prints "FILE: ok" or "FILE: exit N" with the first
error line. Exits 1 if any entry fails."""
import json
import shlex
import os
import subprocess
import sys

db_dir, clang = sys.argv[1], sys.argv[2]
with open(os.path.join(db_dir, 'compile_commands.json'), encoding='utf-8') as f:
    entries = json.load(f)
bad = 0
for e in entries:
    args = (e['arguments'] if 'arguments' in e else shlex.split(e['command']))[1:]
    # -o and -c do not matter for a syntax check.
    drop = set()
    for i, a in enumerate(args):
        if a == '-o':
            drop.update({i, i + 1})
        elif a == '-c':
            drop.add(i)
    args = [a for i, a in enumerate(args) if i not in drop]
    r = subprocess.run([clang] + args + ['-fsyntax-only'], cwd=e['directory'],
                       capture_output=True, text=True)
    name = os.path.basename(e['file'])
    if r.returncode == 0:
        print('%s: ok' % name)
    else:
        bad += 1
        first = next((l for l in r.stderr.splitlines() if 'error' in l), r.stderr.strip())
        print('%s: exit %d: %s' % (name, r.returncode, first))
sys.exit(1 if bad else 0)
