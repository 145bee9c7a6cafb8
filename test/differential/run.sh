#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
bankfix=$(realpath "$1") work=$2 seed=${3:-2} kernels=${4:-360} per_file=${5:-20}
here=$(cd "$(dirname "$0")" && pwd)
[ -x "$bankfix" ] || { echo "run.sh: error: $1 is not an executable" >&2; exit 2; }
python3 "$here/gen.py" --seed "$seed" --kernels "$kernels" \
  --per-file "$per_file" "$work"
exec "$here/predict.sh" "$bankfix" "$work"
