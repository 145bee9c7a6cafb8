"""One line per SARIF result: rule, uriBaseId, uri, region, the message's
subject and the fix, for FileCheck. Not a test by itself (lit runs *.test)."""
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
    subject = re.search(r"(?:on )?((?:store to|load from) '\w+'|"
                        r"(?:store|load) of '\w+'|"
                        r"unmatched '\w+')", text).group(1)
    line = [result["ruleId"], art.get("uriBaseId", "-"), art["uri"],
            region(loc["region"]), subject]
    if result["level"] != "warning":
        line.append(result["level"])
    for fix in result.get("fixes", []):
        (change,) = fix["artifactChanges"]
        (rep,) = change["replacements"]
        line += ["fix", region(rep["deletedRegion"]),
                 repr(rep["insertedContent"]["text"])]
    print(*line)
print("end")
