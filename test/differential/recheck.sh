#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Compares bankfix with GPU measurements committed in results/, without a
# GPU (ctest `differential-recheck` and `differential-compiled-recheck`):
# regenerates the kernels of that run (the generator must still write them
# byte for byte; compare.py checks their sha256), predicts the first
# BATCHES batches (default: all) and fails when an access that bankfix
# matched on the GPU does not match now. It also prints how many accesses
# match now that did not; after a change to the model, run it on all
# batches, then `compare.py WORK --measured ... --doc` for the numbers.
# RUN names the measured run:
#   seed2     gen.py --seed 2 (a barrier after every access; the bank
#             model), results/seed2.measured.json.gz (H100)
#   compiled  gen_compiled.py --seed 20261127 (nvcc free to merge and
#             narrow), results/compiled-seed20261127.measured.json.gz (H100)
#
#   recheck.sh BANKFIX [BATCHES [WORK_DIR [RUN]]]
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: recheck.sh BANKFIX [BATCHES [WORK_DIR [RUN]]]" >&2; exit 2; }
bankfix=$1 batches=${2:-all}
here=$(cd "$(dirname "$0")" && pwd)
work=${3:-$(mktemp -d)}
run=${4:-seed2}
case $run in
  seed2)
    measured=$here/results/seed2.measured.json.gz
    generate=("$here/gen.py" --seed 2 --kernels 360 --per-file 20) ;;
  compiled)
    measured=$here/results/compiled-seed20261127.measured.json.gz
    generate=("$here/gen_compiled.py" --seed 20261127 --kernels 440) ;;
  *) echo "recheck.sh: error: RUN must be seed2 or compiled" >&2; exit 2 ;;
esac
rm -rf "$work" && mkdir -p "$work"
python3 "${generate[@]}" "$work" >/dev/null
if [ "$batches" = all ]; then
  batches=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["files"]))' "$work/manifest.json")
fi
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
