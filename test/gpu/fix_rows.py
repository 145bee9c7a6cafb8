#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Whether bankfix's row paddings of fix-rows/rows.cu are the cheapest on
the GPU.

    fix_rows.py summarize WORK OUT_JSON
        (on the GPU machine, by fix_rows.sh) reads WORK/rows_P.ncu.csv for
        every padding P and writes, per kernel and padding, the shared
        wavefronts, ideal and warp-instructions per source line and the
        SASS.
    fix_rows.py check MEASURED_JSON BANKFIX_JSON DOC
        For every array bankfix pads (`bankfix --format=json rows.cu`):
        its count before equals ncu's at padding 0, its count after equals
        ncu's at its padding, and no measured padding takes fewer
        wavefronts, or as few with fewer shared-memory instructions, or as
        few of both with fewer elements. Writes DOC (a table of every
        padding) and exits 1 when a check fails.
"""
import glob
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ncu_source import kernel_name, opcode, shared_sass_rows  # noqa: E402


def summarize(work, out):
    kernels = {}
    for path in sorted(glob.glob(os.path.join(work, "rows_*.ncu.csv"))):
        pad = int(re.search(r"rows_(\d+)\.ncu\.csv$", path).group(1))
        for r in shared_sass_rows(path):
            k = kernels.setdefault(kernel_name(r["function"]), {})
            lines = k.setdefault(str(pad), {})
            m = lines.setdefault(str(r["line"]), [0, 0, [], 0])
            m[0] += int(r["cells"]["L1 Wavefronts Shared"])
            m[1] += int(r["cells"]["L1 Wavefronts Shared Ideal"])
            if opcode(r["sass"]) not in m[2]:
                m[2].append(opcode(r["sass"]))
            m[3] += int(float(r["cells"]["Instructions Executed"]
                              .replace(",", "") or 0))
    env = {}
    env_path = os.path.join(work, "environment.txt")
    if os.path.exists(env_path):
        for line in open(env_path):
            if "=" in line:
                key, value = line.strip().split("=", 1)
                env[key] = value
    with open(out, "w") as f:
        json.dump({"environment": env, "kernels": kernels}, f, indent=1,
                  sort_keys=True)
        f.write("\n")
    print("fix_rows: %d kernels, %d paddings -> %s" % (
        len(kernels), len({p for k in kernels.values() for p in k}), out))
    return 0


def total(per_line):
    return sum(m[0] for m in per_line.values())


def instructions(per_line):
    return sum(m[3] for m in per_line.values())


def check(measured_path, bankfix_path, doc):
    measured = json.load(open(measured_path))
    kernels = measured["kernels"]
    report = json.load(open(bankfix_path))
    failures = []
    md = ["# Row paddings on the GPU", "",
          "Written by `test/gpu/fix_rows.py` (do not edit): the kernels of "
          "`test/gpu/fix-rows/rows.cu`, each compiled with every row padding "
          "of 0 to 8 elements and profiled per source line with Nsight "
          "Compute (`test/gpu/fix_rows.sh`); shared wavefronts per block, "
          "summed over the kernel's lines, and the shared-memory "
          "warp-instructions. bankfix's padding must be the cheapest: no "
          "padding takes fewer wavefronts, nor as few with fewer "
          "instructions (a padding that keeps the compiler's wide accesses "
          "beats one that splits them), nor as few of both with fewer "
          "elements.", "",
          "gpu: %s. cuda: %s. ncu: %s. date: %s." % tuple(
              measured["environment"].get(k, "?")
              for k in ("gpu", "cuda", "ncu", "date")), ""]
    fixes = [f for f in report["fixes"] if f.get("style") == "row padding"]
    if not fixes:
        failures.append("bankfix pads no array")
    for fix in fixes:
        functions = {b["function"] for b in fix.get("budget", [])
                     if b["function"] in kernels}
        if len(functions) != 1:
            failures.append("%s: not one measured kernel (%s)" % (
                fix["array"], ", ".join(sorted(functions)) or "none"))
            continue
        kernel = functions.pop()
        by_pad = {int(p): lines for p, lines in kernels[kernel].items()}
        totals = {p: total(lines) for p, lines in by_pad.items()}
        counts = {p: instructions(lines) for p, lines in by_pad.items()}
        chosen = fix["pad"]
        best = min(totals, key=lambda p: (totals[p], counts[p], p))
        md += ["## %s: `%s` -> %s" % (kernel, fix["array"], fix["change"]), "",
               "| padding (elements) | ncu wavefronts per block | "
               "shared warp-instructions | SASS |",
               "|---|---|---|---|"]
        for p in sorted(totals):
            sass = sorted({op for m in by_pad[p].values() for op in m[2]})
            mark = " (bankfix)" if p == chosen else ""
            md.append("| %d%s | %d | %d | %s |" % (
                p, mark, totals[p], counts[p], ", ".join(sass)))
        verdicts = []
        if totals.get(0) != fix["wavefrontsBefore"]:
            failures.append("%s: bankfix counts %d before, ncu %s" % (
                kernel, fix["wavefrontsBefore"], totals.get(0)))
        else:
            verdicts.append("before: %d, equal" % totals[0])
        if chosen not in totals:
            failures.append("%s: bankfix's padding %d was not measured" % (
                kernel, chosen))
        elif totals[chosen] != fix["wavefrontsAfter"]:
            failures.append("%s: bankfix counts %d after padding %d, ncu %d"
                            % (kernel, fix["wavefrontsAfter"], chosen,
                               totals[chosen]))
        else:
            verdicts.append("after: %d, equal" % totals[chosen])
        if chosen in totals and best != chosen:
            failures.append("%s: padding %d takes %d wavefronts in %d "
                            "instructions on the GPU, bankfix's %d takes %d "
                            "in %d" % (kernel, best, totals[best],
                                       counts[best], chosen, totals[chosen],
                                       counts[chosen]))
        elif chosen in totals:
            verdicts.append("the cheapest of the %d paddings measured" %
                            len(totals))
        md += ["", "bankfix: " + "; ".join(verdicts) + ".", ""]
    md += ["%d arrays checked; %d checks failed." % (len(fixes),
                                                     len(failures)), ""]
    md += ["- " + f for f in failures]
    with open(doc, "w") as f:
        f.write("\n".join(md).rstrip() + "\n")
    for f in failures:
        print("fix_rows: FAILED: " + f)
    print("fix_rows: %d arrays, %d failures" % (len(fixes), len(failures)))
    return 1 if failures else 0


def main(argv):
    if len(argv) == 3 and argv[0] == "summarize":
        return summarize(argv[1], argv[2])
    if len(argv) == 4 and argv[0] == "check":
        return check(argv[1], argv[2], argv[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
