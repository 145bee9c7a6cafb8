#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Lane addresses of the generated accesses, and bank rules checked against
the measured wavefronts (an aid for fixing the model; no GPU needed).

    lanes.py WORK_DIR --measured FILE [--rule NAME] [--show N]

Evaluates, independently of bankfix, every generated access of WORK_DIR
(gen.py's kernels; the C index and guard expressions of the source line,
unsigned 32-bit arithmetic, C precedence) for every lane of every warp and
loop iteration of its block, then computes the wavefronts and ideal of each
rule below per warp-instruction and compares their block totals with ncu's
(FILE from compare.py --write-measured); bankfix's own rule is also
compared with bankfix's predictions, which checks bankfix's evaluation of
the C expressions against this independent one:

  bankfix   the model bankfix implements (lib/core/model/BankModel.h,
            WideLoadPairing.h): whole warp for 1-4 bytes, half-warps for 8,
            quarter-warps for 16; per phase the largest number of distinct
            4-byte words in one bank; but an 8-byte load's warp (a 16-byte
            load's half-warp) takes ONE wavefront when its words fit the
            banks and its lanes pair up inside each group of four on one
            address (a 16-byte half-warp with an inactive lane needs no
            pairing); a load of one address whose index names no thread
            index: 1 wavefront for 8 bytes, one per 16 active lanes for 16
            (uniform register); ideal = 1 for 1-4 bytes, ceil(active lanes
            x width / 128) for 8 and 16, for loads at most the wavefronts.
  phase     bankfix's model before issue 16: the phase rule, ideal = phases
            with an active lane, and the uniform exception (1 / 2
            wavefronts) when the index names no thread index.
  same      phase, with that exception decided by the lanes: every
            active lane of the warp on one address.
  same+ideal  same, and ideal = ceil(active lanes x width / 128) for 8 and
            16 bytes (what ideal_few_lanes_wide.cu measured).
  fit       8-byte loads: 1 wavefront when the warp's distinct addresses
            fit one (no bank with two distinct words), else half-warps;
            16-byte loads: the same per half-warp, else quarter-warps in
            it; ideal = ceil(active lanes x width / 128), for loads at most
            the wavefronts. Stores and 1-4 bytes: the phase rule.
  pairs     as fit, but one wavefront only when the distinct addresses,
            counted per half-warp (per quarter-warp for 16 bytes), are at
            most 8 (4 for 16 bytes) in all.

Every rule sees the lanes as nvcc runs them: a guarded load of at most 8
bytes whose index is a compile-time constant under a guard that is not
(speculated(): lib/core/codegen/LoadSpeculation.h) has every lane of every
warp active.

