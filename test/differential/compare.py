#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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

sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "gpu"))
from ncu_source import opcode, shared_sass_rows  # noqa: E402

SASS_WIDTH = {"U8": 1, "S8": 1, "U16": 2, "S16": 2, "32": 4, "64": 8,
              "128": 16}


def sass_width(text):
    """Bytes per lane of an LDS/STS instruction ('@P0 LDS.U.64 R2, [R3]' ->
    8)."""
    words = text.split()
    op = words[1] if len(words) > 1 and words[0].startswith("@") else \
        (words[0] if words else "")
    width = 4
    for part in op.split(".")[1:]:
        width = SASS_WIDTH.get(part, width)
    return width


def number(cell):
    cell = (cell or "0").replace(",", "").strip()
    return int(float(cell)) if cell not in ("", "n/a") else 0


def load_json(path):
    try:
        if path.endswith(".gz"):
            import gzip
            with gzip.open(path, "rt") as f:
                return json.load(f)
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        print("compare: error: %s: %s" % (path, e), file=sys.stderr)
        sys.exit(2)


def measure(work, files, measured_json=None):
    """{(file, line, kind): totals} from ncu/FILE.csv for every batch, or
    from a measured.json that an earlier run wrote (--write-measured)."""
    out = {}
    missing = []
    if measured_json:
        doc = load_json(measured_json)
        MEASURED_ENV.update(doc.get("environment", {}))
        for t in doc["lines"]:
            out[(t["file"], t["line"], t["kind"])] = t
        have = set(doc["files"])
        return out, [f for f in files if f not in have]
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
            t["sass"].append(row["sass"].strip() or "?")
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


# Mismatch classes. An "artifact" is a mismatch caused by the experiment (the
# generated kernel), not by bankfix's model; it is listed, but apart.
DEAD = ("nvcc deleted the accesses of an array whose other accesses are all "
        "dead (generator artifact)")
UNIFORM_GUARD = ("guard on a value bankfix cannot know (kernel parameter n, 1 "
                 "at run time): bankfix judges the access as if the guard "
                 "held")
POISONED = ("nvcc deleted a load whose value meets, in the accumulator, a "
            "load of an array that is never stored (generator artifact)")
SPECULATED = ("nvcc hoisted a guarded load above its guard: every warp runs "
              "it, bankfix counts only the warps with an active lane")
SAME_ADDRESS = ("8- or 16-byte load where lanes of different half-/quarter-"
                "warps read the same addresses (every lane on one address is "
                "the common case): fewer wavefronts than the phase rule")
IDEAL = ("8- or 16-byte access with few active lanes: ncu's ideal is "
         "ceil(active lanes x width / 128), bankfix's the number of phases "
         "with an active lane")
WIDTH = "nvcc split or merged the access (SASS width differs from the source)"
LINE_INFO = ("nvcc's line table puts the line's instructions on a "
             "neighbouring line (per-line measurement artifact)")


def kept_or_seen(kept):
    return kept | SEEN


SEEN = set()


def classify(r, kept):
    a, p, m = r["access"], r["predicted"], r["measured"]
    opposite = "store" if a["kind"] == "load" else "load"
    if m is None and (a["kernel"], a["array"], opposite) not in kept:
        return DEAD, True
    if m is None and a["kind"] == "load" and any(
            k == a["kernel"] and (k, arr, "store") not in kept
            for k, arr, kind in kept_or_seen(kept)):
        return POISONED, True
    guard = r["source"][:r["source"].find(a["array"] + "[")]
    if re.search(r"\bn\b", guard):
        return UNIFORM_GUARD, False
    warps = (a["threads"] + 31) // 32
    if r.get("widths") and r["widths"] != [a["width"]]:
        return WIDTH, False
    if m is None and r.get("neighbour"):
        return LINE_INFO, True
    if m is not None and m["instructions"] > warps * p.get("iterations", 1):
        return LINE_INFO, True
    if m is None:
        return "no shared instruction on the line (nvcc removed or moved " \
            "it)", False
    if (a["kind"] == "load" and a["guard"] != "none" and
            m["instructions"] <= warps * p.get("iterations", 1) and
            m["wavefronts"] > p["blockWavefronts"]):
        return SPECULATED, False
    if (a["kind"] == "load" and a["width"] in (8, 16) and
            m["wavefronts"] < p["blockWavefronts"] and
            m["ideal"] < p["blockIdeal"]):
        return SAME_ADDRESS, False
    if (a["width"] in (8, 16) and m["wavefronts"] == p["blockWavefronts"] and
            m["ideal"] < p["blockIdeal"]):
        return IDEAL, False
    what = [w for w, x, y in (("wavefronts", p["blockWavefronts"],
                               m["wavefronts"]),
                              ("ideal", p["blockIdeal"], m["ideal"]))
            if x != y]
    return "other: %s differ; %s" % (" and ".join(what),
                                     ", ".join(features(a))), False


