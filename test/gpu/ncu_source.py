# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Reads Nsight Compute's source page as CSV (`ncu --section SourceCounters
--page source --print-source cuda,sass --csv`): shared by test/gpu/report.py
and test/differential/compare.py.

shared_sass_rows(csv_path) yields one dict per shared-memory SASS instruction
(ncu prints each one twice; the second is skipped), in file order:
  path      the CUDA source file's base name
  function  ncu's "Function Name" (e.g. 'before::transposeTiled(float *, ...)')
  line      the CUDA source line the instruction belongs to
  kind      'load' or 'store' (ncu's "Access Operation", lower case)
  sass      the instruction's text (e.g. 'LDS.64 R4, [R2+0x10]')
  cells     every column of the row, by header name
"""
import csv
import re
import os
import sys


def kernel_name(ncu_function):
    """ncu's "Function Name" without its parameters and, for a template
    instance, the return type ncu writes first and the casts it writes in
    integer arguments: 'void k<float>(T1 *)' -> 'k<float>',
    'void k<(int)4>(const float *)' -> 'k<4>'; a bool argument is named as
    clang names it: 'void k<(bool)1>(int *)' -> 'k<true>'."""
    name = re.sub(r"\(bool\)([01])",
                  lambda m: "true" if m.group(1) == "1" else "false",
                  ncu_function)
    name = re.sub(r"\((?:unsigned |signed )?(?:int|long|short|char)\)",
                  "", name)
    depth = 0
    for i, c in enumerate(name):
        depth += {"<": 1, ">": -1}.get(c, 0)
        if c == "(" and depth == 0:
            name = name[:i]
            break
    name = name.strip()
    if name.startswith("void "):
        name = name[5:]
    return name


def opcode(text):
    """'@P0 LDS.U.64 R2, [R3+0x4]' -> '@P0 LDS.U.64'."""
    words = text.split()
    return " ".join(words[:2] if words and words[0].startswith("@")
                    else words[:1])


def line_totals(csv_path, file_name):
    """The shared instructions of `csv_path` summed per (kernel, line,
    kind): [wavefronts, ideal, opcodes (one per instruction), warp
    instructions]. A line of `file_name` is its number; a line of another
    file (a toolkit header) is 'header.h:107'."""
    totals = {}
    rows = list(shared_sass_rows(csv_path))
    # An instruction ncu lists under a line of the file and under the
    # headers of its inline chain counts at the file's line only.
    in_file = {(r["function"], r["cells"]["Address"]) for r in rows
               if r["path"] == file_name}
    for r in rows:
        if (r["path"] != file_name and
                (r["function"], r["cells"]["Address"]) in in_file):
            continue
        line = (r["line"] if r["path"] == file_name
                else "%s:%s" % (r["path"], r["line"]))
        t = totals.setdefault((kernel_name(r["function"]), line, r["kind"]),
                              [0, 0, [], 0])
        t[0] += int(r["cells"]["L1 Wavefronts Shared"])
        t[1] += int(r["cells"]["L1 Wavefronts Shared Ideal"])
        t[2].append(opcode(r["sass"]))
        t[3] += int(r["cells"]["Instructions Executed"])
    return totals


def header_only_instructions(csv_path, file_name):
    """The shared instructions of `csv_path` that ncu lists under no line
    of `file_name`, only under a header's (a cuda::atomic_ref's ATOM, whose
    inline chain has no line of the file): per kernel, in address order,
    dicts of address, wheres (the lines ncu lists it under, 'header.h:2134'),
    kind, wavefronts, ideal and opcode."""
    seen = {}
    for r in shared_sass_rows(csv_path):
        key = (kernel_name(r["function"]), int(r["cells"]["Address"], 16))
        entry = seen.setdefault(key, dict(
            address=key[1], kind=r["kind"], in_file=False, wheres=[],
            wavefronts=int(r["cells"]["L1 Wavefronts Shared"]),
            ideal=int(r["cells"]["L1 Wavefronts Shared Ideal"]),
            opcode=opcode(r["sass"])))
        entry["wheres"].append("%s:%s" % (r["path"], r["line"]))
        entry["in_file"] = entry["in_file"] or r["path"] == file_name
    out = {}
    for (fn, _), entry in sorted(seen.items()):
        if not entry["in_file"]:
            out.setdefault(fn, []).append(entry)
    return out


def shared_sass_rows(csv_path):
    header, path, function, line, seen = None, None, None, None, set()
    with open(csv_path, newline="") as f:
        for row in csv.reader(f):
            if len(row) == 2 and row[0] == "File Path":
                path = os.path.basename(row[1])
            elif len(row) == 2 and row[0] == "Function Name":
                function = row[1]
                seen = set()
            elif row and row[0] == "Line No":
                header = row
            elif header and len(row) == len(header):
                cells = dict(zip(header, row))
                if row[0]:  # a CUDA source line; its SASS rows follow
                    line = int(row[0])
                    continue
                # A SASS instruction (ncu prints each one twice).
                if cells["Address Space"] != "Shared" or row[2] in seen:
                    continue
                seen.add(row[2])
                yield dict(path=path, function=function, line=line,
                           kind=cells["Access Operation"].lower(),
                           sass=cells.get("Source", row[1]), cells=cells)


def main():
    """ncu_source.py LABEL CSV FILE: prints, per kernel, line and access
    kind of FILE, the shared wavefronts and ideal wavefronts, after LABEL."""
    label, csv_path, file_name = sys.argv[1:4]
    t = line_totals(csv_path, file_name)
    for k in sorted(t, key=lambda k: (str(k[1]).zfill(6), k[2])):
        print(label, k[1], k[2], t[k][0], t[k][1])


if __name__ == "__main__":
    main()
