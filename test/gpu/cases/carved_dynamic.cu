// Two tiles carved from one dynamic buffer against bankfix's row-stride
// fix of it (TILE -> TILE + 1 in each subscript, the carve of b moved, the
// launch + 64 floats), launched through the file's own launchCarved().
#include "../harness.cuh"
namespace before {
#include "../../inputs/carved_dynamic.cu"
}
namespace after {
#include "../../expected/carved_dynamic.cu"
}

static unsigned blocks(bool Profile) { return Profile ? 4 : 65536; }

Case makeCase() {
  Case C;
  C.Name = "carved_dynamic";
  C.Kernel = "carvedTranspose";
  C.Size = [](bool Profile) {
    Problem P;
    P.InBytes = P.OutBytes = blocks(Profile) * 32 * 32 * sizeof(float);
    P.MovedBytes = P.InBytes + P.OutBytes;
    return P;
  };
  C.Fill = fillRandom<float>;
  // Per 32x32 tile t: out[r][c] = t[c][r] + 2 * t[c][r]... as the kernel
  // does: a[tx][ty] = in[ty][tx], b[ty][tx] = 2 in[ty][tx], then
  // out[ty][tx] = a[ty][tx] + b[tx][ty] = in[tx][ty] + 2 in[tx][ty].
  C.Reference = [](const void *In, void *Out, bool Profile) {
    const float *X = static_cast<const float *>(In);
    float *Y = static_cast<float *>(Out);
    for (size_t B = 0; B < blocks(Profile); ++B)
      for (unsigned Ty = 0; Ty < 32; ++Ty)
        for (unsigned Tx = 0; Tx < 32; ++Tx) {
          float V = X[B * 1024 + Tx * 32 + Ty];
          Y[B * 1024 + Ty * 32 + Tx] = V + 2.0f * V;
        }
  };
  C.Before = [](void *Out, const void *In, bool Profile) {
    before::launchCarved(static_cast<const float *>(In),
                         static_cast<float *>(Out), blocks(Profile));
  };
  C.After = [](void *Out, const void *In, bool Profile) {
    after::launchCarved(static_cast<const float *>(In),
                        static_cast<float *>(Out), blocks(Profile));
  };
  return C;
}