MERGED_INTO = re.compile(r"merges it into the (load|store) at (\d+):(\d+)")


def merge_groups(predicted):
    """{(file, line, kind) of an access bankfix says nvcc merges away: the
    (file, line, kind) of the access it is merged into}. nvcc's line table
    puts the merged instruction on one of the merged lines, not always the
    first (a load) or the last (a store): such lines are compared together."""
    into = {}
    for key, p in predicted.items():
        m = MERGED_INTO.search(p.get("merge") or "")
        if m and int(m.group(2)) != key[1]:
            into[key] = (key[0], int(m.group(2)), m.group(1))
    return into


def group_totals(keys, table, fields):
    """Sums of \p fields over the entries of \p table named by \p keys."""
    out = dict((f, 0) for f in fields)
    for k in keys:
        t = table.get(k)
        if t:
            for f in fields:
                out[f] += t.get(f, 0)
    return out


def compare_group(r, predicted, measured, into):
    """Compares the merge group of row \p r (a line merged into another, or
    a line others merge into) as one: ncu's sums over the group's lines
    against bankfix's. Returns True when the row belongs to a group."""
    key = (r["access"]["file"], r["access"]["line"], r["access"]["kind"])
    keeper = into.get(key, key)
    members = [k for k, v in into.items() if v == keeper]
    if not members:
        return False
    lines = [keeper] + members
    p = group_totals(lines, predicted, ("blockWavefronts", "blockIdeal"))
    m = group_totals(lines, measured, ("wavefronts", "ideal"))
    ok = (p["blockWavefronts"] == m["wavefronts"] and
          p["blockIdeal"] == m["ideal"])
    r["status"] = "match" if ok else "mismatch"
    r["group"] = [k[1] for k in lines]
    if not ok:
        r["class"] = ("a group of accesses bankfix says nvcc merges: sums "
                      "differ")
        r["artifact"] = False
    return True


def line_table_groups(rows):
    """Two mismatched accesses of one kernel and kind on lines at most two
    apart, one with no shared instruction: nvcc's line table put both on
    the other line. When the two lines' sums agree (wavefronts and ideal),
    both are compared as one group and match."""
    by_kernel = defaultdict(list)
    for r in rows:
        if r["status"] == "mismatch" and r["predicted"] and \
                r["predicted"].get("judged"):
            a = r["access"]
            by_kernel[(a["file"], a["kernel"], a["kind"])].append(r)
    for group in by_kernel.values():
        for r in group:
            if r["measured"] is not None or r["status"] != "mismatch":
                continue
            for o in group:
                if o is r or o["status"] != "mismatch" or \
                        o["measured"] is None or \
                        abs(o["access"]["line"] - r["access"]["line"]) > 2:
                    continue
                p = [x["predicted"] for x in (r, o)]
                if (sum(x["blockWavefronts"] for x in p) ==
                        o["measured"]["wavefronts"] and
                        sum(x["blockIdeal"] for x in p) ==
                        o["measured"]["ideal"]):
                    for x in (r, o):
                        x["status"] = "match"
                        x["group"] = sorted([r["access"]["line"],
                                             o["access"]["line"]])
                        x.pop("class", None)
                    break


def warning_verdicts(rows):
    """Precision and recall of bankfix's warnings by source line, the lines
    of a group (merged by nvcc, or put together by its line table) counted
    once: a line bankfix warns is confirmed when ncu measures more
    wavefronts than ideal on it; a line ncu measures so is found when
    bankfix warns it. Lines bankfix does not judge are left out."""
    groups = OrderedDict()
    for r in rows:
        p = r["predicted"]
        if not p or not p.get("judged") or r["status"] == "not profiled":
            continue
        a = r["access"]
        lines = tuple(r.get("group") or [a["line"]])
        key = (a["file"], a["kind"], lines)
        g = groups.setdefault(key, dict(warn=False, lines={}, rows=[]))
        g["warn"] = g["warn"] or bool(p.get("conflict"))
        if r["measured"]:
            g["lines"][a["line"]] = r["measured"]
        g["rows"].append(r)
    tp = fp = fn = tn = 0
    false_warnings, missed = [], []
    for key, g in groups.items():
        waves = sum(m["wavefronts"] for m in g["lines"].values())
        ideal = sum(m["ideal"] for m in g["lines"].values())
        gpu = waves > ideal
        if g["warn"] and gpu:
            tp += 1
        elif g["warn"]:
            fp += 1
            false_warnings.append(g["rows"][0])
        elif gpu:
            fn += 1
            missed.append(g["rows"][0])
        else:
            tn += 1
    return dict(confirmed=tp, false=fp, missed=fn, quiet=tn,
                false_warnings=false_warnings, missed_rows=missed)


