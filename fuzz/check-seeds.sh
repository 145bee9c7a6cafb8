#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The analysis fuzzer's seeds reach every way a block shape is chosen: runs
# the fuzzer once over its seeds (fuzz/corpus/analysis/, test/inputs/) with
# BANKFIX_FUZZ_PRINT_SHAPES=1 and fails unless some analysed shape came from
# each of: a --block-dim for every kernel ("option"), a --block-dim for one
# kernel ("kernel-option"), a launch site ("launch") and the default
# ("default").
#
#   fuzz/check-seeds.sh ANALYSIS_FUZZER
set -euo pipefail
fuzzer=$1
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
log=$(mktemp)
trap 'rm -f "$log"' EXIT
BANKFIX_FUZZ_PRINT_SHAPES=1 "$fuzzer" -timeout=60 \
  "$here"/corpus/analysis/* "$root"/test/inputs/*.cu >"$log" 2>&1 || {
  tail -30 "$log"
  echo "check-seeds: the analysis fuzzer failed on its seeds" >&2
  exit 1
}
status=0
for kind in option kernel-option launch default; do
  n=$(grep -cx "shape: $kind" "$log" || true)
  echo "check-seeds: $n seed(s) analysed with a shape from: $kind"
  if [ "$n" -eq 0 ]; then
    echo "check-seeds: no seed reaches shapes from '$kind'" >&2
    status=1
  fi
done
exit $status
