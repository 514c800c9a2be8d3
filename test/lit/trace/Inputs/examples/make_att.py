#!/usr/bin/env python3
"""make_att.py [--tool T] [--llvm-bin D] [--list] [NAME...]: writes the ATT
fixtures of test/lit/trace/examples.test from the real gfx942 code of
examples/NAME.hip.

For each example of spec.json (all of them without NAME):
  1. `lds-rewrite isa examples/NAME.hip --target=gfx942 --asm-dir=TMP`: the
     assembly as the tool's isa sub-command compiles it (clang-22 -O3 -S
     -gline-tables-only, the bundled HIP headers, where __syncthreads() is
     the fence and s_barrier of ROCm's device library);
  2. clang links it into a code object (ld.lld), as the runtime loads it;
  3. llvm-objdump gives each instruction of the traced kernel as the
     decoder prints it, with its address and size; llvm-symbolizer --inlines
     its DWARF line and inline chain;
  4. code.json, filenames.json, occupancy.json and one wave file are
     written by the att-tool writer's rules (docs/trace-format.md,
     the shapes of Inputs/att_synth): a label row "; <mangled>" with the
     demangled name, col1 0, col2 the row index, col3 "file:line" with
     " -> " inline chains innermost first and the kernel's line last
     ("file:?" for DWARF line 0), col4 the code object 1, col5 the real
     address, Hit = executions summed over the traced waves, Latency >=
     Stall (== for s_waitcnt), Idle >= 0, version "3.0.0", the string
     header. Source paths are those of a foreign build host:
     /build/src/examples/NAME.hip, /build/src/include-fallback/...

What was measured is chosen, in spec.json, per dispatch: the traced waves,
the executions of address ranges ("hits": per-wave trips, or a total "hit"),
and the stall per execution of (user's source line, mnemonic) pairs
("stalls"; "nth" picks one of several, "latency" a barrier's wait); every
other instruction gets the low defaults below. Each "hits"/"stalls" entry
names the mnemonic it expects at its address or line, so that a different
compiler fails here instead of silently moving the figures.

The wave file walks the kernel once in address order, each loop (a backward
branch and its target) twice, and lists for each s_waitcnt the memory
instructions it waited on, inferred as rocprofv3 does, in order of issue.

--list prints the rows (address, hit, mnemonic, source chain) instead of
writing, to choose the figures. Regenerate all fixtures (from the repo root):
  python3 test/lit/trace/Inputs/examples/make_att.py --tool build/tool/lds-rewrite
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, '..', '..', '..', '..', '..'))
HEADER = 'ISA, _, LineNumber, Source, Codeobj, Vaddr, Hit, Latency, Stall, Idle'
FOREIGN = '/build/src/'

# Per execution, for instructions spec.json does not name.
DEFAULT_STALL = {'s_waitcnt_lgkm': 16, 's_waitcnt_vm': 300, 'ds': 4, 'vmem': 4, 'smem': 0,
                 'other': 0}
DEFAULT_BARRIER_LATENCY = 24


def run(args, **kw):
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, **kw)
    if p.returncode != 0:
        sys.exit('make_att: %s failed:\n%s%s' % (' '.join(args), p.stdout, p.stderr))
    return p.stdout


def foreign(path):
    """The build host's path of a file of this repository."""
    for marker in ('/examples/', '/include-fallback/'):
        i = path.find(marker)
        if i >= 0:
            return FOREIGN + path[i + 1:]
    return path


def mnemonic(text):
    return text.split(' ', 1)[0]


def category(mn):
    """The wave file's instruction category (att.md, wave files)."""
    if mn.startswith(('s_load', 's_buffer_load', 's_store', 's_dcache')):
        return 1
    if mn in ('s_waitcnt', 's_barrier', 's_nop', 's_sleep') or mn.startswith('s_waitcnt'):
        return 9
    if mn.startswith(('s_branch', 's_cbranch', 's_setpc', 's_swappc')):
        return 7
    if mn.startswith(('global_', 'buffer_', 'scratch_')):
        return 3
    if mn.startswith('flat_'):
        return 4
    if mn.startswith('ds_'):
        return 5
    if mn.startswith('v_'):
        return 6
    if mn.startswith('s_sendmsg'):
        return 11
    return 2