def compare(work, measured_json=None):
    manifest = load_json(os.path.join(work, "manifest.json"))
    files = manifest["files"]
    predicted = {}
    for name in files:
        doc = load_json(os.path.join(work, "predictions",
                                     name.replace(".cu", ".json")))
        for p in doc.get("accesses", []):
            predicted[(p["file"], p["line"], p["kind"])] = p
    measured, missing_csv = measure(work, files, measured_json)
    into = merge_groups(predicted)
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
            r["artifact"] = False
        elif not p["judged"]:
            r["status"] = "declined"
        elif p.get("exact") is False:
            # A worst case over values bankfix does not know (the kernels
            # run with n = 1): the measurement must not exceed it.
            measured_wavefronts = m["wavefronts"] if m else 0
            r["status"] = ("bound" if measured_wavefronts <=
                           p["blockWavefronts"] else "mismatch")
            if r["status"] == "mismatch":
                r["class"] = "more wavefronts than bankfix's worst case"
                r["artifact"] = False
        elif compare_group(r, predicted, measured, into):
            pass
        elif m is None:
            if p["blockWavefronts"] == 0 and p["blockIdeal"] == 0:
                r["status"] = "match"  # no active lane; nvcc removed it
            else:
                r["status"] = "mismatch"
        else:
            widths = sorted(set(sass_width(s) for s in m["sass"]))
            ok = (p["blockWavefronts"] == m["wavefronts"] and
                  p["blockIdeal"] == m["ideal"])
            r["status"] = "match" if ok else "mismatch"
            r["widths"] = widths
        rows.append(r)
    line_table_groups(rows)
    # Which (kernel, array, kind) nvcc kept at least one instruction of.
    kept = set((r["access"]["kernel"], r["access"]["array"],
                r["access"]["kind"]) for r in rows if r["measured"])
    # Shared instructions measured on a line without a generated access,
    # near a generated access that has none: the line table moved them.
    wanted = set((a["file"], a["line"], a["kind"])
                 for a in manifest["accesses"])
    stray = set((k[0], k[2], k[1]) for k in measured if k not in wanted)
    for r in rows:
        a = r["access"]
        if r["measured"] is None and any(
                (a["file"], a["kind"], a["line"] + d) in stray
                for d in range(-3, 4)):
            r["neighbour"] = True
    SEEN.clear()
    SEEN.update((r["access"]["kernel"], r["access"]["array"], "load")
                for r in rows)
    for r in rows:
        if r["status"] == "mismatch" and "class" not in r:
            r["class"], r["artifact"] = classify(r, kept)
    # Shared instructions on lines the generator did not write an access on.
    wanted = set((a["file"], a["line"], a["kind"])
                 for a in manifest["accesses"])
    extra = [(k, v) for k, v in sorted(measured.items()) if k not in wanted]
    return manifest, rows, extra, missing_csv, measured


def describe(r):
    a, p, m = r["access"], r["predicted"], r["measured"]
    pred = ("bankfix %d wavefronts (ideal %d) per block over %d iteration(s), "
            "worst warp %d (ideal %d)" % (
                p["blockWavefronts"], p["blockIdeal"], p.get("iterations", 1),
                p["wavefrontsPerWarp"], p["idealPerWarp"])
            if p and p.get("judged") else "bankfix: no number")
    meas = ("ncu %d wavefronts (ideal %d) in %d warp-instructions, SASS %s" % (
        m["wavefronts"], m["ideal"], m["instructions"],
        "; ".join(opcode(s) for s in m["sass"]))
        if m else "ncu: no shared instruction on the line")
    return "%s:%d %s (block %s) `%s`: %s; %s" % (
        a["file"], a["line"], a["kernel"], "x".join(map(str, a["block"])),
        r["source"], pred, meas)


