#!/usr/bin/env python3
"""Checks an lds-rewrite JSON report (schema 1, read from stdin) against
expectations given on the command line. Used by the lit tests.

  check_json.py [--strict] [--accesses N] [--block X,Y,Z] [--block-source S]
                [--targets T1,T2,...] --access SPEC... [--access SPEC...]...

One --access names one access of the source and what its results must be:

  --access LINE[:COL] KIND ARRAY [EXPECTATION...]

  LINE[:COL]   where the access is (the report's "line" / "column")
  KIND         load | store | atomic
  ARRAY        the array's name ("tile"), or its id or the id's end
               ("transpose_tiled<32, 0>/tile"; blanks are ignored)
  EXPECTATION  one of
    TARGET=DEGREE[/PASSES/IDEAL]  status exact with that degree (and passes
                                  and ideal_passes, if given)
    all=DEGREE                    every target's result is exact with that degree
    TARGET=unknown, all=unknown   status unknown
    worst=VAR:VALUE[|VALUE...]    the worst iteration has VAR = VALUE: the access's
                                  "worst_iteration" if it has one, else that of every
                                  result that has one
    TARGET.worst=VAR:VALUE[|...]  the same for one target's result (or the access's)
    noworst                       no "worst_iteration" anywhere (the cost does not vary)
    width=N                       "width_bytes" is N

Every access of the report that matches LINE[:COL], KIND and ARRAY must meet
the expectations, and at least one must exist. With --strict, every access
that no --access names must have no result with a degree above 1.
Exit status 0 when everything holds; otherwise 1, with the reasons and the
accesses concerned on stderr.
"""
import json
import sys

EPS = 1e-6


def norm(s):
    return s.replace(' ', '')


def parse(argv):
    opts = {'strict': False, 'accesses': None, 'block': None, 'block_source': None,
            'targets': None}
    specs = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == '--strict':
            opts['strict'] = True
        elif a == '--accesses':
            i += 1
            opts['accesses'] = int(argv[i])
        elif a == '--block':
            i += 1
            opts['block'] = [int(x) for x in argv[i].split(',')]
        elif a == '--block-source':
            i += 1
            opts['block_source'] = argv[i]
        elif a == '--targets':
            i += 1
            opts['targets'] = argv[i].split(',')
        elif a == '--access':
            if i + 3 >= len(argv):
                sys.exit('check_json: --access needs LINE[:COL] KIND ARRAY')
            loc, kind, array = argv[i + 1], argv[i + 2], argv[i + 3]
            line, _, col = loc.partition(':')
            spec = {'line': int(line), 'col': int(col) if col else None, 'kind': kind,
                    'array': array, 'expect': [], 'text': ' '.join(argv[i + 1:i + 4])}
            i += 4
            while i < len(argv) and not argv[i].startswith('--'):
                spec['expect'].append(argv[i])
                spec['text'] += ' ' + argv[i]
                i += 1
            specs.append(spec)
            continue
        else:
            sys.exit('check_json: unknown argument %r' % a)
        i += 1
    return opts, specs


def array_matches(acc, want):
    aid = norm(acc.get('array', ''))
    w = norm(want)
    if '/' not in w:
        return aid == w or aid.endswith('/' + w)
    return aid == w or aid.endswith(w)


def check_result(res, want_degree, want_passes, want_ideal):
    errs = []
    if want_degree == 'unknown':
        if res.get('status') != 'unknown':
            errs.append('%s: status %r, expected "unknown"' % (res.get('target'), res.get('status')))
        return errs
    if res.get('status') != 'exact':
        errs.append('%s: status %r, expected "exact"' % (res.get('target'), res.get('status')))
        return errs
    d = res.get('degree')
    if d is None or abs(float(d) - want_degree) > EPS:
        errs.append('%s: degree %r, expected %g' % (res.get('target'), d, want_degree))
    if want_passes is not None and abs(float(res.get('passes', -1)) - want_passes) > EPS:
        errs.append('%s: passes %r, expected %g' % (res.get('target'), res.get('passes'), want_passes))
    if want_ideal is not None and abs(float(res.get('ideal_passes', -1)) - want_ideal) > EPS:
        errs.append('%s: ideal_passes %r, expected %g'
                    % (res.get('target'), res.get('ideal_passes'), want_ideal))
    return errs


