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

static size_t width(bool Profile) { return Profile ? 512 : 8192; }

Case makeCase() {
  Case C;
  C.Name = "tiled_transpose_double";
  C.Kernel = "transposeTiledDouble";
  C.Size = [](bool Profile) {
    Problem P;
    P.InBytes = P.OutBytes = width(Profile) * width(Profile) * sizeof(double);
    P.MovedBytes = 2 * P.InBytes;
    return P;
  };
  C.Fill = fillRandom<double>;
  C.Reference = [](const void *In, void *Out, bool Profile) {
    transposeReference<double>(In, Out, width(Profile));
  };
  C.Before = [](void *Out, const void *In, bool Profile) {
    before::launch(static_cast<double *>(Out), static_cast<const double *>(In),
                   int(width(Profile)));
  };
  C.After = [](void *Out, const void *In, bool Profile) {
    after::launch(static_cast<double *>(Out), static_cast<const double *>(In),
                  int(width(Profile)));
  };
  return C;
}