def counters(text):
    """Which wait counters an instruction increments (gfx9: stores count on
    vmcnt; flat on both)."""
    mn = mnemonic(text)
    if mn.startswith(('s_load', 's_buffer_load', 's_sendmsg')) or mn.startswith('ds_'):
        return {'lgkm'}
    if mn.startswith(('global_', 'buffer_', 'scratch_')):
        return {'vm'}
    if mn.startswith('flat_'):
        return {'vm', 'lgkm'}
    return set()


def waits(text):
    """s_waitcnt vmcnt(N) lgkmcnt(M): {'vm': N, 'lgkm': M}."""
    return {('vm' if k == 'vmcnt' else 'lgkm'): int(n)
            for k, n in re.findall(r'(vmcnt|lgkmcnt)\((\d+)\)', text)}


def branch_target(inst):
    """The address a branch goes to: the next instruction + simm16 words."""
    mn = mnemonic(inst['text'])
    if not (mn == 's_branch' or mn.startswith('s_cbranch')):
        return None
    try:
        v = int(inst['text'].split()[-1], 0)
    except ValueError:
        return None
    if v >= 32768:
        v -= 65536
    return inst['addr'] + 4 + 4 * v


def disassemble(co, symbol, llvm_bin):
    nm = run([os.path.join(llvm_bin, 'llvm-nm'), '-S', '--defined-only', co])
    start = size = None
    for line in nm.splitlines():
        f = line.split()
        if len(f) == 4 and f[3] == symbol:
            start, size = int(f[0], 16), int(f[1], 16)
    if start is None:
        sys.exit('make_att: no kernel %s in %s' % (symbol, co))
    dis = run([os.path.join(llvm_bin, 'llvm-objdump'), '-d', '--no-show-raw-insn',
               '--start-address=%#x' % start, '--stop-address=%#x' % (start + size), co])
    insts = []
    for line in dis.splitlines():
        m = re.match(r'^\s+(\S.*?)\s+// ([0-9A-Fa-f]+):', line)
        if m:
            insts.append({'text': re.sub(r'\s+', ' ', m.group(1)), 'addr': int(m.group(2), 16)})
    for i, inst in enumerate(insts):
        end = insts[i + 1]['addr'] if i + 1 < len(insts) else start + size
        inst['size'] = end - inst['addr']
    # The padding after the last s_endpgm is not the kernel's.
    while insts and mnemonic(insts[-1]['text']) == 's_nop':
        insts.pop()
    sym = subprocess.run([os.path.join(llvm_bin, 'llvm-symbolizer'), '--inlines',
                          '--output-style=JSON', '--obj=' + co],
                         input=''.join('%#x\n' % i['addr'] for i in insts),
                         stdout=subprocess.PIPE, universal_newlines=True, check=True).stdout
    name = None
    for inst, line in zip(insts, sym.splitlines()):
        frames = json.loads(line)['Symbol']
        chain = []
        for f in frames:  # innermost first, as rocprofv3 writes them
            if not f['FileName']:
                continue
            chain.append((foreign(f['FileName']), f['Line']))
        inst['chain'] = chain
        inst['source'] = ' -> '.join('%s:%s' % (p, l if l else '?') for p, l in chain)
        inst['line'] = chain[-1][1] if chain else 0
        if name is None and frames:
            name = frames[-1]['FunctionName']
    return insts, name


