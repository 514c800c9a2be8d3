#!/usr/bin/env python3
"""Copies clang-tidy export-fixes YAML (stdin) to stdout, adding to every
`FileOffset: N` and `Offset: N` line the place it names in the file of the
FilePath line before it, as ` # LINE:COL`, so that FileCheck can check
places instead of byte offsets."""
import re
import sys

path = None
cache = {}
for line in sys.stdin:
    line = line.rstrip('\n')
    m = re.match(r"\s*(?:- )?FilePath:\s*'?([^']*)'?\s*$", line)
    if m:
        path = m.group(1)
    m = re.match(r'\s*(?:File)?Offset:\s*(\d+)\s*$', line)
    if m and path:
        if path not in cache:
            cache[path] = open(path, 'rb').read()
        data = cache[path][:int(m.group(1))]
        lineno = data.count(b'\n') + 1
        col = len(data) - (data.rfind(b'\n') + 1) + 1
        line += ' # %d:%d' % (lineno, col)
    print(line)
