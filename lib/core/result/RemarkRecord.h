// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- RemarkRecord.h - A remark on shared memory not followed, as data ---===//
//
// A place where shared memory goes somewhere bankfix cannot follow (a
// function whose body it cannot see, such as atomicAdd; a recursive call;
// a pointer stored in an object), so that the accesses made there are
// reported with the reason they are not judged: the JSON report's
// "remarks" are made from it.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_REMARKRECORD_H
#define BANKFIX_REMARKRECORD_H

#include <string>

namespace bankfix {

struct RemarkRecord {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Message;
};

} // namespace bankfix

#endif // BANKFIX_REMARKRECORD_H
