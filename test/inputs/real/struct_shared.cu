// Struct-typed __shared__ variables: a staging struct with array members,
// and an array of buckets whose member array is indexed per thread.
#include <cstdio>

struct Staging {
  float a[32][32];
  float b[32];
};

struct Bucket {
  int count;
  int items[7];
};

__global__ void structShared(const float *in, float *out) {
  __shared__ Staging sm;
  __shared__ Bucket buckets[32];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  sm.a[tx][ty] = in[ty * 32 + tx];
  if (ty == 0)
    sm.b[tx] = 1.0f;
  buckets[tx].items[ty % 7] = int(ty);
  __syncthreads();
  float v = sm.a[ty][tx];
  float w = sm.b[ty];
  int k = buckets[ty].items[tx % 7];
  out[ty * 32 + tx] = v + w + float(k);
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 32 * 32 * sizeof(float));
  cudaMalloc(&out, 32 * 32 * sizeof(float));
  cudaMemset(in, 0, 32 * 32 * sizeof(float));
  structShared<<<1, dim3(32, 32)>>>(in, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
