#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Where the block shapes of a real project's shared accesses come from.

Runs `bankfix -p BUILD --format=json FILE` on every `.cu` file of ggml's
CUDA backend (`src/ggml-cuda/*.cu`; with --template-instances also
`src/ggml-cuda/template-instances/*.cu`) and counts each shared access
(one place, kind and function) by the origin of the shapes it was judged
under:

  code         every shape from a launch in the code (or its bounds)
  independent  no shape known, and the result proven the same for every
               shape the note names ("for any block ...")
  option       set with --block-dim or a configuration file
  assumed      judged under a shape bankfix made up
  not judged   the access was found but not judged

A file that fails or runs past --timeout seconds is listed and counted
apart. The accesses left "assumed" are listed with their reason.

    ggml_shapes.py --bankfix build/bin/bankfix --ggml ~/ggml [--build DIR]
                   [--template-instances] [--timeout 300] [-j 2]
                   [--markdown OUT.md]

The checkout must be configured with CMake (`cmake -S . -B build
-DGGML_CUDA=ON -DCMAKE_EXPORT_COMPILE_COMMANDS=ON`). Without a checkout
the script says so and exits 0 without measuring anything.
"""
import argparse
import collections
import concurrent.futures
import glob
import json
import os
import subprocess
import sys
import time


def origin_class(record):
    """The JSON's blockSource, by the names this report uses."""
    return {"launch": "code", "any": "independent", "option": "option"}.get(
        record.get("blockSource"), "assumed")


def run_file(bankfix, build, path, timeout):
    cmd = [bankfix, "-p", build, "--format=json", "--quiet", path]
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return path, None, "timed out after %d s" % timeout, timeout
    seconds = time.monotonic() - start
    try:
        doc = json.loads(p.stdout)
    except json.JSONDecodeError:
        return path, None, "exit %d, no JSON: %s" % (
            p.returncode, p.stderr.strip().splitlines()[-1:]), seconds
    return path, doc, None, seconds


def classify(doc):
    """{access key: (class, origin)} of one file's JSON document."""
    per_access = collections.defaultdict(list)
    for r in doc.get("accesses", []):
        key = (r.get("file"), r.get("line"), r.get("column"), r.get("kind"),
               r.get("function"))
        per_access[key].append(r)
    out = {}
    for key, records in per_access.items():
        if not all(r.get("judged") for r in records):
            out[key] = ("not judged", records[0].get("problem", ""))
            continue
        classes = [origin_class(r) for r in records]
        for c in ("assumed", "option", "independent", "code"):
            if c in classes:
                out[key] = (c, records[classes.index(c)].get("blockOrigin"))
                break
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bankfix", required=True)
    ap.add_argument("--ggml", required=True, help="ggml checkout")
    ap.add_argument("--build", help="its CMake build (default GGML/build)")
    ap.add_argument("--template-instances", action="store_true")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--markdown")
    args = ap.parse_args()
    cuda_dir = os.path.join(args.ggml, "src", "ggml-cuda")
    build = args.build or os.path.join(args.ggml, "build")
    database = os.path.join(build, "compile_commands.json")
    if not os.path.isdir(cuda_dir) or not os.path.isfile(database):
        print("ggml_shapes.py: did not run: no ggml checkout with a "
              "configured build at %s (need %s and %s)" %
              (args.ggml, cuda_dir, database))
        return 0
    files = sorted(glob.glob(os.path.join(cuda_dir, "*.cu")))
    if args.template_instances:
        files += sorted(glob.glob(os.path.join(cuda_dir, "template-instances",
                                               "*.cu")))
    accesses = {}
    failed = []
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        jobs = [pool.submit(run_file, args.bankfix, build, f, args.timeout)
                for f in files]
        for job in concurrent.futures.as_completed(jobs):
            path, doc, error, seconds = job.result()
            if error:
                failed.append((os.path.relpath(path, args.ggml), error))
                continue
            # A header's access seen from two files is one access.
            accesses.update(classify(doc))
    counts = collections.Counter(c for c, _ in accesses.values())
    judged = sum(counts[c] for c in ("code", "independent", "option",
                                     "assumed"))
    try:
        commit = subprocess.run(["git", "-C", args.ggml, "rev-parse",
                                 "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip() or "unknown"
    except OSError:
        commit = "unknown"
    lines = ["# Block shapes of ggml's CUDA backend", "",
             "Written by `bench/ggml_shapes.py` (ggml %s, `bankfix -p build` "
             "per file, %d s limit each)." % (commit, args.timeout), "",
             "%d files, %d failed or timed out; %d shared accesses, %d judged"
             % (len(files), len(failed), len(accesses), judged), "",
             "| origin | accesses | of judged |", "|---|---|---|"]
    for c in ("code", "independent", "option", "assumed", "not judged"):
        share = "%.1f%%" % (100.0 * counts[c] / judged) if judged and \
            c != "not judged" else ""
        lines.append("| %s | %d | %s |" % (c, counts[c], share))
    known = counts["code"] + counts["independent"]
    lines += ["", "from the code or proven independent: %d of %d judged "
              "(%.1f%%)" % (known, judged, 100.0 * known / judged if judged
                            else 0.0)]
    if failed:
        lines += ["", "## Files not measured", ""]
        lines += ["- %s: %s" % f for f in sorted(failed)]
    assumed = sorted((k, o) for k, (c, o) in accesses.items()
                     if c == "assumed")
    if assumed:
        lines += ["", "## Accesses judged under an assumed shape", ""]
        for (f, line, col, kind, fn), origin in assumed:
            lines.append("- %s:%s:%s %s in %s: %s" % (
                os.path.relpath(f, args.ggml) if f else f, line, col, kind,
                fn, origin))
    text = "\n".join(lines) + "\n"
    print(text if not args.markdown else "\n".join(lines[:15]))
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
