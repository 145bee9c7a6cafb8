#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Random, reproducible CUDA kernels where nvcc is free to transform one
thread's shared accesses, for the "as compiled" differential test.

    gen_compiled.py --seed S --kernels N [--per-file K] OUT_DIR

Writes OUT_DIR/batch_NNN.cu and OUT_DIR/manifest.json as gen.py does (one
shared access per source line, each kernel launched once with one block),
but with no barrier between a thread's accesses of one scenario, so that
nvcc may merge, widen, narrow and reuse them (docs/bank-model.md, "What
nvcc 13 merges"). Each kernel fills its arrays, then runs one or two
scenarios:
- runs of 2 to 8 adjacent (or strided) elements per thread, loads or
  stores, of 1-, 2-, 4-, 8- and 16-byte types, in either order, with the
  index spelled through threadIdx directly, a local, a macro, a cast, a
  helper function, a pointer or a reference, and sometimes something
  between two of them (a shuffle, min/max, sqrtf, float division, a global
  store, another array's load or store, a predicated branch);
- unrolled loops (with and without `#pragma unroll`) over 2 to 16
  consecutive elements, and 2-D tiles read along a row;
- vectors (float4, int4, float2, double2) of which some components are
  used;
- a compare-and-swap of two elements through references;
- one element loaded twice, or stored then loaded;
- a loop bounded by blockDim (compiled once by nvcc) with a pair per
  iteration;
- arrays after an array of odd size, or declared __align__(16), so that
  their start is not always aligned.
The same seed always gives byte-identical output.
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402  (its command line serves both generators)

# (name, bytes, scalar expression to add a loaded value to acc, value to store)
TYPES = {
    "char": (1, "(float){v}", "(char)({e})"),
    "unsigned char": (1, "(float){v}", "(unsigned char)({e})"),
    "short": (2, "(float){v}", "(short)({e})"),
    "int": (4, "(float){v}", "(int)({e})"),
    "float": (4, "{v}", "(float)({e})"),
    "unsigned": (4, "(float){v}", "(unsigned)({e})"),
    "double": (8, "(float){v}", "(double)({e})"),
    "float2": (8, "vsum({v})", "make_float2((float)({e}), 1.f)"),
    "int2": (8, "vsum({v})", "make_int2((int)({e}), 2)"),
    "float4": (16, "vsum({v})", "make_float4((float)({e}), 1.f, 2.f, 3.f)"),
}
RUN_TYPES = ["char", "unsigned char", "short", "int", "float", "float",
             "unsigned", "double", "float2", "int2", "float4"]
RUN_WEIGHTS = [1, 1, 3, 3, 6, 3, 2, 3, 2, 1, 1]

BETWEEN = [
    ("none", None),
    ("shfl", "acc += __shfl_xor_sync(0xffffffffu, acc, 1);"),
    ("min", "acc = fminf(acc, 7.f) + (float)min(tid, 5u);"),
    ("sqrt", "acc = sqrtf(fabsf(acc));"),
    ("fdiv", "acc = acc / (float)(n + 2u);"),
    ("global-store", "out[tid + 4096u] = acc;"),
    ("other-load", "acc += pad[tid % 16u];"),
    ("other-store", "pad[tid % 16u] = acc;"),
    ("predicated", "if (tid % 3u == 1u) out[tid + 8192u] = acc;"),
]
BETWEEN_WEIGHTS = [12, 1, 1, 1, 1, 1, 1, 1, 1]


class Kernel:
    """One kernel being written: its arrays, its lines, its accesses."""

    def __init__(self, rnd, name, fname, first_line):
        self.rnd, self.name, self.fname = rnd, name, fname
        self.first_line = first_line
        self.block = self.pick_block()
        self.threads = self.block[0] * self.block[1]
        self.full_warps = self.threads % 32 == 0
        self.decls, self.fill, self.body = [], [], []
        self.accesses = []
        self.arrays = {}

    def pick_block(self):
        r = self.rnd
        return r.choice([(32, 1), (64, 1), (128, 1), (96, 1), (256, 1),
                         (16, 8), (32, 4), (16, 16), (8, 8), (48, 1)])

    def array(self, ctype, elems, align=False):
        """Declares an array of \p elems elements and fills it."""
        name = "s%d" % len(self.arrays)
        size, _, store = TYPES[ctype]
        if self.rnd.random() < 0.2:
            # Something of odd size before it: it may start unaligned.
            odd = self.rnd.choice([1, 2, 3, 5, 6, 7])
            pname = "q%d" % len(self.arrays)
            self.decls.append("  __shared__ float %s[%d];" % (pname, odd))
            self.fill.append(("  if (tid < %du) %s[tid] = (float)tid;"
                              % (odd, pname), pname, "store", 4))
            self.body_tail.append(("  acc += %s[(tid + 1u) %% %du];"
                                   % (pname, odd), pname, "load", 4))
        attr = "__align__(16) " if align else ""
        self.decls.append("  __shared__ %s%s %s[%d];" % (attr, ctype, name,
                                                          elems))
        self.fill.append(("  for (unsigned i = tid; i < %du; i += %s) "
                          "%s[i] = %s;" % (elems, self.stride(), name,
                                           store.format(e="i * 7u + 3u")),
                          name, "store", size))
        self.arrays[name] = (ctype, elems)
        return name

    def stride(self):
        """The threads of the block, as real kernels spell them."""
        return ("blockDim.x" if self.block[1] == 1
                else "blockDim.x * blockDim.y")

    def access(self, text, array, kind, width):
        self.body.append((text, array, kind, width))

    def plain(self, text):
        self.body.append((text, None, None, None))

    # ---- index spellings -----------------------------------------------
    def base(self, per_thread_bytes=4):
        """A per-thread base index and its largest value, such that an
        array of \p per_thread_bytes per value stays under 12 KiB."""
        r = self.rnd
        bx, by = self.block
        if per_thread_bytes * self.threads > 12288:
            return r.choice([("laneIdx()", 31), ("tid % 32u", 31)])
        forms = [("threadIdx.x", bx - 1), ("t", bx - 1), ("TX", bx - 1),
                 ("(unsigned)threadIdx.x", bx - 1), ("laneIdx()", min(bx, 32) - 1),
                 ("tid", self.threads - 1), ("tid % 32u", min(self.threads, 32) - 1)]
        if by > 1:
            forms.append(("threadIdx.y * %du + threadIdx.x" % bx,
                          self.threads - 1))
        return r.choice(forms)

    # ---- scenarios ------------------------------------------------------
    def run(self):
        r = self.rnd
        ctype = r.choices(RUN_TYPES, RUN_WEIGHTS)[0]
        size, load, store = TYPES[ctype]
        count = r.choice([2, 2, 3, 4, 4, 8])
        stride = r.choice([count, count, count, count + 1, 2 * count])
        first = r.choice([0, 0, 0, 1])
        base, top = self.base(stride * size)
        elems = stride * (top + 1) + first + count + 4
        arr = self.array(ctype, elems, align=r.random() < 0.15)
        kind = r.choice(["load", "load", "store"])
        order = list(range(count))
        if r.random() < 0.2:
            order.reverse()
        between = r.choices(BETWEEN, BETWEEN_WEIGHTS)[0]
        if between[0] == "shfl" and not self.full_warps:
            between = BETWEEN[0]
        spelling = r.choice(["index", "index", "pointer", "reference"])
        index = lambda j: "%du * %s + %du" % (stride, base, first + j)
        if spelling == "pointer":
            self.plain("  %s *p%s = &%s[%du * %s];" % (ctype, arr, arr, stride,
                                                      base))
            ref = lambda j: "p%s[%du]" % (arr, first + j)
        elif spelling == "reference":
            ref = lambda j: "r%s_%d" % (arr, j)
            for j in range(count):
                self.plain("  %s &r%s_%d = %s[%s];" % (ctype, arr, j, arr,
                                                      index(j)))
        else:
            ref = lambda j: "%s[%s]" % (arr, index(j))
        for pos, j in enumerate(order):
            if kind == "load":
                self.access("  acc += %s;" % load.format(v=ref(j)), arr,
                            "load", size)
            else:
                self.access("  %s = %s;" % (ref(j), store.format(
                    e="acc + %d.f" % j)), arr, "store", size)
            if pos == 0 and between[1]:
                self.between(between)
        if kind == "store":
            self.plain("  __syncthreads();")
            self.access("  acc += %s;" % load.format(
                v="%s[(tid * 5u) %% %du]" % (arr, elems)), arr, "load", size)

    def between(self, between):
        if between[0] in ("other-load", "other-store"):
            self.need_pad = True
            kind = "load" if between[0] == "other-load" else "store"
            self.access("  " + between[1], "pad", kind, 4)
        else:
            self.plain("  " + between[1])

    def loop(self):
        r = self.rnd
        ctype = r.choices(["short", "int", "float", "double", "char"],
                          [2, 2, 5, 2, 1])[0]
        size, load, store = TYPES[ctype]
        trips = r.choice([2, 4, 8, 16])
        stride = r.choice([trips, trips, trips + 1])
        base, top = self.base(stride * size)
        elems = stride * (top + 1) + trips + 4
        arr = self.array(ctype, elems, align=r.random() < 0.15)
        pragma = r.random() < 0.6
        if pragma:
            self.plain("#pragma unroll")
        kind = r.choice(["load", "load", "store"])
        self.plain("  for (unsigned j = 0; j < %du; ++j)" % trips)
        ref = "%s[%du * %s + j]" % (arr, stride, base)
        if kind == "load":
            self.access("    acc += %s * (float)(j + 1u);" % load.format(v=ref),
                        arr, "load", size)
        else:
            self.access("    %s = %s;" % (ref, store.format(e="acc * (float)j")),
                        arr, "store", size)
            self.plain("  __syncthreads();")
            self.access("  acc += %s;" % load.format(
                v="%s[(tid * 5u) %% %du]" % (arr, elems)), arr, "load", size)

    def tile(self):
        r = self.rnd
        bx, by = self.block
        cols = r.choice([16, 32, 33, 34, 36, 64])
        rows = max(by, 2)
        name = "s%d" % len(self.arrays)
        self.decls.append("  __shared__ float %s[%d][%d];" % (name, rows, cols))
        self.fill.append(("  for (unsigned i = tid; i < %du; i += %s) "
                          "%s[i / %du][i %% %du] = (float)i;" % (
                              rows * cols, self.stride(), name, cols, cols),
                          name, "store", 4))
        self.arrays[name] = ("float", rows * cols)
        row = "threadIdx.y" if by > 1 else "(threadIdx.x %% %du)" % rows
        if r.random() < 0.5:
            trips = r.choice([4, 8, 16])
            self.plain("#pragma unroll")
            self.plain("  for (unsigned k = 0; k < %du; ++k)" % trips)
            col = "(k + %du) %% %du" % (r.choice([0, 0, 1]), cols)
            self.access("    acc += %s[%s][%s];" % (name, row, col), name,
                        "load", 4)
        else:
            col = "(threadIdx.x %% %du)" % (cols // 2)
            self.access("  acc += %s[%s][2u * %s];" % (name, row, col), name,
                        "load", 4)
            self.access("  acc += %s[%s][2u * %s + 1u];" % (name, row, col),
                        name, "load", 4)

    def vector(self):
        r = self.rnd
        ctype, comps = r.choice([("float4", "xyzw"), ("int4", "xyzw"),
                                 ("float2", "xy"), ("double2", "xy")])
        used = [c for c in comps if r.random() < 0.5] or [r.choice(comps)]
        base, top = self.base(16)
        name = "s%d" % len(self.arrays)
        elems = top + 2
        self.decls.append("  __shared__ %s %s[%d];" % (ctype, name, elems))
        make = {"float4": "make_float4((float)i, 1.f, 2.f, 3.f)",
                "int4": "make_int4((int)i, 1, 2, 3)",
                "float2": "make_float2((float)i, 1.f)",
                "double2": "make_double2((double)i, 1.0)"}[ctype]
        size = 16 if ctype in ("float4", "int4", "double2") else 8
        self.fill.append(("  for (unsigned i = tid; i < %du; i += %s) "
                          "%s[i] = %s;" % (elems, self.stride(), name, make),
                          name, "store", size))
        self.arrays[name] = (ctype, elems)
        expr = " + ".join("(float)v%s.%s" % (name, c) for c in used)
        self.access("  { %s v%s = %s[%s]; acc += %s; }" % (
            ctype, name, name, base, expr), name, "load", size)

    def comparator(self):
        r = self.rnd
        base, top = self.base(16)
        a, b = r.choice([(0, 1), (0, 1), (1, 0), (0, 2), (1, 2)])
        elems = 4 * (top + 1) + 4
        arr = self.array("float", elems)
        helper = "orderPair_%s_%d" % (self.name, len(self.helpers))
        self.helpers.append((helper, arr))
        self.plain("  %s(%s[4u * %s + %du], %s[4u * %s + %du]);" % (
            helper, arr, base, a, arr, base, b))
        self.plain("  __syncthreads();")
        self.access("  acc += %s[(tid * 3u) %% %du];" % (arr, elems), arr,
                    "load", 4)

    def reuse(self):
        r = self.rnd
        ctype = r.choice(["float", "int", "double", "short"])
        size, load, store = TYPES[ctype]
        stride = r.choice([1, 2, 3, 32, 33])
        base, top = self.base(stride * size)
        elems = stride * (top + 1) + 4
        arr = self.array(ctype, elems)
        ref = "%s[%du * %s]" % (arr, stride, base)
        if r.random() < 0.5:
            self.access("  acc += %s;" % load.format(v=ref), arr, "load", size)
            if r.random() < 0.5:
                self.plain("  out[tid + 12288u] = acc;")
            self.access("  acc += %s;" % load.format(v=ref), arr, "load", size)
        else:
            self.access("  %s = %s;" % (ref, store.format(e="acc + 1.f")), arr,
                        "store", size)
            self.access("  acc += %s;" % load.format(v=ref), arr, "load", size)

    def block_loop(self):
        r = self.rnd
        elems = r.choice([256, 512, 1024])
        arr = self.array("float", elems)
        half = elems // 2
        self.plain("  for (unsigned k = tid; k < %du; k += blockDim.x) {" % half)
        self.access("    acc += %s[2u * k];" % arr, arr, "load", 4)
        self.access("    acc += %s[2u * k + 1u];" % arr, arr, "load", 4)
        self.plain("  }")

    def write(self):
        r = self.rnd
        self.need_pad = False
        self.body_tail = []
        self.helpers = []
        scenarios = [self.run, self.run, self.run, self.loop, self.loop,
                     self.tile, self.vector, self.comparator, self.reuse,
                     self.block_loop]
        picks = [r.choice(scenarios) for _ in range(r.choice([1, 2, 2]))]
        for k, s in enumerate(picks):
            if k:
                self.plain("  __syncthreads();")
            s()
        lines = ["__global__ void %s(float *out, unsigned n) {" % self.name,
                 "  const unsigned tid = threadIdx.y * blockDim.x + "
                 "threadIdx.x;",
                 "  const unsigned t = threadIdx.x;",
                 "  (void)t;",
                 "  float acc = (float)n;"]
        entries = []  # (text, array, kind, width)
        for d in self.decls:
            entries.append((d, None, None, None))
        if self.need_pad:
            entries.append(("  __shared__ float pad[16];", None, None, None))
            entries.append(("  if (tid < 16u) pad[tid] = (float)tid;", "pad",
                            "store", 4))
            self.body_tail.append(("  acc += pad[(tid + 3u) % 16u];", "pad",
                                   "load", 4))
        for f in self.fill:
            entries.append(f)
        entries.append(("  __syncthreads();", None, None, None))
        entries += self.body
        entries += self.body_tail
        entries.append(("  out[tid] = acc;", None, None, None))
        entries.append(("}", None, None, None))
        # Each comparator's helper, before the kernel: one access a line.
        text_lines = []
        for helper, arr in self.helpers:
            head = ["__device__ __forceinline__ void %s(float &a, float &b) {"
                    % helper]
            text_lines += head
            for text, kind in (("  float x = a;", "load"),
                               ("  float y = b;", "load"),
                               ("  a = fminf(x, y);", "store"),
                               ("  b = fmaxf(x, y);", "store")):
                text_lines.append(text)
                self.record(len(text_lines), arr, kind, 4)
            text_lines += ["}", ""]
        text_lines += lines
        for text, array, kind, width in entries:
            text_lines.append(text)
            if array:
                self.record(len(text_lines), array, kind, width)
        return text_lines

    def record(self, line, array, kind, width):
        """An access on line \p line of the text written so far."""
        self.accesses.append(dict(
            file=self.fname, line=self.first_line + line - 1,
            kernel=self.name, kind=kind, array=array, element="?",
            elementSize=width, width=width, accessType="?", arrayShape="?",
            dims=[], guard="none", loop=0,
            block=[self.block[0], self.block[1], 1], threads=self.threads))


PRELUDE = """#include <cstdio>
#define TX threadIdx.x

__device__ __forceinline__ unsigned laneIdx() { return threadIdx.x % 32u; }

// A vector element read whole, once.
__device__ __forceinline__ float vsum(float2 w) { return w.x * w.y; }
__device__ __forceinline__ float vsum(int2 w) { return (float)(w.x + w.y); }
__device__ __forceinline__ float vsum(float4 w) { return w.x + w.w; }
"""


def generate(seed, kernels, per_file):
    rnd = random.Random(seed)
    files, manifest = {}, []
    for f in range((kernels + per_file - 1) // per_file):
        fname = "batch_%03d.cu" % f
        lines = PRELUDE.split("\n")
        launches = []
        for k in range(min(per_file, kernels - f * per_file)):
            name = "k%03d_%02d" % (f, k)
            g = Kernel(rnd, name, fname, len(lines) + 1)
            body = g.write()
            lines += body + [""]
            manifest += g.accesses
            launches.append("  %s<<<1, dim3(%d, %d, 1)>>>(out, 1u);" % (
                name, g.block[0], g.block[1]))
        lines += ["int main() {", "  float *out = nullptr;",
                  "  if (cudaMalloc(&out, 16384 * sizeof(float)) != "
                  "cudaSuccess) return 2;",
                  "  cudaMemset(out, 0, 16384 * sizeof(float));"]
        lines += launches
        lines += ["  cudaError_t e = cudaDeviceSynchronize();",
                  "  printf(\"%s\\n\", cudaGetErrorString(e));",
                  "  return e != cudaSuccess;", "}", ""]
        files[fname] = "\n".join(lines)
    return files, manifest


def main(argv=None):
    return gen.main(argv, generate, "gen_compiled.py", __doc__)


if __name__ == "__main__":
    sys.exit(main())
