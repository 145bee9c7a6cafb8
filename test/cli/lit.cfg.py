# lit configuration for bankfix's command-line tests.
import os
import lit.formats

config.name = "bankfix-cli"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(__file__)
# lit runs the slowest tests first by the times of the last run, kept in the
# build tree; a fresh build has none and reads .lit_test_times.txt here
# (seconds on two cores) instead, so that loop-walks.test does not start
# last. Stale entries only change the order.
config.substitutions.append(("%bankfix", config.bankfix))
config.substitutions.append(("%inputs", config.inputs_dir))
config.substitutions.append(
    ("%expect-exit", os.path.join(config.test_source_root, "expect-exit.sh")))
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
# Built with sanitizers (scripts/sanitize.sh): the slowest tests skip.
if config.sanitize:
    config.available_features.add("sanitized")
# The CUDA toolkit that bankfix finds (the tests run with lit's environment):
# the tests of real-world headers (<cooperative_groups.h>, CUB) need one.
import platform
import subprocess
try:
    probe = subprocess.run(
        [config.bankfix, "--print-parse-command",
         os.path.join(config.inputs_dir, "seed002_tile.cu")],
        env=config.environment, capture_output=True, text=True, timeout=60)
    if "--cuda-path=" in probe.stdout:
        config.available_features.add("cuda-toolkit")
except (OSError, subprocess.SubprocessError):
    pass
import shutil
if shutil.which("groff"):
    config.available_features.add("groff")
if platform.machine() in ("x86_64", "AMD64"):
    config.available_features.add("host-x86_64")
# The precompiled CUDA headers of the tests go to the build tree, not to the
# user's ~/.cache (preamble-cache.test uses directories of its own).
config.environment["XDG_CACHE_HOME"] = os.path.join(config.test_exec_root,
                                                    "cache")
# A mount namespace in which /usr/local is empty (root, or unprivileged
# user namespaces): no-toolkit.test hides the toolkit with it.
try:
    if subprocess.run(["unshare", "-m", "sh", "-c",
                       "mount -t tmpfs tmpfs /usr/local"],
                      capture_output=True, timeout=30).returncode == 0:
        config.available_features.add("hide-usr-local")
except (OSError, subprocess.SubprocessError):
    pass
