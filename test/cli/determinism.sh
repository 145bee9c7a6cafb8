#!/usr/bin/env bash
# determinism.sh BANKFIX INPUTS DIR: bankfix's output (text, JSON, the
# exported fixes) must be byte-identical across runs, equal to the
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

for i in 1 2 3; do
  run "$dir/text$i" "${files[@]}"
  "$bankfix" --format=json --export-fixes="$dir/fixes$i.yaml" "${files[@]}" \
    >"$dir/json$i" 2>/dev/null
done
for i in 2 3; do
  same "$dir/text1" "$dir/text$i" "text outputs of runs 1 and $i"
  same "$dir/json1" "$dir/json$i" "JSON outputs of runs 1 and $i"
  same "$dir/fixes1.yaml" "$dir/fixes$i.yaml" "exported fixes of runs 1 and $i"
done

# Several files at once print what each prints alone, in order.
: >"$dir/each"
for f in "${files[@]}"; do
  "$bankfix" --use-color=false "$f" >>"$dir/each" 2>&1
done
# The summary line a run over several files ends with is not in any
# single file's output.
grep -v -e '^exit: ' -e '^bankfix: [0-9]* files checked: ' "$dir/text1" >"$dir/together"
same "$dir/together" "$dir/each" "one run over all files and a run per file"

# In reverse order: the same per-file blocks, reversed.
reversed=()
for ((k = ${#files[@]} - 1; k >= 0; k--)); do reversed+=("${files[k]}"); done
run "$dir/reversed" "${reversed[@]}"
: >"$dir/each-reversed"
for f in "${reversed[@]}"; do
  "$bankfix" --use-color=false "$f" >>"$dir/each-reversed" 2>&1
done
grep -v -e '^exit: ' -e '^bankfix: [0-9]* files checked: ' "$dir/reversed" >"$dir/reversed-together"
same "$dir/reversed-together" "$dir/each-reversed" "reversed order"

# Parallel runs (-j): the same bytes as one thread.
for i in 1 2; do
  run "$dir/text-j$i" -j2 "${files[@]}"
  "$bankfix" -j2 --format=json "${files[@]}" >"$dir/json-j$i" 2>/dev/null
  same "$dir/text1" "$dir/text-j$i" "text output with -j2 (run $i)"
  same "$dir/json1" "$dir/json-j$i" "JSON output with -j2 (run $i)"
done
echo "determinism: -j2 compared with one thread, twice"
[ $status -eq 0 ] && echo "determinism: ${#files[@]} files, identical"
exit $status
