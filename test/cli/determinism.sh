#!/usr/bin/env bash
# determinism.sh BANKFIX INPUTS DIR: bankfix's output (text, JSON, the
# exported fixes) must be byte-identical across two runs, equal to the
# per-file outputs in command-line order, and the same with -j2. Exit 1 on
# any difference, or when bankfix --help lists no -j.
set -u
bankfix=$1 inputs=$2 dir=$3
rm -rf "$dir" && mkdir -p "$dir"
cd "$inputs" || exit 1
# bankfix has -j: a --help without it is a failure, not a reason to
# compare less.
if ! "$bankfix" --help 2>&1 | grep -qE '^ *-j[ =]|--jobs'; then
  echo "determinism: bankfix --help lists no -j: -j2 cannot be compared" >&2
  exit 1
fi
files=(*.cu)
status=0
same() { # same A B WHAT
  if ! cmp -s "$1" "$2"; then
    echo "determinism: $3 differ ($1, $2)" >&2
    diff "$1" "$2" | head -20 >&2
    status=1
  fi
}
run() { # run OUT ARGS...: stdout and stderr (both), then the exit status
  local out=$1
  shift
  "$bankfix" --use-color=false "$@" >"$out" 2>&1
  echo "exit: $?" >>"$out"
}

for i in 1 2; do
  run "$dir/text$i" "${files[@]}"
  "$bankfix" --format=json --export-fixes="$dir/fixes$i.yaml" "${files[@]}" \
    >"$dir/json$i" 2>/dev/null
done
same "$dir/text1" "$dir/text2" "text outputs of runs 1 and 2"
same "$dir/json1" "$dir/json2" "JSON outputs of runs 1 and 2"
same "$dir/fixes1.yaml" "$dir/fixes2.yaml" "exported fixes of runs 1 and 2"

# Several files at once print what each prints alone, in order (each
# file's own output is kept for the reversed order below).
mkdir -p "$dir/alone"
for k in "${!files[@]}"; do
  "$bankfix" --use-color=false "${files[k]}" >"$dir/alone/$k" 2>&1
done
concatenate() { # concatenate OUT INDEX...: the kept outputs, in that order
  local out=$1
  shift
  : >"$out"
  for k in "$@"; do cat "$dir/alone/$k" >>"$out"; done
}
concatenate "$dir/each" "${!files[@]}"
# The summary line a run over several files ends with is not in any
# single file's output.
grep -v -e '^exit: ' -e '^bankfix: [0-9]* files checked: ' "$dir/text1" >"$dir/together"
same "$dir/together" "$dir/each" "one run over all files and a run per file"

# In reverse order: the same per-file blocks, reversed.
reversed=() order=()
for ((k = ${#files[@]} - 1; k >= 0; k--)); do
  reversed+=("${files[k]}") order+=("$k")
done
run "$dir/reversed" "${reversed[@]}"
concatenate "$dir/each-reversed" "${order[@]}"
grep -v -e '^exit: ' -e '^bankfix: [0-9]* files checked: ' "$dir/reversed" >"$dir/reversed-together"
same "$dir/reversed-together" "$dir/each-reversed" "reversed order"

# Parallel runs (-j): the same bytes as one thread, twice for the text.
for i in 1 2; do
  run "$dir/text-j$i" -j2 "${files[@]}"
  same "$dir/text1" "$dir/text-j$i" "text output with -j2 (run $i)"
done
"$bankfix" -j2 --format=json "${files[@]}" >"$dir/json-j" 2>/dev/null
same "$dir/json1" "$dir/json-j" "JSON output with -j2"
echo "determinism: -j2 compared with one thread, twice"
[ $status -eq 0 ] && echo "determinism: ${#files[@]} files, identical"
exit $status
