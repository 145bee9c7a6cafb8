#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Tests candidate wavefront rules for 8- and 16-byte shared LOADS against
ncu's per-line totals of differential runs seed 2 and seed 3 (cache from
wide_loads.py).

    fit_rules.py [RULE ...] [--show N] [--dump FILE:LINE]
"""
import os
import pickle
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "test", "differential"))
import compare as C  # noqa: E402
import lanes as L  # noqa: E402


def words(addr, width):
    return range(addr // 4, (addr + width + 3) // 4)


def max_words_per_bank(addrs, width):
    """Largest number of distinct 4-byte words in one bank."""
    banks = {}
    for ad in set(addrs):
        for w in words(ad, width):
            banks.setdefault(w % 32, set()).add(w)
    return max(len(s) for s in banks.values()) if banks else 0


def phase(lanes, width, per):
    wav = 0
    for p in range(0, 32, per):
        part = [ad for l, ad in lanes if p <= l < p + per]
        if part:
            wav += max_words_per_bank(part, width)
    return wav


# ---------------------------------------------------------------- rules
def r_bankfix(lanes, width, uniform):
    return L.bankfix_rule(lanes, dict(width=width, kind="load"), uniform)[0]


def r_phase(lanes, width, uniform):
    return phase(lanes, width, 16 if width == 8 else 8)


def r_dedup_warp(lanes, width, uniform):
    """Whole warp: distinct addresses, then per bank distinct words; but at
    least ceil(distinct addresses x width / 128)."""
    addrs = set(ad for _, ad in lanes)
    return max(max_words_per_bank(addrs, width),
               -(-len(addrs) * width // 128))


def r_halfwarp_dedup(lanes, width, uniform):
    """16 B: per half-warp as dedup_warp; 8 B: whole warp."""
    if width == 8:
        return r_dedup_warp(lanes, width, uniform)
    return sum(r_dedup_warp([x for x in lanes if h <= x[0] < h + 16],
                            width, uniform)
               for h in (0, 16) if any(h <= x[0] < h + 16 for x in lanes))


def r_group_unique(lanes, width, uniform):
    """Phases of 128 bytes: lanes in order, distinct addresses (first
    occurrence) packed greedily 128/width per wavefront? Placeholder."""
    return None


RULES = {k[2:]: v for k, v in globals().items() if k.startswith("r_")}


# ---------------------------------------------------------------- data
def usable(rec):
    m = rec.get("measured")
    if m is None or "error" in rec:
        return "no-measure/error"
    w = rec["access"]["width"]
    if any(C.sass_width(s) != w for s in m["sass"]):
        return "sass-width"
    if m["instructions"] != len(rec["warps"]):
        return "instr-count"
    if rec["access"]["accessType"] == "S12":
        return "S12"
    return None


def load():
    return pickle.load(open(os.path.join(HERE, "wide_loads.pkl"), "rb"))


def evaluate(rule, recs, show=0, verbose=True):
    stats = {}
    bad = []
    for rec in recs:
        a = rec["access"]
        k = (rec["run"], a["width"])
        s = stats.setdefault(k, [0, 0])
        s[1] += 1
        tot = 0
        for key, lanes in rec["warps"].items():
            v = RULES[rule](lanes, a["width"], rec["uniform"])
            if v is None:
                tot = None
                break
            tot += v
        ok = tot == rec["measured"]["wavefronts"]
        s[0] += ok
        if not ok:
            bad.append((rec, tot))
    if verbose:
        print("rule %-16s" % rule, "  ".join(
            "%s/%dB %d/%d" % (k[0], k[1], v[0], v[1])
            for k, v in sorted(stats.items())),
            " total miss", len(bad))
        for rec, tot in bad[:show]:
            a = rec["access"]
            print("   %s %s:%d %dB blk %s loop %d uni %s: rule %s ncu %d (%d instr) `%s`" % (
                rec["run"], a["file"], a["line"], a["width"], a["block"],
                a["loop"], rec["uniform"], tot, rec["measured"]["wavefronts"],
                rec["measured"]["instructions"], rec["source"][:110]))
    return bad


def dump(recs, spec):
    f, line = spec.split(":")
    for rec in recs:
        a = rec["access"]
        if a["file"] == f and a["line"] == int(line):
            print(rec["run"], a, rec["source"], rec["measured"])
            for key, lanes in sorted(rec["warps"].items()):
                print(" warp/it", key, " ".join("%d:%x" % x for x in lanes))


def main(argv):
    show = 10
    rules = []
    recs = load()
    i = 0
    while i < len(argv):
        if argv[i] == "--show":
            show = int(argv[i + 1]); i += 2; continue
        if argv[i] == "--dump":
            dump(recs, argv[i + 1]); i += 2; continue
        rules.append(argv[i]); i += 1
    from collections import Counter
    why = Counter(usable(r) for r in recs)
    print("records", len(recs), dict(why))
    good = [r for r in recs if usable(r) is None]
    for rule in rules or []:
        evaluate(rule, good, show)




# ---------------------------------------------------------------- later candidates
def _merge_rule(lanes, width, uniform, cond):
    """Phase rule, but a merge unit (8 B: the warp; 16 B: a half-warp) takes
    one wavefront when its words fit the banks and cond(part, lanes) holds;
    plus bankfix's uniform-register exception."""
    unit = 32 if width == 8 else 16
    wav = 0
    for first in range(0, 32, unit):
        part = [(l, ad) for l, ad in lanes if first <= l < first + unit]
        if not part:
            continue
        if L.fits_banks(part, width) and cond(part, lanes, width, unit):
            wav += 1
        else:
            wav += phase(part, width, 16 if width == 8 else 8)
    if uniform and len(set(ad for _, ad in lanes)) == 1:
        wav = min(wav, 1 if width == 8 else -(-len(lanes) // 16))
    return wav


def r_warp_inactive(lanes, width, uniform):
    """16 B: half-warp merges when pairing, or the WARP has an inactive lane
    (instead of the half-warp); 8 B unchanged."""
    return _merge_rule(lanes, width, uniform, lambda p, al, w, u: L.pair_up(p) or (
        w == 16 and len(al) < 32))


def r_warp_inactive8(lanes, width, uniform):
    """as warp_inactive, and 8 B too: warp with an inactive lane needs no
    pairing."""
    return _merge_rule(lanes, width, uniform, lambda p, al, w, u: L.pair_up(p) or len(al) < 32)




def r_hstar(lanes, width, uniform):
    """ncu's instrumented model, candidate: 16 B: every active lane on one
    address -> ceil(active / 16); else per half-warp, 1 wavefront when its
    words fit the banks and (lanes pair up, or it is the LOW half and the
    warp has an inactive lane), else the quarter-warp rule. 8 B: bankfix."""
    if width == 8:
        return r_bankfix(lanes, width, uniform)
    if len(set(ad for _, ad in lanes)) == 1:
        return -(-len(lanes) // 16)
    wav = 0
    for first in (0, 16):
        part = [(l, ad) for l, ad in lanes if first <= l < first + 16]
        if not part:
            continue
        if L.fits_banks(part, 16) and (L.pair_up(part) or (
                first == 0 and len(lanes) < 32)):
            wav += 1
        else:
            wav += phase(part, 16, 8)
    return wav




def pair_up_m(lanes, ms):
    """Lanes pair up with partner lane ^ m for one m of ms (inactive
    partners do not count)."""
    addr = dict(lanes)
    return any(all(addr.get(l ^ m, a) == a for l, a in lanes) for m in ms)


def _hstar_m(lanes, width, uniform, ms, low_exempt=True):
    if len(set(ad for _, ad in lanes)) == 1:
        return 1 if width == 8 else -(-len(lanes) // 16)
    unit = 32 if width == 8 else 16
    wav = 0
    for first in range(0, 32, unit):
        part = [(l, ad) for l, ad in lanes if first <= l < first + unit]
        if not part:
            continue
        if L.fits_banks(part, width) and (pair_up_m(part, ms) or (
                width == 16 and low_exempt and first == 0 and len(lanes) < 32)):
            wav += 1
        else:
            wav += phase(part, width, 16 if width == 8 else 8)
    return wav


def r_hstar12(lanes, width, uniform):
    """hstar with pairing partners lane^1 or lane^2 only (not lane^3)."""
    if width == 8:
        return r_bankfix(lanes, width, uniform)
    return _hstar_m(lanes, width, uniform, (1, 2))


def r_hstar12all(lanes, width, uniform):
    """hstar12, and 8 B by the same code (pairs ^1/^2, one address -> 1)."""
    return _hstar_m(lanes, width, uniform, (1, 2))


def r_hstar123all(lanes, width, uniform):
    return _hstar_m(lanes, width, uniform, (1, 2, 3))


def r_hstar1all(lanes, width, uniform):
    return _hstar_m(lanes, width, uniform, (1,))


def r_hstar2all(lanes, width, uniform):
    return _hstar_m(lanes, width, uniform, (2,))


RULES.update({k[2:]: v for k, v in list(globals().items()) if k.startswith("r_")})
if __name__ == "__main__":
    main(sys.argv[1:])
