#!/usr/bin/env python3
"""Changes a file while lds-rewrite --fix is between verifying its rewrite
and writing it, at exactly that point, through the tool's test hook
(LDS_REWRITE_TEST_PAUSE_BEFORE_WRITE, pipeline/AtomicWrite.h).

usage: edit_during_fix.py FILE APPEND|NONE -- lds-rewrite ARGS...

Runs the command with the hook set, waits until the tool says it is ready
to write, appends the line APPEND to FILE (or changes nothing when NONE),
lets the tool go on, and prints the tool's exit status and output. A tool
that never reaches the hook (it found nothing to write) just exits."""
import os
import subprocess
import sys
import tempfile
import time

path, append = sys.argv[1], sys.argv[2]
cmd = sys.argv[sys.argv.index('--') + 1:]
gate = os.path.join(tempfile.mkdtemp(), 'go')
env = dict(os.environ, LDS_REWRITE_TEST_PAUSE_BEFORE_WRITE=gate)
tool = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
while not os.path.exists(gate + '.ready') and tool.poll() is None:
    time.sleep(0.05)
if os.path.exists(gate + '.ready') and append != 'NONE':
    with open(path, 'a') as f:
        f.write(append + '\n')
open(gate, 'w').close()
out, _ = tool.communicate()
sys.stdout.write(out)
print('exit status %d' % tool.returncode)
