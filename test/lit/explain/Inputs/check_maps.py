#!/usr/bin/env python3
"""Checks that the bank maps of `lds-rewrite explain --html` pages agree with the analysis.

usage: check_maps.py PAGE...

For every <svg class="bank-map">:
  * its lane groups' cycles add up to the passes of the wave it draws;
  * the block average at the binding it draws (data-drawn-block-passes) is
    the analysis's passes (data-passes): the drawing found the worst iteration;
  * the wave it draws is a worst one: wave passes >= the block average;
  * the cells of the worst group's worst bank are as many lanes as
    data-worst-bank-lanes, and as many distinct words as data-worst-bank-words.
Prints one line per page; exits 1 on the first disagreement.
"""

import html.parser
import sys


class Maps(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.maps = []
        self.group = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'svg' and 'bank-map' in (a.get('class') or '').split():
            self.maps.append({'attrs': a, 'groups': {}})
        elif tag == 'g' and a.get('class') == 'lane-group' and self.maps:
            self.group = a['data-group']
            self.maps[-1]['groups'][self.group] = {'cycles': int(a['data-cycles']), 'hits': []}
        elif tag == 'rect' and 'hit' in (a.get('class') or '').split() and self.group is not None:
            self.maps[-1]['groups'][self.group]['hits'].append(
                (int(a['data-lane']), int(a['data-bank']), int(a['data-word'])))

    def handle_endtag(self, tag):
        if tag == 'g':
            self.group = None


def main():
    bad = 0
    for page in sys.argv[1:]:
        p = Maps()
        p.feed(open(page, encoding='utf-8').read())
        for m in p.maps:
            a = m['attrs']
            where = '%s: line %s on %s (%s)' % (page, a['data-line'], a['data-target'], a['data-phase'])
            cycles = sum(g['cycles'] for g in m['groups'].values())
            wave = float(a['data-wave-passes'])
            if abs(cycles - wave) > 1e-6:
                print('%s: groups cost %d cycles, the wave %s' % (where, cycles, wave)); bad += 1
            if abs(float(a['data-drawn-block-passes']) - float(a['data-passes'])) > 1e-6:
                print('%s: drawn at a binding costing %s, the analysis says %s'
                      % (where, a['data-drawn-block-passes'], a['data-passes'])); bad += 1
            if wave + 1e-6 < float(a['data-passes']):
                print('%s: the wave drawn (%s) is below the average (%s)'
                      % (where, wave, a['data-passes'])); bad += 1
            g = m['groups'][a['data-worst-group']]
            bank = int(a['data-worst-bank'])
            lanes = {h[0] for h in g['hits'] if h[1] == bank}
            words = {h[2] for h in g['hits'] if h[1] == bank}
            if len(lanes) != int(a['data-worst-bank-lanes']) or len(words) != int(a['data-worst-bank-words']):
                print('%s: worst bank %d shows %d lanes / %d words, attributes say %s / %s'
                      % (where, bank, len(lanes), len(words), a['data-worst-bank-lanes'],
                         a['data-worst-bank-words'])); bad += 1
        print('%s: %d maps checked' % (page, len(p.maps)))
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
