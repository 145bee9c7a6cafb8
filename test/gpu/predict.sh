#!/usr/bin/env bash
# bankfix's predictions for the GPU proof: --format=json on the before and
# after file of every pair in pairs.txt, run from the file's directory with
# the options on its "// bankfix-args:" line (as the golden tests do).
#
#   predict.sh BANKFIX            check predictions/ against bankfix
#   predict.sh BANKFIX --update   rewrite predictions/
set -euo pipefail
bankfix=$(realpath "$1") mode=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
status=0
while read -r name _kernel before after _rest; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  for variant in before after; do
    src=$here/../${!variant}
    args=$(sed -n 's|^// bankfix-args: ||p' "$src")
    # shellcheck disable=SC2086
    actual=$(cd "$(dirname "$src")" &&
      "$bankfix" --format=json $args "$(basename "$src")" 2>/dev/null)
    file=$here/predictions/$name.$variant.json
    if [ "$mode" = --update ]; then
      printf '%s\n' "$actual" >"$file"
      echo "wrote $file"
    elif ! diff -u "$file" <(printf '%s\n' "$actual"); then
      echo "predict: $file is not what bankfix prints now" >&2
      status=1
    fi
  done
done <"$here/pairs.txt"
exit $status
