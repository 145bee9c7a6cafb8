// The tiled transpose of floats with 32x8 threads (each thread moves four
// elements), launched through the file's own launch(), against bankfix's
// rewrite (tile[TILE_DIM][TILE_DIM + 1]).
#include "../harness.cuh"
namespace before {
#include "../../inputs/tiled_transpose_32x8.cu"
}
namespace after {
#include "../../expected/tiled_transpose_32x8.cu"
}

Case makeCase() {
  return transposeCase<float, before::launch, after::launch>(
      "tiled_transpose_32x8", "transposeTiled");
}