MEASURED_ENV = {}


def env_table(work):
    path = os.path.join(work, "environment.txt")
    if not os.path.exists(path):
        return MEASURED_ENV
    return dict(l.rstrip("\n").split("=", 1) for l in open(path) if "=" in l)


def write_doc(path, work, manifest, rows, extra, missing_csv, note=None):
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
    artifacts = sum(1 for r in rows
                    if r["status"] == "mismatch" and r.get("artifact"))
    md = ["# Differential testing: bankfix against Nsight Compute", "",
          "Produced by `test/differential/compare.py` from one GPU run of "
          "`test/differential/gpu_run.sh` (do not edit by hand). Kernels "
          "from `test/differential/%s` (%d kernels); each "
          "launched with one block of the shape bankfix read from its launch "
          "site, compiled with `nvcc -O3 -lineinfo`, profiled per source line "
          "with `ncu --clock-control none --section SourceCounters --page "
          "source --print-source cuda,sass --csv`. For every shared access "
          "line, the sum of ncu's \"L1 Wavefronts Shared\" and \"L1 "
          "Wavefronts "
          "Shared Ideal\" over the line's shared SASS instructions must equal "
          "bankfix's `blockWavefronts` and `blockIdeal` (`--format=json`; "
          "per block, loop iterations included). Accesses bankfix declines "
          "(`\"judged\": false`) are counted, not compared. ncu's per-line "
          "numbers are kept in `test/differential/results/` "
          "(`compare.py --write-measured`); `test/differential/recheck.sh` "
          "compares a later bankfix with them without a GPU." % (
              manifest.get("generator", "gen.py --seed %d" % manifest["seed"]),
              manifest["kernels"]), ""] + ([note, ""] if note else []) + [
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
           "| shared accesses generated (one per source line) | %d | |" %
           total,
           "| not profiled (batch failed on the GPU) | %d | %s |" % (
               n["not profiled"], share(n["not profiled"], total)),
           "| declined by bankfix (`judged: false`), counted only | %d | %s |"
           % (n["declined"], share(n["declined"], total)),
           "| judged as a worst case over values not known (`exact: "
           "false`): the measurement is within it | %d | %s |" % (
               n["bound"], share(n["bound"], total)),
           "| compared | %d | %s |" % (compared, share(compared, total)),
           "| **matched exactly** (wavefronts and ideal) | **%d** | **%s** "
           "of compared |" % (n["match"], share(n["match"], compared)),
           "| mismatched | %d | %s of compared |" % (
               n["mismatch"], share(n["mismatch"], compared)),
           "| of these, caused by the experiment (generator, line table) | %d "
           "| |" % artifacts,
           "| **matched exactly, artifacts left out** | **%d of %d** | "
           "**%s** |" % (n["match"], compared - artifacts,
                         share(n["match"], compared - artifacts)),
           "| shared instructions on lines with no generated access | %d | |"
           % len(extra), ""]
    if missing_csv:
        md += ["Batches with no ncu output: " + ", ".join(missing_csv), ""]
    v = warning_verdicts(rows)
    warned = v["confirmed"] + v["false"]
    conflicting = v["confirmed"] + v["missed"]
    judged = n["match"] + n["mismatch"] + n["bound"]
    md += ["## Warnings by source line", "",
           "A line (or the lines of one merge group) bankfix warns is "
           "confirmed when ncu measures more wavefronts than ideal on it; a "
           "line ncu measures so is found when bankfix warns it. Lines "
           "bankfix declines are left out.", "",
           "| | count | share |", "|---|---|---|",
           "| lines bankfix warns | %d | |" % warned,
           "| **of these, confirmed by ncu (precision)** | **%d** | **%s** |"
           % (v["confirmed"], share(v["confirmed"], warned)),
           "| lines ncu measures a conflict on | %d | |" % conflicting,
           "| **of these, warned by bankfix (recall)** | **%d** | **%s** |"
           % (v["confirmed"], share(v["confirmed"], conflicting)),
           "| **judged accesses whose wavefronts are exact** | **%d of %d** "
           "| **%s** |" % (n["match"], judged, share(n["match"], judged)),
           ""]
    if v["false_warnings"] or v["missed_rows"]:
        md += ["False warnings and missed conflicts:", ""]
        md += ["- false warning: " + describe(r) for r in v["false_warnings"]]
        md += ["- missed: " + describe(r) for r in v["missed_rows"]]
        md.append("")
    md += ["## Mismatch classes", "",
           "Each class is decided by `classify()` in compare.py from what "
           "differs and the features of the access; the first examples are "
           "listed with the kernel's source line. Minimal kernels: "
           "`test/differential/findings/`.", ""]
    if not classes:
        md += ["None: every compared access matched.", ""]
    for title, want in (("bankfix's model or nvcc's code generation", False),
                        ("Caused by the experiment (generator or per-line "
                         "measurement)", True)):
        group = [(c, rs) for c, rs in classes.items()
                 if bool(rs[0].get("artifact")) == want]
        if not group:
            continue
        md += ["### %s" % title, ""]
        for cls, rs in sorted(group, key=lambda g: -len(g[1])):
            md += ["#### %s (%d)" % (cls, len(rs)), ""]
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
        md += ["- %s:%d %s: %s" % (k[0], k[1], k[2],
                                    "; ".join(opcode(s) for s in v["sass"]))
               for k, v in extra[:20]]
    with open(path, "w") as f:
        f.write("\n".join(md) + "\n")


