// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BlockShape.cpp - Thread-block shape and its warps ------------------===//

#include "core/model/BlockShape.h"

#include "core/model/BankModel.h"

#include <cctype>
#include <vector>

namespace bankfix {

unsigned BlockShape::warps() const {
  return static_cast<unsigned>((threads() + WarpSize - 1) / WarpSize);
}

std::optional<std::array<unsigned, 3>>
BlockShape::threadIdx(unsigned Warp, unsigned Lane) const {
  uint64_t Linear = uint64_t(Warp) * WarpSize + Lane;
  if (Linear >= threads())
    return std::nullopt;
  unsigned X = static_cast<unsigned>(Linear % Dim[0]);
  unsigned Y = static_cast<unsigned>((Linear / Dim[0]) % Dim[1]);
  unsigned Z = static_cast<unsigned>(Linear / (uint64_t(Dim[0]) * Dim[1]));
  return std::array<unsigned, 3>{X, Y, Z};
}

std::string BlockShape::str() const {
  return std::to_string(Dim[0]) + "x" + std::to_string(Dim[1]) + "x" +
         std::to_string(Dim[2]);
}

std::optional<BlockShape> parseBlockShape(const std::string &Text,
                                          std::string &Error) {
  std::vector<uint64_t> Parts;
  size_t I = 0;
  while (true) {
    size_t Start = I;
    uint64_t Value = 0;
    while (I < Text.size() &&
           std::isdigit(static_cast<unsigned char>(Text[I]))) {
      Value = Value * 10 + unsigned(Text[I] - '0');
      if (Value > MaxThreadsPerBlock) {
        Error = "block dimension in '" + Text + "' exceeds " +
                std::to_string(MaxThreadsPerBlock);
        return std::nullopt;
      }
      ++I;
    }
    if (I == Start) {
      Error = "expected a number in block shape '" + Text +
              "' (write X, X,Y, X,Y,Z or XxYxZ)";
      return std::nullopt;
    }
    Parts.push_back(Value);
    if (I == Text.size())
      break;
    if ((Text[I] != ',' && Text[I] != 'x') || Parts.size() == 3) {
      Error =
          "malformed block shape '" + Text + "' (write X, X,Y, X,Y,Z or XxYxZ)";
      return std::nullopt;
    }
    ++I;
  }
  BlockShape Shape;
  Shape.Dim = {1, 1, 1};
  for (size_t D = 0; D < Parts.size(); ++D) {
    if (Parts[D] == 0) {
      Error = "block dimension in '" + Text + "' must be at least 1";
      return std::nullopt;
    }
    Shape.Dim[D] = static_cast<unsigned>(Parts[D]);
  }
  if (Shape.Dim[2] > 64) {
    Error = "blockDim.z in '" + Text + "' exceeds 64";
    return std::nullopt;
  }
  if (Shape.threads() > MaxThreadsPerBlock) {
    Error = "block '" + Text + "' has " + std::to_string(Shape.threads()) +
            " threads; CUDA allows at most " +
            std::to_string(MaxThreadsPerBlock);
    return std::nullopt;
  }
  return Shape;
}

std::optional<BlockDimOption> parseBlockDimOption(const std::string &Text,
                                                  std::string &Error) {
  BlockDimOption Option;
  std::string ShapeText = Text;
  size_t Colon = Text.rfind(':');
  if (Colon != std::string::npos) {
    Option.Kernel = Text.substr(0, Colon);
    ShapeText = Text.substr(Colon + 1);
    if (Option.Kernel.empty()) {
      Error = "missing kernel name before ':' in '" + Text + "'";
      return std::nullopt;
    }
  }
  std::optional<BlockShape> Shape = parseBlockShape(ShapeText, Error);
  if (!Shape)
    return std::nullopt;
  Option.Shape = *Shape;
  return Option;
}

} // namespace bankfix
