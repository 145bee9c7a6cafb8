#!/usr/bin/env python3
"""Compares bankfix's predictions with Nsight Compute, per source line.

    compare.py WORK_DIR [--doc docs/differential.md] [--json results.json]

WORK_DIR holds what run.sh and gpu_run.sh left there: batch_*.cu and
manifest.json (gen.py), predictions/batch_*.json (bankfix --format=json),
ncu/batch_*.csv (ncu's source page, CUDA and SASS) and environment.txt.

Every kernel is launched with ONE block of the shape bankfix read from the
launch, so ncu's per-line sums over the shared SASS instructions of a line
(wavefronts, ideal wavefronts) must equal bankfix's per-block totals
(blockWavefronts, blockIdeal; loops included). An access that bankfix
declines ("judged": false) is counted, not compared. Each mismatch is put in
a class (what differs, and the features of the access that tell classes
apart) and printed with its source line. Exits 1 when an access does not
match, 2 on bad input.
"""
import argparse
import json
import os
import re
import sys
from collections import Counter, OrderedDict, defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "gpu"))
from ncu_source import shared_sass_rows  # noqa: E402

WIDTH = {"U8": 1, "S8": 1, "U16": 2, "S16": 2, "32": 4, "64": 8, "128": 16}


def sass_width(text):
    """Bytes per lane of an LDS/STS instruction ('LDS.U.64' -> 8)."""
    op = text.split()[0] if text.split() else ""
    if op.startswith("@"):
        op = text.split()[1]
    width = 4
    for part in op.split(".")[1:]:
        width = WIDTH.get(part, width)
    return width


def number(cell):
    cell = (cell or "0").replace(",", "").strip()
    return int(float(cell)) if cell not in ("", "n/a") else 0


def load_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        print("compare: error: %s: %s" % (path, e), file=sys.stderr)
        sys.exit(2)


def measure(work, files):
    """{(file, line, kind): totals} from ncu/FILE.csv for every batch."""
    out = {}
    missing = []
    for name in files:
        csv_path = os.path.join(work, "ncu", name.replace(".cu", ".csv"))
        if not os.path.exists(csv_path):
            missing.append(name)
            continue
        for row in shared_sass_rows(csv_path):
            cells = row["cells"]
            key = (row["path"], row["line"], row["kind"])
            t = out.setdefault(key, dict(instructions=0, wavefronts=0,
                                         ideal=0, sass=[], function=None))
            t["instructions"] += number(cells["Instructions Executed"])
            t["wavefronts"] += number(cells["L1 Wavefronts Shared"])
            t["ideal"] += number(cells["L1 Wavefronts Shared Ideal"])
            t["sass"].append(row["sass"].split()[0] if row["sass"] else "?")
            t["function"] = re.sub(r"\(.*", "", row["function"] or "")
    return out, missing


def features(a):
    """What tells mismatch classes apart."""
    f = ["%s %dB" % (a["kind"], a["width"])]
    if a["accessType"] != a["element"]:
        f.append("member of %s" % a["element"])
    if a["guard"] != "none":
        f.append("guarded (%s)" % a["guard"])
    if a["loop"]:
        f.append("loop")
    if a["threads"] % 32:
        f.append("partial warp")
    return f


