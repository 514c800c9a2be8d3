#!/usr/bin/env python3
"""expect_exit.py N CMD [ARGS...]: runs CMD, passes its stdout and stderr
through, and exits 0 if CMD exited with status N, else 1 (saying so on
stderr). N may list alternatives: 0,1."""
import subprocess
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit('usage: expect_exit.py N CMD [ARGS...]')
    wanted = {int(x) for x in sys.argv[1].split(',')}
    proc = subprocess.run(sys.argv[2:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    sys.stdout.buffer.write(proc.stdout)
    sys.stdout.flush()
    sys.stderr.buffer.write(proc.stderr)
    sys.stderr.flush()
    if proc.returncode not in wanted:
        print('expect_exit: %s exited with %d, expected %s'
              % (sys.argv[2], proc.returncode, sys.argv[1]), file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
