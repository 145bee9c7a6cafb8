#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (unit, golden, CLI),
# then the same tests on the sanitizer build (scripts/sanitize.sh; skip it
# with BANKFIX_SKIP_SANITIZE=1).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
if [ "${BANKFIX_SKIP_SANITIZE:-0}" != 1 ]; then
  bash scripts/sanitize.sh
fi
