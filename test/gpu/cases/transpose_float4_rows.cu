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

static size_t width(bool Profile) { return Profile ? 512 : 8192; }

Case makeCase() {
  Case C;
  C.Name = "transpose_float4_rows";
  C.Kernel = "transposeFloat4Rows";
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
