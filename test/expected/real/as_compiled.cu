// What nvcc makes of the accesses real kernels write, as the GPU serves them:
// adjacent elements of one thread merged into one wide access whatever the
// spelling (threadIdx written directly, a comparator through references,
// an unrolled tile loop), a loop compiled once that merges nothing, a
// vector load narrowed to the components used, and a scan whose worst case
// over its loop-carried offset cannot be bounded.
#include <cstdio>

// A particle kernel's interleaved (x, y) and (x, y, z, w) records.
__global__ void interleavedPairs(const float *in, float *out) {
  __shared__ float xy[64];
  __shared__ float xyzw[128];
  __shared__ double moments[64];
  for (unsigned i = threadIdx.x; i < 128; i += blockDim.x) {
    xyzw[i] = in[i];
    if (i < 64) {
      xy[i] = in[i] * 0.5f;
      moments[i] = in[i];
    }
  }
  __syncthreads();
  float x = xy[2 * threadIdx.x];
  float y = xy[2 * threadIdx.x + 1];
  float px = xyzw[4 * threadIdx.x];
  float py = xyzw[4 * threadIdx.x + 1];
  float pz = xyzw[4 * threadIdx.x + 2];
  float pw = xyzw[4 * threadIdx.x + 3];
  double m0 = moments[2 * threadIdx.x];
  double m1 = moments[2 * threadIdx.x + 1];
  __syncthreads();
  xy[2 * threadIdx.x] = y;
  xy[2 * threadIdx.x + 1] = x;
  __syncthreads();
  out[threadIdx.x] = x * y + px + py + pz + pw + float(m0 * m1) +
                     xy[(threadIdx.x * 3) % 64];
}

// A row of pairs kept in the dynamic buffer.
__global__ void dynamicPairs(const float *in, float *out) {
  extern __shared__ float buf[];
  for (unsigned i = threadIdx.x; i < 2 * blockDim.x; i += blockDim.x)
    buf[i] = in[i];
  __syncthreads();
  float lo = buf[2 * threadIdx.x];
  float hi = buf[2 * threadIdx.x + 1];
  out[threadIdx.x] = hi - lo;
}

// One step of a sorting network: each thread orders one pair in place.
__device__ __forceinline__ void compareAndSwap(float &a, float &b) {
  float lo = fminf(a, b);
  float hi = fmaxf(a, b);
  a = lo;
  b = hi;
}

__global__ void sortPairs(float *data) {
  __shared__ float keys[64];
  keys[threadIdx.x] = data[threadIdx.x];
  keys[threadIdx.x + 32] = data[threadIdx.x + 32];
  __syncthreads();
  compareAndSwap(keys[2 * threadIdx.x], keys[2 * threadIdx.x + 1]);
  __syncthreads();
  data[threadIdx.x] = keys[threadIdx.x];
}

// The inner product of a 16x16 tiled matrix multiply.
#define TILE 16
__global__ void tiledProduct(const float *A, const float *B, float *C) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE + 4];
  int tx = threadIdx.x, ty = threadIdx.y;
  As[ty][tx] = A[ty * TILE + tx];
  Bs[ty][tx] = B[ty * TILE + tx];
  __syncthreads();
  float sum = 0.f;
#pragma unroll
  for (int k = 0; k < TILE; ++k)
    sum += As[ty][k] * Bs[tx][k];
  C[ty * TILE + tx] = sum;
}

// The interleaved-addressing reduction: its loop runs to blockDim.x, which
// nvcc does not know, so its body is compiled once and nothing merges.
__global__ void reduceInterleaved(const float *in, float *out) {
  __shared__ float sdata[264];
  unsigned tid = threadIdx.x;
  sdata[tid + tid / 32] = in[tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x) {
      float other = sdata[index + s + (index + s) / 32];
      sdata[index + index / 32] += other;
    }
    __syncthreads();
  }
  if (tid == 0)
    out[0] = sdata[0];
}

// Colour records of which only the blue and alpha channels are read.
__global__ void blueAlpha(const float4 *pixels, float *out) {
  __shared__ float4 tile[68];
  tile[threadIdx.x + threadIdx.x / 16] = pixels[threadIdx.x];
  tile[threadIdx.x + 32 + (threadIdx.x + 32) / 16] = pixels[threadIdx.x + 32];
  __syncthreads();
  float4 p = tile[2 * threadIdx.x + 2 * threadIdx.x / 16];
  out[threadIdx.x] = p.z * p.w;
}

// The up-sweep of a work-efficient scan: `offset` doubles in a loop whose
// trip count depends on the parameter n.
__global__ void upSweep(float *data, int n) {
  __shared__ float temp[528];
  int thid = threadIdx.x;
  temp[2 * thid + 2 * thid / 32] = data[2 * thid];
  temp[2 * thid + 1 + (2 * thid + 1) / 32] = data[2 * thid + 1];
  int offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      float left = temp[ai + ai / 32];
      temp[bi + bi / 32] += left;
    }
    offset *= 2;
  }
  __syncthreads();
  data[2 * thid] = temp[2 * thid + 2 * thid / 32];
}

int main() {
  float *f, *g;
  cudaMalloc(&f, 4096 * sizeof(float));
  cudaMalloc(&g, 4096 * sizeof(float));
  cudaMemset(f, 0, 4096 * sizeof(float));
  cudaMemset(g, 0, 4096 * sizeof(float));
  interleavedPairs<<<1, 32>>>(f, g);
  dynamicPairs<<<1, 32, 64 * sizeof(float)>>>(f, g);
  sortPairs<<<1, 32>>>(f);
  tiledProduct<<<1, dim3(TILE, TILE)>>>(f, f + 256, g);
  reduceInterleaved<<<1, 256>>>(f, g);
  blueAlpha<<<1, 32>>>(reinterpret_cast<const float4 *>(f), g);
  upSweep<<<1, 256>>>(f, 512);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
