#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The CI recipes (docs/bankfix-ci.yml, docs/bankfix-gitlab-ci.yml) as
GitHub Actions and GitLab CI would run them.

Parses the workflow (python3-yaml), checks what makes the upload to code
scanning work (the permissions, git installed before the checkout, the
package install, the SARIF file the bankfix step writes being the one
uploaded, even when bankfix fails, but not from a fork's pull request, an
upload-sarif that is not deprecated), then runs the steps with the ids
compile-database and bank-conflicts with bash in a copy of
test/cmake-project, with the given bankfix first on PATH: the SARIF log
must hold the project's two conflicting files. The GitLab job's script
lines run the same way: it fails on the conflicts and leaves the SARIF log
and the text output.

    ci-workflow.py BANKFIX      exit 77 (skipped) without python3-yaml or nvcc
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    print("ci-workflow: no python3-yaml, skipped")
    sys.exit(77)

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
bankfix = os.path.abspath(sys.argv[1])
errors = []


def expect(ok, what):
    if not ok:
        errors.append(what)


with open(os.path.join(root, "docs", "bankfix-ci.yml")) as f:
    workflow = yaml.safe_load(f)
with open(os.path.join(root, "docs", "bankfix-gitlab-ci.yml")) as f:
    gitlab = yaml.safe_load(f)
(gitlab_job,) = [j for j in gitlab.values() if isinstance(j, dict) and "script" in j]
expect(gitlab_job.get("image") == "debian:12", "the GitLab job runs on debian:12")
expect(any("./bankfix.deb" in l or "/tmp/bankfix.deb" in l
           for l in gitlab_job.get("before_script", [])),
       "the GitLab job installs the package")
expect(gitlab_job.get("artifacts", {}).get("when") == "always",
       "the GitLab job keeps its outputs when it fails")
quality = gitlab_job.get("artifacts", {}).get("reports", {}).get("codequality")
expect(quality is not None, "the GitLab job gives GitLab a Code Quality report")
jobs = workflow["jobs"]
expect(len(jobs) == 1, "one job")
job = next(iter(jobs.values()))
expect(job.get("permissions", {}).get("security-events") == "write",
       "the job may write security events (upload-sarif needs it)")
expect(job.get("permissions", {}).get("actions") == "read",
       "the job may read actions (upload-sarif in a private repository)")
order = [s.get("id") or s.get("uses", "") for s in job["steps"]]
checkout = [i for i, s in enumerate(order) if s.startswith("actions/checkout@")]
expect(checkout and "install" in order and order.index("install") < checkout[0],
       "git is installed before actions/checkout (else no .git)")
steps = {s.get("id"): s for s in job["steps"] if s.get("id")}
for needed in ("install", "compile-database", "bank-conflicts"):
    expect(needed in steps, "a step with id " + needed)
if errors:
    print("\n".join("ci-workflow: " + e for e in errors), file=sys.stderr)
    sys.exit(1)

expect(re.search(r"apt-get install [^\n]*/bankfix\.deb", steps["install"]["run"]),
       "the install step installs the package with apt-get")
uploads = [s for s in job["steps"]
           if str(s.get("uses", "")).startswith("github/codeql-action/upload-sarif@")]
expect(len(uploads) == 1, "one upload-sarif step")
sarif_file = uploads[0].get("with", {}).get("sarif_file", "") if uploads else ""
expect(uploads and "always()" in str(uploads[0].get("if", "")),
       "the upload runs even when bankfix fails the step")
expect(uploads and "head.repo.full_name == github.repository"
       in str(uploads[0].get("if", "")),
       "no upload from a fork's pull request (its token cannot write)")
expect(uploads and not re.search(r"@v[0-3]$", uploads[0]["uses"]),
       "upload-sarif@v4 or later (v3 is deprecated)")
bankfix_lines = [l.strip() for l in steps["bank-conflicts"]["run"].splitlines()
                 if l.strip().startswith("bankfix ")]
expect(any(re.search(r"\s-p\s+build\b", l) and "--format=sarif" in l
           and l.endswith("> " + sarif_file) for l in bankfix_lines),
       "a bankfix line with -p build and --format=sarif writing " + sarif_file)