def check_access(acc, spec):
    errs = []
    results = {r.get('target'): r for r in acc.get('results', [])}
    for e in spec['expect']:
        if e == 'noworst':
            found = [acc.get('worst_iteration')] + [r.get('worst_iteration')
                                                    for r in results.values()]
            if any(found):
                errs.append('has worst_iteration %r, expected none' % [f for f in found if f])
            continue
        key, _, val = e.partition('=')
        if key == 'worst' or key.endswith('.worst'):
            var, _, values = val.partition(':')
            allowed = values.split('|')
            if acc.get('worst_iteration'):
                candidates = [('access', acc['worst_iteration'])]
            elif key == 'worst':
                candidates = [(t, r['worst_iteration']) for t, r in results.items()
                              if r.get('worst_iteration')]
            else:
                t = key[:-len('.worst')]
                candidates = [(t, (results.get(t) or {}).get('worst_iteration') or {})]
            if not candidates:
                errs.append('no worst_iteration, expected {%r: %s}' % (var, values))
            for where, wi in candidates:
                got = wi.get(var)
                if got is None or str(got) not in allowed:
                    errs.append('%s: worst_iteration %r, expected {%r: %s}'
                                % (where, wi, var, values))
            continue
        if key == 'width':
            if acc.get('width_bytes') != int(val):
                errs.append('width_bytes %r, expected %s' % (acc.get('width_bytes'), val))
            continue
        if val == 'unknown':
            deg, passes, ideal = 'unknown', None, None
        else:
            parts = val.split('/')
            deg = float(parts[0])
            passes = float(parts[1]) if len(parts) > 1 else None
            ideal = float(parts[2]) if len(parts) > 2 else None
        targets = list(results) if key == 'all' else [key]
        if key == 'all' and not targets:
            errs.append('no results at all')
        for t in targets:
            if t not in results:
                errs.append('no result for target %s' % t)
                continue
            errs += check_result(results[t], deg, passes, ideal)
    return errs


def main():
    opts, specs = parse(sys.argv[1:])
    try:
        report = json.load(sys.stdin)
    except ValueError as e:
        print('check_json: stdin is not JSON: %s' % e, file=sys.stderr)
        return 1
    failures = []
    if report.get('schema') != 1:
        failures.append('schema is %r, expected 1' % report.get('schema'))
    accesses = report.get('accesses', [])
    if opts['targets'] is not None and report.get('targets') != opts['targets']:
        failures.append('targets %r, expected %r' % (report.get('targets'), opts['targets']))
    if opts['accesses'] is not None and len(accesses) != opts['accesses']:
        failures.append('%d accesses, expected %d' % (len(accesses), opts['accesses']))
    named = set()
    for spec in specs:
        matched = [k for k, a in enumerate(accesses)
                   if a.get('line') == spec['line']
                   and (spec['col'] is None or a.get('column') == spec['col'])
                   and a.get('kind') == spec['kind'] and array_matches(a, spec['array'])]
        if not matched:
            failures.append('[%s] no such access; accesses on line %d: %s' % (
                spec['text'], spec['line'],
                json.dumps([a for a in accesses if a.get('line') == spec['line']], indent=1)))
            continue
        for k in matched:
            named.add(k)
            errs = check_access(accesses[k], spec)
            if errs:
                failures.append('[%s] %s\n  access: %s' % (spec['text'], '; '.join(errs),
                                                            json.dumps(accesses[k])))
    for k, a in enumerate(accesses):
        if opts['block'] is not None and a.get('block') != opts['block']:
            failures.append('access at %s:%s has block %r, expected %r'
                            % (a.get('line'), a.get('column'), a.get('block'), opts['block']))
        if opts['block_source'] is not None and a.get('block_source') != opts['block_source']:
            failures.append('access at %s:%s has block_source %r, expected %r'
                            % (a.get('line'), a.get('column'), a.get('block_source'),
                               opts['block_source']))
        if opts['strict'] and k not in named:
            bad = [r for r in a.get('results', [])
                   if r.get('status') == 'exact' and float(r.get('degree', 1)) > 1 + EPS]
            if bad:
                failures.append('unexpected conflict: %s' % json.dumps(a))
    if failures:
        for f in failures:
            print('check_json: FAIL ' + f, file=sys.stderr)
        return 1
    print('check_json: %d expectation(s) on %d access(es) hold' % (len(specs), len(named)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