Prints, per rule, how many compared accesses it matches exactly, and the
first mismatches. Exits 2 on bad input.
"""
import argparse
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402

M = (1 << 32) - 1
PREC = {"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6, "<": 7,
        "<=": 7, ">": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10,
        "/": 10, "%": 10}
TOKEN = re.compile(r"\s*(threadIdx\.[xyz]|blockDim\.[xyz]|\d+u?|[A-Za-z_]\w*"
                   r"|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^<>()])")
MEMBER = {("S12", ".a"): 0, ("S12", ".b"): 4, ("S12", ".c"): 8,
          ("SD16", ".v"): 0, ("S8", ".lo"): 0, ("S8", ".mid"): 2,
          ("S8", ".hi"): 4, ("SC3", ".r"): 0, ("SC3", ".b"): 2,
          ("S24", ".x"): 0, ("S24", ".y"): 8, ("S24", ".w"): 16,
          ("SV32", ".p"): 0, ("SV32", ".q"): 16, ("SV32", ".q.y"): 20,
          ("float2", ".x"): 0, ("float2", ".y"): 4, ("float4", ".y"): 4,
          ("float4", ".w"): 12, ("int4", ".z"): 8}


def tokens(text):
    out, pos = [], 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            if text[pos:].strip() == "":
                break
            raise ValueError("cannot read %r" % text[pos:])
        out.append(m.group(1))
        pos = m.end()
    return out


def parse(text):
    """C expression -> nested tuples ('op', l, r) / ('var', name) /
    ('num', v)."""
    toks = tokens(text)
    pos = [0]

    def primary():
        t = toks[pos[0]]
        pos[0] += 1
        if t == "(":
            e = binary(0)
            assert toks[pos[0]] == ")", toks
            pos[0] += 1
            return e
        if t[0].isdigit():
            return ("num", int(t.rstrip("u")))
        return ("var", t)

    def binary(min_prec):
        left = primary()
        while pos[0] < len(toks) and toks[pos[0]] in PREC and \
                PREC[toks[pos[0]]] > min_prec:
            op = toks[pos[0]]
            pos[0] += 1
            right = binary(PREC[op])
            left = (op, left, right)
        return left
    e = binary(0)
    if pos[0] != len(toks):
        raise ValueError("trailing %r in %r" % (toks[pos[0]:], text))
    return e


def evaluate(e, env):
    kind = e[0]
    if kind == "num":
        return e[1]
    if kind == "var":
        return env[e[1]]
    op, a = kind, evaluate(e[1], env)
    if op == "&&":
        return int(bool(a) and bool(evaluate(e[2], env)))
    if op == "||":
        return int(bool(a) or bool(evaluate(e[2], env)))
    b = evaluate(e[2], env)
    if op == "+":
        return (a + b) & M
    if op == "-":
        return (a - b) & M
    if op == "*":
        return (a * b) & M
    if op == "/":
        return a // b
    if op == "%":
        return a % b
    if op == "<<":
        return (a << b) & M
    if op == ">>":
        return a >> b
    if op in ("&", "|", "^"):
        return {"&": a & b, "|": a | b, "^": a ^ b}[op]
    return int({"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b,
                "==": a == b, "!=": a != b}[op])


def brackets(text, start):
    """The [..] groups from text[start] on, and where they end."""
    groups, pos = [], start
    while pos < len(text) and text[pos] == "[":
        depth, i = 0, pos
        while True:
            depth += {"[": 1, "]": -1}.get(text[i], 0)
            if depth == 0:
                break
            i += 1
        groups.append(text[pos + 1:i])
        pos = i + 1
    return groups, pos


def access_of(a, source):
    """(guard expression or None, [index expressions], member suffix)."""
    at = source.find(a["array"] + "[")
    groups, end = brackets(source, at + len(a["array"]))
    member = re.match(r"(\.\w+)*", source[end:]).group(0)
    head = source[:at]
    guard = None
    m = re.match(r"if \((.*)\) ", head)
    if m:
        guard = m.group(1)
    m = re.match(r"acc \+= \((.*)\) \? ", head)
    if m:
        guard = m.group(1)
    return guard, groups, member


# What nvcc folds at compile time (lib/core/expr/CompileTimeValue.h): the
# same rules, on expressions where tid, lane and warp are spelled out.
TID = ("+", ("+", ("var", "threadIdx.x"),
             ("*", ("var", "threadIdx.y"), ("var", "blockDim.x"))),
       ("*", ("var", "threadIdx.z"),
        ("*", ("var", "blockDim.x"), ("var", "blockDim.y"))))
COMPARE = ("<", "<=", ">", ">=", "==", "!=")
MIRROR = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def spelled_out(e):
    if e[0] == "var":
        return {"tid": TID, "lane": ("%", TID, ("num", 32)),
                "warp": ("/", TID, ("num", 32))}.get(e[1], e)
    if e[0] == "num":
        return e
    return (e[0], spelled_out(e[1]), spelled_out(e[2]))


def plain(e):
    """e without the marks of variables computed before a guard."""
    if e[0] == "before":
        return plain(e[1])
    if e[0] in ("num", "var"):
        return e
    return (e[0], plain(e[1]), plain(e[2]))


def before(known):
    """What is known inside a variable computed before the guard: the loop
    counter, not the guard's facts (CompileTimeValue.h)."""
    return {"i": known["i"]} if "i" in known else {}


