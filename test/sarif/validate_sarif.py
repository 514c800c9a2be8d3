#!/usr/bin/env python3
"""lds-rewrite's SARIF as GitHub code scanning takes it, on real reports.

    validate_sarif.py --tool PATH --root SRC --work DIR [--multitool]

Writes three reports with the tool: the check mode on kernels that make
every check of the default set report (bank conflict, exposed write latency,
redundant barrier, reduction tail), run from the repository root and again
from another folder; and `trace` on the synthetic ATT fixture. Each must:

  * validate against the SARIF 2.1.0 JSON schema (test/sarif/
    sarif-schema-2.1.0.json, OASIS errata 01; python3-jsonschema);
  * give every rule help (text and markdown: GitHub's GH2012), and no
    informationUri or helpUri that is a file:// path of this machine;
  * place every result in the repository relative to %SRCROOT% (uriBaseId),
    %SRCROOT% being the repository root, whatever the working directory;
    and the check report must be the same byte for byte from either folder.

With --multitool it validates the same reports with Microsoft's SARIF
multitool (`sarif-multitool validate --rule-kind "Gh;Sarif"`, npm package
@microsoft/sarif-multitool) instead, and fails on any error or warning it
prints but SARIF2005 (no informationUri, left out on purpose in a build
without -DLDS_REWRITE_HOMEPAGE); its notes are advice (message ids,
snippets, version control provenance); exit 77 (CTest: skipped) when it is not installed. It is found
as $LDS_SARIF_MULTITOOL, else `sarif-multitool` on PATH.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77

CHECK_FILES = [
    'examples/transpose.hip',               # lds-bank-conflict
    'test/lit/prefetch/Inputs/tiled.hip',   # lds-exposed-write-latency
    'test/lit/barriers/Inputs/back_to_back.hip',  # lds-redundant-barrier
    'test/lit/reduction/Inputs/sequential.hip',   # lds-reduction-tail
]
TRACE = ['trace', 'test/lit/trace/Inputs/att_synth', 'test/lit/trace/Inputs/lds_kernel.hip']


def run(tool, args, cwd):
    r = subprocess.run([tool] + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=900)
    if r.returncode not in (0, 1):
        sys.exit('validate_sarif: %s %s exited %d\n%s' % (tool, ' '.join(args), r.returncode,
                                                          r.stderr[-3000:]))
    return r.stdout


def reports(tool, root, work):
    os.makedirs(work, exist_ok=True)
    out = {}
    check = ['--format=sarif', '--target=gfx942']
    # The project root is the folder with .git (ProjectRoot.h); a copy
    # without one names it.
    if not os.path.exists(os.path.join(root, '.git')):
        check.append('--project-root=' + root)
    out['check.sarif'] = run(tool, check + CHECK_FILES, root)
    # The same files from a folder outside the repository.
    elsewhere = os.path.join(work, 'elsewhere')
    os.makedirs(elsewhere, exist_ok=True)
    out['check-elsewhere.sarif'] = run(tool, check + [os.path.join(root, f) for f in CHECK_FILES],
                                       elsewhere)
    out['trace.sarif'] = run(tool, TRACE + ['--format=sarif'] + check[2:], root)
    paths = {}
    for name, text in out.items():
        paths[name] = os.path.join(work, name)
        with open(paths[name], 'w') as f:
            f.write(text)
    return out, paths


def check_report(name, text, root, errors):
    def fail(msg):
        errors.append('%s: %s' % (name, msg))

    log = json.loads(text)
    import jsonschema
    schema = json.load(open(os.path.join(HERE, 'sarif-schema-2.1.0.json')))
    cls = jsonschema.validators.validator_for(schema)
    for err in cls(schema, format_checker=cls.FORMAT_CHECKER).iter_errors(log):
        fail('schema: %s at %s' % (err.message, '/'.join(str(p) for p in err.path)))
    run_ = log['runs'][0]
    driver = run_['tool']['driver']
    for key in ('informationUri',):
        if key in driver and not driver[key].startswith(('https://', 'http://')):
            fail('driver.%s is %r' % (key, driver[key]))
    if not driver.get('rules'):
        fail('no rules')
    for rule in driver.get('rules', []):
        h = rule.get('help', {})
        if not h.get('text') or not h.get('markdown'):
            fail('rule %s has no help (text and markdown)' % rule.get('id'))
        if 'helpUri' in rule and not rule['helpUri'].startswith(('https://', 'http://')):
            fail('rule %s helpUri is %r' % (rule.get('id'), rule['helpUri']))
        if 'docs/checks/%s.md' % rule.get('id') not in h.get('text', ''):
            fail('rule %s help does not name docs/checks/%s.md' % (rule.get('id'), rule.get('id')))
        elif not os.path.isfile(os.path.join(root, 'docs', 'checks', rule['id'] + '.md')):
            fail('rule %s: docs/checks/%s.md does not exist' % (rule['id'], rule['id']))
    base = run_.get('originalUriBaseIds', {}).get('%SRCROOT%', {}).get('uri', '')
    base_path = urllib.parse.unquote(urllib.parse.urlparse(base).path)
    if os.path.realpath(base_path) != os.path.realpath(root):
        fail('%%SRCROOT%% is %r, not the repository root %s' % (base, root))
    rules = {r['id'] for r in driver.get('rules', [])}
    if not run_.get('results'):
        fail('no results')
    for i, res in enumerate(run_.get('results', [])):
        if res.get('ruleId') not in rules:
            fail('result %d: rule %r not among the rules' % (i, res.get('ruleId')))
        idx = res.get('ruleIndex')
        if idx is None or driver['rules'][idx]['id'] != res.get('ruleId'):
            fail('result %d: ruleIndex %r does not point at %r' % (i, idx, res.get('ruleId')))
        art = res['locations'][0]['physicalLocation']['artifactLocation']
        uri = art.get('uri', '')
        if art.get('uriBaseId') != '%SRCROOT%' or re.match(r'^[a-z]+:', uri) or uri.startswith('/'):
            fail('result %d: %r is not relative to %%SRCROOT%%' % (i, art))
        elif not os.path.isfile(os.path.join(root, urllib.parse.unquote(uri))):
            fail('result %d: %s is not a file of the repository' % (i, uri))
    return {r.get('ruleId') for r in run_.get('results', [])}


def multitool(paths, work):
    exe = os.environ.get('LDS_SARIF_MULTITOOL') or shutil.which('sarif-multitool')
    if not exe:
        print('validate_sarif: SKIP: no SARIF multitool (npm install -g @microsoft/sarif-multitool,'
              ' or set LDS_SARIF_MULTITOOL to its Sarif.Multitool)')
        return SKIP
    # npm's bin wrapper (sarif-multitool) runs the binary through a shell:
    # ';' in an argument must be quoted for it, and not for the binary.
    with open(os.path.realpath(exe), 'rb') as f:
        wrapper = f.read(64).startswith(b'#!')
    q = (lambda a: '"%s"' % a) if wrapper else (lambda a: a)
    bad = 0
    for name, path in paths.items():
        out = os.path.join(work, name + '.validation.sarif')
        if os.path.exists(out):
            os.remove(out)
        r = subprocess.run([exe, 'validate', '--rule-kind', q('Gh;Sarif'), '--level',
                            q('Error;Warning;Note'), path, '-o', out],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
        lines = [l for l in r.stdout.splitlines() if re.search(r': (error|warning|note) [A-Z]+\d+', l)]
        # SARIF2005 (no informationUri) is the one warning allowed, and only
        # for a build without -DLDS_REWRITE_HOMEPAGE: an address of this
        # machine would be worse than none (docs/sarif.md).
        driver = json.load(open(path))['runs'][0]['tool']['driver']
        allowed = (lambda l: 'warning SARIF2005' in l) if 'informationUri' not in driver \
            else (lambda l: False)
        errors = [l for l in lines if re.search(r': (error|warning) ', l) and not allowed(l)]
        counts = {k: sum(1 for l in lines if ': %s ' % k in l) for k in ('error', 'warning', 'note')}
        print('%s: multitool exit %d: %d errors, %d warnings (%d allowed), %d notes' %
              (name, r.returncode, counts['error'], counts['warning'],
               counts['warning'] - sum(1 for l in errors if ': warning ' in l), counts['note']))
        for l in lines:
            if not ': note ' in l:
                print('  ' + l)
        if r.returncode != 0 or errors or 'Analysis completed successfully' not in r.stdout:
            if r.returncode != 0 and not lines:
                print(r.stdout[-3000:])
            bad += 1
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--tool', required=True)
    ap.add_argument('--root', required=True, help='the repository (source) root')
    ap.add_argument('--work', required=True)
    ap.add_argument('--multitool', action='store_true')
    args = ap.parse_args()
    root = os.path.realpath(args.root)
    tool = os.path.abspath(args.tool)
    texts, paths = reports(tool, root, os.path.abspath(args.work))
    if args.multitool:
        return multitool(paths, os.path.abspath(args.work))
    try:
        import jsonschema  # noqa: F401
    except ImportError:
        print('validate_sarif: FAIL: python3-jsonschema is missing (scripts/install-deps.sh)')
        return 1
    errors = []
    seen = set()
    for name, text in texts.items():
        seen |= check_report(name, text, root, errors)
    if texts['check.sarif'] != texts['check-elsewhere.sarif']:
        errors.append('check.sarif differs when the tool runs from another folder')
    want = {'lds-bank-conflict', 'lds-exposed-write-latency', 'lds-redundant-barrier',
            'lds-reduction-tail', 'lds-trace'}
    if want - seen:
        errors.append('no result of %s' % ', '.join(sorted(want - seen)))
    for e in errors:
        print('validate_sarif: ' + e)
    print('validate_sarif: %d reports, rules %s: %s' %
          (len(texts), ', '.join(sorted(seen)), 'FAIL' if errors else 'valid'))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