def compare(work):
    manifest = load_json(os.path.join(work, "manifest.json"))
    files = manifest["files"]
    predicted = {}
    for name in files:
        doc = load_json(os.path.join(work, "predictions",
                                     name.replace(".cu", ".json")))
        for p in doc.get("accesses", []):
            predicted[(p["file"], p["line"], p["kind"])] = p
    measured, missing_csv = measure(work, files)
    sources = {name: open(os.path.join(work, name)).read().splitlines()
               for name in files}
    rows = []
    for a in manifest["accesses"]:
        key = (a["file"], a["line"], a["kind"])
        p, m = predicted.get(key), measured.get(key)
        src = sources[a["file"]][a["line"] - 1].strip()
        r = dict(access=a, source=src, predicted=p, measured=m)
        if a["file"] in missing_csv:
            r["status"] = "not profiled"
        elif p is None:
            r["status"] = "mismatch"
            r["class"] = "bankfix reports no access on the line"
        elif not p["judged"]:
            r["status"] = "declined"
        elif m is None:
            if p["blockWavefronts"] == 0 and p["blockIdeal"] == 0:
                r["status"] = "match"  # no active lane; nvcc removed it
            else:
                r["status"] = "mismatch"
                r["class"] = "no shared instruction on the line (nvcc " \
                             "removed or moved it)"
        else:
            widths = sorted(set(sass_width(s) for s in m["sass"]))
            ok = (p["blockWavefronts"] == m["wavefronts"] and
                  p["blockIdeal"] == m["ideal"])
            r["status"] = "match" if ok else "mismatch"
            if not ok:
                what = []
                if p["blockWavefronts"] != m["wavefronts"]:
                    what.append("wavefronts")
                if p["blockIdeal"] != m["ideal"]:
                    what.append("ideal")
                cls = "%s differ; %s" % (" and ".join(what),
                                         ", ".join(features(a)))
                if widths != [a["width"]]:
                    cls += "; SASS width %s" % "/".join(
                        "%dB" % w for w in widths)
                r["class"] = cls
            r["widths"] = widths
        rows.append(r)
    # Shared instructions on lines the generator did not write an access on.
    wanted = set((a["file"], a["line"], a["kind"])
                 for a in manifest["accesses"])
    extra = [(k, v) for k, v in sorted(measured.items()) if k not in wanted]
    return manifest, rows, extra, missing_csv


def describe(r):
    a, p, m = r["access"], r["predicted"], r["measured"]
    pred = ("bankfix %d wavefronts (ideal %d) per block over %d iteration(s), "
            "worst warp %d (ideal %d)" % (
                p["blockWavefronts"], p["blockIdeal"], p["iterations"],
                p["wavefrontsPerWarp"], p["idealPerWarp"])
            if p and p.get("judged") else "bankfix: no number")
    meas = ("ncu %d wavefronts (ideal %d) in %d warp-instructions, SASS %s" % (
        m["wavefronts"], m["ideal"], m["instructions"], " ".join(m["sass"]))
        if m else "ncu: no shared instruction on the line")
    return "%s:%d %s (block %s) `%s`: %s; %s" % (
        a["file"], a["line"], a["kernel"], "x".join(map(str, a["block"])),
        r["source"], pred, meas)


def env_table(work):
    path = os.path.join(work, "environment.txt")
    if not os.path.exists(path):
        return {}
    return dict(l.rstrip("\n").split("=", 1) for l in open(path) if "=" in l)


