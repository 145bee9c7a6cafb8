#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# bankfix's predictions for the GPU proof, one copy of each. The prediction
# for an input, test/inputs/NAME.cu, is its golden JSON test/expected/NAME.json
# (the golden test checks it against bankfix). A rewritten file,
# test/expected/NAME.cu, has no golden JSON: its prediction is
# predictions/CASE.after.json, bankfix's --format=json on it, run from the
# file's directory with the options on its "// bankfix-args:" line (as the
# golden tests do). report.py --predictions lists which is which.
#
#   predict.sh BANKFIX            check predictions/ against bankfix
#   predict.sh BANKFIX --update   rewrite predictions/
#
# Fails when a prediction is not what bankfix prints now, when a golden
# JSON a pair needs is missing, or when predictions/ holds a file no pair
# reads (such as a copy of a golden file: keep one source of truth).
set -euo pipefail
bankfix=$(realpath "$1") mode=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
test_dir=$(dirname "$here")
status=0
declare -A used=()
while read -r _case _variant source prediction; do
  file=$test_dir/$prediction
  case $prediction in
  gpu/predictions/*) used[$(basename "$prediction")]=1 ;;
  *)
    if [ ! -f "$file" ]; then
      echo "predict: $prediction, the golden JSON of $source, is missing" >&2
      status=1
    fi
    continue
    ;;
  esac
  src=$test_dir/$source
  args=$(sed -n 's|^// bankfix-args: ||p' "$src")
  # shellcheck disable=SC2086
  actual=$(cd "$(dirname "$src")" &&
    "$bankfix" --format=json $args "$(basename "$src")" 2>/dev/null)
  if [ "$mode" = --update ]; then
    printf '%s\n' "$actual" >"$file"
    echo "wrote $file"
  elif ! diff -u "$file" <(printf '%s\n' "$actual"); then
    echo "predict: $file is not what bankfix prints now" >&2
    status=1
  fi
done < <(python3 "$here/report.py" --predictions)

for file in "$here"/predictions/*; do
  [ -e "$file" ] || continue
  name=$(basename "$file")
  if [ -z "${used[$name]:-}" ]; then
    echo "predict: predictions/$name is read by no pair of pairs.txt" \
      "(inputs' predictions are their golden JSON in test/expected/)" >&2
    status=1
  fi
  for golden in "$test_dir"/expected/*.json; do
    if cmp -s "$file" "$golden"; then
      echo "predict: predictions/$name is a copy of" \
        "expected/$(basename "$golden"): keep one" >&2
      status=1
    fi
  done
done
exit $status
