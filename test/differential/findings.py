#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Turns the minimal kernels of findings/ into a work directory that
predict.sh, gpu_run.sh and compare.py take like a generated batch.

    findings.py OUT_DIR [FINDING.cu ...]   (default: every findings/*.cu)

A finding is a complete program: kernels, and a main() that launches each
with `<<<1, dim3(X, Y, Z)>>>`. Every shared access to compare carries a
marker comment at the end of its line: `// @access load 8` (kind, bytes per
lane in the source). Exits 2 on a finding without markers or launches.
"""
import json
import os
import re
import shutil
import sys

MARK = re.compile(r"//\s*@access\s+(load|store)\s+(\d+)")
KERNEL = re.compile(r"__global__\s+void\s+(\w+)")
LAUNCH = re.compile(r"(\w+)\s*<<<\s*1\s*,\s*dim3\((\d+),\s*(\d+),\s*(\d+)\)")


def main(argv):
    if not argv:
        print("usage: findings.py OUT_DIR [FINDING.cu ...]", file=sys.stderr)
        return 2
    out = argv[0]
    here = os.path.dirname(os.path.abspath(__file__))
    paths = argv[1:] or sorted(
        os.path.join(here, "findings", f)
        for f in os.listdir(os.path.join(here, "findings"))
        if f.endswith(".cu"))
    os.makedirs(out, exist_ok=True)
    files, accesses = [], []
    for path in paths:
        name = os.path.basename(path)
        text = open(path).read()
        blocks = {m.group(1): [int(m.group(i)) for i in (2, 3, 4)]
                  for m in LAUNCH.finditer(text)}
        kernel, found = None, 0
        for no, line in enumerate(text.splitlines(), 1):
            k = KERNEL.search(line)
            if k:
                kernel = k.group(1)
            m = MARK.search(line)
            if not m:
                continue
            if kernel not in blocks:
                print("findings: error: %s:%d: kernel %s has no launch "
                      "<<<1, dim3(X, Y, Z)>>>" % (path, no, kernel),
                      file=sys.stderr)
                return 2
            b = blocks[kernel]
            found += 1
            accesses.append(dict(
                file=name, line=no, kernel=kernel, kind=m.group(1),
                array="?", element="?", elementSize=int(m.group(2)),
                width=int(m.group(2)), accessType="?", arrayShape="?",
                dims=[], guard="none", loop=0, block=b,
                threads=b[0] * b[1] * b[2]))
        if not found:
            print("findings: error: %s has no '// @access KIND BYTES' marker"
                  % path, file=sys.stderr)
            return 2
        shutil.copy(path, os.path.join(out, name))
        files.append(name)
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(dict(seed=0, generator="findings/ (findings.py)",
                       kernels=len(set(
            (a["file"], a["kernel"]) for a in accesses)), files=files,
            accesses=accesses), f, indent=1, sort_keys=True)
        f.write("\n")
    print("findings: %d accesses in %d files under %s" % (
        len(accesses), len(files), out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
