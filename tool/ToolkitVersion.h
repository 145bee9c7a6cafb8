// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ToolkitVersion.h - The version of a CUDA toolkit -------------------===//
//
// For `bankfix --version`: the CUDA version a toolkit declares in
// include/cuda.h (#define CUDA_VERSION 13000 -> "13.0").
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_TOOL_TOOLKITVERSION_H
#define BANKFIX_TOOL_TOOLKITVERSION_H

#include <string>

namespace bankfix {

/// "13.0", or "" when the toolkit's cuda.h does not say.
std::string cudaToolkitVersion(const std::string &ToolkitPath);

} // namespace bankfix

#endif // BANKFIX_TOOL_TOOLKITVERSION_H
