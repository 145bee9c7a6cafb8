// One kernel launched with the same block and different parameter values:
// an attention kernel's key tile whose row length is the head size, run
// for a model with heads of 32 floats and one with heads of 96, and a
// pitched tile run once packed (rows of 32) and once padded (rows of 33).
// Each launch's values are analysed apart: the packed launch conflicts,
// the padded one does not, and the two head sizes loop for different
// counts.
#include <cstdio>

// Each thread copies one key row of the tile, then every thread reads the
// same key (a broadcast).
__global__ void keyTileScores(const float *q, const float *k, float *scores,
                              int d) {
  extern __shared__ float sram[];
  float *Kj = sram;
  int tx = threadIdx.x;
  int row = blockIdx.x * blockDim.x + tx;
  for (int x = 0; x < d; x++)
    Kj[tx * d + x] = k[row * d + x];
  __syncthreads();
  for (int y = 0; y < 32; y++) {
    float sum = 0.0f;
    for (int x = 0; x < d; x++)
      sum += q[row * d + x] * Kj[y * d + x];
    scores[row * 32 + y] = sum;
  }
}

// A column read of a tile whose pitch the host chooses.
__global__ void pitchedColumns(const float *in, float *out, int pitch) {
  __shared__ float sm[32 * 33];
  sm[threadIdx.y * pitch + threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = sm[threadIdx.x * pitch + threadIdx.y];
}

int main() {
  float *q, *k, *scores, *in, *out;
  cudaMalloc(&q, 64 * 96 * sizeof(float));
  cudaMalloc(&k, 64 * 96 * sizeof(float));
  cudaMalloc(&scores, 64 * 32 * sizeof(float));
  cudaMalloc(&in, 1024 * sizeof(float));
  cudaMalloc(&out, 1024 * sizeof(float));
  cudaMemset(q, 0, 64 * 96 * sizeof(float));
  cudaMemset(k, 0, 64 * 96 * sizeof(float));
  cudaMemset(in, 0, 1024 * sizeof(float));
  keyTileScores<<<1, 32, 32 * 32 * sizeof(float)>>>(q, k, scores, 32);
  keyTileScores<<<1, 32, 32 * 96 * sizeof(float)>>>(q, k, scores, 96);
  pitchedColumns<<<1, dim3(32, 32)>>>(in, out, 32);
  pitchedColumns<<<1, dim3(32, 32)>>>(in, out, 33);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
