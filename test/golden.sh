#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Golden test for one input: runs bankfix on test/inputs/NAME.cu (from that
# directory, with the options on its "// bankfix-args:" line) and compares
# its output byte for byte with test/expected/NAME.txt (the diagnostics)
# and test/expected/NAME.json (--format=json). Then runs --apply on a copy:
# the result must be test/expected/NAME.cu (or the input unchanged when
# there is no such file), each header of test/inputs/include/ it rewrites
# must be test/expected/NAME.include/ (the others unchanged), and a second
# --apply must change nothing.
# Each "// bankfix-explain: ARGS" line (at the end of the input, so that
# no other line moves) runs bankfix once more with ARGS added; together
# their outputs must be test/expected/NAME.explain.txt.
#
#   golden.sh BANKFIX NAME [--builtin-prelude]   check
#   golden.sh BANKFIX NAME --update              write the expected file
#
# Without --builtin-prelude the run is meant to parse with the CUDA
# toolkit: where bankfix finds none (its parse command has no --cuda-path)
# it would parse with the built-in prelude instead, so the check is skipped
# (exit 77, "skipped: ..."), not passed under a name it did not earn.
#
# Expected files are produced with --update and then checked by hand
# against docs/bank-model.md and the seed documents before commit.
set -euo pipefail
bankfix=$(realpath "$1") name=$2 mode=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
input=$here/inputs/$name.cu
args=$(sed -n 's|^// bankfix-args: ||p' "$input")
# The precompiled CUDA headers in $BANKFIX_GOLDEN_CACHE, which ctest shares
# among the golden tests (one PCH per set of parse flags, built by the
# first test that needs it: the cache is safe for concurrent processes),
# else in a cache of this run's own; the diagnostics are also checked
# without the cache below.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cache=${BANKFIX_GOLDEN_CACHE:-$work/cache}
extra=(--cache-dir="$cache" --wait-for-cache)
[ "$mode" = --builtin-prelude ] && extra+=(--builtin-prelude)
if [ -z "$mode" ] &&
  ! (cd "$here/inputs" && "$bankfix" --print-parse-command "$name.cu") |
  grep -q -- ' --cuda-path='; then
  echo "skipped: no CUDA toolkit found (\$CUDA_PATH, \$CUDA_HOME, nvcc on" \
    "PATH, /usr/local/cuda): the run would parse with the built-in prelude," \
    "as golden-prelude.$name does"
  exit 77
fi

# The toolkit's directory, which the output names where it reports a
# library's code (CUB's headers): written <cuda> in the expected files.
cuda=$(cd "$here/inputs" && "$bankfix" --print-parse-command "$name.cu" |
  sed -n 's|.* --cuda-path=\([^ ]*\).*|\1|p')
toolkit_named() {
  if [ -n "$cuda" ]; then
    printf '%s\n' "${1//"$cuda/"/<cuda>/}"
  else
    printf '%s\n' "$1"
  fi
}

# The diagnostics with stderr and the exit status (ARGS added to the
# input's own); the JSON document alone.
run() {
  local out
  set +e
  # shellcheck disable=SC2086
  out=$(cd "$here/inputs" && "$bankfix" --use-color=false "${extra[@]}" \
    $args "$@" "$name.cu" 2>&1; echo "exit: $?")
  set -e
  toolkit_named "$out"
}
run_json() {
  local out
  # shellcheck disable=SC2086
  out=$(cd "$here/inputs" && "$bankfix" --format=json "${extra[@]}" $args \
    "$name.cu" 2>/dev/null) || true
  toolkit_named "$out"
}

# Every --explain run of the input, each after a "$ bankfix ARGS" line.
run_explain() {
  local line
  while IFS= read -r line; do
    printf '$ bankfix %s\n' "$line"
    # shellcheck disable=SC2086
    run $line
  done < <(sed -n 's|^// bankfix-explain: ||p' "$input")
}

kinds=(txt json)
grep -q '^// bankfix-explain: ' "$input" && kinds+=(explain.txt)
status=0
for kind in "${kinds[@]}"; do
  expected=$here/expected/$name.$kind
  case $kind in
  json) actual=$(run_json) ;;
  txt) actual=$(run) ;;
  *) actual=$(run_explain) ;;
  esac
  if [ "$mode" = --update ]; then
    printf '%s\n' "$actual" >"$expected"
    echo "wrote $expected"
  elif ! diff -u "$expected" <(printf '%s\n' "$actual"); then
    echo "golden mismatch for $name.$kind${mode:+ ($mode)}" >&2
    status=1
  fi
done

# The diagnostics without the cache are the same, byte for byte.
if [ "$mode" != --update ] &&
  ! diff -u "$here/expected/$name.txt" <(printf '%s\n' "$(extra+=(--no-cache); run)"); then
  echo "golden mismatch for $name.txt with --no-cache${mode:+ ($mode)}" >&2
  status=1
fi
if [ "$mode" != --update ] && ! ls "$cache"/preamble-*.pch >/dev/null 2>&1; then
  echo "no precompiled preamble was cached for $name${mode:+ ($mode)}" >&2
  status=1
fi

# --apply on a copy (the headers it includes beside it).
mkdir -p "$work/$(dirname "$name")"
cp "$input" "$work/$name.cu"
[ -d "$here/inputs/include" ] && cp -r "$here/inputs/include" "$work/"
apply() {
  # shellcheck disable=SC2086
  (cd "$work" && "$bankfix" --apply "${extra[@]}" $args "$name.cu" \
    >/dev/null 2>&1) || true
}
apply
fixed=$here/expected/$name.cu
headers=$here/expected/$name.include
# The headers --apply rewrote, relative to include/.
changed_headers() {
  [ -d "$here/inputs/include" ] || return 0
  (cd "$here/inputs/include" && find . -type f | sort) | while read -r h; do
    cmp -s "$here/inputs/include/$h" "$work/include/$h" || echo "${h#./}"
  done
}
if [ "$mode" = --update ]; then
  if cmp -s "$work/$name.cu" "$input"; then
    rm -f "$fixed"
  else
    cp "$work/$name.cu" "$fixed"
    echo "wrote $fixed"
  fi
  rm -rf "$headers"
  for h in $(changed_headers); do
    mkdir -p "$(dirname "$headers/$h")"
    cp "$work/include/$h" "$headers/$h"
    echo "wrote $headers/$h"
  done
else
  want=$input
  [ -f "$fixed" ] && want=$fixed
  if ! diff -u "$want" "$work/$name.cu"; then
    echo "--apply result differs for $name${mode:+ ($mode)}" >&2
    status=1
  fi
  if [ -d "$here/inputs/include" ]; then
    (cd "$here/inputs/include" && find . -type f | sort) | while read -r h; do
      want=$here/inputs/include/$h
      [ -f "$headers/$h" ] && want=$headers/$h
      if ! diff -u "$want" "$work/include/$h"; then
        echo "--apply result differs for include/${h#./} of $name${mode:+ ($mode)}" >&2
        exit 1
      fi
    done || status=1
  fi
  cp "$work/$name.cu" "$work/once.cu"
  [ -d "$work/include" ] && cp -r "$work/include" "$work/once.include"
  apply
  if ! cmp -s "$work/once.cu" "$work/$name.cu"; then
    echo "a second --apply changed $name${mode:+ ($mode)}" >&2
    status=1
  fi
  if [ -d "$work/include" ] && ! diff -r "$work/once.include" "$work/include" >/dev/null; then
    echo "a second --apply changed a header of $name${mode:+ ($mode)}" >&2
    status=1
  fi
fi
exit $status