expect("CMAKE_EXPORT_COMPILE_COMMANDS=ON" in steps["compile-database"]["run"],
       "the configure step writes compile_commands.json")

nvcc = shutil.which("nvcc") or (
    "/usr/local/cuda/bin/nvcc" if os.access("/usr/local/cuda/bin/nvcc", os.X_OK) else None)
if errors or not nvcc:
    for e in errors:
        print("ci-workflow: " + e, file=sys.stderr)
    if not errors:
        print("ci-workflow: workflow checked; no nvcc, its steps were not run")
        sys.exit(77)
    sys.exit(1)

with tempfile.TemporaryDirectory() as work:
    repo = os.path.join(work, "repo")
    shutil.copytree(os.path.join(here, "cmake-project"), repo)
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join(
        [os.path.dirname(bankfix), os.path.dirname(nvcc), env.get("PATH", "")])
    env["GITHUB_PATH"] = os.path.join(work, "github_path")

    def run_step(step_id):
        return subprocess.run(["bash", "-e", "-c", steps[step_id]["run"]],
                              cwd=repo, env=env, capture_output=True, text=True)

    configured = run_step("compile-database")
    if configured.returncode != 0:
        print(configured.stdout + configured.stderr, file=sys.stderr)
        sys.exit("ci-workflow: the compile-database step failed")
    checked = run_step("bank-conflicts")
    # The project has conflicts and the step uses --warnings-as-errors.
    expect(checked.returncode == 1,
           "bank-conflicts exits 1 (conflicts found), not %d:\n%s"
           % (checked.returncode, checked.stderr))
    expect(re.search(r"^bankfix \S+ \(LLVM 22", checked.stdout, re.M),
           "bankfix --version runs")
    try:
        with open(os.path.join(repo, sarif_file)) as f:
            log = json.load(f)
        results = log["runs"][0]["results"]
        files = sorted({r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                        for r in results})
        expect(files == ["src/reduce.cu", "src/transpose.cu"],
               "the SARIF results are in src/reduce.cu and src/transpose.cu: %s"
               % files)
        expect(all(r["ruleId"] == "bankfix-bank-conflict" for r in results),
               "every result is a bank conflict")
    except (OSError, ValueError, KeyError, IndexError) as e:
        expect(False, "a SARIF log in %s: %s" % (sarif_file, e))

    # The GitLab job's script in a fresh copy.
    lab = os.path.join(work, "gitlab")
    shutil.copytree(os.path.join(here, "cmake-project"), lab)
    ran = subprocess.run(["bash", "-e", "-c", "\n".join(gitlab_job["script"])],
                         cwd=lab, env=env, capture_output=True, text=True)
    expect(ran.returncode == 1,
           "the GitLab job exits 1 (conflicts found), not %d:\n%s"
           % (ran.returncode, ran.stdout + ran.stderr))
    expect("warning: " in ran.stdout and "[bankfix-bank-conflict]" in ran.stdout,
           "the GitLab job prints the warnings")
    for kept in gitlab_job["artifacts"]["paths"]:
        expect(os.path.exists(os.path.join(lab, kept)),
               "the GitLab job leaves " + kept)
    try:
        with open(os.path.join(lab, "bankfix.sarif")) as f:
            expect(len(json.load(f)["runs"][0]["results"]) > 0,
                   "the GitLab job's SARIF log holds the findings")
    except (OSError, ValueError, KeyError, IndexError) as e:
        expect(False, "the GitLab job's SARIF log: %s" % e)
    try:
        with open(os.path.join(lab, quality)) as f:
            issues = json.load(f)
        expect(len(issues) > 0 and all(
            i["check_name"] == "bankfix-bank-conflict" and
            not i["location"]["path"].startswith("/") for i in issues),
            "the GitLab job's Code Quality report holds the findings, "
            "with paths relative to the project")
    except (OSError, ValueError, KeyError, TypeError) as e:
        expect(False, "the GitLab job's Code Quality report: %s" % e)

for e in errors:
    print("ci-workflow: " + e, file=sys.stderr)
sys.exit(1 if errors else 0)
