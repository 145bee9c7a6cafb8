// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- CommandLine.h - bankfix's options, read into one request -----------===//
//
// The llvm::cl option table (--help and the manual page are made from it)
// and what a run needs from it: the inputs, the compile database, the
// analysis options every file starts from, and what to write where. The
// parse answers the options that stop at once (--help, --version,
// --print-man-page, --build-preamble) itself.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_TOOL_COMMANDLINE_H
#define BANKFIX_TOOL_COMMANDLINE_H

#include "core/result/ToolNotification.h"
#include "frontend/project/CompileDatabase.h"
#include "frontend/project/FileAnalyzer.h"
#include "frontend/project/FileSettings.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bankfix {

enum class OutputFormat { Text, Json, Sarif, CodeClimate };

struct RunRequest {
  std::vector<std::string> Inputs;
  std::unique_ptr<CompileDatabase> Database;
  /// The command line's settings; each file adds its .bankfix.yaml.
  CommandLineSettings Settings;
  bool GpuArchGiven = false;
  OutputFormat Format = OutputFormat::Text;
  bool Quiet = false, AccessStats = false, Apply = false;
  bool PrintParseCommand = false;
  std::string ExportFixes;
  /// --explain was given (with or without a place), and its text.
  bool ExplainTables = false;
  std::string ExplainText;
  std::string ExplainSvgDir;
  unsigned Threads = 1;
};

/// Prints "bankfix: error: MESSAGE", keeps it for the SARIF log (about
/// \p File, when given) and returns 2, the exit status of a tool error.
int toolError(const std::string &Message, const std::string &File = "");
/// Prints "bankfix: warning: MESSAGE" and keeps it for the SARIF log.
void toolWarning(const std::string &Message, const std::string &File = "");
/// The errors and warnings said so far.
const std::vector<ToolNotification> &toolNotifications();
/// The --format given, also when the command line had an error.
OutputFormat requestedFormat();

/// Reads the command line into \p Request; nullopt when the run goes on,
/// else the exit status (an option that stops at once, or an error, which
/// was printed).
std::optional<int> parseCommandLine(int Argc, const char **Argv,
                                    RunRequest &Request);

} // namespace bankfix

#endif // BANKFIX_TOOL_COMMANDLINE_H
