#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Random, reproducible CUDA kernels for differential testing (bankfix vs ncu).

    gen.py --seed S --kernels N [--per-file K] OUT_DIR

Writes OUT_DIR/batch_NNN.cu (K kernels each, and a main() that launches every
kernel once with one block of its shape, so that ncu's per-line totals are
the per-block totals bankfix reports) and OUT_DIR/manifest.json, which names
every shared access the generator wrote: file, line, kernel, load/store,
array, element type, access width in bytes, guard, loop trip count, block
shape. The same seed always gives byte-identical output.

Grammar (what bankfix claims to judge):
- element types of 1, 2, 4, 8 and 16 bytes: char, short, int, float, double,
  float2, int2, float4, int4, structs whose members sit at offsets, vector
  components (.x, .y, ...);
- 1D, 2D and 3D __shared__ arrays, and 2D tiles flattened into 1D arrays;
- indices over threadIdx, blockDim, the linear thread id, lane, warp, loop
  counters and constants with + - * / % & | ^ << >> (unsigned arithmetic,
  every index kept in bounds with % extent unless its range is known);
- guards (if, ?:, && and ||) that switch lanes off;
- constant-trip loops (unrolled by bankfix and, usually, by nvcc);
- block shapes of 1 to 1024 threads, x not always a multiple of 32.
Exactly one shared access per source line, and a __syncthreads() after every
access, so nvcc cannot merge one thread's accesses into wider instructions
(docs/bank-model.md, "What nvcc 13 merges"). Every array is stored to (thread-derived
data) before it is loaded, and every load feeds a value written to global
memory, so nothing is dead code.
"""
import argparse
import json
import os
import random
import sys

U32 = 1 << 32


class Elem:
    """An element type and the ways to access it: (suffix, width, scalar type
    of what is loaded or stored)."""

    def __init__(self, name, size, accessors, decl=None):
        self.name, self.size, self.accessors, self.decl = \
            name, size, accessors, decl


STRUCTS = {
    "S12": "struct S12 { float a; float b; float c; };",
    "SD16": "struct SD16 { double v; char pad[4]; };",
    "S8": "struct S8 { short lo; short mid; int hi; };",
    "SC3": "struct SC3 { char r; char g; char b; };",
    "S24": "struct S24 { double x; float y; int z; double w; };",
    "SV32": "struct SV32 { float4 p; int4 q; };",
}

ELEMS = [
    Elem("char", 1, [("", 1, "char")]),
    Elem("unsigned char", 1, [("", 1, "unsigned char")]),
    Elem("short", 2, [("", 2, "short")]),
    Elem("int", 4, [("", 4, "int")]),
    Elem("float", 4, [("", 4, "float")]),
    Elem("unsigned", 4, [("", 4, "unsigned")]),
    Elem("double", 8, [("", 8, "double")]),
    Elem("float2", 8, [("", 8, "float2"), (".x", 4, "float"),
                       (".y", 4, "float")]),
    Elem("int2", 8, [("", 8, "int2")]),
    Elem("float4", 16, [("", 16, "float4"), (".y", 4, "float"),
                        (".w", 4, "float")]),
    Elem("int4", 16, [("", 16, "int4"), (".z", 4, "int")]),
    Elem("S12", 12, [(".a", 4, "float"), (".b", 4, "float"),
                     (".c", 4, "float"), ("", 12, "S12")], "S12"),
    Elem("SD16", 16, [(".v", 8, "double")], "SD16"),
    Elem("S8", 8, [(".lo", 2, "short"), (".mid", 2, "short"),
                   (".hi", 4, "int")], "S8"),
    Elem("SC3", 3, [(".r", 1, "char"), (".b", 1, "char")], "SC3"),
    Elem("S24", 24, [(".x", 8, "double"), (".y", 4, "float"),
                     (".w", 8, "double")], "S24"),
    Elem("SV32", 32, [(".p", 16, "float4"), (".q", 16, "int4"),
                      (".q.y", 4, "int")], "SV32"),
]
# Weights: plain 4-byte types are the common case; the rest is spread.
ELEM_WEIGHTS = [4, 1, 4, 6, 8, 2, 6, 4, 2, 4, 3, 3, 3, 3, 2, 2, 2]

EXTENTS_1D = [16, 17, 31, 32, 33, 48, 64, 65, 96, 100, 128, 129, 256, 257,
              512, 1024]
EXTENTS_2D = [(8, 8), (8, 32), (16, 16), (16, 17), (32, 32), (32, 33),
              (31, 31), (64, 16), (33, 32), (32, 64), (64, 65), (24, 40),
              (32, 8), (4, 129)]
EXTENTS_3D = [(4, 8, 8), (4, 8, 32), (2, 16, 17), (4, 4, 33), (8, 8, 8),
              (2, 32, 32), (3, 5, 7)]


class Expr:
    """An index expression: its text and the range of values it takes
    (None when unknown, e.g. after unsigned wrap-around)."""

    def __init__(self, text, lo, hi, atom=False):
        self.text, self.lo, self.hi, self.atom = text, lo, hi, atom

    def known(self):
        return self.lo is not None

    def paren(self):
        return self.text if self.atom else "(" + self.text + ")"


def rng_range(lo, hi):
    if lo is None or lo < 0 or hi >= U32:
        return None, None
    return lo, hi


class KernelGen:
    def __init__(self, rnd, name):
        self.rnd, self.name = rnd, name
        self.block = self.pick_block()
        bx, by, bz = self.block
        n = bx * by * bz
        self.atoms = [("threadIdx.x", 0, bx - 1), ("threadIdx.y", 0, by - 1),
                      ("threadIdx.z", 0, bz - 1), ("blockDim.x", bx, bx),
                      ("blockDim.y", by, by), ("tid", 0, n - 1),
                      ("lane", 0, min(31, n - 1)), ("warp", 0, (n - 1) // 32),
                      ("n", None, None)]
        # n is a kernel parameter (1 at the launch) that bankfix cannot know:
        # an index that multiplies the lane by it is declined, not judged.
        self.atom_weights = [8, 3 if by > 1 else 1, 2 if bz > 1 else 0, 1, 1,
                             8, 4, 2, 0.4]

    def pick_block(self):
        r = self.rnd
        kind = r.choices(["1d", "2d", "3d"], [5, 4, 1])[0]
        if kind == "1d":
            x = r.choice([1, 7, 32, 33, 48, 64, 96, 100, 128, 200, 256, 512,
                          1024, r.randint(1, 1024), r.randint(1, 300)])
            return (x, 1, 1)
        if kind == "2d":
            x = r.choice([4, 7, 8, 12, 16, 17, 24, 32, 33, 40, 64])
            y = r.randint(1, max(1, min(32, 1024 // x)))
            return (x, y, 1)
        x = r.choice([2, 4, 5, 8, 16, 32])
        y = r.randint(1, 8)
        z = r.randint(1, max(1, min(8, 1024 // (x * y))))
        return (x, y, z)

    # ---- index expressions -------------------------------------------
    def atom(self, loop):
        r = self.rnd
        if loop and r.random() < 0.35:
            return Expr("i", 0, loop - 1, True)
        if r.random() < 0.15:
            c = r.randint(0, 40)
            return Expr("%du" % c, c, c, True)
        name, lo, hi = r.choices(self.atoms, self.atom_weights)[0]
        return Expr(name, lo, hi, True)

    def expr(self, depth, loop):
        r = self.rnd
        if depth <= 0 or r.random() < 0.3:
            return self.atom(loop)
        op = r.choice(["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>",
                       "*", "+"])
        a = self.expr(depth - 1, loop)
        if op in ("/", "%"):
            c = r.choice([1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 32, 33])
            text = "%s %s %du" % (a.paren(), op, c)
            if not a.known():
                lo, hi = (0, c - 1) if op == "%" else (0, (U32 - 1) // c)
            elif op == "/":
                lo, hi = a.lo // c, a.hi // c
            else:
                lo, hi = (0, c - 1) if a.hi >= c else (a.lo, a.hi)
            return Expr(text, lo, hi)
        if op in ("<<", ">>"):
            c = r.randint(0, 5)
            text = "%s %s %du" % (a.paren(), op, c)
            if not a.known():
                return Expr(text, *((None, None) if op == "<<"
                                    else (0, (U32 - 1) >> c)))
            if op == ">>":
                return Expr(text, a.lo >> c, a.hi >> c)
            return Expr(text, *rng_range(a.lo << c, a.hi << c))
        if op == "*" and r.random() < 0.6:
            b = r.choice([2, 3, 4, 5, 8, 16, 17, 31, 32, 33, 64])
            b = Expr("%du" % b, b, b, True)
        else:
            b = self.expr(depth - 1, loop)
        text = "%s %s %s" % (a.paren(), op, b.paren())
        if not (a.known() and b.known()):
            if op == "&" and (a.known() or b.known()):
                k = a if a.known() else b
                return Expr(text, 0, k.hi)
            return Expr(text, None, None)
        if op == "+":
            return Expr(text, *rng_range(a.lo + b.lo, a.hi + b.hi))
        if op == "-":
            return Expr(text, *rng_range(a.lo - b.hi, a.hi - b.lo))
        if op == "*":
            return Expr(text, *rng_range(a.lo * b.lo, a.hi * b.hi))
        top = (1 << max(a.hi, b.hi).bit_length()) - 1
        if op == "&":
            return Expr(text, 0, min(a.hi, b.hi))
        return Expr(text, 0, top)  # | and ^

    def index(self, extent, loop):
        """An index in [0, extent): a random expression, or one of the shapes
        real kernels use."""
        r = self.rnd
        e = self.expr(r.choice([1, 1, 2, 2, 3]), loop)
        if r.random() < 0.25:
            e = self.atom(loop)
        if e.known() and e.hi < extent:
            return e.text
        return "%s %% %du" % (e.paren(), extent)

    def cond(self, loop):
        r = self.rnd
        parts = []
        for _ in range(r.choice([1, 1, 1, 2])):
            e = self.expr(r.choice([0, 1, 1]), loop)
            c = r.randint(1, 40)
            cmp = r.choice(["<", ">", "!=", "==", "<=", ">="])
            if r.random() < 0.4:
                m = r.choice([2, 3, 4, 5, 8, 32])
                parts.append("%s %% %du %s %du" % (e.paren(), m, cmp,
                                                  r.randrange(1, m)))
            else:
                parts.append("%s %s %du" % (e.text, cmp, c))
        if len(parts) == 1:
            return parts[0]
        return (" %s " % r.choice(["&&", "||"])).join(
            "(%s)" % p for p in parts)


def store_value(ctype, rnd):
    m, c = rnd.choice([1, 3, 5, 7]), rnd.randint(0, 9)
    v = "tid * %du + %du" % (m, c)
    if ctype == "float2":
        return "make_float2((float)(%s), (float)lane)" % v
    if ctype == "int2":
        return "make_int2((int)(%s), (int)warp)" % v
    if ctype == "float4":
        return "make_float4((float)(%s), 1.f, (float)lane, 2.f)" % v
    if ctype == "int4":
        return "make_int4((int)(%s), 3, (int)lane, (int)warp)" % v
    if ctype == "S12":  # a 12-byte copy: nvcc splits it (bankfix declines)
        return "S12{(float)(%s), 1.f, (float)lane}" % v
    return "(%s)(%s)" % (ctype, v)


def load_stmt(ref, ctype):
    if ctype in ("float2", "int2"):
        return "{ %s v = %s; acc += (float)v.x + (float)v.y; }" % (ctype, ref)
    if ctype in ("float4", "int4"):
        return ("{ %s v = %s; acc += (float)v.x + (float)v.y + (float)v.z + "
                "(float)v.w; }" % (ctype, ref))
    if ctype == "S12":
        return "{ S12 v = %s; acc += v.a + v.b + v.c; }" % ref
    return "acc += (float)%s;" % ref


def generate(seed, kernels, per_file):
    rnd = random.Random(seed)
    files, manifest = {}, []
    for f0 in range(0, kernels, per_file):
        fname = "batch_%03d.cu" % (f0 // per_file)
        lines = ["// Generated by test/differential/gen.py --seed %d: do not "
                 "edit." % seed, "#include <cstdio>", "#include <cstdlib>"]
        lines += [STRUCTS[k] for k in sorted(STRUCTS)]
        launches = []
        for k in range(f0, min(kernels, f0 + per_file)):
            kname = "dk%04d" % k
            manifest += emit_kernel(KernelGen(rnd, kname), lines, fname)
            launches.append(kname)
        lines += ["", "int main() {", "  float *out = nullptr;",
                  "  if (cudaMalloc(&out, 1024 * sizeof(float)) != "
                  "cudaSuccess)"
                  " return 2;"]
        shapes = {m["kernel"]: m["block"] for m in manifest}
        for kname in launches:
            bx, by, bz = shapes[kname]
            lines.append("  %s<<<1, dim3(%d, %d, %d)>>>(out, 1u);" % (
                kname, bx, by, bz))
        lines += ["  cudaError_t err = cudaDeviceSynchronize();",
                  "  if (err != cudaSuccess) {",
                  "    std::fprintf(stderr, \"%s\\n\", "
                  "cudaGetErrorString(err));",
                  "    return 1;", "  }", "  cudaFree(out);", "  return 0;",
                  "}"]
        files[fname] = "\n".join(lines) + "\n"
    return files, manifest


def emit_kernel(g, lines, fname):
    r = g.rnd
    bx, by, bz = g.block
    nthreads = bx * by * bz
    # Arrays.
    arrays, budget = [], 40 * 1024
    for a in range(r.choice([1, 2, 2, 3, 3])):
        elem = r.choices(ELEMS, ELEM_WEIGHTS)[0]
        shape = r.choices(["1d", "2d", "flat", "3d"], [4, 4, 2, 1])[0]
        dims = ([r.choice(EXTENTS_1D)] if shape == "1d" else
                list(r.choice(EXTENTS_3D)) if shape == "3d" else
                list(r.choice(EXTENTS_2D)))
        count = 1
        for d in dims:
            count *= d
        while count * elem.size > budget // 2 and len(dims) and dims[0] > 1:
            dims[0] = max(1, dims[0] // 2)
            count = 1
            for d in dims:
                count *= d
        budget -= count * elem.size
        arrays.append(dict(name="s%d" % a, elem=elem, shape=shape, dims=dims))
    kernel_lines = ["", "__global__ void %s(float *out, unsigned n) {" %
                    g.name]
    for a in arrays:
        if a["shape"] == "flat":
            decl = "[%d]" % (a["dims"][0] * a["dims"][1])
        else:
            decl = "".join("[%d]" % d for d in a["dims"])
        kernel_lines.append("  __shared__ %s %s%s;" % (a["elem"].name,
                                                       a["name"], decl))
    kernel_lines += [
        "  const unsigned tid = threadIdx.x + threadIdx.y * blockDim.x + "
        "threadIdx.z * blockDim.x * blockDim.y;",
        "  const unsigned lane = tid % 32u;",
        "  const unsigned warp = tid / 32u;",
        "  float acc = 0.f;"]
    # Accesses: every array stored, then loaded; a few more of either.
    # One unguarded store and one unguarded load of every array ("must"):
    # were every store of an array dead (a guard nvcc proves false), its
    # loads would read nothing and nvcc would delete them, and with them the
    # loads that feed the same accumulator; were every load dead, nvcc would
    # delete the stores (seen in run 1).
    plan = [(a, "store", True) for a in arrays] + \
        [(a, "load", True) for a in arrays]
    extra = r.randint(4, 10)
    plan += [(r.choice(arrays), r.choice(["load", "load", "store"]), False)
             for _ in range(extra)]
    stores = [p for p in plan if p[1] == "store"]
    loads = [p for p in plan if p[1] == "load"]
    r.shuffle(stores)
    r.shuffle(loads)
    # The first store of each array comes before its loads: keep the
    # mandatory stores first.
    ordered = [p for p in stores if p[2]] + [p for p in stores if not p[2]]
    ordered += loads
    accesses = []
    for a, kind, must in ordered:
        loop = r.choice([0, 0, 0, 0, 2, 3, 4])
        guard_kind = r.choices(["none", "if", "ternary"],
                               [6, 3, 1 if kind == "load" else 0])[0]
        if must:
            guard_kind = "none"
        suffix, width, ctype = r.choice(a["elem"].accessors)
        if a["shape"] == "flat":
            d0, d1 = a["dims"]
            ref = "%s[(%s) * %du + (%s)]" % (
                a["name"], g.index(d0, loop), d1, g.index(d1, loop))
        else:
            ref = a["name"] + "".join("[%s]" % g.index(d, loop)
                                      for d in a["dims"])
        ref += suffix
        if kind == "store":
            stmt = "%s = %s;" % (ref, store_value(ctype, r))
        else:
            stmt = load_stmt(ref, ctype)
        cond = g.cond(loop) if guard_kind != "none" else None
        if guard_kind == "if":
            stmt = "if (%s) %s" % (cond, stmt)
        elif guard_kind == "ternary":
            whole = ("float2", "int2", "float4", "int4", "S12")
            stmt = "acc += (%s) ? (float)%s : 0.f;" % (cond, ref) \
                if ctype not in whole else "if (%s) %s" % (cond, stmt)
        indent = "  "
        if loop:
            kernel_lines.append("  for (int i = 0; i < %d; ++i) {" % loop)
            indent = "    "
        kernel_lines.append(indent + stmt)
        line_no = len(lines) + len(kernel_lines)  # 1-based
        kernel_lines.append(indent + "__syncthreads();")
        if loop:
            kernel_lines.append("  }")
        accesses.append(dict(
            file=fname, line=line_no, kernel=g.name, kind=kind,
            array=a["name"], element=a["elem"].name,
            elementSize=a["elem"].size, width=width, accessType=ctype,
            arrayShape=a["shape"], dims=a["dims"], guard=guard_kind,
            loop=loop, block=list(g.block), threads=nthreads))
    kernel_lines += ["  out[tid] = acc;", "}"]
    lines += kernel_lines
    for acc in accesses:
        assert lines[acc["line"] - 1].lstrip().startswith(
            ("acc", "if", "{", "s")), lines[acc["line"] - 1]
    return accesses


def main(argv=None, generate_files=None, name="gen.py", doc=None):
    """The command line of a generator: writes the kernels of
    \p generate_files (seed, kernels, per_file) -> (files, manifest) and
    manifest.json into OUT. gen_compiled.py calls it with its own."""
    generate_files = generate_files or generate
    ap = argparse.ArgumentParser(
        description=(doc or __doc__).splitlines()[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--kernels", type=int, required=True)
    ap.add_argument("--per-file", type=int, default=20)
    ap.add_argument("out")
    args = ap.parse_args(argv)
    if args.kernels < 1 or args.per_file < 1:
        ap.error("--kernels and --per-file must be at least 1")
    files, manifest = generate_files(args.seed, args.kernels, args.per_file)
    os.makedirs(args.out, exist_ok=True)
    for fname, text in sorted(files.items()):
        with open(os.path.join(args.out, fname), "w") as f:
            f.write(text)
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump(dict(seed=args.seed, kernels=args.kernels,
                       generator="%s --seed %d --kernels %d --per-file %d"
                       % (name, args.seed, args.kernels, args.per_file),
                       files=sorted(files), accesses=manifest), f, indent=1,
                  sort_keys=True)
        f.write("\n")
    print("%s: %d kernels, %d accesses in %d files under %s" % (
        name[:-3], args.kernels, len(manifest), len(files), args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
