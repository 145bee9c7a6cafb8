#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# bankfix's predictions for a work directory of gen.py (or findings.py):
# bankfix --format=json on every batch_*.cu, run from the directory, into
# predictions/. Fails when bankfix fails on a file or prints something that is
# not one JSON document; prints how many generated accesses bankfix judged.
#
#   predict.sh BANKFIX WORK_DIR
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: predict.sh BANKFIX WORK_DIR" >&2; exit 2; }
bankfix=$(realpath "$1") work=$2
[ -x "$bankfix" ] || { echo "predict.sh: error: $1 is not an executable" >&2; exit 2; }
[ -f "$work/manifest.json" ] || { echo "predict.sh: error: $work has no manifest.json" >&2; exit 2; }
mkdir -p "$work/predictions"
status=0
files=$(python3 -c 'import json, sys; print(" ".join(json.load(open(sys.argv[1]))["files"]))' "$work/manifest.json")
for file in $files; do
  src=$work/$file name=${file%.cu}
  if ! (cd "$work" && "$bankfix" --format=json "$name.cu") \
      >"$work/predictions/$name.json" 2>"$work/predictions/$name.stderr"; then
    echo "predict.sh: bankfix failed on $src:" >&2
    cat "$work/predictions/$name.stderr" >&2
    status=1
  elif ! python3 -c 'import json, sys; json.load(open(sys.argv[1]))' \
      "$work/predictions/$name.json"; then
    echo "predict.sh: bankfix printed malformed JSON for $src" >&2
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
print("predict.sh: %d accesses: bankfix judged %d, declined %d, reported no "
      "access on %d" % (len(m["accesses"]), judged, declined, missing))
PY
exit $status
