#!/usr/bin/env python3
"""Checks lds-rewrite's SARIF report (read on stdin) as GitHub code scanning
reads it, then the expectations given as options.

Always checked: the SARIF 2.1.0 JSON schema (test/sarif/sarif-schema-2.1.0.json,
with python3-jsonschema); $schema and version 2.1.0; one run; tool.driver
with name, version, an informationUri only if http(s) (never a file:// path
of the build machine), and the rule lds-bank-conflict (shortDescription,
fullDescription, help with text and markdown, as GitHub code scanning wants,
GH2012; a helpUri only if http(s); defaultConfiguration.level); originalUriBaseIds
with %SRCROOT% an absolute file URI ending in '/'; every result with ruleId
lds-bank-conflict, ruleIndex 0, level warning or note, a message, one
physical location whose relative URI (uriBaseId %SRCROOT%) names an existing
file, a region with startLine/startColumn >= 1, partialFingerprints; every
relatedLocation and fix well formed (deletedRegion inside the file).

Options:
  --results N                 exactly N results
  --warning URI:LINE:COL      a warning result there
  --note URI:LINE:COL         a note result there
  --suppressed URI:LINE:COL   a result there, with suppressions [{kind: inSource}]
  --message URI:LINE:COL=TEXT that result's message contains TEXT
  --related URI:LINE:COL=TEXT that result has a relatedLocation whose message
                              contains TEXT
  --fix URI:LINE:COL=TEXT     that result has a fix inserting TEXT
  --no-fix URI:LINE:COL       that result has no fix
  --apply URI=FILE            applying every fix of the report to URI gives
                              FILE, byte for byte
  --src-root DIR              %SRCROOT% is DIR
  --schema FILE               validate against this JSON schema instead of
                              test/sarif/sarif-schema-2.1.0.json
  --success true|false        invocations[0].executionSuccessful
  --rule ID                   the one rule every result has (default
                              lds-bank-conflict; lds-trace for `lds-rewrite
                              trace`, whose whole-line places may have no
                              column: URI:LINE)
"""

import argparse
import json
import os
import sys
import urllib.parse

ERRORS = []


def fail(msg):
    ERRORS.append(msg)


def need(cond, msg):
    if not cond:
        fail(msg)
    return cond


def text_of(obj):
    return obj.get('text', '') if isinstance(obj, dict) else ''


def utf16_offset(line_bytes, column):
    """Byte offset in a line (bytes) of a 1-based UTF-16 column."""
    units = 0
    i = 0
    while units < column - 1:
        if i >= len(line_bytes):
            return None
        c = line_bytes[i]
        n = 1 if c < 0x80 else 2 if c >= 0xC0 and c < 0xE0 else 3 if c < 0xF0 else 4
        units += 2 if n == 4 else 1
        i += n
    return i


