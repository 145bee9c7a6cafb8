// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ToolNotification.h - A tool error or warning, as plain data --------===//
//
// What bankfix said about its own run rather than about the code: an error
// that stopped it (a bad option, a missing compile database), a file it
// could not analyse, or a warning (a fix not applied). The SARIF report
// lists them as the invocation's toolExecutionNotifications.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_TOOLNOTIFICATION_H
#define BANKFIX_TOOLNOTIFICATION_H

#include <string>

namespace bankfix {

struct ToolNotification {
  bool Error = true; ///< an error, or a warning
  std::string Message;
  std::string File; ///< the file it is about, or empty
};

} // namespace bankfix

#endif // BANKFIX_TOOLNOTIFICATION_H
