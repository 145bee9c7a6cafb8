"""One line per SARIF result: rule, uriBaseId, uri, region, the message's
subject, its level when not a warning, the fix and a suppression; under it
one line per related location (a note: its region or '-', its first
words); then the invocation and its notifications. For FileCheck. Not a
test by itself (lit runs *.test)."""
import json
import re
import sys

log = json.load(sys.stdin if sys.argv[1] == "-" else open(sys.argv[1]))
assert log["version"] == "2.1.0"
(run,) = log["runs"]
driver = run["tool"]["driver"]
print("tool", driver["name"], "rules",
      ",".join(r["id"] for r in driver["rules"]))
print("root", run["originalUriBaseIds"]["%SRCROOT%"]["uri"])


def region(r):
    return (f"{r['startLine']}:{r['startColumn']}-"
            f"{r['endLine']}:{r['endColumn']}")


for result in run["results"]:
    loc = result["locations"][0]["physicalLocation"]
    art = loc["artifactLocation"]
    assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
    text = result["message"]["text"]
    found = re.search(r"(?:on )?((?:store to|load from) '\w+'|"
                      r"(?:store|load) of '\w+'|"
                      r"unmatched '\w+')", text)
    subject = found.group(1) if found else " ".join(text.split()[:4])
    line = [result["ruleId"], art.get("uriBaseId", "-"), art["uri"],
            region(loc["region"]), subject]
    if result["level"] != "warning":
        line.append(result["level"])
    for fix in result.get("fixes", []):
        for change in fix["artifactChanges"]:
            for rep in change["replacements"]:
                line += ["fix", region(rep["deletedRegion"]),
                         repr(rep["insertedContent"]["text"])]
    for suppression in result.get("suppressions", []):
        line += ["suppressed", suppression["kind"]]
    print(*line)
    for i, related in enumerate(result.get("relatedLocations", []), 1):
        assert related["id"] == i
        where = related.get("physicalLocation")
        print("  note", region(where["region"]) if where else "-",
              " ".join(related["message"]["text"].split()[:3]))
(invocation,) = run["invocations"]
print("invocation", "successful" if invocation["executionSuccessful"]
      else "failed")
for n in invocation.get("toolExecutionNotifications", []):
    files = [l["physicalLocation"]["artifactLocation"]["uri"]
             for l in n.get("locations", [])]
    print("  notification", n["level"], *files, n["message"]["text"])
print("end")