def write_doc(path, work, manifest, rows, extra, missing_csv):
    env = env_table(work)
    n = Counter(r["status"] for r in rows)
    kernels = len(set(r["access"]["kernel"] for r in rows))
    compared = n["match"] + n["mismatch"]
    classes = OrderedDict()
    for r in sorted((r for r in rows if r["status"] == "mismatch"),
                    key=lambda r: r.get("class", "")):
        classes.setdefault(r["class"], []).append(r)
    declined = Counter()
    for r in rows:
        if r["status"] == "declined":
            problem = r["predicted"].get("problem", "")
            problem = re.sub(r"'[^']*'", "'...'", problem)
            declined[problem] += 1
    widths = Counter()
    for r in rows:
        if r.get("widths") and r["widths"] != [r["access"]["width"]]:
            widths["%dB in the source, %s in SASS" % (
                r["access"]["width"],
                "/".join("%dB" % w for w in r["widths"]))] += 1
    total = len(rows)
    md = ["# Differential testing: bankfix against Nsight Compute", "",
          "Produced by `test/differential/compare.py` from one GPU run of "
          "`test/differential/gpu_run.sh` (do not edit by hand). Kernels "
          "from `test/differential/gen.py --seed %d` (%d kernels); each "
          "launched with one block of the shape bankfix read from its launch "
          "site, compiled with `nvcc -O3 -lineinfo`, profiled per source line "
          "with `ncu --clock-control none --section SourceCounters --page "
          "source --print-source cuda,sass --csv`. For every shared access "
          "line, the sum of ncu's \"L1 Wavefronts Shared\" and \"L1 Wavefronts "
          "Shared Ideal\" over the line's shared SASS instructions must equal "
          "bankfix's `blockWavefronts` and `blockIdeal` (`--format=json`; "
          "per block, loop iterations included). Accesses bankfix declines "
          "(`\"judged\": false`) are counted, not compared." % (
              manifest["seed"], manifest["kernels"]), "",
          "| GPU | driver | CUDA | Nsight Compute | date |",
          "|---|---|---|---|---|",
          "| %s | %s | %s | %s | %s |" % (
              env.get("gpu", "?"), env.get("driver", "?"),
              env.get("cuda", "?"), env.get("ncu", "?"),
              env.get("date", "?")), "",
          "## Totals", "",
          "| | count | share |", "|---|---|---|"]

    def share(k, of):
        return "%.1f%%" % (100.0 * k / of) if of else "-"
    md += ["| kernels | %d | |" % kernels,
           "| shared accesses generated (one per source line) | %d | |" % total,
           "| not profiled (batch failed on the GPU) | %d | %s |" % (
               n["not profiled"], share(n["not profiled"], total)),
           "| declined by bankfix (`judged: false`), counted only | %d | %s |"
           % (n["declined"], share(n["declined"], total)),
           "| compared | %d | %s |" % (compared, share(compared, total)),
           "| **matched exactly** (wavefronts and ideal) | **%d** | **%s** "
           "of compared |" % (n["match"], share(n["match"], compared)),
           "| mismatched | %d | %s of compared |" % (
               n["mismatch"], share(n["mismatch"], compared)),
           "| shared instructions on lines with no generated access | %d | |"
           % len(extra), ""]
    if missing_csv:
        md += ["Batches with no ncu output: " + ", ".join(missing_csv), ""]
    md += ["## Mismatch classes", ""]
    if not classes:
        md += ["None: every compared access matched.", ""]
    for cls, rs in classes.items():
        md += ["### %s (%d)" % (cls, len(rs)), ""]
        for r in rs[:3]:
            md.append("- " + describe(r))
        if len(rs) > 3:
            md.append("- ... and %d more" % (len(rs) - 3))
        md.append("")
    md += ["## What bankfix declined", "",
           "| reason (names elided) | accesses |", "|---|---|"]
    md += ["| %s | %d |" % (k or "?", v) for k, v in declined.most_common()]
    md += ["", "## Widths nvcc emitted that differ from the source", "",
           "Compared accesses only; the numbers are compared all the same.",
           "", "| width | accesses |", "|---|---|"]
    md += ["| %s | %d |" % (k, v) for k, v in widths.most_common()] or \
        ["| none | 0 |"]
    if extra:
        md += ["", "## Shared instructions on lines without a generated "
               "access", ""]
        md += ["- %s:%d %s: %s" % (k[0], k[1], k[2], " ".join(v["sass"]))
               for k, v in extra[:20]]
    with open(path, "w") as f:
        f.write("\n".join(md) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("work")
    ap.add_argument("--doc", help="write the markdown report here")
    ap.add_argument("--json", help="write every compared access here")
    args = ap.parse_args(argv)
    if not os.path.isfile(os.path.join(args.work, "manifest.json")):
        print("compare: error: %s has no manifest.json" % args.work,
              file=sys.stderr)
        return 2
    manifest, rows, extra, missing_csv = compare(args.work)
    n = Counter(r["status"] for r in rows)
    for r in rows:
        if r["status"] == "mismatch":
            print("MISMATCH [%s] %s" % (r["class"], describe(r)))
    print("compare: %d kernels, %d accesses: %d matched, %d mismatched, "
          "%d declined by bankfix, %d not profiled" % (
              len(set(r["access"]["kernel"] for r in rows)), len(rows),
              n["match"], n["mismatch"], n["declined"], n["not profiled"]))
    if args.doc:
        write_doc(args.doc, args.work, manifest, rows, extra, missing_csv)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1, sort_keys=True)
    return 1 if n["mismatch"] or n["not profiled"] else 0


if __name__ == "__main__":
    sys.exit(main())
