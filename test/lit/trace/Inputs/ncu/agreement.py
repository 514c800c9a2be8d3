#!/usr/bin/env python3
"""agreement.py TRACE.json: one line per Type A finding of `lds-rewrite trace
--format=json` on a Nsight Compute page, the measured degree next to the
predicted one:

  FILE:LINE[:COL] measured M predicted P: agree
  FILE:LINE[:COL] measured M predicted P: disagree (NOTE)
  FILE:LINE[:COL] measured M predicted unknown (REASON)

FILE is the file name only (the page was taken in a temporary folder), in
the order of the report (kernels in page order, findings by share)."""
import json
import os
import re
import sys


def base(text):
    """Paths in the tool's reasons, as file names: the test runs anywhere."""
    return re.sub(r"[^\s:()]*/([^/\s:()]+)", r"\1", text)


def num(x):
    return "%g" % x


def main():
    d = json.load(open(sys.argv[1]))
    for k in d["kernels"]:
        print("kernel %s" % k["name"])
        for f in k["findings"]:
            if f["type"] != "A":
                continue
            where = os.path.basename(f.get("file") or f.get("trace_file") or "?")
            where += ":%d" % f["line"] + (":%d" % f["column"] if "column" in f else "")
            m = f.get("measured_nway")
            p = f.get("predicted_degree")
            head = "%s measured %s predicted " % (where, num(m) if m is not None else "-")
            if p is None:
                print(head + "unknown (%s)" % base(f.get("prediction", "")))
            elif m is not None and abs(m - p) < 1e-6:
                print(head + "%s: agree" % num(p))
            else:
                note = f.get("agreement", "")
                extra = note.split("; ", 1)[1] if "; " in note else "no explanation"
                print(head + "%s: disagree (%s)" % (num(p), base(extra)))


main()
