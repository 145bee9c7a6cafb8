#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# skipped-tests-test.sh: test/skipped-tests.sh on a real ctest run of a
# made-up project: a test that passes, one that exits 77 after printing
# "skipped: REASON", one that exits 77 saying nothing, one whose output
# holds lit's UNSUPPORTED lines; and on a log without a ctest summary.
# The summary must name exactly the three skipped tests with their reasons.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/src"
cat >"$work/src/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(skips NONE)
enable_testing()
add_test(NAME passes COMMAND sh -c "echo all good")
add_test(NAME says-why COMMAND sh -c "echo compiled 5 cases; echo 'skipped: no GPU here'; exit 77")
add_test(NAME says-nothing COMMAND sh -c "exit 77")
add_test(NAME lit COMMAND sh -c "echo 'UNSUPPORTED: bankfix-cli :: large-input.test (3 of 22)'; echo 'PASS: bankfix-cli :: json.test (4 of 22)'")
set_tests_properties(says-why says-nothing PROPERTIES SKIP_RETURN_CODE 77)
CMAKE
cmake -S "$work/src" -B "$work/build" >/dev/null
ctest --test-dir "$work/build" --output-on-failure >"$work/console.log" 2>&1
summary=$(bash "$here/skipped-tests.sh" demo "$work/build" "$work/console.log")
want="demo: skipped says-nothing: it printed no reason (ctest: Skipped)
demo: skipped says-why: no GPU here
demo: skipped lit/large-input.test: lit UNSUPPORTED (its UNSUPPORTED or REQUIRES line)"
status=0
if [ "$(sort <<<"$summary")" != "$(sort <<<"$want")" ]; then
  echo "FAIL: the summary of skipped tests is:"
  printf '%s\n' "$summary"
  echo "want (any order):"
  printf '%s\n' "$want"
  status=1
else
  echo "ok: three skipped tests named with their reasons"
fi

# Nothing skipped: said so.
ctest --test-dir "$work/build" -R '^passes$' >"$work/none.log" 2>&1
none=$(bash "$here/skipped-tests.sh" demo "$work/build" "$work/none.log")
if [ "$none" = "demo: nothing skipped" ]; then
  echo "ok: nothing skipped"
else
  echo "FAIL: with nothing skipped it printed: $none"
  status=1
fi

# No ctest summary in the log: what ran is unknown, exit 1.
echo "the build failed" >"$work/broken.log"
if bash "$here/skipped-tests.sh" demo "$work/build" "$work/broken.log"; then
  echo "FAIL: a log without a ctest summary was accepted"
  status=1
else
  echo "ok: a log without a ctest summary is refused"
fi
exit $status
