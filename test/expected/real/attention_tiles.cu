// A naive flash-attention forward step in the style of small training
// codebases: one thread per query row, the key, value, query and score
// tiles carved from one extern buffer by address (&sram[tile]), each row
// of d floats walked by a loop whose trip count is a kernel parameter.
// d = 64: every row starts on bank 0, so the row-per-thread accesses are
// 32-way; the loops over d are compiled as loops (d is not known to nvcc),
// so nothing merges.
#include <cstdio>

__global__ void attentionStep(const float *Q, const float *K, const float *V,
                              float *O, int d, int Bc, int Br) {
  int tx = threadIdx.x;
  extern __shared__ float sram[];
  int tile_size = Bc * d;
  float *Qi = sram;
  float *Kj = &sram[tile_size + tile_size / 64];
  float *Vj = &sram[tile_size * 2 + tile_size * 2 / 64];
  float *S = &sram[tile_size * 3 + tile_size * 3 / 64];

  for (int x = 0; x < d; x++) {
    Kj[(tx * d) + x + ((tx * d) + x) / 64] = K[(tx * d) + x];
    Vj[(tx * d) + x + ((tx * d) + x) / 64] = V[(tx * d) + x];
    Qi[(tx * d) + x + ((tx * d) + x) / 64] = Q[(tx * d) + x];
  }
  __syncthreads();

  float row_max = -1e30f;
  for (int y = 0; y < Bc; y++) {
    float sum = 0;
    for (int x = 0; x < d; x++)
      sum += Qi[(tx * d) + x + ((tx * d) + x) / 64] * Kj[(y * d) + x + ((y * d) + x) / 64];
    S[(Bc * tx) + y + ((Bc * tx) + y) / 64] = sum;
    row_max = fmaxf(row_max, sum);
  }
  for (int x = 0; x < d; x++) {
    float pv = 0;
    for (int y = 0; y < Bc; y++)
      pv += __expf(S[(Bc * tx) + y + ((Bc * tx) + y) / 64] - row_max) * Vj[(y * d) + x + ((y * d) + x) / 64];
    O[(tx * d) + x] = pv;
  }
}

int main() {
  const int d = 64, Bc = 32, Br = 32;
  float *q, *k, *v, *o;
  cudaMalloc(&q, Br * d * sizeof(float));
  cudaMalloc(&k, Bc * d * sizeof(float));
  cudaMalloc(&v, Bc * d * sizeof(float));
  cudaMalloc(&o, Br * d * sizeof(float));
  cudaMemset(q, 0, Br * d * sizeof(float));
  cudaMemset(k, 0, Bc * d * sizeof(float));
  cudaMemset(v, 0, Bc * d * sizeof(float));
  const int bytes = (3 * Bc * d + Bc * Br) * sizeof(float);
  cudaFuncSetAttribute(attentionStep,
                       cudaFuncAttributeMaxDynamicSharedMemorySize, bytes + 112 * sizeof(float));
  attentionStep<<<1, Br, bytes + 112 * sizeof(float)>>>(q, k, v, o, d, Bc, Br);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
