// The CUDA samples' reduction with interleaved addressing (reduce1):
// dynamic shared memory through a SharedMemory<T> helper and a loop
// bounded by blockDim; sdata[2 * s * tid] is 2-, 4-, 8- and 16-way. Index
// padding (i + i / 32) makes every step conflict-free; the launch gives the
// buffer 8 more floats.
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
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x) {
      T right = sdata[index + s];
      sdata[index] += right;
    }
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}

// One partial sum per block of 256.
void reduceBlocks(const float *in, float *out, unsigned n, unsigned blocks) {
  reduceInterleaved<float><<<blocks, 256, 256 * sizeof(float)>>>(in, out, n);
}
