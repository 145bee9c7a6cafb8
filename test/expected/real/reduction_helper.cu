// Block reductions in the style of the CUDA samples: dynamic shared memory
// through a SharedMemory<T> helper with a conversion operator, loops
// bounded by blockDim, interleaved and sequential addressing.
#include <cstdio>

template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

template <class T>
__global__ void reduceInterleaved(const T *g_idata, T *g_odata, unsigned n) {
  T *sdata = SharedMemory<T>();
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid + tid / 32] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x) {
      T right = sdata[index + s + (index + s) / 32];
      sdata[index + index / 32] += right;
    }
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}

template <class T>
__global__ void reduceSequential(const T *g_idata, T *g_odata, unsigned n) {
  T *sdata = SharedMemory<T>();
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid + tid / 32] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      T right = sdata[tid + s + (tid + s) / 32];
      sdata[tid + tid / 32] += right;
    }
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 256 * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaMemset(in, 0, 256 * sizeof(float));
  reduceInterleaved<float><<<1, 256, 256 * sizeof(float) + 8 * sizeof(float)>>>(in, out, 256);
  reduceSequential<float><<<1, 256, 256 * sizeof(float) + 8 * sizeof(float)>>>(in, out, 256);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
