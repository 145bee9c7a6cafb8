#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# smoke.sh BANKFIX CLANG [MAX_RATIO]: keeps bench/ from rotting. The corpus
# generator is deterministic, and run.py measures two test inputs and one
# corpus file (one repetition): clang must parse each with the command
# bankfix prints, and the report must hold its ratios and the -j1/-j2
# comparison. The heavy-header project runs on two files: with MAX_RATIO
# (not 0) neither may take more than that times clang's parse of it (the
# ratio is about 1.2x; 3x is the target for every real file). The samples
# benchmark must say that it did not run without a checkout.
set -euo pipefail
bankfix=$1 clang=$2 max_ratio=${3:-0}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/generate_corpus.py" "$work/a" >/dev/null
python3 "$here/generate_corpus.py" "$work/b" >/dev/null
diff -r "$work/a" "$work/b"
[ "$(ls "$work/a" | wc -l)" -eq 25 ]
[ "$(grep -c '^__global__ void' "$work"/a/*.cu | awk -F: '{s+=$2} END {print s}')" -eq 200 ]
python3 "$here/run.py" --bankfix "$bankfix" --clang "$clang" --reps 1 \
  --files "$here/../test/inputs/seed002_tile.cu" \
  "$here/../test/inputs/seed003_transpose.cu" "$work/a/corpus_000.cu" \
  --markdown "$work/report.md" 2>/dev/null
grep -E '^\| seed002_tile.cu \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ ' "$work/report.md"
grep -E '^overall \(sum of medians\): wall .* = [0-9.]+x; cpu .* = [0-9.]+x$' "$work/report.md"
grep -E "^-j1 vs -j2 on 3 files: .* = [0-9.]+x speed-up \(cpu " "$work/report.md"

heavy_args=(--bankfix "$bankfix" --clang "$clang" --files 2 --markdown "$work/heavy.md")
[ "$max_ratio" = 0 ] || heavy_args+=(--max-ratio "$max_ratio")
python3 "$here/heavy_header_project.py" "${heavy_args[@]}" > "$work/heavy.out" 2>/dev/null
if ! grep -q "not run" "$work/heavy.out"; then
  grep -E '^\| largest \| [0-9.]+x \|$' "$work/heavy.md"
  grep -E '^whole project, `bankfix -p build -j 0`: [0-9.]+ s wall \(exit 0,' "$work/heavy.md"
fi
python3 "$here/samples_timing.py" --bankfix "$bankfix" --samples "$work/none" |
  grep "no CUDA samples checkout at $work/none: not run" >/dev/null
