#!/usr/bin/env python3
"""man_covers_help.py TOOL MANPAGE: every option that `TOOL [SUB] --help`
lists, for the check and each sub-command, is named in the man page (roff's
\\- read as -). Prints the missing ones and exits 1; else how many it found."""
import re
import subprocess
import sys

tool, page = sys.argv[1], sys.argv[2]
with open(page, encoding='utf-8') as f:
    man = f.read().replace('\\-', '-').replace('\\fB', '').replace('\\fR', '').replace('\\fI', '')

options = set()
for sub in ['', 'explain', 'isa', 'trace', 'bench']:
    out = subprocess.run([tool] + ([sub] if sub else []) + ['--help'],
                         capture_output=True, text=True, check=True).stdout
    for line in out.split('EXIT STATUS:')[0].splitlines():
        m = re.match(r'^  (-{1,2}[a-z][a-z0-9-]*)', line)
        if m:
            options.add(m.group(1))

missing = sorted(o for o in options
                 if not re.search(r'(?<![A-Za-z0-9-])' + re.escape(o) + r'(?![a-z0-9-])', man))
if missing:
    print('not in %s: %s' % (page, ' '.join(missing)))
    sys.exit(1)
print('%d options, all in the man page' % len(options))