def low_part(part, whole):
    """k when plain part is `whole % 2^k` or `whole & (2^k - 1)`, else 0."""
    part = plain(part)
    if part[0] not in ("%", "&") or part[2][0] != "num" or \
            part[1] != plain(whole):
        return 0
    m = part[2][1] + (part[0] == "&")
    return m.bit_length() - 1 if m > 0 and m & (m - 1) == 0 else 0


def residue(e, k, known):
    """e modulo 2^k when the compiler knows it: trailing zeros, + - * << & |
    ^ on the low bits, and the guard's facts on e's low bits."""
    v = folded(e, known)
    if v is not None:
        return v % (1 << k)
    if trailing_zeros(e, known) >= k:
        return 0
    for fx, c in known.get("facts", ()):
        if low_part(fx, e) >= k:
            return c % (1 << k)
    if e[0] == "before":
        return residue(e[1], k, before(known))
    if e[0] in ("num", "var"):
        return None
    op = e[0]
    if op in ("<<", "%"):
        r = folded(e[2], known)
        if r is None:
            return None
        if op == "<<":
            if r >= k:
                return 0
            low = residue(e[1], k - r, known)
            return None if low is None else (low << r) % (1 << k)
        keeps = r > 0 and r & (r - 1) == 0 and r.bit_length() - 1 >= k
        return residue(e[1], k, known) if keeps else None
    a, b = residue(e[1], k, known), residue(e[2], k, known)
    if a is None or b is None or op not in ("+", "-", "*", "&", "|", "^"):
        return None
    return evaluate((op, ("num", a), ("num", b)), {}) % (1 << k)


def folded(e, known):
    """e's value when the compiler knows it (known: the loop counter, the
    thread indices the guard fixes, and under "facts" the other
    expressions it fixes), else None."""
    for fx, c in known.get("facts", ()):
        if plain(e) == fx:
            return c
    if e[0] == "before":
        return folded(e[1], before(known))
    if e[0] == "num":
        return e[1]
    if e[0] == "var":
        return known.get(e[1])
    op = e[0]
    a, b = folded(e[1], known), folded(e[2], known)
    if a is not None and b is not None:
        try:
            return evaluate((op, ("num", a), ("num", b)), {})
        except ZeroDivisionError:
            return None
    if op == "&&":
        return 0 if 0 in (a, b) else None
    if op == "||":
        return 1 if a not in (None, 0) or b not in (None, 0) else None
    if op == "*":
        return 0 if 0 in (a, b) else None
    if op == "&":
        if b is not None and b > 0 and b & (b + 1) == 0:
            low = residue(e[1], b.bit_length(), known)
            if low is not None:
                return low
        top_a, top_b = largest(e[1], known), largest(e[2], known)
        if 0 in (a, b) or (top_b is not None and
                           top_b >> trailing_zeros(e[1], known) == 0) or (
                top_a is not None and top_a >> trailing_zeros(e[2], known)
                == 0):
            return 0
        return None
    if op in ("/", ">>") and b is not None and b > 0:
        top = largest(e[1], known)
        if top is not None and (top < b if op == "/" else top >> b == 0):
            return 0
    if op in ("/", "<<", ">>"):
        return 0 if a == 0 else None
    if op == "%":
        if a == 0 or b == 1:
            return 0
        if b and b & (b - 1) == 0:
            low = residue(e[1], b.bit_length() - 1, known)
            if low is not None:
                return low
        if b and b & (b - 1) == 0 and e[1][0] == "|" and any(
                c is not None and c & (b - 1) == b - 1
                for c in (folded(e[1][1], known), folded(e[1][2], known))):
            return b - 1
        return None
    if op in ("-", "^"):
        return 0 if plain(e[1]) == plain(e[2]) else None
    if op in COMPARE:
        if b is None and a is not None:
            return compared(MIRROR[op], e[2], a, known)
        return compared(op, e[1], b, known) if b is not None else None
    return None


