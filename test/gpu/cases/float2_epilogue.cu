// A GEMM-style epilogue that stages a 32x64 tile by columns and writes it
// out as float2 rows, against bankfix's padding of it by a whole float2
// (stage[32][64] -> stage[32][66]: the column store from 32-way to 2-way,
// the float2 reads still aligned and 2 wavefronts), launched through the
// file's own launchEpilogue().
#include "../harness.cuh"
namespace before {
#include "../../inputs/float2_epilogue.cu"
}
namespace after {
#include "../../expected/float2_epilogue.cu"
}

static unsigned blocks(bool Profile) { return Profile ? 4 : 32768; }

Case makeCase() {
  Case C;
  C.Name = "float2_epilogue";
  C.Kernel = "float2Epilogue";
  C.Size = [](bool Profile) {
    Problem P;
    P.InBytes = P.OutBytes = size_t(blocks(Profile)) * 32 * 64 * sizeof(float);
    P.MovedBytes = P.InBytes + P.OutBytes;
    return P;
  };
  C.Fill = fillRandom<float>;
  // Thread (tx, ty) of block b stores acc[(b * 8 + ty) * 256 + k * 32 + tx]
  // at stage[tx][ty + 8 k]; row r of the tile goes out as 32 float2s.
  C.Reference = [](const void *In, void *Out, bool Profile) {
    const float *Acc = static_cast<const float *>(In);
    float *Y = static_cast<float *>(Out);
    for (size_t B = 0; B < blocks(Profile); ++B)
      for (unsigned Row = 0; Row < 32; ++Row)
        for (unsigned Col = 0; Col < 64; ++Col)
          Y[(B * 32 + Row) * 64 + Col] =
              Acc[(B * 8 + Col % 8) * 256 + (Col / 8) * 32 + Row];
  };
  C.Before = [](void *Out, const void *In, bool Profile) {
    before::launchEpilogue(static_cast<float2 *>(Out),
                           static_cast<const float *>(In), blocks(Profile));
  };
  C.After = [](void *Out, const void *In, bool Profile) {
    after::launchEpilogue(static_cast<float2 *>(Out),
                          static_cast<const float *>(In), blocks(Profile));
  };
  return C;
}
