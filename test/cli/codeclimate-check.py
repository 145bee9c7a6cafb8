# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks a Code Quality report (--format=codeclimate) has what GitLab
reads of each issue: a description, check_name, a fingerprint unique in
the report, a severity GitLab knows, a relative path and a first line.
Prints one line per issue (check, severity, path, line, the description up to its first
parenthesis) and 'end', or with --fingerprints one fingerprint a line.
For FileCheck. Not a test by itself (lit runs *.test)."""
import json
import sys

issues = json.load(sys.stdin if sys.argv[1] == "-" else open(sys.argv[1]))
assert isinstance(issues, list), "the report is a JSON array"
seen = set()
for issue in issues:
    assert issue["type"] == "issue"
    assert issue["description"] and issue["check_name"], issue
    assert issue["severity"] in {"info", "minor", "major", "critical",
                                 "blocker"}, issue["severity"]
    assert isinstance(issue["categories"], list) and issue["categories"]
    fp = issue["fingerprint"]
    assert isinstance(fp, str) and fp and fp not in seen, fp
    seen.add(fp)
    location = issue["location"]
    assert not location["path"].startswith("/"), location["path"]
    assert location["lines"]["begin"] >= 1
    if "--fingerprints" in sys.argv:
        print(fp)
    else:
        print(issue["check_name"], issue["severity"], location["path"],
              location["lines"]["begin"],
              issue["description"].split(" (")[0][:70])
if "--fingerprints" not in sys.argv:
    print("end")