def compared(op, x, c, known):
    """x op c decided by x's range and trailing zeros."""
    top, low = largest(x, known), smallest(x, known)
    if op in ("==", "!="):
        differ = (top is not None and c > top) or c < low or (
            c and trailing_zeros(x, known) > (c & -c).bit_length() - 1)
        return (0 if op == "==" else 1) if differ else None
    if top is not None and {">": top <= c, ">=": top < c, "<": top < c,
                            "<=": top <= c}[op]:
        return {">": 0, ">=": 0, "<": 1, "<=": 1}[op]
    if {">": low > c, ">=": low >= c, "<": low >= c, "<=": low > c}[op]:
        return {">": 1, ">=": 1, "<": 0, "<=": 0}[op]
    return None


def smallest(e, known):
    """The smallest value of e (unsigned 32-bit): a constant's, a sum's or
    product's (that cannot wrap) of its operands' smallest, else 0."""
    v = folded(e, known)
    if v is not None:
        return v
    if e[0] == "before":
        return smallest(e[1], before(known))
    if e[0] in ("+", "*") and largest(e, known) is not None:
        a, b = smallest(e[1], known), smallest(e[2], known)
        return a + b if e[0] == "+" else a * b
    return 0


def trailing_zeros(e, known):
    v = folded(e, known)
    if v is not None:
        return 64 if v == 0 else (v & -v).bit_length() - 1
    if e[0] == "before":
        return trailing_zeros(e[1], before(known))
    if e[0] in ("num", "var"):
        return 0
    a, b = trailing_zeros(e[1], known), trailing_zeros(e[2], known)
    if e[0] in ("-", "^"):
        return max(min(a, b), low_part(e[1], e[2]), low_part(e[2], e[1]))
    if e[0] == "*":
        return min(64, a + b)
    if e[0] == "<<":
        k = folded(e[2], known)
        return min(64, a + k) if k is not None and 0 <= k < 64 else a
    if e[0] in ("+", "-", "|", "^"):
        return min(a, b)
    return max(a, b) if e[0] == "&" else 0


def largest(e, known):
    """The largest value of e (unsigned 32-bit) its operators bound."""
    v = folded(e, known)
    if v is not None:
        return v
    if e[0] == "before":
        return largest(e[1], before(known))
    if e[0] in COMPARE or e[0] in ("&&", "||"):
        return 1
    if e[0] in ("num", "var"):
        return None
    op, a, b = e[0], largest(e[1], known), folded(e[2], known)
    if op == "%" and b:
        return b - 1 if a is None else min(b - 1, a)
    if op == "-" and b == 0:
        return a
    if op == "&":
        tops = [x for x in (folded(e[1], known), b, a, largest(e[2], known))
                if x is not None]
        return min(tops) if tops else None
    if op == ">>" and b is not None:
        return (M if a is None else a) >> b
    if op == "/" and b:
        return (M if a is None else a) // b
    c = largest(e[2], known)
    if a is None or c is None:
        return None
    if op in ("+", "*"):
        v = a + c if op == "+" else a * c
        return v if v <= M else None
    if op in ("|", "^"):
        return (1 << max(a, c).bit_length()) - 1
    return None


def marked(e):
    """e with its variables (tid, lane, warp: computed before any guard)
    spelled out and marked."""
    if e[0] == "var" and e[1] in ("tid", "lane", "warp"):
        return ("before", spelled_out(e))
    if e[0] in ("num", "var"):
        return e
    return (e[0], marked(e[1]), marked(e[2]))


