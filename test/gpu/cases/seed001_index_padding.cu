// Seed 001: bank_conflict_test, the seed's guarded transposed index, against
// bankfix's index padding of it (shared_data[i] -> shared_data[i + i / 32],
// float[256] -> float[264]): the same output, with no conflict.
#include "../harness.cuh"
namespace before {
#include "../../inputs/seed001_bank_conflict_test.cu"
}
namespace after {
#include "../../expected/seed001_bank_conflict_test.cu"
}

// Every block reads b and c and writes a at threadIdx.x only (as in the
// seed), so the output is 256 floats whatever the grid; many blocks make
// the time measurable. Not a streaming kernel: no GB/s.
static unsigned blocks(bool Profile) { return Profile ? 4 : 16384; }

Case makeCase() {
  Case C;
  C.Name = "seed001_index_padding";
  C.Kernel = "bank_conflict_test";
  C.Size = [](bool) {
    Problem P;
    P.InBytes = 2 * 256 * sizeof(float); // b then c
    P.OutBytes = 256 * sizeof(float);
    return P;
  };
  C.Fill = fillRandom<float>;
  // a[t] = b[(t % 32) * 32 + t / 32] + c[t] where that index is below 256
  // (shared_data holds b), else b[t] + c[t]: before and after alike.
  C.Reference = [](const void *In, void *Out, bool) {
    const float *B = static_cast<const float *>(In), *Cc = B + 256;
    float *A = static_cast<float *>(Out);
    for (int T = 0; T < 256; ++T) {
      int K = (T % 32) * 32 + T / 32;
      A[T] = (K < 256 ? B[K] : B[T]) + Cc[T];
    }
  };
  C.Before = [](void *Out, const void *In, bool Profile) {
    const float *B = static_cast<const float *>(In);
    before::bank_conflict_test<<<blocks(Profile), 256>>>(
        static_cast<float *>(Out), const_cast<float *>(B),
        const_cast<float *>(B + 256), 256);
  };
  C.After = [](void *Out, const void *In, bool Profile) {
    const float *B = static_cast<const float *>(In);
    after::bank_conflict_test<<<blocks(Profile), 256>>>(
        static_cast<float *>(Out), const_cast<float *>(B),
        const_cast<float *>(B + 256), 256);
  };
  return C;
}
