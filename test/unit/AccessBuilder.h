// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- AccessBuilder.h - Write shared accesses in tests -------------------===//
//
// Test helper: access({tx(), 0}) is the load tile[threadIdx.x][0] of 4-byte
// elements.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_TEST_ACCESSBUILDER_H
#define BANKFIX_TEST_ACCESSBUILDER_H

#include "ExprBuilder.h"
#include "core/access/AccessEvaluation.h"

#include <vector>

namespace bankfix::test {

inline SharedAccessDesc access(std::vector<X> Index, unsigned Width = 4) {
  SharedAccessDesc A;
  for (const X &I : Index)
    A.Indices.push_back(I.P);
  A.Width = Width;
  return A;
}

} // namespace bankfix::test

#endif // BANKFIX_TEST_ACCESSBUILDER_H
