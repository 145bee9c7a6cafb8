#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""How many of bankfix's conflict warnings on NVIDIA's CUDA samples carry a
fix, and why the others do not.

    samples_fixes.py --bankfix build/bin/bankfix --samples ~/cuda-samples \\
        [--jobs 2] [--markdown OUT.md] [--only PATH_PART]...

Runs `bankfix --format=json` on every `.cu` file under the checkout's
Samples/ (its Common/ on the include path), counts the warnings (one per
place: a judged access that conflicts) and those whose array has a fix
offered in the same run, and groups the refusals by their reason (file
names and places left out). Without a checkout it says so and exits 0.
"""
import argparse
import collections
import glob
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


def analyse(bankfix, samples, path):
    common = os.path.join(samples, "Common")
    proc = subprocess.run(
        [bankfix, "--format=json", path, "--", "-I" + common,
         "-I" + os.path.dirname(path)],
        capture_output=True, text=True, timeout=600)
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError:
        return None


def reason(text):
    """A refusal without its places and names: what kind of reason it is."""
    text = re.sub(r"'[^']*'", "'X'", text)
    text = re.sub(r"\S+\.(cu|cuh|h|hpp):\d+(:\d+)?", "FILE:LINE", text)
    text = re.sub(r"\b\d+:\d+\b", "LINE:COL", text)
    return re.sub(r"\b\d+\b", "N", text)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bankfix", required=True)
    p.add_argument("--samples", required=True)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--markdown")
    p.add_argument("--only", action="append", default=[],
                   help="analyse the files whose path contains this")
    a = p.parse_args()
    files = sorted(glob.glob(os.path.join(a.samples, "Samples", "**", "*.cu"),
                             recursive=True))
    if a.only:
        files = [f for f in files if any(o in f for o in a.only)]
    if not files:
        print("samples_fixes.py: no CUDA samples checkout at %s: not run"
              % a.samples)
        return 0
    with ThreadPoolExecutor(a.jobs) as pool:
        results = list(pool.map(
            lambda f: analyse(a.bankfix, a.samples, f), files))
    warnings = fixed = 0
    refusals = collections.Counter()
    rows = []
    for path, out in zip(files, results):
        if out is None:
            continue
        offered = {x["array"] for x in out.get("fixes", []) if x.get("offered")}
        why = {x["array"]: x.get("refusal") or x.get("whyNot") or "no fix"
               for x in out.get("fixes", []) if not x.get("offered")}
        places = {}
        for acc in out.get("accesses", []):
            if acc.get("judged") and acc.get("conflict"):
                places[(acc["file"], acc["line"], acc["column"])] = acc["array"]
        n = len(places)
        f = sum(1 for arr in places.values() if arr in offered)
        for arr in places.values():
            if arr not in offered:
                refusals[reason(why.get(arr, "no fix entry"))] += 1
        warnings += n
        fixed += f
        if n:
            rows.append((os.path.relpath(path, a.samples), n, f))
    share = 100.0 * fixed / warnings if warnings else 0.0
    lines = ["%d conflict warnings in %d files; %d carry a fix (%.0f%%)."
             % (warnings, len(rows), fixed, share), "",
             "| file | warnings | with a fix |", "|---|---|---|"]
    lines += ["| %s | %d | %d |" % r for r in rows]
    lines += ["", "| warnings without a fix | reason |", "|---|---|"]
    lines += ["| %d | %s |" % (n, r.replace("|", "\\|"))
              for r, n in refusals.most_common()]
    text = "\n".join(lines) + "\n"
    if a.markdown:
        with open(a.markdown, "w") as out:
            out.write(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
