# lit configuration for bankfix's command-line tests.
import os
import lit.formats

config.name = "bankfix-cli"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(__file__)
config.substitutions.append(("%bankfix", config.bankfix))
config.substitutions.append(("%inputs", config.inputs_dir))
config.substitutions.append(
    ("%expect-exit", os.path.join(config.test_source_root, "expect-exit.sh")))
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])
# Built with sanitizers (scripts/sanitize.sh): the slowest tests skip.
if config.sanitize:
    config.available_features.add("sanitized")