def sha256(path):
    import hashlib
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def manifest_files(work):
    return load_json(os.path.join(work, "manifest.json"))["files"]


def write_measured(path, work, manifest, rows, measured):
    """ncu's per-line totals of every shared SASS line, and whether bankfix
    matched each generated access (the baseline of --baseline)."""
    lines = [dict(file=k[0], line=k[1], kind=k[2],
                  instructions=m["instructions"], wavefronts=m["wavefronts"],
                  ideal=m["ideal"], sass=[opcode(s) for s in m["sass"]])
             for k, m in sorted(measured.items())]
    verdicts = [[r["access"]["file"], r["access"]["line"],
                 r["access"]["kind"], r["status"] == "match"]
                for r in rows if r["status"] in ("match", "mismatch")]
    profiled = sorted(set(manifest["files"]) - set(
        r["access"]["file"] for r in rows if r["status"] == "not profiled"))
    doc = dict(environment=env_table(work), generator=manifest.get(
        "generator"), files=profiled,
        sha256={f: sha256(os.path.join(work, f)) for f in manifest["files"]},
        lines=lines, verdicts=verdicts)
    if path.endswith(".gz"):
        import gzip
        # mtime=0: the same results give the same bytes.
        with open(path, "wb") as raw, gzip.GzipFile(
                fileobj=raw, mode="wb", mtime=0) as f:
            f.write((json.dumps(doc, indent=0, sort_keys=True) + "\n")
                    .encode())
        return
    with open(path, "w") as f:
        json.dump(doc, f, indent=0, sort_keys=True)
        f.write("\n")