def guard_facts(guard, it):
    """What the guard's top-level && conjuncts `e == C` fix in iteration
    it: a thread index, or (under "facts") any other expression e."""
    known = {"i": it, "facts": []}

    def walk(g):
        if g[0] == "&&":
            walk(g[1])
            walk(g[2])
            return
        if g[0] != "==":
            return
        for side, other in ((g[1], g[2]), (g[2], g[1])):
            c = folded(spelled_out(other), {"i": it})
            side = spelled_out(side)
            if c is None or folded(side, {"i": it}) is not None:
                continue
            if side[0] == "var" and side[1].startswith("threadIdx"):
                known[side[1]] = c
            else:
                known["facts"].append((side, c))
    walk(guard)
    return known


def speculated(a, guard, index, dims, it):
    """The flat element index nvcc loads unconditionally in iteration it
    (lib/core/codegen/LoadSpeculation.h: a guarded load of at most 8 bytes,
    the guard not a compile-time constant nor one its own facts
    contradict, the index one under the guard's facts, inside the array;
    gen.py's guarded loads only compute values), else None."""
    if guard is None or a["kind"] != "load" or a["width"] > 8:
        return None
    if folded(spelled_out(guard), {"i": it}) is not None:
        return None
    known = guard_facts(guard, it)
    if folded(marked(guard), known) == 0:
        return None
    values = [folded(marked(e), known) for e in index]
    if any(v is None or not 0 <= v < d for v, d in zip(values, dims)):
        return None
    flat = 0
    for d, v in zip(dims, values):
        flat = flat * d + v
    return flat


# Alignment of gen.py's element types (nvcc's, as clang computes them).
ALIGN = {"char": 1, "unsigned char": 1, "short": 2, "int": 4, "float": 4,
         "unsigned": 4, "double": 8, "float2": 8, "int2": 8, "float4": 16,
         "int4": 16, "S12": 4, "SD16": 8, "S8": 4, "SC3": 1, "S24": 8,
         "SV32": 16}


