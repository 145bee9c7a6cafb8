#!/usr/bin/env bash
# CPU side of the differential test: generates kernels and bankfix's
# predictions for them (no GPU needed).
#
#   run.sh BANKFIX WORK_DIR [SEED [KERNELS [PER_FILE]]]
#
# WORK_DIR gets batch_*.cu and manifest.json (gen.py) and
# predictions/batch_*.json (bankfix --format=json on each batch, run from
# WORK_DIR). Then, on a machine with a GPU, `gpu_run.sh WORK_DIR` compiles,
# profiles and compares them. Fails when bankfix fails on a file or prints
# something that is not one JSON document.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: run.sh BANKFIX WORK_DIR [SEED [KERNELS [PER_FILE]]]" >&2; exit 2; }
bankfix=$(realpath "$1") work=$2 seed=${3:-1} kernels=${4:-300} per_file=${5:-25}
here=$(cd "$(dirname "$0")" && pwd)
[ -x "$bankfix" ] || { echo "run.sh: error: $1 is not an executable" >&2; exit 2; }
python3 "$here/gen.py" --seed "$seed" --kernels "$kernels" \
  --per-file "$per_file" "$work"
mkdir -p "$work/predictions"
status=0
for src in "$work"/batch_*.cu; do
  name=$(basename "$src" .cu)
  if ! (cd "$work" && "$bankfix" --format=json "$name.cu") \
      >"$work/predictions/$name.json" 2>"$work/predictions/$name.stderr"; then
    echo "run.sh: bankfix failed on $src:" >&2
    cat "$work/predictions/$name.stderr" >&2
    status=1
  elif ! python3 -c 'import json, sys; json.load(open(sys.argv[1]))' \
      "$work/predictions/$name.json"; then
    echo "run.sh: bankfix printed malformed JSON for $src" >&2
    status=1
  fi
done
python3 - "$work" <<'PY'
import json, os, sys
work = sys.argv[1]
m = json.load(open(os.path.join(work, "manifest.json")))
judged = declined = missing = 0
for name in m["files"]:
    doc = json.load(open(os.path.join(work, "predictions", name[:-3] + ".json")))
    have = {(a["line"], a["kind"]): a for a in doc["accesses"]}
    for a in m["accesses"]:
        if a["file"] != name:
            continue
        p = have.get((a["line"], a["kind"]))
        if p is None:
            missing += 1
        elif p["judged"]:
            judged += 1
        else:
            declined += 1
print("run.sh: %d accesses: bankfix judged %d, declined %d, reported no "
      "access on %d" % (len(m["accesses"]), judged, declined, missing))
PY
exit $status
