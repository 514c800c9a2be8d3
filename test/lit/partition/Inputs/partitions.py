#!/usr/bin/env python3
"""partitions.py: reads an lds-rewrite JSON report on stdin and prints one
line per entry of "partition_accesses", for FileCheck:

  LINE KIND ARRAY @OFFSET A[w:p,p w:p] B[w:p] collide[p,p] xF shared=0|1 tiles[w>t ...]

OFFSET is the array's byte offset the tool read from the compiled code;
A and B list each executing warp of SIMD pair A / B with the partitions it
touches; collide lists the partitions both pairs touch; F is the bandwidth
factor; tiles is the warp-to-tile assignment, when one was found. An entry
whose status is not exact prints its reason instead."""
import json
import sys


def warps(ws):
    return ' '.join('%d:%s' % (w['warp'], ','.join(str(p) for p in w['partitions'])) for w in ws)


report = json.load(sys.stdin)
entries = report.get("partition_accesses", [])
if not entries:
    print('no partition_accesses')
for e in entries:
    head = '%d %s %s @%s' % (e['line'], e['kind'], e['array'], e.get('lds_offset', '?'))
    if e['status'] != 'exact':
        print('%s unknown: %s' % (head, e.get('reason', '')))
        continue
    tiles = e.get('tile_of_warp')
    tile_text = (' tiles[%s]' % ' '.join('%s>%s' % (w, t) for w, t in sorted(tiles.items(), key=lambda x: int(x[0])))
                 if tiles else '')
    print('%s A[%s] B[%s] collide[%s] x%d shared=%d%s' % (
        head, warps(e['pair_a']), warps(e['pair_b']),
        ','.join(str(p) for p in e['colliding_partitions']), e['bandwidth_factor'],
        1 if e['shared_bytes'] else 0, tile_text))
