#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""bankfix's numbers on NVIDIA's CUDA samples against Nsight Compute, per
shared-memory instruction.

A sample launches many blocks, so the comparison is per warp-instruction:
ncu's wavefronts and ideal divided by its warp-instructions, per source
line (a toolkit function's code, such as a wmma load's LDSM in mma.hpp,
is matched to the call bankfix judged by kind, numbers and the instruction
its note names), against bankfix's wavefronts and ideal per warp. Three
steps, since bankfix and the GPU are on different machines:

    samples_on_gpu.py predict --bankfix build/bin/bankfix \\
        --samples ~/cuda-samples --out WORK SAMPLE...
    samples_on_gpu.py measure --work WORK     # on the GPU machine: nvcc, ncu
    samples_on_gpu.py compare --work WORK [--markdown OUT.md]

SAMPLE is a sample's directory under Samples/
(3_CUDA_Features/cudaTensorCoreGemm, whose NAME.cu is analysed). `predict` copies each sample and the
checkout's Common/*.h into WORK with bankfix's JSON; `measure` compiles
them with nvcc -lineinfo and profiles the first launch of each kernel
whose name contains `compute` (NCU_KERNEL to change it) with ncu's source
counters. Without a checkout, `predict` says so and exits 0.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "gpu"))
from ncu_source import line_totals  # noqa: E402


def predict(args):
    root = os.path.join(args.samples, "Samples")
    if not os.path.isdir(root):
        print(f"no CUDA samples checkout at {args.samples}: nothing measured")
        return 0
    os.makedirs(os.path.join(args.out, "common"), exist_ok=True)
    for h in glob.glob(os.path.join(args.samples, "Common", "*.h")):
        shutil.copy(h, os.path.join(args.out, "common"))
    for sample in args.sample:
        name = os.path.basename(sample.rstrip("/"))
        src = os.path.join(root, sample, name + ".cu")
        shutil.copy(src, os.path.join(args.out, name + ".cu"))
        with open(os.path.join(args.out, name + ".json"), "w") as out:
            subprocess.run([os.path.abspath(args.bankfix), name + ".cu",
                            "--format=json", "--",
                            "-I" + os.path.join(args.samples, "Common")],
                           cwd=os.path.dirname(src), stdout=out,
                           stderr=subprocess.DEVNULL)
    return 0


def measure(args):
    kernel = os.environ.get("NCU_KERNEL", "compute")
    for src in sorted(glob.glob(os.path.join(args.work, "*.cu"))):
        exe = src[:-3]
        subprocess.run(["nvcc", "-std=c++17", "-O3", "-arch=sm_90",
                        "-lineinfo", "-I" + os.path.join(args.work, "common"),
                        "-o", exe, src], check=True)
        with open(exe + ".ncu.csv", "w") as out:
            subprocess.run(["ncu", "--clock-control", "none", "-k",
                            "regex:" + kernel, "-c", "1", "--section",
                            "SourceCounters", "--page", "source",
                            "--print-source", "cuda,sass", "--csv", exe],
                           stdout=out, check=True)
    return 0


def measured_rows(csv_path, name):
    """Per (kernel, line, kind): wavefronts and ideal per warp-instruction,
    and the opcodes."""
    return {k: (v[0] / v[3], v[1] / v[3], sorted(set(v[2])))
            for k, v in line_totals(csv_path, name + ".cu").items() if v[3]}


def compare(args):
    lines, equal, failures = [], 0, 0
    for csv_path in sorted(glob.glob(os.path.join(args.work, "*.ncu.csv"))):
        name = os.path.basename(csv_path)[:-len(".ncu.csv")]
        measured = measured_rows(csv_path, name)
        doc = json.load(open(os.path.join(args.work, name + ".json")))
        claimed = set()
        for a in doc["accesses"]:
            fn = a["function"]
            if not a["judged"] or fn not in {k[0] for k in measured}:
                continue
            want = (a["wavefrontsPerWarp"], a["idealPerWarp"])
            # The file's own line (or the next, for a statement that
            # spans two), else a toolkit line with the instruction the note
            # names.
            found = None
            for line in (a["line"], a["line"] + 1):
                if (fn, line, a["kind"]) in measured:
                    found = (fn, line, a["kind"])
                    break
            if not found:
                for key, (wf, ideal, ops) in sorted(measured.items(),
                                                    key=str):
                    if (isinstance(key[1], str) and key[0] == fn and
                            key[2] == a["kind"] and key not in claimed and
                            (wf, ideal) == want and
                            all(op in a.get("merge", "") for op in ops)):
                        found = key
                        break
            if not found:
                verdict, got = "no instruction found", "-"
                failures += 1
            else:
                claimed.add(found)
                wf, ideal, ops = measured[found]
                got = "%g (%g) %s" % (wf, ideal, ", ".join(ops))
                if (wf, ideal) == want:
                    verdict = "equal"
                    equal += 1
                else:
                    verdict = "DIFFERENT"
                    failures += 1
            lines.append(f"| {name} | {fn} | {a['line']} | {a['kind']} | "
                         f"{want[0]} ({want[1]}) | {got} | {verdict} |")
    text = ("| sample | kernel | line | kind | bankfix per warp (ideal) | "
            "ncu per warp-instruction (ideal) | verdict |\n"
            "|---|---|---|---|---|---|---|\n" + "\n".join(lines) +
            f"\n\n{equal} of {len(lines)} accesses equal; {failures} "
            "different or not found.\n")
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write(text)
    print(text)
    return 1 if failures else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="step", required=True)
    pp = sub.add_parser("predict")
    pp.add_argument("--bankfix", required=True)
    pp.add_argument("--samples", required=True)
    pp.add_argument("--out", required=True)
    pp.add_argument("sample", nargs="+")
    pm = sub.add_parser("measure")
    pm.add_argument("--work", required=True)
    pc = sub.add_parser("compare")
    pc.add_argument("--work", required=True)
    pc.add_argument("--markdown")
    args = p.parse_args()
    return {"predict": predict, "measure": measure,
            "compare": compare}[args.step](args)


if __name__ == "__main__":
    sys.exit(main())
