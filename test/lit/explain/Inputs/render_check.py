#!/usr/bin/env python3
"""Renders an `lds-rewrite explain --html` page in headless Chromium and checks it.

usage: render_check.py PAGE [--expect TARGET:LINE:PHASE:LANES]... [--screenshot PNG]
                            [--min-maps N]

Checks, failing (exit 1) on the first problem:
  * the page is self-contained: no <script>, <link>, <iframe>, <img>, no src=,
    no href= other than "#...", no url(...) or @import in its CSS;
  * Chromium (Debian's `chromium`; $CHROMIUM overrides) is installed -- the
    test fails, it never skips, when it is not: scripts/install-deps.sh
    installs it;
  * Chromium loads the page and exits 0; a probe script appended to a copy of
    the page then measures, in the rendered layout, every <svg class="bank-map">:
    its box is not empty, its cells (<rect class="hit">) are inside it and
    have a size, and the worst group's worst bank holds as many distinct
    lanes as the svg's data-worst-bank-lanes says;
  * for every --expect TARGET:LINE:PHASE:LANES, a map with data-target,
    data-line and data-phase exists and shows LANES lanes on its worst bank
    (the attribute and the rendered cells both);
  * --screenshot: Chromium's screenshot of the page is a PNG of the window
    size with more than one colour in it.
"""

import argparse
import html.parser
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

PROBE = r"""
<script>
(function () {
  var out = [];
  var maps = document.querySelectorAll('svg.bank-map');
  for (var i = 0; i < maps.length; i++) {
    var svg = maps[i];
    var box = svg.getBoundingClientRect();
    var d = svg.dataset;
    var hits = svg.querySelectorAll('rect.hit');
    var drawn = 0, outside = 0;
    for (var j = 0; j < hits.length; j++) {
      var r = hits[j].getBoundingClientRect();
      if (r.width > 0 && r.height > 0) drawn++;
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 ||
          r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) outside++;
    }
    var group = svg.querySelector('g.lane-group[data-group="' + d.worstGroup + '"]');
    var lanes = {}, worstFill = null;
    if (group) {
      var cells = group.querySelectorAll('rect.hit[data-bank="' + d.worstBank + '"]');
      for (var k = 0; k < cells.length; k++) {
        var c = cells[k].getBoundingClientRect();
        if (c.width > 0 && c.height > 0) lanes[cells[k].dataset.lane] = true;
        if (worstFill === null) worstFill = getComputedStyle(cells[k]).fill;
      }
    }
    out.push({target: d.target, line: d.line, phase: d.phase,
              width: box.width, height: box.height,
              hits: hits.length, drawn: drawn, outside: outside,
              attrLanes: parseInt(d.worstBankLanes, 10),
              renderedLanes: Object.keys(lanes).length,
              degree: d.degree, worstFill: worstFill});
  }
  var pre = document.createElement('pre');
  pre.id = 'render-probe';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>
"""


def fail(msg):
    print('render_check: FAIL: ' + msg, file=sys.stderr)
    sys.exit(1)


class Static(html.parser.HTMLParser):
    """Collects what would make the page depend on anything outside it."""

    def __init__(self):
        super().__init__()
        self.problems = []
        self.maps = []
        self.in_style = False
        self.css = ''

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ('script', 'link', 'iframe', 'img', 'object', 'embed', 'base'):
            self.problems.append('<%s>' % tag)
        for name in ('src', 'srcset', 'xlink:href'):
            if name in a:
                self.problems.append('%s=%r on <%s>' % (name, a[name], tag))
        if 'href' in a and not (a['href'] or '').startswith('#'):
            self.problems.append('href=%r on <%s>' % (a['href'], tag))
        if 'style' in a and re.search(r'url\(|@import', a['style'] or ''):
            self.problems.append('url() in a style attribute')
        if tag == 'style':
            self.in_style = True
        if tag == 'svg' and 'bank-map' in (a.get('class') or '').split():
            self.maps.append(a)

    def handle_endtag(self, tag):
        if tag == 'style':
            self.in_style = False

    def handle_data(self, data):
        if self.in_style:
            self.css += data


def chromium():
    exe = os.environ.get('CHROMIUM') or shutil.which('chromium') or shutil.which('chromium-browser')
    if not exe:
        fail('chromium is not installed (Debian package "chromium"; '
             'run scripts/install-deps.sh) -- this test does not skip')
    return exe


def run_chromium(exe, profile, args, url):
    cmd = [exe, '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
           '--disable-extensions', '--disable-background-networking',
           '--disable-component-update', '--disable-sync', '--hide-scrollbars',
           '--user-data-dir=' + profile] + args + [url]
    env = dict(os.environ)
    env.setdefault('HOME', profile)
    env['HOME'] = profile
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=120, env=env)
    except subprocess.TimeoutExpired:
        fail('chromium did not finish within 120 s: ' + ' '.join(cmd))
    if p.returncode != 0:
        sys.stderr.write(p.stderr.decode(errors='replace')[-4000:])
        fail('chromium exited with %d' % p.returncode)
    return p.stdout.decode(errors='replace')