def offset_of(data, line, column):
    lines = data.split(b'\n')
    if line < 1 or line > len(lines):
        return None
    start = sum(len(l) + 1 for l in lines[:line - 1])
    off = utf16_offset(lines[line - 1], column)
    if off is None or off > len(lines[line - 1]):
        return None
    return start + off


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--results', type=int)
    ap.add_argument('--warning', action='append', default=[])
    ap.add_argument('--note', action='append', default=[])
    ap.add_argument('--suppressed', action='append', default=[])
    ap.add_argument('--message', action='append', default=[])
    ap.add_argument('--related', action='append', default=[])
    ap.add_argument('--fix', action='append', default=[])
    ap.add_argument('--no-fix', action='append', default=[])
    ap.add_argument('--apply', action='append', default=[])
    ap.add_argument('--src-root')
    ap.add_argument('--schema')
    ap.add_argument('--success')
    ap.add_argument('--rule', default='lds-bank-conflict')
    args = ap.parse_args()

    raw = sys.stdin.read()
    try:
        log = json.loads(raw)
    except ValueError as e:
        print('check_sarif: not JSON: %s\n%s' % (e, raw[:2000]))
        return 1

    need(log.get('version') == '2.1.0', 'version is not 2.1.0')
    need('sarif' in log.get('$schema', ''), '$schema does not name the SARIF schema')
    runs = log.get('runs', [])
    if not need(len(runs) == 1, 'expected one run, got %d' % len(runs)):
        return report()
    run = runs[0]
    driver = run.get('tool', {}).get('driver', {})
    need(driver.get('name') == 'lds-rewrite', 'tool.driver.name is not lds-rewrite')
    need(bool(driver.get('version')), 'tool.driver.version missing')
    info = driver.get('informationUri')
    need(info is None or urllib.parse.urlparse(info).scheme in ('http', 'https'),
         'tool.driver.informationUri is not an http(s) address: %r' % info)
    rules = driver.get('rules', [])
    if need(len(rules) == 1, 'expected one rule'):
        r = rules[0]
        need(r.get('id') == args.rule, 'rule id is %r' % r.get('id'))
        need(bool(text_of(r.get('shortDescription'))), 'rule shortDescription missing')
        need(bool(text_of(r.get('fullDescription'))), 'rule fullDescription missing')
        help_ = r.get('help', {})
        need(bool(help_.get('text')) and bool(help_.get('markdown')),
             'rule help (text and markdown) missing')
        need('helpUri' not in r or
             urllib.parse.urlparse(r['helpUri']).scheme in ('http', 'https'),
             'rule helpUri is not an http(s) address: %r' % r.get('helpUri'))
        need(r.get('defaultConfiguration', {}).get('level') == 'warning',
             'rule defaultConfiguration.level is not warning')

    bases = run.get('originalUriBaseIds', {})
    root_uri = bases.get('%SRCROOT%', {}).get('uri', '')
    need(root_uri.startswith('file:///') and root_uri.endswith('/'),
         'originalUriBaseIds.%%SRCROOT%% is %r' % root_uri)
    root = urllib.parse.unquote(urllib.parse.urlparse(root_uri).path)
    if args.src_root:
        need(os.path.realpath(root) == os.path.realpath(args.src_root),
             '%%SRCROOT%% is %s, expected %s' % (root, args.src_root))
    if args.success is not None:
        inv = run.get('invocations', [{}])
        need(str(inv[0].get('executionSuccessful')).lower() == args.success,
             'executionSuccessful is %r' % inv[0].get('executionSuccessful'))

    def path_of(art):
        uri = art.get('uri', '')
        if art.get('uriBaseId') == '%SRCROOT%':
            need(not uri.startswith('/') and '://' not in uri,
                 'relative URI expected with %%SRCROOT%%: %r' % uri)
            return os.path.join(root, urllib.parse.unquote(uri))
        need(uri.startswith('file:///'), 'URI %r is neither relative nor a file URI' % uri)
        return urllib.parse.unquote(urllib.parse.urlparse(uri).path)

    def check_region(reg, what):
        ok = isinstance(reg.get('startLine'), int) and reg['startLine'] >= 1
        # lds-trace places a finding of several lines (or of a wait, with no
        # access) at whole lines: no column, as SARIF allows.
        if 'startColumn' in reg or args.rule != 'lds-trace':
            ok = ok and isinstance(reg.get('startColumn'), int) and reg['startColumn'] >= 1
        need(ok, '%s: bad region %r' % (what, reg))

    results = run.get('results', [])
    by_place = {}
    for i, res in enumerate(results):
        what = 'result %d' % i
        need(res.get('ruleId') == args.rule, '%s: ruleId %r' % (what, res.get('ruleId')))
        need(res.get('ruleIndex') == 0, '%s: ruleIndex is not 0' % what)
        need(res.get('level') in ('warning', 'note'), '%s: level %r' % (what, res.get('level')))
        need(bool(text_of(res.get('message'))), '%s: no message' % what)
        fp = res.get('partialFingerprints', {})
        need(isinstance(fp, dict) and fp and all(isinstance(v, str) and v for v in fp.values()),
             '%s: partialFingerprints missing' % what)
        locs = res.get('locations', [])
        if not need(len(locs) == 1, '%s: expected one location' % what):
            continue
        pl = locs[0].get('physicalLocation', {})
        art = pl.get('artifactLocation', {})
        path = path_of(art)
        need(os.path.isfile(path), '%s: %s does not exist' % (what, path))
        reg = pl.get('region', {})
        check_region(reg, what)
        key = '%s:%s' % (art.get('uri'), reg.get('startLine'))
        if 'startColumn' in reg:
            key += ':%s' % reg['startColumn']
        by_place.setdefault(key, []).append(res)
        for rl in res.get('relatedLocations', []):
            need(isinstance(rl.get('id'), int), '%s: relatedLocation without id' % what)
            rpl = rl.get('physicalLocation', {})
            need(os.path.isfile(path_of(rpl.get('artifactLocation', {}))),
                 '%s: relatedLocation file missing' % what)
            check_region(rpl.get('region', {}), what + ' relatedLocation')
        for fx in res.get('fixes', []):
            need(bool(text_of(fx.get('description'))), '%s: fix without description' % what)
            for ch in fx.get('artifactChanges', []):
                fpath = path_of(ch.get('artifactLocation', {}))
                data = open(fpath, 'rb').read() if os.path.isfile(fpath) else b''
                need(len(ch.get('replacements', [])) >= 1, '%s: artifactChange without replacements' % what)
                for rep in ch.get('replacements', []):
                    d = rep.get('deletedRegion', {})
                    s = offset_of(data, d.get('startLine', 0), d.get('startColumn', 0))
                    e = offset_of(data, d.get('endLine', 0), d.get('endColumn', 0))
                    need(s is not None and e is not None and s <= e,
                         '%s: deletedRegion %r outside %s' % (what, d, fpath))
                    need('text' in rep.get('insertedContent', {}),
                         '%s: replacement without insertedContent.text' % what)

    if args.results is not None:
        need(len(results) == args.results,
             'expected %d results, got %d: %s' % (args.results, len(results), sorted(by_place)))

    def find(place, level=None):
        rs = by_place.get(place, [])
        if level:
            rs = [r for r in rs if r.get('level') == level]
        if not rs:
            fail('no %sresult at %s (results at: %s)' % (level + ' ' if level else '', place,
                                                         ', '.join(sorted(by_place))))
        return rs

    for p in args.warning:
        find(p, 'warning')
    for p in args.note:
        find(p, 'note')
    for p in args.suppressed:
        rs = find(p)
        need(any(any(s.get('kind') == 'inSource' for s in r.get('suppressions', [])) for r in rs),
             'result at %s is not suppressed in source' % p)
    for spec in args.message:
        p, t = spec.split('=', 1)
        rs = find(p)
        need(any(t in text_of(r.get('message')) for r in rs),
             'no message at %s contains %r: %r' % (p, t, [text_of(r.get('message')) for r in rs]))
    for spec in args.related:
        p, t = spec.split('=', 1)
        rs = find(p)
        need(any(t in text_of(rl.get('message')) for r in rs for rl in r.get('relatedLocations', [])),
             'no relatedLocation at %s says %r' % (p, t))
    for spec in args.fix:
        p, t = spec.split('=', 1)
        rs = find(p)
        texts = [rep.get('insertedContent', {}).get('text') for r in rs for fx in r.get('fixes', [])
                 for ch in fx.get('artifactChanges', []) for rep in ch.get('replacements', [])]
        need(t in texts, 'no fix at %s inserts %r (inserts: %r)' % (p, t, texts))
    for p in args.no_fix:
        rs = find(p)
        need(not any(r.get('fixes') for r in rs), 'result at %s has a fix' % p)

    for spec in args.apply:
        uri, expected = spec.split('=', 1)
        path = os.path.join(root, urllib.parse.unquote(uri))
        data = open(path, 'rb').read()
        edits = []
        for res in results:
            for fx in res.get('fixes', []):
                for ch in fx.get('artifactChanges', []):
                    if ch.get('artifactLocation', {}).get('uri') != uri:
                        continue
                    for rep in ch.get('replacements', []):
                        d = rep['deletedRegion']
                        s = offset_of(data, d['startLine'], d['startColumn'])
                        e = offset_of(data, d['endLine'], d['endColumn'])
                        edits.append((s, e, rep['insertedContent']['text'].encode()))
        need(edits, 'no fix for %s' % uri)
        out = data
        for s, e, t in sorted(edits, reverse=True):
            out = out[:s] + t + out[e:]
        need(out == open(expected, 'rb').read(),
             'applying the fixes of %s does not give %s' % (uri, expected))

    schema_file = args.schema or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', '..', 'sarif', 'sarif-schema-2.1.0.json')
    try:
        import jsonschema
    except ImportError:
        fail('python3-jsonschema is missing (scripts/install-deps.sh installs it)')
        jsonschema = None
    if jsonschema and need(os.path.isfile(schema_file), 'no schema file %s' % schema_file):
        schema = json.load(open(schema_file))
        cls = jsonschema.validators.validator_for(schema)
        for err in cls(schema, format_checker=cls.FORMAT_CHECKER).iter_errors(log):
            fail('schema: %s at %s' % (err.message, '/'.join(str(p) for p in err.path)))

    return report()


def report():
    for e in ERRORS:
        print('check_sarif: ' + e)
    return 1 if ERRORS else 0


if __name__ == '__main__':
    sys.exit(main())
