#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The fixed files of the real-code corpus against their GPU measurements:
# for each test/gpu/real-measured-after/NAME.ncu.csv (Nsight Compute's
# source counters of test/expected/real/NAME.cu, the file as --apply
# leaves it, on the GPU that environment.txt names), bankfix's JSON of that
# file must equal ncu per line (compare_real.py): the wavefronts a fix's
# note promises are what the fixed code takes.
#
#   test/gpu/after_recheck.sh BANKFIX [WORK_DIR]
set -euo pipefail
bankfix=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=${2:-$(mktemp -d)}
rm -rf "$work" && mkdir -p "$work/expected"
for csv in "$here"/real-measured-after/*.ncu.csv; do
  name=$(basename "$csv" .ncu.csv)
  (cd "$repo/test/expected" &&
    "$bankfix" --format=json "real/$name.cu" >"$work/expected/$name.json" 2>/dev/null) || true
done
python3 "$here/compare_real.py" "$here/real-measured-after" "$work/expected" \
  "$work/gpu-real-after.md" "$here/real-after-known-differences.txt" >/dev/null
grep -E 'lines equal' "$work/gpu-real-after.md"
