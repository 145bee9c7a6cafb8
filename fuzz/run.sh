#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs bankfix's fuzzers for a fixed time each.
#
#   fuzz/run.sh SECONDS [core|analysis]...   (default: both, one after the other)
#
# Builds them first in build-asan/ (ASan + UBSan + libFuzzer, clang-22; the
# same build as scripts/sanitize.sh). Each fuzzer starts from its seeds
# (fuzz/corpus/NAME/, and test/inputs/ for the analysis) and keeps what it
# learns in build-asan/fuzz/corpus-NAME/; findings (crash-*, timeout-*,
# leak-*, oom-*) land in build-asan/fuzz/, the log in
# build-asan/fuzz/NAME.log. Exit status 1 when a fuzzer found something.
# FUZZ_JOBS=N runs N processes per fuzzer (default 1; their logs are
# build-asan/fuzz/fuzz-*.log); FUZZ_NICE sets the niceness (default 10).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
seconds=${1:?usage: fuzz/run.sh SECONDS [core|analysis]...}
shift
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(core analysis)
build=$root/build-asan

if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER=clang++-22 -DBANKFIX_SANITIZE=address,undefined \
    -DBANKFIX_FUZZ=ON >/dev/null
fi

jobs=()
[ "${FUZZ_JOBS:-1}" -gt 1 ] && jobs=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS")
status=0
mkdir -p "$build/fuzz"
for name in "${names[@]}"; do
  case $name in
  core)
    binary=bankfixCoreFuzzer
    seeds=("$here/corpus/core")
    flags=(-max_len=512)
    ;;
  analysis)
    binary=bankfixAnalysisFuzzer
    seeds=("$here/corpus/analysis" "$root/test/inputs")
    flags=(-max_len=8192 -dict="$here/cuda.dict")
    ;;
  *)
    echo "fuzz/run.sh: unknown fuzzer '$name' (core, analysis)" >&2
    exit 2
    ;;
  esac
  ninja -C "$build" "$binary" >/dev/null
  corpus=$build/fuzz/corpus-$name
  mkdir -p "$corpus"
  echo "fuzz/run.sh: $name for ${seconds}s, log in $build/fuzz/$name.log" >&2
  # libFuzzer's -max_total_time; -timeout makes a slow input a finding.
  if ! (cd "$build/fuzz" && nice -n "${FUZZ_NICE:-10}" \
    "$build/bin/$binary" "${flags[@]}" -max_total_time="$seconds" \
    -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
    "${jobs[@]}" \
    -artifact_prefix="$build/fuzz/$name-" "$corpus" "${seeds[@]}" \
    >"$build/fuzz/$name.log" 2>&1); then
    echo "fuzz/run.sh: $name found something; see $build/fuzz/$name.log" >&2
    status=1
  fi
  grep -E '^stat::number_of_executed_units|^Done [0-9]+ runs' \
    "$build/fuzz/$name.log" | sed "s/^/$name: /" >&2 || true
done
exit $status