def append_earlier(doc_path, summary):
    """A section on an earlier run (compare.py --summary): totals, and its
    mismatch classes with one example each."""
    c = summary["counts"]
    compared = c.get("match", 0) + c.get("mismatch", 0)
    classes = OrderedDict()
    for cls, artifact, text in summary["mismatches"]:
        classes.setdefault((cls, artifact), []).append(text)
    md = ["", "## Earlier run: %s" % summary["generator"], "",
          "%d kernels, %d accesses on the %s (%s): %d declined by bankfix, "
          "%d compared, %d matched exactly (%.1f%%). Its kernels came from "
          "an older grammar (an array's only loads or stores could be "
          "guarded away, so nvcc deleted them: the generator artifacts "
          "below); the current gen.py no longer writes them." % (
              summary["kernels"], summary["accesses"],
              summary["environment"].get("gpu", "?"),
              summary["environment"].get("date", "?"),
              c.get("declined", 0), compared, c.get("match", 0),
              100.0 * c.get("match", 0) / compared if compared else 0), "",
          "| class | accesses | artifact | example |", "|---|---|---|---|"]
    for (cls, artifact), texts in sorted(classes.items(),
                                         key=lambda kv: -len(kv[1])):
        md.append("| %s | %d | %s | %s |" % (
            cls, len(texts), "yes" if artifact else "no",
            texts[0].replace("|", "\\|")))
    with open(doc_path, "a") as f:
        f.write("\n".join(md) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("work")
    ap.add_argument("--doc", help="write the markdown report here")
    ap.add_argument("--json", help="write every compared access here")
    ap.add_argument("--write-measured", metavar="FILE",
                    help="write ncu's per-line totals (and the sha256 of each "
                    "batch) here, to compare a later bankfix without a GPU")
    ap.add_argument("--measured", metavar="FILE",
                    help="take ncu's per-line totals from FILE (written by "
                    "--write-measured) instead of WORK/ncu/")
    ap.add_argument("--summary", metavar="FILE",
                    help="write the totals and every mismatch (class, "
                    "description) here, for --earlier")
    ap.add_argument("--earlier", metavar="FILE", action="append",
                    default=[], help="a --summary FILE of an earlier run: its "
                    "totals and classes go in a section of the --doc")
    ap.add_argument("--note", metavar="TEXT",
                    help="a paragraph for the --doc, under its introduction "
                    "(how the predictions compared were made)")
    ap.add_argument("--baseline", metavar="FILE",
                    help="a --write-measured FILE: exit 1 only when an access "
                    "that matched there does not match now (a regression)")
    args = ap.parse_args(argv)
    if not os.path.isfile(os.path.join(args.work, "manifest.json")):
        print("compare: error: %s has no manifest.json" % args.work,
              file=sys.stderr)
        return 2
    measured_json = args.measured or args.baseline
    if measured_json:
        digests = load_json(measured_json)["sha256"]
        for name in manifest_files(args.work):
            if name in digests and digests[name] != sha256(
                    os.path.join(args.work, name)):
                print("compare: error: %s is not the kernel file that %s was "
                      "measured on (gen.py changed?): re-run gpu_run.sh" % (
                          name, measured_json), file=sys.stderr)
                return 2
    manifest, rows, extra, missing_csv, measured = compare(args.work,
                                                           measured_json)
    n = Counter(r["status"] for r in rows)
    if args.write_measured:
        write_measured(args.write_measured, args.work, manifest, rows,
                       measured)
    for r in rows:
        if r["status"] == "mismatch":
            print("MISMATCH [%s] %s" % (r["class"], describe(r)))
    print("compare: %d kernels, %d accesses: %d matched, %d mismatched, "
          "%d declined by bankfix, %d judged as a worst case and within it, "
          "%d not profiled" % (
              len(set(r["access"]["kernel"] for r in rows)), len(rows),
              n["match"], n["mismatch"], n["declined"], n["bound"],
              n["not profiled"]))
    v = warning_verdicts(rows)
    warned, conflicting = v["confirmed"] + v["false"], \
        v["confirmed"] + v["missed"]
    print("compare: lines bankfix warns: %d, %d confirmed by ncu "
          "(precision %s); lines ncu measures a conflict on: %d, %d warned "
          "(recall %s)" % (warned, v["confirmed"],
                           "%.4f" % (v["confirmed"] / warned) if warned
                           else "-", conflicting, v["confirmed"],
                           "%.4f" % (v["confirmed"] / conflicting)
                           if conflicting else "-"))
    for r in v["false_warnings"]:
        print("FALSE WARNING %s" % describe(r))
    for r in v["missed_rows"]:
        print("MISSED %s" % describe(r))
    if args.summary:
        with open(args.summary, "w") as f:
            json.dump(dict(
                generator=manifest.get("generator"),
                environment=env_table(args.work),
                kernels=len(set(r["access"]["kernel"] for r in rows)),
                accesses=len(rows), counts=dict(n),
                mismatches=[[r["class"], bool(r.get("artifact")),
                             describe(r)] for r in rows
                            if r["status"] == "mismatch"]),
                f, indent=1, sort_keys=True)
            f.write("\n")
    if args.doc:
        write_doc(args.doc, args.work, manifest, rows, extra, missing_csv,
                  args.note)
        for path in args.earlier:
            append_earlier(args.doc, load_json(path))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1, sort_keys=True)
    if args.baseline:
        before = dict(((f, l, k), ok) for f, l, k, ok in
                      load_json(args.baseline)["verdicts"])
        # A worst case the measurement lies within is no regression: the
        # access depends on a value the run fixed (a guard on `n`), and
        # bankfix now says so instead of claiming one number for all.
        worse = [r for r in rows
                 if r["status"] not in ("match", "bound") and before.get((
            r["access"]["file"], r["access"]["line"], r["access"]["kind"]))]
        better = [r for r in rows if r["status"] == "match" and before.get((
            r["access"]["file"], r["access"]["line"], r["access"]["kind"]))
            is False]
        for r in worse:
            print("REGRESSION (matched the GPU before) %s" % describe(r))
        print("compare: against the GPU run: %d accesses no longer match, %d "
              "now match that did not" % (len(worse), len(better)))
        return 1 if worse else 0
    return 1 if n["mismatch"] or n["not profiled"] else 0


if __name__ == "__main__":
    sys.exit(main())
