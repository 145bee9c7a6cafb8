#!/usr/bin/env bash
# Compares bankfix with the H100 measurements committed in
# results/seed2.measured.json.gz, without a GPU (ctest
# `differential-recheck`): regenerates the kernels of that run (gen.py must
# still write them byte for byte; compare.py checks their sha256), predicts
# the first BATCHES batches (default: all 18, 360 kernels) and fails when an
# access that bankfix matched on the GPU does not match now. It also prints
# how many accesses match now that did not; after a change to the model, run
# it on all batches, then `compare.py WORK --measured ... --doc` for the
# numbers.
#
#   recheck.sh BANKFIX [BATCHES [WORK_DIR]]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: recheck.sh BANKFIX [BATCHES [WORK_DIR]]" >&2; exit 2; }
bankfix=$1 batches=${2:-18}
here=$(cd "$(dirname "$0")" && pwd)
work=${3:-$(mktemp -d)}
measured=$here/results/seed2.measured.json.gz
rm -rf "$work" && mkdir -p "$work"
python3 "$here/gen.py" --seed 2 --kernels 360 --per-file 20 "$work" >/dev/null
[[ "$batches" =~ ^[0-9]+$ ]] || { echo "recheck.sh: error: BATCHES must be a number" >&2; exit 2; }
python3 - "$work" "$batches" <<'PY'
import json, os, sys
work, n = sys.argv[1], int(sys.argv[2])
path = os.path.join(work, "manifest.json")
m = json.load(open(path))
if not 1 <= n <= len(m["files"]):
    print("recheck.sh: error: BATCHES must be 1 to %d" % len(m["files"]),
          file=sys.stderr)
    sys.exit(2)
keep = set(m["files"][:n])
for f in m["files"][n:]:
    os.remove(os.path.join(work, f))
m["files"] = [f for f in m["files"] if f in keep]
m["accesses"] = [a for a in m["accesses"] if a["file"] in keep]
json.dump(m, open(path, "w"), indent=1, sort_keys=True)
PY
"$here/predict.sh" "$bankfix" "$work"
python3 "$here/compare.py" "$work" --baseline "$measured" | grep -v '^MISMATCH'
