#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# --format=sarif against the SARIF 2.1.0 JSON schema (test/data, see its
# README): a log with results, fixes, related locations, NOLINT
# suppressions, remarks (level note), a header's finding and an unmatched
# NOLINTBEGIN must validate; so must a log without results, one whose file
# failed to parse and one of a run that stopped before any file (their
# toolExecutionNotifications); and the same log with a required property
# removed must not (the check can fail).
# Skipped (77) when python3 has no jsonschema module (Debian:
# python3-jsonschema).
#
#   sarif-schema.sh BANKFIX
set -euo pipefail
bankfix=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
python3 -c 'import jsonschema' 2>/dev/null ||
  { echo "skipped: no python3 jsonschema module (Debian: python3-jsonschema)"; exit 77; }

# shellcheck source=SCRIPTDIR/scratch-dir.sh
. "$here/scratch-dir.sh"
make_scratch_dir
(cd "$here/inputs" && "$bankfix" --format=sarif --block-dim=32,32 \
  seed002_tile.cu fix_refusals.cu nolint.cu) >"$work/found.sarif"
(cd "$here/inputs" && "$bankfix" --format=sarif --block-dim=256 \
  seed001_fixed.cu) >"$work/none.sarif"
(cd "$here/inputs" && "$bankfix" --format=sarif real/shared_atomics.cu) >"$work/remarks.sarif"
printf '__global__ void k( {\n' >"$work/bad.cu"
"$bankfix" --format=sarif "$work/bad.cu" >"$work/failed.sarif" 2>/dev/null && exit 1
"$bankfix" --format=sarif -p "$work/nonexistent" >"$work/stopped.sarif" 2>/dev/null && exit 1

python3 - "$here/data/sarif-schema-2.1.0.json" "$work" <<'PY'
import copy, json, sys
import jsonschema

schema = json.load(open(sys.argv[1]))
Validator = jsonschema.validators.validator_for(schema)
Validator.check_schema(schema)
validator = Validator(schema)

def check(name):
    log = json.load(open(f"{sys.argv[2]}/{name}"))
    errors = sorted(validator.iter_errors(log), key=str)
    for e in errors:
        print(f"{name}: {'/'.join(map(str, e.absolute_path))}: {e.message}")
    if errors:
        sys.exit(1)
    return log

found = check("found.sarif")
results = found["runs"][0]["results"]
rules = {r["ruleId"] for r in results}
fixes = sum(1 for r in results if "fixes" in r)
print(f"found.sarif: valid, {len(results)} results, rules {sorted(rules)}, "
      f"{fixes} with fixes")
assert rules == {"bankfix-bank-conflict", "bankfix-nolint"}, rules
assert fixes > 0
assert any(r.get("relatedLocations") for r in results)
assert any(r.get("suppressions") for r in results)
remarks = check("remarks.sarif")["runs"][0]["results"]
assert any(r["level"] == "note" for r in remarks), remarks
print(f"remarks.sarif: valid, {len(remarks)} results")
for name in ("failed.sarif", "stopped.sarif"):
    (invocation,) = check(name)["runs"][0]["invocations"]
    assert invocation["executionSuccessful"] is False
    assert invocation["toolExecutionNotifications"][0]["level"] == "error"
    print(f"{name}: valid, the invocation failed with a notification")
none = check("none.sarif")
assert none["runs"][0]["results"] == [], none["runs"][0]["results"]
print("none.sarif: valid, no results")

broken = copy.deepcopy(found)
del broken["runs"][0]["results"][0]["message"]
if validator.is_valid(broken):
    print("a result without its message passed the schema")
    sys.exit(1)
print("a result without its message is rejected")
PY
