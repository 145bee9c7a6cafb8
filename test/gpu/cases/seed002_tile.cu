// Seed 002: kernelWithBankConflict, tile[32][32] indexed [tx][ty] with
// 32x32 threads, against bankfix's rewrite (tile[TILE_DIM][TILE_DIM + 1]).
// The kernel copies input to output through the tile.
#include "../harness.cuh"
#define main seed002_main
namespace before {
#include "../../inputs/seed002_tile.cu"
}
namespace after {
#include "../../expected/seed002_tile.cu"
}
#undef main

// Blocks along x: block b copies elements [1024 b, 1024 b + 1024).
static unsigned blocks(bool Profile) { return Profile ? 64 : 16384; }

Case makeCase() {
  Case C;
  C.Name = "seed002_tile";
  C.Kernel = "kernelWithBankConflict";
  C.Size = [](bool Profile) {
    Problem P;
    P.InBytes = P.OutBytes = size_t(blocks(Profile)) * 1024 * sizeof(float);
    P.MovedBytes = 2 * P.InBytes;
    return P;
  };
  C.Fill = fillRandom<float>;
  C.Reference = [](const void *In, void *Out, bool Profile) {
    std::memcpy(Out, In, size_t(blocks(Profile)) * 1024 * sizeof(float));
  };
  C.Before = [](void *Out, const void *In, bool Profile) {
    before::kernelWithBankConflict<<<dim3(blocks(Profile), 1), dim3(32, 32)>>>(
        const_cast<float *>(static_cast<const float *>(In)),
        static_cast<float *>(Out));
  };
  C.After = [](void *Out, const void *In, bool Profile) {
    after::kernelWithBankConflict<<<dim3(blocks(Profile), 1), dim3(32, 32)>>>(
        const_cast<float *>(static_cast<const float *>(In)),
        static_cast<float *>(Out));
  };
  return C;
}
