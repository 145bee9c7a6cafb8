#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake-project.sh BANKFIX: configures test/cmake-project with nvcc (so its
# compile_commands.json holds CMake's real nvcc commands), then runs
# `bankfix -p` on it: every CUDA file of the database, with its flags
# (-DTILE=32 from the build, the include directory, sm_80 from
# CMAKE_CUDA_ARCHITECTURES). Exit 77 (skipped) where there is no nvcc.
set -euo pipefail
bankfix=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=SCRIPTDIR/find-cuda-tool.sh
. "$here/find-cuda-tool.sh"
if ! nvcc=$(find_cuda_tool nvcc); then
  echo "skipped: no nvcc (PATH, \$CUDA_PATH, \$CUDA_HOME, /usr/local/cuda)"
  exit 77
fi
# shellcheck source=SCRIPTDIR/scratch-dir.sh
. "$here/scratch-dir.sh"
make_scratch_dir
cmake -S "$here/cmake-project" -B "$work/build" -G Ninja \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCMAKE_CUDA_COMPILER="$nvcc" \
  >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; exit 1; }
db=$work/build/compile_commands.json
grep -q -- '--expt-relaxed-constexpr' "$db"
grep -q -- '-lineinfo' "$db"

status=0
check() { # what, pattern, text
  if ! grep -qE -- "$2" <<<"$3"; then
    echo "cmake-project: $1: no match for '$2' in:" >&2
    printf '%s\n' "$3" >&2
    status=1
  fi
}
check_not() {
  if grep -qE -- "$2" <<<"$3"; then
    echo "cmake-project: $1: unexpected '$2' in:" >&2
    printf '%s\n' "$3" >&2
    status=1
  fi
}

# The parse commands: the database's define, include directory and
# architecture; none of nvcc's own flags.
cmds=$("$bankfix" -p "$work/build" --print-parse-command)
[ "$(wc -l <<<"$cmds")" -eq 3 ] || { echo "want 3 files: $cmds" >&2; status=1; }
check commands '--cuda-gpu-arch=sm_80 .* -DTILE=32 -I[^ ]*/cmake-project/include -std=c\+\+17 [^ ]*/src/padded.cu$' "$cmds"
check_not commands 'expt-relaxed|lineinfo|fast_math|Xcompiler|-x cu |-o ' "$cmds"

# The findings, in the database's files, sorted by path.
out=$("$bankfix" --use-color=false -p "$work/build" 2>&1) || true
check findings 'src/reduce.cu:8:22: warning: 2-way shared memory bank conflict on load from .buf.' "$out"
check findings 'src/transpose.cu:11:20: warning: 32-way shared memory bank conflict on load from .tile.' "$out"
check findings 'block 32x32x1 \(from the launch at [^)]*transpose.cu:15' "$out"
check_not findings 'padded.cu:[0-9]+:[0-9]+: warning' "$out"
[ "$(grep -oE '(reduce|transpose)\.cu:[0-9]+:[0-9]+: warning' <<<"$out" | cut -d: -f1 | uniq | tr '\n' ' ')" = "reduce.cu transpose.cu " ] ||
  { echo "cmake-project: files not in sorted order" >&2; status=1; }

# One file named on the command line: only that one, with its flags.
one=$("$bankfix" --use-color=false -p "$work/build" "$here/cmake-project/src/transpose.cu" 2>&1) || true
check one-file 'transpose.cu:11:20: warning: 32-way' "$one"
check_not one-file 'reduce.cu' "$one"

# Without the database, TILE is include/tile.cuh's 16 and the include
# directory is missing: the parse fails.
bare=$("$bankfix" --use-color=false "$here/cmake-project/src/transpose.cu" 2>&1) || true
check no-database "'tile.cuh' file not found" "$bare"

# -j2 prints the same bytes as -j1.
j2=$("$bankfix" --use-color=false -j2 -p "$work/build" 2>&1) || true
[ "$j2" = "$out" ] || { echo "cmake-project: -j2 output differs from -j1" >&2; status=1; }
exit $status
