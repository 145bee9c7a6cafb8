// The tiled transpose of doubles with 32x8 threads (each thread moves four
// elements), launched through the file's own launch(), against bankfix's
// rewrite (tile[TILE_DIM][TILE_DIM + 1]).
#include "../harness.cuh"
namespace before {
#include "../../inputs/tiled_transpose_double.cu"
}
namespace after {
#include "../../expected/tiled_transpose_double.cu"
}

Case makeCase() {
  return transposeCase<double, before::launch, after::launch>(
      "tiled_transpose_double", "transposeTiledDouble");
}
