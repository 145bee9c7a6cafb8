#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Turns one GPU run into docs/gpu-results.md and checks it.

    report.py WORK_DIR RESULTS_MD
    report.py --predictions      one line per case and variant: CASE VARIANT
                                 SOURCE PREDICTION (paths relative to test/)

WORK_DIR holds what run.sh left: environment.txt, timing.jsonl (one line
per case from harness.cuh) and CASE.ncu.csv (Nsight Compute's source page,
CUDA and SASS, as CSV). For every shared-memory SASS instruction, ncu gives
the warp-level instructions executed and the L1 shared wavefronts (and the
ideal and excessive ones); per CUDA source line and access kind, measured
wavefronts per warp-instruction = wavefronts / instructions. That must equal
bankfix's wavefrontsPerWarp in the prediction for every shared access line
of the kernel, and every access line ncu saw must have a prediction. The
rewritten kernels must have no excessive shared wavefronts beyond the floor
bankfix predicted (a swizzle keeping float4 rows whole), and the speed
thresholds in pairs.txt must hold.

The prediction for test/inputs/NAME.cu is its golden JSON,
test/expected/NAME.json (checked by the golden test); a rewritten file,
test/expected/NAME.cu, has no golden JSON, and its prediction is
predictions/CASE.after.json (checked by predict.sh). One copy of each.

