//===- ValueReuse.h - Loads nvcc does not make ---------------*- C++ -*-===//
//
// A load of what the same thread loaded or stored before in the same
// straight line, with nothing between that may write it, is no load: nvcc
// keeps the value in a register. Measured: test/differential/findings/
// compiled_forms3.cu. Internal to core/codegen. No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_VALUEREUSE_H
#define BANKFIX_VALUEREUSE_H

#include "core/codegen/AccessMerging.h"

#include <vector>

namespace bankfix {

/// Whether the load \p Y reads what \p X (a load or a store) read or wrote,
/// lane for lane, for every value of the warp-uniform symbols: one array,
/// width and guard, the same addresses in every shape. With nothing
/// between them that writes the array, nvcc reuses the value.
bool reusesValue(const SharedArrayLayout &XLayout, const AccessInstance &X,
                 const SharedArrayLayout &YLayout, const AccessInstance &Y,
                 const std::vector<BlockShape> &Shapes);

/// A load of what an earlier load of the same straight line loaded, with
/// no store to the array, barrier or call that may write between, or of
/// what the latest store to it there stored: marked merged away, with a
/// note naming the access whose value it reuses.
void markReusedLoads(std::vector<MergeCandidate *> &Run,
                     const std::vector<BlockShape> &Shapes);

/// After the merges: a load whose bytes an earlier, wider load of the
/// straight line loaded, with no store to the array between, reuses them.
void markContainedLoads(std::vector<MergeCandidate *> &Run,
                        const std::vector<BlockShape> &Shapes);

} // namespace bankfix

#endif // BANKFIX_VALUEREUSE_H