def array_bases(accesses):
    """{(kernel, array): byte offset in the kernel's static shared memory}:
    ptxas places the arrays a kernel names in declaration order (gen.py
    declares s0, s1, ... in that order), each at its alignment
    (lib/frontend/analysis/StaticSharedOffsets.h)."""
    arrays = {}
    for a in accesses:
        size = a["elementSize"]
        for d in a["dims"]:
            size *= d
        arrays.setdefault(a["kernel"], {})[a["array"]] = (
            size, ALIGN[a["element"]])
    bases = {}
    for kernel, named in arrays.items():
        offset = 0
        for name in sorted(named, key=lambda s: int(s[1:])):
            size, align = named[name]
            offset = -(-offset // align) * align
            bases[(kernel, name)] = offset
            offset += size
    return bases


def lane_accesses(a, source, base=0):
    """{(warp, iteration): [(lane, byte address)]} of the active lanes, the
    array starting at byte base; a load that nvcc speculates (speculated())
    has every lane active."""
    guard, groups, member = access_of(a, source)
    uniform = not any(THREAD.search(g) for g in groups)
    guard = parse(guard) if guard else None
    index = [parse(g) for g in groups]
    bx, by, bz = a["block"]
    n = bx * by * bz
    size = a["elementSize"]
    offset = MEMBER.get((a["element"], member), 0) if member else 0
    dims = a["dims"] if a["arrayShape"] != "flat" else [a["dims"][0] *
                                                        a["dims"][1]]
    out = {"uniform": uniform}
    for it in range(max(1, a["loop"])):
        hoisted = speculated(a, guard, index, dims, it)
        for tid in range(n):
            env = {"threadIdx.x": tid % bx, "threadIdx.y": tid // bx % by,
                   "threadIdx.z": tid // (bx * by), "blockDim.x": bx,
                   "blockDim.y": by, "blockDim.z": bz, "tid": tid,
                   "lane": tid % 32, "warp": tid // 32, "i": it, "n": 1}
            if hoisted is not None:
                out.setdefault((tid // 32, it), []).append(
                    (tid % 32, base + hoisted * size + offset))
                continue
            if guard is not None and not evaluate(guard, env):
                continue
            flat = 0
            for d, e in zip(dims, index):
                flat = flat * d + evaluate(e, env)
            out.setdefault((tid // 32, it), []).append(
                (tid % 32, base + flat * size + offset))
    return out


def phase_rule(lanes, width):
    per = {1: 32, 2: 32, 4: 32, 8: 16, 16: 8}[width]
    wav = ideal = 0
    for p in range(0, 32, per):
        words = {}
        active = False
        for lane, addr in lanes:
            if p <= lane < p + per:
                active = True
                for w in range(addr // 4, (addr + width + 3) // 4):
                    words.setdefault(w % 32, set()).add(w)
        if active:
            ideal += 1
            wav += max(len(s) for s in words.values())
    return wav, ideal


THREAD = re.compile(r"threadIdx|\btid\b|\blane\b|\bwarp\b")


def phase_uniform_rule(lanes, a, uniform_text):
    """bankfix's model before issue 16: the phase rule, and the calibrated
    uniform-register exception (8-byte load 1 wavefront, 16-byte load 2)
    when the index does not name a thread index."""
    if a["kind"] == "load" and a["width"] >= 8 and uniform_text:
        return uniform_load(lanes, a["width"])
    return phase_rule(lanes, a["width"])


def uniform_load(lanes, width):
    """1 wavefront for 8 bytes; for 16 bytes one per half-warp with an
    active lane (2 for a whole warp, as calibrated)."""
    if width == 8:
        return 1, 1
    halves = len(set(lane // 16 for lane, _ in lanes))
    return halves, halves


def same_rule(lanes, a, _):
    """The exception applied to what the lanes do: every active lane of the
    warp at one address."""
    if a["kind"] == "load" and a["width"] >= 8 and \
            len(set(addr for _, addr in lanes)) == 1:
        return uniform_load(lanes, a["width"])
    return phase_rule(lanes, a["width"])


def same_ideal_rule(lanes, a, _):
    """same, and ncu's ideal: ceil(active lanes x width / 128)."""
    wav, _ = same_rule(lanes, a, _)
    if a["width"] >= 8 and len(set(addr for _, addr in lanes)) > 1:
        return wav, -(-len(lanes) * a["width"] // 128)
    return wav, same_rule(lanes, a, _)[1]


def fits_one(lanes, width):
    """Do these lanes' distinct addresses fit one wavefront (no bank holds
    two distinct words)?"""
    words = {}
    for _, addr in lanes:
        for w in range(addr // 4, (addr + width + 3) // 4):
            words.setdefault(w % 32, set()).add(w)
    return max(len(s) for s in words.values()) == 1


def narrow_or_store(lanes, a):
    """The phase rule's (wavefronts, ideal) for an access that is not an 8-
    or 16-byte load: ideal 1 for 1-4 bytes, ceil(active lanes x width /
    128) for wider stores."""
    width = a["width"]
    if width < 8:
        return phase_rule(lanes, width)
    return phase_rule(lanes, width)[0], -(-len(lanes) * width // 128)


def fit_rule(lanes, a, _):
    """8-byte loads: one wavefront when the warp's distinct addresses fit
    one, else the half-warp rule; 16-byte loads: per half-warp, one
    wavefront when its distinct addresses fit one, else the quarter-warp
    rule in that half. Stores and narrower loads: the phase rule. Ideal:
    ceil(active lanes x width / 128), capped by the wavefronts for loads."""
    width = a["width"]
    ideal = -(-len(lanes) * width // 128)
    if width < 8 or a["kind"] != "load":
        return narrow_or_store(lanes, a)
    if width == 8:
        wav = 1 if fits_one(lanes, 8) else phase_rule(lanes, 8)[0]
    else:
        wav = 0
        for half in (0, 16):
            part = [(l, ad) for l, ad in lanes if half <= l < half + 16]
            if part:
                wav += 1 if fits_one(part, 16) else phase_rule(part, 16)[0]
    return wav, min(ideal, wav)


def pairs_rule(lanes, a, _):
    """8-byte loads: one wavefront for the warp when the distinct addresses
    of its two half-warps, counted per half-warp, are at most 8 (64 bytes)
    and their words share no bank, else the half-warp rule; 16-byte loads:
    the same per half-warp with its two quarter-warps and 4 addresses.
    Ideal as in fit."""
    width = a["width"]
    ideal = -(-len(lanes) * width // 128)
    if width < 8 or a["kind"] != "load":
        return narrow_or_store(lanes, a)
    phase = 128 // width

    def group(part, size):
        subs = [set(ad for l, ad in part if p <= l < p + phase)
                for p in range(0, 32, phase)]
        if sum(len(x) for x in subs) <= size and fits_one(part, width):
            return 1
        return phase_rule(part, width)[0]
    if width == 8:
        wav = group(lanes, 8)
    else:
        wav = 0
        for half in (0, 16):
            part = [(l, ad) for l, ad in lanes if half <= l < half + 16]
            if part:
                wav += group(part, 4)
    return wav, min(ideal, wav)


def fits_banks(lanes, width):
    """No bank holds two distinct words of these lanes."""
    words = {}
    for _, addr in lanes:
        for w in range(addr // 4, (addr + width + 3) // 4):
            if words.setdefault(w % 32, w) != w:
                return False
    return True


def pair_up(lanes, partners=(1, 2, 3)):
    """For one pairing inside each group of four lanes (lane ^ m for one m
    of partners), every two active partners read the same address."""
    addr = dict(lanes)
    return any(all(addr.get(l ^ m, a) == a for l, a in lanes)
               for m in partners)


def merged_units(lanes, width, partners, exempt, uncertain=lambda part: False):
    """The phase rule, except that the warp (8 bytes) or each half-warp
    (16) takes ONE wavefront when its words fit the banks and its lanes pair
    up as lane ^ m for one m of partners, or exempt(first lane, its lanes),
    unless uncertain(its lanes)."""
    unit = 32 if width == 8 else 16
    wav = 0
    for first in range(0, 32, unit):
        part = [(l, ad) for l, ad in lanes if first <= l < first + unit]
        if not part:
            continue
        if fits_banks(part, width) and (pair_up(part, partners) or
                                        exempt(first, part)) and \
                not uncertain(part):
            wav += 1
        else:
            wav += phase_rule(part, width)[0]
    return wav


def merge3_rule(lanes, a, uniform_text):
    """bankfix's rule from run 2 to 2026-11-26: as bankfix_rule, but the
    pairing lane ^ 3 counts too, either half-warp of a 16-byte load with an
    inactive lane needs no pairing, and the one-address rule applies only
    when the index names no thread index."""
    width = a["width"]
    ideal = -(-len(lanes) * width // 128)
    if width < 8 or a["kind"] != "load":
        return narrow_or_store(lanes, a)
    wav = merged_units(lanes, width, (1, 2, 3), lambda first, part: (
        width == 16 and len(part) < 16))
    if uniform_text and len(set(ad for _, ad in lanes)) == 1:
        wav = min(wav, 1 if width == 8 else -(-len(lanes) // 16))
    return wav, min(ideal, wav)


def bankfix_rule(lanes, a, _):
    """bankfix's model (lib/core/model/WideLoadPairing.h, BankModel.cpp): the
    phase rule, except for 8- and 16-byte loads: every active lane on one
    address takes 1 wavefront for 8 bytes, one per 16 active lanes for 16;
    otherwise the warp (8 bytes) or a half-warp (16) takes ONE wavefront
    when its words fit the banks and its lanes pair up as lane ^ 1 or
    lane ^ 2 (the low half-warp of a 16-byte load needs no pairing when the
    warp has an inactive lane), except a 16-byte half-warp with a lane
    switched off inside it, which keeps its quarter-warps. Ideal = 1 for 1-4 bytes, ceil(active lanes
    x width / 128) for 8 and 16, for loads at most the wavefronts."""
    width = a["width"]
    ideal = -(-len(lanes) * width // 128)
    if width < 8 or a["kind"] != "load":
        return narrow_or_store(lanes, a)
    if len(set(ad for _, ad in lanes)) == 1:
        wav = 1 if width == 8 else -(-len(lanes) // 16)
        return wav, min(ideal, wav)
    wav = merged_units(lanes, width, (1, 2), lambda first, part: (
        width == 16 and first == 0 and len(lanes) < 32), lambda part: (
            width == 16 and switched_off_inside(part)))
    return wav, min(ideal, wav)


def switched_off_inside(part):
    """A lane of the half-warp is inactive below its last active lane:
    bankfix keeps the quarter-warps there, as a worst case
    (WarpAccessResult::MergeUncertain)."""
    active = sorted(l for l, _ in part)
    return active[-1] - active[0] + 1 > len(active) or active[0] % 16 != 0


RULES = {"bankfix": bankfix_rule, "merge3": merge3_rule,
         "phase": phase_uniform_rule,
         "same": same_rule, "same+ideal": same_ideal_rule, "fit": fit_rule,
         "pairs": pairs_rule}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("work")
    ap.add_argument("--measured", required=True)
    ap.add_argument("--rule", choices=sorted(RULES), action="append")
    ap.add_argument("--show", type=int, default=5)
    args = ap.parse_args(argv)
    generator = compare.load_json(os.path.join(
        args.work, "manifest.json")).get("generator") or ""
    if not generator.startswith("gen.py"):
        print("lanes: error: %s was not written by gen.py (lanes.py reads "
              "gen.py's arrays and indices)" % args.work, file=sys.stderr)
        return 2
    manifest, rows, _, _, _ = compare.compare(args.work, args.measured)
    bases = array_bases(manifest["accesses"])
    rules = args.rule or sorted(RULES)
    score = {r: [0, 0] for r in rules}
    agree_bankfix = [0, 0]
    shown = {r: 0 for r in rules}
    for r in rows:
        a, p, m = r["access"], r["predicted"], r["measured"]
        if r["status"] not in ("match", "mismatch") or m is None or \
                a["accessType"] == "S12" or r.get("class", "").startswith(
                    ("nvcc", "guard")):
            continue
        try:
            lanes = lane_accesses(a, r["source"],
                                  bases[(a["kernel"], a["array"])])
        except (ValueError, KeyError, IndexError, AssertionError) as e:
            print("lanes: cannot evaluate %s:%d: %s" % (
                a["file"], a["line"], e), file=sys.stderr)
            continue
        uniform = lanes.pop("uniform")
        for name in rules:
            wav = ideal = 0
            for key in lanes:
                w, i = RULES[name](lanes[key], a, uniform)
                wav, ideal = wav + w, ideal + i
            ok = (wav, ideal) == (m["wavefronts"], m["ideal"])
            score[name][0] += ok
            score[name][1] += 1
            if name == "bankfix":
                agree_bankfix[0] += (wav, ideal) == (p["blockWavefronts"],
                                                     p["blockIdeal"])
                agree_bankfix[1] += 1
            if not ok and shown[name] < args.show:
                shown[name] += 1
                print("%s: %s:%d %s %dB `%s`: rule %d (ideal %d), ncu %d "
                      "(ideal %d), bankfix %d (ideal %d)" % (
                          name, a["file"], a["line"], a["kind"], a["width"],
                          r["source"], wav, ideal, m["wavefronts"],
                          m["ideal"], p["blockWavefronts"], p["blockIdeal"]))
    print("lanes: this evaluator with bankfix's rule equals bankfix on %d of "
          "%d accesses" % tuple(agree_bankfix))
    for name in rules:
        print("lanes: rule %-7s equals ncu on %d of %d accesses" % (
            name, score[name][0], score[name][1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
