// Probe 3: loads nvcc does not make (a value loaded or stored before, with
// nothing between that writes the array) and merges that the start of an
// array forbids (an array placed after one of odd size).
#include <cstdio>

__global__ void storeThenLoad(float *out, unsigned n) {
  __shared__ float tile[31][31];
  if (threadIdx.x < 31u) {
    tile[threadIdx.x][0] = (float)threadIdx.x; // @access store 4
    out[threadIdx.x] = tile[threadIdx.x][0] + (float)n; // @access load 4
  }
}

__global__ void loadTwiceGlobalStoresBetween(float *out, unsigned n) {
  __shared__ float a[32][32];
  a[threadIdx.x][threadIdx.y] = 1.0f; // @access store 4
  __syncthreads();
  out[0] = a[threadIdx.x][threadIdx.y]; // @access load 4
  out[1] = a[threadIdx.x][threadIdx.y]; // @access load 4
  out[2] = a[threadIdx.x][threadIdx.y] + (float)n; // @access load 4
}

__global__ void loadTwiceOtherArrayStoreBetween(float *out, unsigned n) {
  __shared__ float s[1024];
  __shared__ float r[64];
  for (unsigned i = threadIdx.x; i < 1024u; i += blockDim.x) s[i] = (float)i; // @access store 4
  __syncthreads();
  float acc = s[32u * threadIdx.x]; // @access load 4
  r[threadIdx.x] = acc; // @access store 4
  acc += s[32u * threadIdx.x]; // @access load 4
  __syncthreads();
  out[threadIdx.x] = acc + r[threadIdx.x ^ 1u] + (float)n; // @access load 4
}

__global__ void loadTwiceSameArrayStoreBetween(float *out, unsigned n) {
  __shared__ float s[1024];
  for (unsigned i = threadIdx.x; i < 1024u; i += blockDim.x) s[i] = (float)i; // @access store 4
  __syncthreads();
  float acc = s[32u * threadIdx.x]; // @access load 4
  s[32u * threadIdx.x + 1u] = acc; // @access store 4
  acc += s[32u * threadIdx.x]; // @access load 4
  out[threadIdx.x] = acc + (float)n;
}

__global__ void pairAfterOddArray(float *out, unsigned n) {
  __shared__ float head[3];
  __shared__ float s[128];
  if (threadIdx.x < 3u) head[threadIdx.x] = 1.f; // @access store 4
  for (unsigned i = threadIdx.x; i < 128u; i += blockDim.x) s[i] = (float)i; // @access store 4
  __syncthreads();
  float acc = s[2u * threadIdx.x]; // @access load 4
  acc += s[2u * threadIdx.x + 1u]; // @access load 4
  out[threadIdx.x] = acc + head[threadIdx.x % 3u] + (float)n; // @access load 4
}

__global__ void quadAfterEvenArray(float *out, unsigned n) {
  __shared__ float head[2];
  __shared__ float s[128];
  if (threadIdx.x < 2u) head[threadIdx.x] = 1.f; // @access store 4
  for (unsigned i = threadIdx.x; i < 128u; i += blockDim.x) s[i] = (float)i; // @access store 4
  __syncthreads();
  float acc = s[4u * threadIdx.x]; // @access load 4
  acc += s[4u * threadIdx.x + 1u]; // @access load 4
  acc += s[4u * threadIdx.x + 2u]; // @access load 4
  acc += s[4u * threadIdx.x + 3u]; // @access load 4
  out[threadIdx.x] = acc + head[threadIdx.x % 2u] + (float)n; // @access load 4
}

__global__ void alignedQuadAfterOddArray(float *out, unsigned n) {
  __shared__ float head[3];
  __shared__ __align__(16) float s[128];
  if (threadIdx.x < 3u) head[threadIdx.x] = 1.f; // @access store 4
  for (unsigned i = threadIdx.x; i < 128u; i += blockDim.x) s[i] = (float)i; // @access store 4
  __syncthreads();
  float acc = s[4u * threadIdx.x]; // @access load 4
  acc += s[4u * threadIdx.x + 1u]; // @access load 4
  acc += s[4u * threadIdx.x + 2u]; // @access load 4
  acc += s[4u * threadIdx.x + 3u]; // @access load 4
  out[threadIdx.x] = acc + head[threadIdx.x % 3u] + (float)n; // @access load 4
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 4096 * sizeof(float)) != cudaSuccess) return 2;
  storeThenLoad<<<1, dim3(32, 1, 1)>>>(out, 1u);
  loadTwiceGlobalStoresBetween<<<1, dim3(32, 32, 1)>>>(out, 1u);
  loadTwiceOtherArrayStoreBetween<<<1, dim3(32, 1, 1)>>>(out, 1u);
  loadTwiceSameArrayStoreBetween<<<1, dim3(32, 1, 1)>>>(out, 1u);
  pairAfterOddArray<<<1, dim3(32, 1, 1)>>>(out, 1u);
  quadAfterEvenArray<<<1, dim3(32, 1, 1)>>>(out, 1u);
  alignedQuadAfterOddArray<<<1, dim3(32, 1, 1)>>>(out, 1u);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