def png_pixels(path):
    """(width, height, distinct colours in a sample) of an 8-bit RGB(A) PNG."""
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        fail(path + ' is not a PNG')
    pos, idat, ihdr = 8, b'', None
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            ihdr = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    w, h, depth, ctype = ihdr[0], ihdr[1], ihdr[2], ihdr[3]
    if depth != 8 or ctype not in (2, 6):
        return w, h, None
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    colours = set()
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 255
        if y % 7 == 0:
            for x in range(0, w, 5):
                colours.add(bytes(line[x * bpp:x * bpp + 3]))
        prev = line
    return w, h, len(colours)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('page')
    ap.add_argument('--expect', action='append', default=[])
    ap.add_argument('--screenshot')
    ap.add_argument('--min-maps', type=int, default=1)
    args = ap.parse_args()

    text = open(args.page, encoding='utf-8').read()
    static = Static()
    static.feed(text)
    if re.search(r'url\(|@import', static.css):
        static.problems.append('url() or @import in the CSS')
    if static.problems:
        fail('the page is not self-contained: ' + '; '.join(static.problems))
    if len(static.maps) < args.min_maps:
        fail('%d bank maps in the page, expected at least %d' % (len(static.maps), args.min_maps))

    exe = chromium()
    work = tempfile.mkdtemp(prefix='lds-render-')
    try:
        probe_page = os.path.join(work, 'probe.html')
        with open(probe_page, 'w', encoding='utf-8') as f:
            f.write(text.replace('</body>', PROBE + '</body>'))
        dom = run_chromium(exe, os.path.join(work, 'profile'), ['--dump-dom'],
                           'file://' + probe_page)
        m = re.search(r'<pre id="render-probe">(.*?)</pre>', dom, re.S)
        if not m:
            fail('the rendered DOM has no probe result (did the page render?)')
        maps = json.loads(html.unescape(m.group(1)))
        if len(maps) != len(static.maps):
            fail('%d bank maps after rendering, %d in the page' % (len(maps), len(static.maps)))
        for mp in maps:
            where = '%s line %s (%s)' % (mp['target'], mp['line'], mp['phase'])
            if mp['width'] <= 0 or mp['height'] <= 0:
                fail('the map of %s is not rendered (empty box)' % where)
            if mp['hits'] == 0 or mp['drawn'] != mp['hits']:
                fail('the map of %s draws %d of its %d cells' % (where, mp['drawn'], mp['hits']))
            if mp['outside']:
                fail('the map of %s has %d cells outside its box' % (where, mp['outside']))
            if mp['renderedLanes'] != mp['attrLanes']:
                fail('the map of %s says %d lanes on its worst bank, shows %d'
                     % (where, mp['attrLanes'], mp['renderedLanes']))
        for e in args.expect:
            target, line, phase, lanes = e.split(':')
            found = [mp for mp in maps if mp['target'] == target and mp['line'] == line
                     and mp['phase'] == phase]
            if not found:
                fail('no %s map of line %s on %s' % (phase, line, target))
            for mp in found:
                if mp['attrLanes'] != int(lanes) or mp['renderedLanes'] != int(lanes):
                    fail('the %s map of line %s on %s shows %d lanes on its worst bank '
                         '(attribute %d), expected %s' % (phase, line, target,
                                                          mp['renderedLanes'], mp['attrLanes'], lanes))
            print('ok: %s line %s %s: %s lanes on the worst bank, rendered (%s-way, fill %s)'
                  % (target, line, phase, lanes, found[0]['degree'], found[0]['worstFill']))
        print('ok: %d bank maps rendered' % len(maps))

        if args.screenshot:
            if os.path.exists(args.screenshot):
                os.remove(args.screenshot)
            run_chromium(exe, os.path.join(work, 'profile2'),
                         ['--screenshot=' + os.path.abspath(args.screenshot),
                          '--window-size=1400,1800'], 'file://' + os.path.abspath(args.page))
            if not os.path.exists(args.screenshot):
                fail('chromium wrote no screenshot')
            w, h, colours = png_pixels(args.screenshot)
            if (w, h) != (1400, 1800):
                fail('the screenshot is %dx%d, expected 1400x1800' % (w, h))
            if colours is not None and colours < 3:
                fail('the screenshot is (nearly) blank: %d colours' % colours)
            print('ok: screenshot %dx%d, %s colours sampled' % (w, h, colours))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    main()
