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

static size_t width(bool Profile) { return Profile ? 512 : 8192; }

Case makeCase() {
  Case C;
  C.Name = "tiled_transpose_32x8";
  C.Kernel = "transposeTiled";
  C.Size = [](bool Profile) {
    Problem P;
    P.InBytes = P.OutBytes = width(Profile) * width(Profile) * sizeof(float);
    P.MovedBytes = 2 * P.InBytes;
    return P;
  };
  C.Fill = fillRandom<float>;
  C.Reference = [](const void *In, void *Out, bool Profile) {
    transposeReference<float>(In, Out, width(Profile));
  };
  C.Before = [](void *Out, const void *In, bool Profile) {
    before::launch(static_cast<float *>(Out), static_cast<const float *>(In),
                   int(width(Profile)));
  };
  C.After = [](void *Out, const void *In, bool Profile) {
    after::launch(static_cast<float *>(Out), static_cast<const float *>(In),
                  int(width(Profile)));
  };
  return C;
}
