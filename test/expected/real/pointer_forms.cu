// Shared memory reached through pointers and references: row decay, the
// address of an element, a reference, a vector view of a row, and a
// volatile view, in the forms CUDA samples and libraries use.
#include <cstdio>

#define TILE 32

__global__ void pointerForms(float *out) {
  __shared__ float tile[TILE][TILE];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  float *row = tile[ty];
  row[tx] = float(tx + ty);
  __syncthreads();
  float *col = &tile[0][ty];
  float c = col[tx * TILE];
  float &r = tile[tx][ty];
  float d = r;
  const float4 *quad = reinterpret_cast<const float4 *>(tile[ty]);
  float4 q = quad[tx % 8];
  out[ty * TILE + tx] = c + d + q.x + q.y + q.z + q.w;
}

__global__ void volatilePairs(const float *in, float *out) {
  __shared__ float sdata[66];
  unsigned tid = threadIdx.x;
  sdata[tid + tid / 32] = in[tid];
  sdata[tid + 32 + (tid + 32) / 32] = in[tid + 32];
  __syncthreads();
  volatile float *vs = sdata;
  float even = vs[2 * tid + 2 * tid / 32];
  float odd = vs[2 * tid + 1 + (2 * tid + 1) / 32];
  out[tid] = even + odd;
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 64 * sizeof(float));
  cudaMalloc(&out, TILE * TILE * sizeof(float));
  cudaMemset(in, 0, 64 * sizeof(float));
  pointerForms<<<1, dim3(TILE, TILE)>>>(out);
  volatilePairs<<<1, 32>>>(in, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
