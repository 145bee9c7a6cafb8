// The samples' interleaved-addressing reduction through SharedMemory<T>
// against bankfix's index padding of it (sdata[i] -> sdata[i + i / 32],
// the launch's dynamic shared memory + 8 floats), launched through the
// file's own reduceBlocks().
#include "../harness.cuh"
namespace before {
#include "../../inputs/reduce_interleaved.cu"
}
namespace after {
#include "../../expected/reduce_interleaved.cu"
}

static unsigned blocks(bool Profile) { return Profile ? 4 : 65536; }

Case makeCase() {
  Case C;
  C.Name = "reduce_interleaved";
  C.Kernel = "reduceInterleaved<float>";
  C.Size = [](bool Profile) {
    Problem P;
    P.InBytes = blocks(Profile) * 256 * sizeof(float);
    P.OutBytes = blocks(Profile) * sizeof(float);
    return P;
  };
  C.Fill = fillRandom<float>;
  // The same additions in the same order as the kernel: identical floats.
  C.Reference = [](const void *In, void *Out, bool Profile) {
    const float *X = static_cast<const float *>(In);
    float *Sums = static_cast<float *>(Out);
    for (unsigned B = 0; B < blocks(Profile); ++B) {
      float S[256];
      std::copy(X + B * 256, X + B * 256 + 256, S);
      for (unsigned Step = 1; Step < 256; Step *= 2)
        for (unsigned T = 0; 2 * Step * T < 256; ++T)
          S[2 * Step * T] += S[2 * Step * T + Step];
      Sums[B] = S[0];
    }
  };
  C.Before = [](void *Out, const void *In, bool Profile) {
    before::reduceBlocks(static_cast<const float *>(In),
                         static_cast<float *>(Out), blocks(Profile) * 256,
                         blocks(Profile));
  };
  C.After = [](void *Out, const void *In, bool Profile) {
    after::reduceBlocks(static_cast<const float *>(In),
                        static_cast<float *>(Out), blocks(Profile) * 256,
                        blocks(Profile));
  };
  return C;
}
