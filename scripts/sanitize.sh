#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The sanitizer build: bankfix, its unit tests and its fuzzers built with
# clang-22, AddressSanitizer and UndefinedBehaviorSanitizer (any report
# fails), in build-asan/; then the unit, golden and command-line tests run
# on it, and each fuzzer runs over its seeds and past findings
# (fuzz/corpus/, fuzz/regressions/). scripts/test.sh calls it.
# LLVM and Clang themselves are the distribution's, not instrumented.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-asan
if [ ! -f $build/CMakeCache.txt ]; then
  cmake -S . -B $build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
    -DCMAKE_CXX_COMPILER=clang++-22 -DBANKFIX_SANITIZE=address,undefined \
    -DBANKFIX_FUZZ=ON
fi
cmake --build $build -j "$(nproc)" --target bankfix bankfixUnitTests bankfixFrontendTests \
  bankfixCoreFuzzer bankfixAnalysisFuzzer

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# The unit and command-line tests, and the analysis fuzzer's seeds
# (fuzz-seeds: every test input analysed, reported in JSON and its fixes
# applied in memory). Not the golden tests: they run those analyses again
# in six modes each, five to six times slower than the release build
# (golden.real.attention_tiles: 185 s against 33 s), and the loop below
# gives the analysis fuzzer the real-code inputs; nor the GPU re-checks and
# the differential (the same analyses, compared with measured numbers);
# nor the checks of other tools' views of the output (formatting, nvcc,
# GPU, SARIF schema, pre-commit, CMake project, benchmark, the docs, the
# CI workflow, licences); nor installing and packaging (this build makes
# no man page and no clang-tidy module). The release build runs those.
ctest --test-dir $build --output-on-failure -j "$(nproc)" \
  -E '^(clang-format|clang-format-tidy|nvcc-compiles-expected|gpu|gpu-predictions|gpu-report|sarif-schema|pre-commit|cmake-project|bench-smoke|install|deb-package|doc-examples|ci-workflow|licence|find-cuda-tool|skipped-tests|differential)$|^golden(-prelude)?\.|-recheck$'

# Every seed and every past finding, once (libFuzzer runs files given by
# name and exits); the analysis fuzzer's seeds and the test inputs ran in
# fuzz-seeds above, the real-code inputs, the CLI tests' inputs and the
# compiled-form probes run here.
for name in core analysis; do
  binary=$build/bin/bankfix${name^}Fuzzer
  case $name in
  core) inputs=(fuzz/corpus/core/* fuzz/regressions/core/*) ;;
  analysis)
    # The CLI tests' inputs and the compiled-form probes too:
    # carved-views.test and compiled-merges.test, which analyse some of
    # them, run in the release build alone.
    mapfile -d '' cli_inputs < <(find test/cli/Inputs -name '*.cu' -print0 | sort -z)
    inputs=(fuzz/regressions/analysis/* test/inputs/real/*.cu "${cli_inputs[@]}"
      test/differential/findings/compiled_forms*.cu)
    ;;
  esac
  existing=()
  for f in "${inputs[@]}"; do [ -f "$f" ] && existing+=("$f"); done
  # A few inputs per process, as many processes at once as there are
  # cores. One input may take most of a minute here
  # (scan_runtime_length.cu: 48 s): the limit per input, which turns a
  # hang into a failure, is 300 s.
  printf '%s\0' "${existing[@]}" |
    xargs -0 -n 4 -P "$(nproc)" "$binary" -timeout=300 \
      >$build/fuzz-$name-seeds.log 2>&1 || {
    tail -50 $build/fuzz-$name-seeds.log
    echo "sanitize.sh: the $name fuzzer failed on its seeds" >&2
    exit 1
  }
  echo "sanitize.sh: $name fuzzer: ${#existing[@]} seeds and findings pass"
done