Exit status: 1 when a check fails; 77 when nothing was profiled (no ncu:
the predictions were not compared, which the last line says); 0 otherwise.
"""
import json
import os
import sys
from collections import defaultdict

sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ncu_source import kernel_name, shared_sass_rows  # noqa: E402


def read_pairs(path):
    pairs = []
    for line in open(path):
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        name, kernel, before, after, speedup, ceiling = fields
        pairs.append(dict(name=name, kernel=kernel, before=before, after=after,
                          min_speedup=None if speedup == "-" else float(speedup),
                          min_ceiling=None if ceiling == "-" else float(ceiling)))
    return pairs


def prediction_path(pair, variant):
    """The prediction for one side of a pair, relative to test/."""
    source = pair[variant]
    folder, name = os.path.split(source)
    if folder == "inputs":
        return os.path.join("expected", os.path.splitext(name)[0] + ".json")
    return os.path.join("gpu", "predictions",
                        "%s.%s.json" % (pair["name"], variant))


def measured_lines(csv_path):
    """{(variant, file basename, function): {(line, kind): totals}} where
    totals sums the shared SASS instructions of that source line."""
    out = defaultdict(lambda: defaultdict(lambda: defaultdict(int)))
    for sass in shared_sass_rows(csv_path):
        cells = sass["cells"]
        variant, _, name = kernel_name(sass["function"]).partition("::")
        totals = out[(variant, sass["path"], name)][(sass["line"],
                                                     sass["kind"])]
        totals["instructions"] += int(cells["Instructions Executed"])
        totals["wavefronts"] += int(cells["L1 Wavefronts Shared"])
        totals["ideal"] += int(cells["L1 Wavefronts Shared Ideal"])
        totals["excessive"] += int(cells["L1 Wavefronts Shared Excessive"])
        totals["sass"] += 1
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    test_dir = os.path.dirname(here)
    pairs = read_pairs(os.path.join(here, "pairs.txt"))
    if sys.argv[1:] == ["--predictions"]:
        for p in pairs:
            for variant in ("before", "after"):
                print(p["name"], variant, p[variant], prediction_path(p, variant))
        return 0
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    work, results = sys.argv[1:3]
    env = dict(l.rstrip("\n").split("=", 1)
               for l in open(os.path.join(work, "environment.txt")))
    timing = {}
    for l in open(os.path.join(work, "timing.jsonl")):
        t = json.loads(l)
        timing[t["case"]] = t
    failures = []
    md = ["# bankfix on the GPU: measured results", "",
          "Produced by `test/gpu/run.sh` (do not edit by hand): every kernel "
          "pair in `test/gpu/pairs.txt`, the input kernel (before) and the "
          "kernel bankfix rewrote (after), compiled with nvcc, run on the "
          "same random input, checked and timed; then profiled with Nsight "
          "Compute and compared with bankfix's committed predictions "
          "(`--format=json`: the golden `test/expected/NAME.json` of each "
          "input, `test/gpu/predictions/*.after.json` of each rewritten "
          "file). The real-code corpus (`test/inputs/real/`: pointers, "
          "helpers, carved buffers, cooperative groups, merges) has its own "
          "per-line table, written by `test/gpu/real.sh`: "
          "[gpu-real-code.md](gpu-real-code.md); a real project's own "
          "kernel, fixed and measured: "
          "[gpu-real-projects.md](gpu-real-projects.md).", "",
          "| GPU | driver | CUDA | Nsight Compute | arch | date |",
          "|---|---|---|---|---|---|",
          "| %s | %s | %s | %s | %s | %s |" % (
              env.get("gpu"), env.get("driver"), env.get("cuda"),
              env.get("ncu", "not present"), env.get("arch"), env.get("date")),
          "", "## Timing", "",
          "Median of 60 samples, each the mean of 20 back-to-back launches "
          "timed with CUDA events, after 10 warm-up launches. GB/s counts "
          "bytes read plus bytes written; the ceiling is a device-to-device "
          "`cudaMemcpy` of the same bytes, timed the same way.", "",
          "| case | kernel | before (ms) | after (ms) | speedup | GB/s before | "
          "GB/s after | copy GB/s | after / ceiling | output |",
          "|---|---|---|---|---|---|---|---|---|---|"]
    for p in pairs:
        t = timing.get(p["name"])
        if t is None:
            failures.append("%s: no timing" % p["name"])
            continue
        speedup = t["beforeMs"] / t["afterMs"]
        streaming = t["bytes"] > 0
        ceiling = t["afterGBs"] / t["copyGBs"] if streaming else None
        if not t["correct"] or not t["identical"]:
            failures.append("%s: wrong output" % p["name"])
        output = ("identical and correct" if t["sameResult"] else
                  "each correct (the seed's fix changes the result)") \
            if t["correct"] and t["identical"] else "WRONG"
        md.append("| %s | `%s` | %.4f | %.4f | %.2fx | %s | %s | %s | %s | %s |" % (
            p["name"], p["kernel"], t["beforeMs"], t["afterMs"], speedup,
            "%.0f" % t["beforeGBs"] if streaming else "-",
            "%.0f" % t["afterGBs"] if streaming else "-",
            "%.0f" % t["copyGBs"] if streaming else "-",
            "%.0f%%" % (100 * ceiling) if streaming else "-", output))
        if p["min_speedup"] and speedup < p["min_speedup"]:
            failures.append("%s: speedup %.2fx below %.2fx" % (
                p["name"], speedup, p["min_speedup"]))
        if p["min_ceiling"] and (ceiling is None or ceiling < p["min_ceiling"]):
            failures.append("%s: %.0f%% of the copy ceiling, below %.0f%%" % (
                p["name"], 100 * (ceiling or 0), 100 * p["min_ceiling"]))
    required = ["%s %s (>= %.1fx%s)" % (
        p["name"], "speedup", p["min_speedup"],
        ", >= %.0f%% of the ceiling" % (100 * p["min_ceiling"])
        if p["min_ceiling"] else "") for p in pairs if p["min_speedup"]]
    md += ["", "Required: " + "; ".join(required) + ". The other pairs "
           "have no speed threshold: seed 001 is not a streaming kernel (its "
           "output is 256 floats whatever the grid), seed 002's kernel is "
           "bound by its strided global accesses, and the double transpose "
           "moves twice the bytes per shared access, so its conflicts hide "
           "behind memory traffic. Problems that fit in the 50 MB L2 (seed "
           "003's fixed 1024x1024) can beat the copy ceiling.", ""]

    md += ["## Predicted and measured wavefronts", "",
           "Per shared access line of the kernel: bankfix's wavefronts per "
           "warp and ideal (prediction), and Nsight Compute's L1 shared "
           "wavefronts and ideal wavefronts divided by the warp-level "
           "instructions executed (`--section SourceCounters --page source "
           "--print-source cuda,sass`, one launch at a small size).", "",
           "| case | variant | line | access | SASS | predicted | measured "
           "| predicted ideal | measured ideal | excessive (all warps) | match |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    have_ncu = "ncu" in env
    blocks = {}  # (case, variant): blocks profiled, from the block totals
    for p in pairs:
        if not have_ncu:
            break
        measured = measured_lines(os.path.join(work, p["name"] + ".ncu.csv"))
        for variant in ("before", "after"):
            doc = json.load(open(os.path.join(
                test_dir, prediction_path(p, variant))))
            predicted = {(a["line"], a["kind"]): a for a in doc["accesses"]
                         if a["function"] == p["kernel"]}
            source = os.path.basename(p[variant])
            lines = measured.get((variant, source, p["kernel"]), {})
            if not lines:
                failures.append("%s %s: ncu saw no shared access" % (
                    p["name"], variant))
            for key in sorted(set(predicted) | set(lines)):
                a, m = predicted.get(key), lines.get(key)
                if m is None or a is None or not a["judged"]:
                    failures.append("%s %s line %d %s: %s" % (
                        p["name"], variant, key[0], key[1],
                        "not measured" if m is None else "not predicted"))
                    continue
                per_warp = m["wavefronts"] / m["instructions"]
                ideal = m["ideal"] / m["instructions"]
                ok = (per_warp == a["wavefrontsPerWarp"] and
                      ideal == a["idealPerWarp"])
                verdict = "yes"
                # A guard that switches whole warps off in some iterations
                # (a tree reduction) leaves predicated instructions with no
                # wavefront: then the totals per block must match, for one
                # number of blocks across the kernel's lines.
                if not ok and a["blockIdeal"] and \
                        m["ideal"] % a["blockIdeal"] == 0:
                    n = m["ideal"] // a["blockIdeal"]
                    if n > 0 and \
                            blocks.setdefault((p["name"], variant), n) == n:
                        ok = m["wavefronts"] == a["blockWavefronts"] * n
                        verdict = "yes, per block (%d blocks: %d of %d " \
                            "wavefronts, ideal %d)" % (
                                n, m["wavefronts"], a["blockWavefronts"] * n,
                                a["blockIdeal"] * n)
                if not ok:
                    failures.append(
                        "%s %s line %d %s: predicted %d (ideal %d), measured "
                        "%g (ideal %g)" % (p["name"], variant, key[0], key[1],
                                           a["wavefrontsPerWarp"],
                                           a["idealPerWarp"], per_warp, ideal))
                # A rewritten kernel has no excess, except what bankfix
                # predicted as the floor of its fix (a swizzle that keeps
                # float4 rows whole: a column stays 4-way).
                if (variant == "after" and m["excessive"] and
                        a["wavefrontsPerWarp"] == a["idealPerWarp"]):
                    failures.append("%s after line %d %s: %d excessive "
                                    "wavefronts" % (p["name"], key[0], key[1],
                                                    m["excessive"]))
                md.append("| %s | %s | %d | %s | %d | %d | %g | %d | %g | %d | %s |" % (
                    p["name"], variant, key[0], key[1], m["sass"],
                    a["wavefrontsPerWarp"], per_warp, a["idealPerWarp"], ideal,
                    m["excessive"], verdict if ok else "NO"))
    not_profiled = ("NOT CHECKED: Nsight Compute (ncu) was not found, so "
                    "nothing was profiled and no prediction was compared "
                    "with a measurement")
    if not have_ncu:
        md.append("| (ncu not found: nothing profiled, nothing compared) "
                  "|||||||||||")

    md += ["", "## Checks", ""]
    md += ["- FAILED: " + f for f in failures]
    if not have_ncu:
        md.append("- " + not_profiled + "; outputs, timings and speed "
                  "thresholds: %s." % ("see above" if failures else "passed"))
    elif not failures:
        md.append(
            "All passed: every prediction equals the measured wavefronts per "
            "warp-instruction (and ideal), every rewritten kernel has zero "
            "excessive shared wavefronts beyond the floor bankfix predicted "
            "for its fix, outputs are identical and correct, "
            "and the speed thresholds hold.")
    os.makedirs(os.path.dirname(os.path.abspath(results)), exist_ok=True)
    with open(results, "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md))
    if failures:
        return 1
    if not have_ncu:
        print("skipped: no ncu (PATH, $CUDA_PATH/bin, $CUDA_HOME/bin, "
              "/usr/local/cuda/bin, /opt/nvidia/nsight-compute): kernels run "
              "and timed, nothing profiled, no prediction compared")
        return 77
    return 0


if __name__ == "__main__":
    sys.exit(main())
