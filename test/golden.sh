#!/usr/bin/env bash
# Golden test for one input: runs bankfix on test/inputs/NAME.cu (from that
# directory, with the options on its "// bankfix-args:" line) and compares
# its output byte for byte with test/expected/NAME.txt.
#
#   golden.sh BANKFIX NAME [--builtin-prelude]   check
#   golden.sh BANKFIX NAME --update              write the expected file
#
# Expected files are produced with --update and then checked by hand
# against ../shared/calibration.md and the seed documents before commit.
set -euo pipefail
bankfix=$(realpath "$1") name=$2 mode=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
input=$here/inputs/$name.cu
expected=$here/expected/$name.txt
args=$(sed -n 's|^// bankfix-args: ||p' "$input")
extra=()
[ "$mode" = --builtin-prelude ] && extra=(--builtin-prelude)

set +e
# shellcheck disable=SC2086
actual=$(cd "$here/inputs" && "$bankfix" --use-color=false "${extra[@]}" \
  $args "$name.cu" 2>&1; echo "exit: $?")
set -e

if [ "$mode" = --update ]; then
  printf '%s\n' "$actual" >"$expected"
  echo "wrote $expected"
  exit 0
fi
if ! diff -u "$expected" <(printf '%s\n' "$actual"); then
  echo "golden mismatch for $name${mode:+ ($mode)}" >&2
  exit 1
fi
