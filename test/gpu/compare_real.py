#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compares the real-code corpus's measured shared wavefronts with bankfix.

    compare_real.py WORK_DIR EXPECTED_DIR RESULTS_MD [KNOWN_DIFFERENCES]

WORK_DIR holds NAME.ncu.csv for each test/inputs/real/NAME.cu (every kernel
launched once, with one block) and environment.txt; EXPECTED_DIR holds
bankfix's golden NAME.json. Per kernel, source line and access kind, the
measured wavefronts and ideal wavefronts (summed over the shared SASS
instructions ncu attributes to the line) must equal the sum of bankfix's
blockWavefronts and blockIdeal over the judged accesses of that line. A
shared instruction on a line where bankfix found no access is a miss; a line
bankfix judged that ncu did not see (the compiler removed it) is listed.
A line bankfix judged only as a worst case (its accesses are not exact:
which lanes run them depends on data read from memory, or on a value not
known) must measure at most its numbers; one with exact accesses too, at
least theirs. An access in library code (the JSON's "library": CUB's
block primitives) is compared at its header line. A line listed in
KNOWN_DIFFERENCES (default: real-known-differences.txt beside this script)
is reported with its reason. Writes RESULTS_MD; exits 1 when a judged line differs or an
access is missed, or when a listed line no longer differs.
"""
import json
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ncu_source import header_only_instructions, line_totals  # noqa: E402


def line_order(key):
    """(kernel, line, kind) keys: the file's own lines first, in order,
    then header lines ('file.h:107')."""
    fn, line, kind = key
    return (fn, 1, 0, line, kind) if isinstance(line, str) else \
        (fn, 0, line, "", kind)


def uncount(measured, fn, ins):
    """Takes the instruction `ins` of kernel `fn` off every header line ncu
    lists it under in `measured`."""
    for where in ins["wheres"]:
        key = (fn, where, ins["kind"])
        m = measured.get(key)
        if not m or ins["opcode"] not in m[2]:
            continue
        m[0] -= ins["wavefronts"]
        m[1] -= ins["ideal"]
        m[2].remove(ins["opcode"])
        if not m[2]:
            del measured[key]


def count_at_library_lines(measured, header_only, predicted):
    """An instruction ncu lists only under header lines is listed under
    every line of its inline chain (CUB's BlockScan, then the
    uninitialized_copy it calls). Where bankfix judged an access at one of
    those lines, the instruction counts there only; `measured` is rebuilt
    for the header lines of such instructions."""
    for fn, instructions in header_only.items():
        for ins in instructions:
            at = [w for w in ins["wheres"] if (fn, w, ins["kind"]) in predicted]
            if not at:
                continue
            uncount(measured, fn, ins)
            t = measured.setdefault((fn, at[0], ins["kind"]), [0, 0, [], 0])
            t[0] += ins["wavefronts"]
            t[1] += ins["ideal"]
            t[2].append(ins["opcode"])
            t[3] += 1


def library_verdict(p, m, exact, bound, calls):
    """(verdict, failures) of a header line where bankfix judged library
    code reached from the calls at `calls`. Where bankfix left some of the
    line's accesses unjudged (a radix sort's scatter, whose ranks are read
    from memory), the GPU must measure at least what it judged."""
    where = "library code called at line%s %s" % (
        "s" if len(calls) > 1 else "", ", ".join(map(str, calls)))
    if not m:
        return ("%s: not executed (removed by nvcc)" % where
                if not p[0] else
                "DIFFERENT: no instruction at this line (%s)" % where,
                1 if p[0] else 0)
    if p[2]:
        ok = m[0] >= exact[0] and m[1] >= exact[1]
        return ("%s: %d of its accesses not judged, the judged ones "
                "measure at least their numbers" % (where, p[2])
                if ok else "DIFFERENT (%s)" % where, 0 if ok else 1)
    if (p[0], p[1]) == (m[0], m[1]):
        return "equal (%s)" % where, 0
    if bound and m[0] <= p[0] and m[1] <= p[1] and \
            m[0] >= exact[0] and m[1] >= exact[1]:
        return "within bankfix's worst case (%s)" % where, 0
    return "DIFFERENT (%s)" % where, 1


def read_known_differences(path):
    """The lines where the GPU is known to differ from bankfix, for a
    reason bankfix does not model: {(file, kernel, line, kind): reason}
    from the tab-separated `path` ('#' starts a comment)."""
    known = {}
    if not os.path.exists(path):
        return known
    for text in open(path):
        if not text.strip() or text.startswith("#"):
            continue
        name, fn, line, kind, reason = text.rstrip("\n").split("\t")
        known[(name, fn, int(line) if line.isdigit() else line, kind)] = \
            reason
    return known


def known_difference(known, name, key, verdict):
    """(verdict, change to the failure count) of a row: a difference listed
    in `known` is reported with its reason and fails nothing; a listed row
    that no longer differs fails, so that the list does not go stale."""
    reason = known.pop((name, *key), None)
    if reason is None:
        return verdict, 0
    if verdict.startswith(("DIFFERENT", "MISSED")):
        return "known difference (%s): %s" % (verdict, reason), -1
    return ("%s, but listed as a known difference: remove it there"
            % verdict), 1


def main():
    work, expected, results = sys.argv[1:4]
    known_path = sys.argv[4] if len(sys.argv) > 4 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)),
        "real-known-differences.txt")
    env = dict(l.rstrip("\n").split("=", 1)
               for l in open(os.path.join(work, "environment.txt")))
    rows, failures, unjudged = [], 0, []
    known = read_known_differences(known_path)
    for file in sorted(os.listdir(expected)):
        if not file.endswith(".json"):
            continue
        name = file[:-5]
        predicted = defaultdict(lambda: [0, 0, 0])
        # Of a line with exact and worst-case accesses: the exact ones'
        # sums, which it must measure at least.
        exact_part = defaultdict(lambda: [0, 0])
        merged = set()
        doc = json.load(open(os.path.join(expected, file)))
        # Where bankfix said it does not follow shared memory (a pointer
        # passed to atomicAdd, whose body it cannot see).
        remarks = {r["line"]: r["message"] for r in doc.get("remarks", [])
                   if os.path.basename(r["file"]) == name + ".cu"}
        notes = {}
        # Lines bankfix judged as a worst case only (lanes a guard on data
        # switches on, a value not known): an upper bound, not a count.
        bounds = set()
        exact = set()
        # An access in library code (a CUB primitive's body) is compared at
        # its header line, where ncu lists its instruction; the call line
        # it was reported at is kept for the table.
        called_at = defaultdict(set)
        for a in doc["accesses"]:
            key = (a["function"], a["line"], a["kind"])
            if "library" in a:
                lib = a["library"]
                key = (a["function"], "%s:%d" % (
                    os.path.basename(lib["file"]), lib["line"]), a["kind"])
                called_at[key].add(a["line"])
            if a["judged"]:
                (exact if a.get("exact", True) else bounds).add(key)
            notes[key] = a.get("merge", "")
            if a.get("merge", "").startswith("nvcc merges it into"):
                merged.add(key)
            if not a["judged"]:
                unjudged.append((name, a["line"], a["kind"], a["problem"]))
                predicted[key][2] += 1
                continue
            predicted[key][0] += a["blockWavefronts"]
            predicted[key][1] += a["blockIdeal"]
            if a.get("exact", True):
                exact_part[key][0] += a["blockWavefronts"]
                exact_part[key][1] += a["blockIdeal"]
        # An instruction of a header (the toolkit's atomicAdd) is named by
        # file and line: bankfix judges no access there.
        measured = line_totals(os.path.join(work, name + ".ncu.csv"),
                               name + ".cu")
        # The shared instructions ncu lists under no line of the file.
        orphans = header_only_instructions(
            os.path.join(work, name + ".ncu.csv"), name + ".cu")
        if called_at:
            count_at_library_lines(measured, orphans, predicted)
        for line, message in sorted(remarks.items()):
            unjudged.append((name, line, "remark", message))
        # ncu lists an instruction of an inlined toolkit function (an
        # atomic's ATOMS) under the header's line and under the line of the
        # call: the file's line with the same kind and numbers counts it.
        at_call = {}
        for (fn, line, kind), m in measured.items():
            if not isinstance(line, str):
                at_call.setdefault((fn, kind, m[0], m[1]), line)
        # A toolkit function ncu lists only under its header's lines (a
        # wmma load's LDSM in mma.hpp): the call bankfix judged, in the same
        # kernel, with the same kind and numbers and the instruction its
        # note names, counts it.
        in_header = {}
        for key, p in sorted(predicted.items(), key=lambda i: line_order(i[0])):
            if key in measured or p[2] or not notes.get(key):
                continue
            for hkey, m in sorted(measured.items(), key=lambda i: str(i[0])):
                if (isinstance(hkey[1], str) and hkey[0] == key[0] and
                        hkey[2] == key[2] and (m[0], m[1]) == (p[0], p[1])
                        and hkey not in in_header.values() and
                        all(op in notes[key] for op in m[2])):
                    in_header[key] = hkey
                    break
        counted_at = {h: k[1] for k, h in in_header.items()}
        # A toolkit instruction ncu lists only under a header's line, none
        # of the file (a cuda::atomic_ref's ATOM: several calls share the
        # header's line): each line bankfix judged that ncu saw nowhere
        # takes, in line order, the first such instruction left of the same
        # kernel and kind with its numbers (a helper's line may come before
        # its caller's in the file and after it in the code).
        header_only = {}
        for key in sorted(predicted, key=line_order):
            p = predicted[key]
            if (key in measured or key in in_header or p[2] or
                    isinstance(key[1], str) or key not in exact):
                continue
            for ins in orphans.get(key[0], []):
                if (not ins.get("matched") and ins["kind"] == key[2] and
                        (ins["wavefronts"], ins["ideal"]) == (p[0], p[1])):
                    header_only[key] = ins
                    ins["matched"] = True
                    uncount(measured, key[0], ins)
                    break
        for key in sorted(set(predicted) | set(measured), key=line_order):
            p, m = predicted.get(key), measured.get(key)
            if key in in_header:
                m = measured[in_header[key]]
                rows.append((name, *key, p, m,
                             "equal (ncu counts it at %s, the toolkit's code "
                             "of this call)" % in_header[key][1]))
                continue
            if key in header_only:
                ins = header_only[key]
                m = [ins["wavefronts"], ins["ideal"], [ins["opcode"]], 1]
                rows.append((name, *key, p, m,
                             "equal (ncu lists it only at %s, the toolkit's "
                             "code of this call)"
                             % ins["wheres"][0]))
                continue
            if key in counted_at:
                rows.append((name, *key, p, m,
                             "the toolkit's code of line %d, counted there"
                             % counted_at[key]))
                continue
            call = (at_call.get((key[0], key[2], m[0], m[1]))
                    if m and isinstance(key[1], str) else None)
            if key in called_at:
                verdict, failed = library_verdict(
                    p, m, exact_part[key], key in bounds,
                    sorted(called_at[key]))
                failures += failed
                verdict, change = known_difference(known, name, key, verdict)
                failures += change
                rows.append((name, *key, p, m, verdict))
                continue
            if p and p[2] and not p[0] and not p[1]:
                verdict = "not judged"
            elif not p and call is not None:
                verdict = "the toolkit's code of line %d, counted there" % call
            elif not p and key[1] in remarks:
                verdict = "not judged, as bankfix remarks"
            elif not p and isinstance(key[1], str) and remarks:
                verdict = ("not judged: inside a toolkit function, as "
                           "bankfix remarks at line %s" %
                           ", ".join(map(str, sorted(remarks))))
            elif not p:
                verdict, failures = "MISSED by bankfix", failures + 1
            elif not m and key in merged:
                verdict = "merged into another line, as predicted"
            elif (not m and not isinstance(key[1], str) and key in exact and
                  any(not i.get("matched") and i["kind"] == key[2]
                      for i in orphans.get(key[0], []))):
                # Judged, seen at no line, while a toolkit instruction of
                # its kind that ncu lists only under a header is left over.
                left = [i for i in orphans[key[0]]
                        if not i.get("matched") and i["kind"] == key[2]]
                verdict, failures = (
                    "DIFFERENT: no instruction matches it; ncu lists %s "
                    "only under the toolkit's lines" % ", ".join(
                        "%s %d (%d) at %s" % (i["opcode"], i["wavefronts"],
                                              i["ideal"], i["wheres"][0])
                        for i in left), failures + 1)
            elif not m:
                verdict = "not executed (removed by nvcc)"
            elif (p[0], p[1]) == (m[0], m[1]):
                verdict = "equal"
            elif (key in bounds and m[0] <= p[0] and m[1] <= p[1] and
                  m[0] >= exact_part[key][0] and m[1] >= exact_part[key][1]):
                verdict = "within bankfix's worst case"
            else:
                verdict, failures = "DIFFERENT", failures + 1
            verdict, change = known_difference(known, name, key, verdict)
            failures += change
            rows.append((name, *key, p, m, verdict))
    for (name, fn, line, kind), reason in sorted(known.items(), key=str):
        if os.path.exists(os.path.join(expected, name + ".json")):
            failures += 1
            rows.append((name, fn, line, kind, None, None,
                         "listed as a known difference, but no such "
                         "line was compared: remove it there"))
    with open(results, "w") as out:
        out.write("# Real-code corpus on the GPU\n\n")
        out.write("Written by `test/gpu/real.sh` (do not edit): every kernel "
                  "of `test/inputs/real/` launched once with one block, "
                  "Nsight Compute's shared wavefronts per source line and "
                  "access kind against bankfix's golden JSON "
                  "(`test/expected/real/`).\n\n")
        out.write(" ".join(f"{k}: {v}." for k, v in env.items()) + "\n\n")
        out.write("| file | kernel | line | kind | bankfix wavefronts "
                  "(ideal) | ncu wavefronts (ideal) | SASS | verdict |\n")
        out.write("|---|---|---|---|---|---|---|---|\n")
        for name, fn, line, kind, p, m, verdict in rows:
            pt = f"{p[0]} ({p[1]})" if p and (p[0] or p[1]) else "-"
            mt = f"{m[0]} ({m[1]})" if m else "-"
            sass = ", ".join(sorted(set(m[2]))) if m else "-"
            out.write(f"| {name} | {fn} | {line} | {kind} | {pt} | {mt} | "
                      f"{sass} | {verdict} |\n")
        equal = sum(1 for r in rows if r[-1].startswith("equal"))
        within = sum(1 for r in rows if r[-1].startswith("within"))
        out.write(f"\n{equal} of {len(rows)} lines equal, {within} within "
                  f"bankfix's worst case (which lanes run them depends on "
                  f"the data); {failures} different or missed.\n")
        if unjudged:
            out.write("\nNot judged by bankfix (remarks):\n\n")
            for name, line, kind, problem in unjudged:
                out.write(f"- {name}:{line} {kind}: {problem}\n")
    print(open(results).read())
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
