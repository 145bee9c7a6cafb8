#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# What did not run, one line each, for the end of a CI log:
#
#   skipped-tests.sh LABEL BUILD_DIR CTEST_CONSOLE_LOG
#
# CTEST_CONSOLE_LOG is what ctest printed (scripts/test.sh tees it). The
# names come from its "The following tests did not run:" list (tests that
# exited 77, or were disabled); each reason is the last "skipped: ..." line
# the test printed (else its last line), from BUILD_DIR's
# Testing/Temporary/LastTest.log, which holds every test's output. lit tests
# that the cli test reported UNSUPPORTED (lit --show-unsupported) are listed
# too. Prints "LABEL: skipped NAME: REASON" per test, or "LABEL: nothing
# skipped"; exits 1 when the console log holds no ctest summary (then what
# ran is unknown).
set -euo pipefail
label=$1 build=$2 console=$3
python3 - "$label" "$build/Testing/Temporary/LastTest.log" "$console" <<'PY'
import re
import sys

label, last_test_log, console = sys.argv[1:4]
text = open(console, errors="replace").read()
if not re.search(r"tests passed|tests failed", text):
    print("%s: no ctest summary in %s: what ran is unknown" % (label, console))
    sys.exit(1)

# "The following tests did not run:" then lines "\t 54 - gpu (Skipped)".
skipped = []
block = text.split("The following tests did not run:")
if len(block) > 1:
    for line in block[-1].splitlines()[1:]:
        m = re.match(r"\s+\d+ - (\S+) \((\w[\w ]*)\)$", line)
        if not m:
            break
        skipped.append((m.group(1), m.group(2)))

# Every test's output: "N/M Testing: NAME" ... "Output:" rule ... "<end of
# output>".
outputs = {}
try:
    log = open(last_test_log, errors="replace").read()
except OSError:
    log = ""
for m in re.finditer(r"^\d+/\d+ Testing: (\S+)\n.*?^Output:\n-+\n(.*?)<end of output>",
                     log, re.S | re.M):
    outputs[m.group(1)] = m.group(2)


def reason(name, kind):
    lines = [l.strip() for l in outputs.get(name, "").splitlines() if l.strip()]
    said = [l for l in lines if l.startswith("skipped:")]
    if said:
        return said[-1][len("skipped:"):].strip()
    if lines:
        return lines[-1]
    return "it printed no reason (ctest: %s)" % kind


lines = ["%s: skipped %s: %s" % (label, name, reason(name, kind))
         for name, kind in skipped]
for name, output in sorted(outputs.items()):
    for m in re.finditer(r"^UNSUPPORTED: \S+ :: (\S+)", output, re.M):
        lines.append("%s: skipped %s/%s: lit UNSUPPORTED (its UNSUPPORTED or "
                     "REQUIRES line)" % (label, name, m.group(1)))
print("\n".join(lines) if lines else "%s: nothing skipped" % label)
PY
