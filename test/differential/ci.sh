#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The differential test without a GPU (ctest `differential`):
# - gen.py is reproducible: one seed twice gives byte-identical kernels and
#   manifest, another seed gives other kernels;
# - bankfix prints well-formed JSON for every generated batch, names an
#   access on every line the generator wrote one on, judges most of them, and
#   prints the same bytes when run twice (determinism);
# - compare.py, fed ncu-like CSVs made from the predictions themselves
#   (fake_ncu.py), reports every judged access as a match, and reports a
#   mismatch (exit 1) when one wavefront is added; it rejects a directory
#   without a manifest (exit 2).
#
#   ci.sh BANKFIX [WORK_DIR]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: ci.sh BANKFIX [WORK_DIR]" >&2; exit 2; }
bankfix=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=${2:-$(mktemp -d)}
rm -rf "$work" && mkdir -p "$work"
fail() { echo "differential: FAILED: $*" >&2; exit 1; }

python3 "$here/gen.py" --seed 20261123 --kernels 20 --per-file 10 "$work/a" >/dev/null
python3 "$here/gen.py" --seed 20261123 --kernels 20 --per-file 10 "$work/b" >/dev/null
python3 "$here/gen.py" --seed 20261124 --kernels 20 --per-file 10 "$work/c" >/dev/null
diff -r "$work/a" "$work/b" >/dev/null || fail "gen.py gave different kernels for one seed"
if diff -q "$work/a/batch_000.cu" "$work/c/batch_000.cu" >/dev/null; then
  fail "gen.py gave the same kernels for two seeds"
fi

"$here/run.sh" "$bankfix" "$work/a" 20261123 20 10
# A second bankfix run on the same kernels prints the same bytes.
rm -rf "$work/b" && mkdir -p "$work/b"
for f in "$work"/a/batch_*.cu; do
  name=$(basename "$f" .cu)
  (cd "$work/a" && "$bankfix" --format=json "$name.cu") >"$work/b/$name.json"
  cmp -s "$work/b/$name.json" "$work/a/predictions/$name.json" ||
    fail "bankfix printed different JSON for $name.cu on a second run"
done
python3 - "$work/a" <<'PY' || fail "predictions do not cover the generated accesses"
import json, os, sys
work = sys.argv[1]
m = json.load(open(os.path.join(work, "manifest.json")))
assert len(m["accesses"]) >= 100, len(m["accesses"])
judged = 0
for name in m["files"]:
    doc = json.load(open(os.path.join(work, "predictions", name[:-3] + ".json")))
    have = {(a["line"], a["kind"]): a for a in doc["accesses"]}
    for a in m["accesses"]:
        if a["file"] == name:
            p = have.get((a["line"], a["kind"]))
            assert p is not None, "no prediction for %s:%d" % (name, a["line"])
            for key in ("judged", "block", "function", "array"):
                assert key in p, (key, p)
            if p["judged"]:
                judged += 1
                assert p["blockWavefronts"] >= p["blockIdeal"] >= 0, p
                assert p["block"] == a["block"], (p["block"], a["block"])
assert judged >= 0.8 * len(m["accesses"]), (judged, len(m["accesses"]))
PY

python3 "$here/fake_ncu.py" "$work/a" >/dev/null
python3 "$here/compare.py" "$work/a" --doc "$work/a/differential.md" \
  >"$work/compare.out" || { cat "$work/compare.out"; fail "compare.py found a mismatch in bankfix's own numbers"; }
grep -q ' 0 mismatched' "$work/compare.out" || fail "compare.py summary"
grep -q 'matched exactly' "$work/a/differential.md" || fail "no report written"
# An independent evaluation of the generated C (lanes.py: unsigned 32-bit
# arithmetic, C precedence, every lane and loop iteration) with bankfix's
# bank rule gives bankfix's numbers (all but accesses guarded by the kernel
# parameter n, which lanes.py takes as 1 and bankfix as unknown).
python3 "$here/compare.py" "$work/a" --write-measured "$work/measured.json" \
  >/dev/null
python3 "$here/lanes.py" "$work/a" --measured "$work/measured.json" \
  --rule bankfix --show 0 >"$work/lanes.out"
read -r same of < <(sed -n 's/.*equals bankfix on \([0-9]*\) of \([0-9]*\).*/\1 \2/p' "$work/lanes.out")
if [ "${of:-0}" -lt 100 ] || [ $((same * 100)) -lt $((of * 97)) ]; then
  fail "lanes.py agrees with bankfix on ${same:-?} of ${of:-?} accesses only"
fi
python3 "$here/fake_ncu.py" "$work/a" --perturb 3 >/dev/null
status=0
python3 "$here/compare.py" "$work/a" >"$work/compare.out" || status=$?
[ "$status" = 1 ] || fail "compare.py exited $status on a perturbed measurement, not 1"
[ "$(grep -c '^MISMATCH \[' "$work/compare.out")" = 1 ] ||
  fail "compare.py did not print the one perturbed access"
status=0
python3 "$here/compare.py" "$work/c" 2>/dev/null || status=$?
[ "$status" = 2 ] || fail "compare.py exited $status without predictions, not 2"
status=0
python3 "$here/compare.py" "$work/nonexistent" 2>/dev/null || status=$?
[ "$status" = 2 ] || fail "compare.py exited $status on a missing directory, not 2"
echo "differential: passed"