def find(insts, key, what):
    """The instruction at key ([address, mnemonic]), checked against its
    mnemonic."""
    addr = int(key[0], 0)
    for i, inst in enumerate(insts):
        if inst['addr'] == addr:
            if mnemonic(inst['text']) != key[1]:
                sys.exit('make_att: %s: %s is %s, not %s' % (what, key[0], inst['text'], key[1]))
            return i
    sys.exit('make_att: %s: no instruction at %s' % (what, key[0]))


def measure(insts, d):
    """Hit, Latency, Stall, Idle of each instruction from the dispatch's spec."""
    waves = d['waves']
    for inst in insts:
        inst['hit'] = waves
    for h in d.get('hits', []):
        a, b = find(insts, h['from'], 'hits'), find(insts, h['to'], 'hits')
        for inst in insts[a:b + 1]:
            inst['hit'] = h['hit'] if 'hit' in h else int(round(waves * h['trips']))
    per = {}
    for s in d.get('stalls', []):
        found = [i for i, inst in enumerate(insts)
                 if inst['line'] == s['line'] and mnemonic(inst['text']) == s['op']]
        if 'nth' in s:
            found = found[s['nth']:s['nth'] + 1]
        if not found:
            sys.exit('make_att: stalls: no %s on line %d' % (s['op'], s['line']))
        for i in found:
            per[i] = s
    for i, inst in enumerate(insts):
        mn = mnemonic(inst['text'])
        hit = inst['hit']
        issue = 4 if inst['size'] <= 4 else 8
        s = per.get(i, {})
        if mn == 's_waitcnt':
            dflt = DEFAULT_STALL['s_waitcnt_lgkm' if 'lgkmcnt' in inst['text'] else 's_waitcnt_vm']
            stall = s.get('stall', dflt)
            lat = stall
        elif mn == 's_barrier':
            # gfx9: the wait at a barrier shows as its duration, not as stall.
            stall = s.get('stall', 0)
            lat = s.get('latency', DEFAULT_BARRIER_LATENCY)
        else:
            cat = ('ds' if mn.startswith('ds_') else
                   'vmem' if mn.startswith(('global_', 'buffer_', 'flat_')) else
                   'smem' if category(mn) == 1 else 'other')
            stall = s.get('stall', DEFAULT_STALL[cat])
            lat = stall + issue
        inst['per'] = (stall, lat)
        inst['stall'] = int(round(stall * hit))
        inst['latency'] = int(round(lat * hit))
        inst['idle'] = 2 * hit if category(mn) in (3, 4, 5) else 0


def walk(insts):
    """One wave's path: address order, each loop body twice."""
    index = {inst['addr']: i for i, inst in enumerate(insts)}
    order, again = [], set()
    i = 0
    while i < len(insts):
        inst = insts[i]
        if inst['hit']:
            order.append(i)
        t = branch_target(inst)
        if t is not None and t <= inst['addr'] and i not in again and t in index:
            again.add(i)
            i = index[t]
            continue
        i += 1
    return order


