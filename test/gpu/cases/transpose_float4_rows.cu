// The tiled transpose whose tile is read back as float4 rows, against
// bankfix's XOR swizzle of it (16-byte granules: the column store goes
// from 32-way to 4-way, the float4 reads stay whole and conflict-free),
// launched through the file's own launch().
#include "../harness.cuh"
namespace before {
#include "../../inputs/transpose_float4_rows.cu"
}
namespace after {
#include "../../expected/transpose_float4_rows.cu"
}

Case makeCase() {
  return transposeCase<float, before::launch, after::launch>(
      "transpose_float4_rows", "transposeFloat4Rows");
}
