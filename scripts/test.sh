#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs what is missing, builds, and runs every test (unit, golden, CLI),
# then the same tests on the sanitizer build (scripts/sanitize.sh; skip it
# with BANKFIX_SKIP_SANITIZE=1). Whatever happens, the log ends with what
# did not run: one line per skipped test and its reason
# (test/skipped-tests.sh), or "nothing skipped".
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh

release_log=build/ctest.log sanitize_log=build/sanitize.log
rm -f "$release_log" "$sanitize_log"
summary() {
  local status=$?
  echo
  echo "== What did not run =="
  if [ -f "$release_log" ]; then
    bash test/skipped-tests.sh release build "$release_log" || true
  else
    echo "release: the tests did not run"
  fi
  if [ "${BANKFIX_SKIP_SANITIZE:-0}" = 1 ]; then
    echo "sanitized: skipped the whole sanitizer run: BANKFIX_SKIP_SANITIZE=1"
  elif [ -f "$sanitize_log" ]; then
    bash test/skipped-tests.sh sanitized build-asan "$sanitize_log" || true
    echo "sanitized: by design only the unit and CLI tests and the fuzzers'" \
      "seeds (every test, real-code and CLI test input) run there; the" \
      "release run has the rest"
  else
    echo "sanitized: not run (the release tests failed)"
  fi
  exit $status
}
trap summary EXIT

ctest --test-dir build --output-on-failure -j "$(nproc)" 2>&1 |
  tee "$release_log"
if [ "${BANKFIX_SKIP_SANITIZE:-0}" != 1 ]; then
  bash scripts/sanitize.sh 2>&1 | tee "$sanitize_log"
fi