def wave_file(insts, order, rows):
    pending = {'vm': [], 'lgkm': []}
    deps = {}
    time = 1000
    records = []
    for i in order:
        inst = insts[i]
        stall, lat = inst['per']
        records.append([time, category(mnemonic(inst['text'])), int(stall), int(max(lat, 1)),
                        rows[i]])
        time += int(max(lat, 1)) + 2
        if mnemonic(inst['text']) == 's_waitcnt':
            on = deps.setdefault(rows[i], [])
            for cnt, n in waits(inst['text']).items():
                q = pending[cnt]
                done, pending[cnt] = q[:max(len(q) - n, 0)], q[max(len(q) - n, 0):]
                for r in done:
                    if r not in on:
                        on.append(r)
        for cnt in counters(inst['text']):
            pending[cnt].append(rows[i])
    waitcnt = [[w, [[r, 0] for r in on]] for w, on in sorted(deps.items()) if on]
    return {'name': 'SE0', 'duration': time - 1000, 'num_stitched': len(records),
            'num_insts': len(records),
            'wave': {'cu': 1, 'id': 0, 'simd': 0, 'slot': 0, 'begin': 1000, 'end': time,
                     'instructions': records,
                     'timeline': [[1, 2], [2, (time - 1000) // 2], [4, (time - 1000) // 2]],
                     'waitcnt': waitcnt}}


def write_dispatch(out, number, symbol, name, insts):
    folder = os.path.join(out, 'ui_output_agent_1_dispatch_%d' % number)
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    rows = {i: i + 1 for i in range(len(insts))}
    code = [['; ' + symbol, 0, 0, name, 1, insts[0]['addr'], 0, 0, 0, 0]]
    for i, inst in enumerate(insts):
        code.append([inst['text'], 0, rows[i], inst['source'], 1, inst['addr'], inst['hit'],
                     inst['latency'], inst['stall'], inst['idle']])
    with open(os.path.join(folder, 'code.json'), 'w') as f:
        f.write('{"code":[\n')
        f.write(',\n'.join(json.dumps(r, separators=(',', ':')) for r in code))
        f.write('\n],"header":%s,"version":"3.0.0"}\n' % json.dumps(HEADER))
    order = walk(insts)
    wave = wave_file(insts, order, rows)
    with open(os.path.join(folder, 'se0_sm0_sl0_wv0.json'), 'w') as f:
        json.dump(wave, f, separators=(',', ':'))
        f.write('\n')
    end = wave['wave']['end']
    with open(os.path.join(folder, 'filenames.json'), 'w') as f:
        json.dump({'global_begin_time': 0, 'gfxv': 'vega', 'gfxip': 9, 'version': '3.0.0',
                   'counter_names': [],
                   'wave_filenames': {'0': {'0': {'0': {'0': ['se0_sm0_sl0_wv0.json', 1000,
                                                              end]}}}}}, f)
        f.write('\n')
    with open(os.path.join(folder, 'occupancy.json'), 'w') as f:
        json.dump({'0': [[1000, 1, 0, 0, 1, 1], [end, 1, 0, 0, 0, 1]],
                   'dispatches': {'1': symbol}, 'version': '3.0.0'}, f)
        f.write('\n')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--tool', default=os.path.join(REPO, 'build', 'tool', 'lds-rewrite'))
    ap.add_argument('--llvm-bin', default='/usr/lib/llvm-22/bin')
    ap.add_argument('--list', action='store_true')
    ap.add_argument('names', nargs='*')
    a = ap.parse_args()
    with open(os.path.join(HERE, 'spec.json')) as f:
        spec = json.load(f)
    names = a.names or sorted(k for k in spec if not k.startswith('_'))
    tmp = tempfile.mkdtemp(prefix='make_att.')
    try:
        for name in names:
            src = os.path.join(REPO, 'examples', name + '.hip')
            run([a.tool, 'isa', src, '--target=gfx942', '--asm-dir=' + tmp])
            asm = os.path.join(tmp, name + '.gfx942.s')
            co = os.path.join(tmp, name + '.co')
            run([os.path.join(a.llvm_bin, 'clang'), '-target', 'amdgcn-amd-amdhsa',
                 '-mcpu=gfx942', asm, '-o', co])
            out = os.path.join(HERE, name)
            if not a.list and os.path.isdir(out):
                shutil.rmtree(out)
            for number, d in enumerate(spec[name]['dispatches'], 1):
                insts, demangled = disassemble(co, d['kernel'], a.llvm_bin)
                measure(insts, d)
                if a.list:
                    print('== %s dispatch %d: %s' % (name, number, demangled))
                    for i, inst in enumerate(insts):
                        print('%#x %4d %6d %7d  %-48s %s' % (inst['addr'], i + 1, inst['hit'],
                                                            inst['stall'], inst['text'],
                                                            inst['source']))
                    continue
                write_dispatch(out, number, d['kernel'], demangled, insts)
    finally:
        shutil.rmtree(tmp)


if __name__ == '__main__':
    main()
