// Seed 003: matrix_transpose_shared (sharedMemory[32][32], store
// [localIndexX][localIndexY]: 32-way) against bankfix's rewrite
// ([BLOCK_SIZE][BLOCK_SIZE + 1]). The seed fixes N = 1024.
#include "../harness.cuh"
namespace before {
#include "../../inputs/seed003_transpose.cu"
}
namespace after {
#include "../../expected/seed003_transpose.cu"
}

static constexpr size_t Width = 1024; // the seed's N

Case makeCase() {
  Case C;
  C.Name = "seed003_transpose";
  C.Kernel = "matrix_transpose_shared";
  C.Size = [](bool) {
    Problem P;
    P.InBytes = P.OutBytes = Width * Width * sizeof(int);
    P.MovedBytes = 2 * P.InBytes;
    return P;
  };
  C.Fill = [](void *In, size_t Bytes, std::mt19937 &Rng) {
    int *P = static_cast<int *>(In);
    for (size_t I = 0; I < Bytes / sizeof(int); ++I)
      P[I] = static_cast<int>(Rng());
  };
  C.Reference = [](const void *In, void *Out, bool) {
    transposeReference<int>(In, Out, Width);
  };
  dim3 Grid(Width / 32, Width / 32), Block(32, 32);
  C.Before = [=](void *Out, const void *In, bool) {
    before::matrix_transpose_shared<<<Grid, Block>>>(
        const_cast<int *>(static_cast<const int *>(In)),
        static_cast<int *>(Out));
  };
  C.After = [=](void *Out, const void *In, bool) {
    after::matrix_transpose_shared<<<Grid, Block>>>(
        const_cast<int *>(static_cast<const int *>(In)),
        static_cast<int *>(Out));
  };
  return C;
}
