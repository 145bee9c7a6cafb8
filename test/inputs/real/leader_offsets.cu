// Block parameters that one thread computes and keeps in shared scalars,
// as merge and compaction kernels do: thread 0 reads where its block's
// run starts and how far apart its samples are, every thread reads them
// after the barrier and indexes the staged tile with them. They are the
// same in every lane but not known: an index that adds one to the lane is
// conflict-free at every value, one that multiplies the lane by it is
// judged at its worst value. A count that every thread sets is no such
// scalar: the index that uses it is not judged.
#include <cstdio>
#include <vector>

#define TILE 1024
#define THREADS 256

__global__ void gatherRuns(const unsigned *in, const unsigned *firsts,
                           const unsigned *strides, unsigned *out) {
  __shared__ unsigned s_val[TILE];
  __shared__ unsigned first, stride;
  unsigned t = threadIdx.x;
  if (t == 0) {
    first = firsts[blockIdx.x] % (TILE - THREADS);
    stride = strides[blockIdx.x];
  }
  for (unsigned i = t; i < TILE; i += THREADS)
    s_val[i] = in[i];
  __syncthreads();
  out[t] = s_val[first + t];
  out[THREADS + t] = s_val[(t * stride) % TILE];
}

__global__ void halfOffsets(const unsigned *in, unsigned *out) {
  __shared__ unsigned s_val[TILE];
  __shared__ unsigned half;
  unsigned t = threadIdx.x;
  half = blockDim.x / 2;
  for (unsigned i = t; i < TILE; i += THREADS)
    s_val[i] = in[i];
  __syncthreads();
  unsigned h = half;
  out[t] = s_val[h + t];
}

int main() {
  std::vector<unsigned> h(TILE);
  for (unsigned i = 0; i < TILE; i++)
    h[i] = i * 7 + 3;
  unsigned first = 5, stride = 2;
  unsigned *in, *firsts, *strides, *out;
  cudaMalloc(&in, TILE * sizeof(unsigned));
  cudaMalloc(&firsts, sizeof(unsigned));
  cudaMalloc(&strides, sizeof(unsigned));
  cudaMalloc(&out, 2 * THREADS * sizeof(unsigned));
  cudaMemcpy(in, h.data(), TILE * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(firsts, &first, sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemcpy(strides, &stride, sizeof(unsigned), cudaMemcpyHostToDevice);
  std::vector<unsigned> r(2 * THREADS);
  bool ok = true;
  gatherRuns<<<1, THREADS>>>(in, firsts, strides, out);
  cudaMemcpy(r.data(), out, 2 * THREADS * sizeof(unsigned),
             cudaMemcpyDeviceToHost);
  for (unsigned t = 0; t < THREADS; t++)
    ok = ok && r[t] == h[first + t] && r[THREADS + t] == h[t * stride % TILE];
  halfOffsets<<<1, THREADS>>>(in, out);
  cudaMemcpy(r.data(), out, THREADS * sizeof(unsigned), cudaMemcpyDeviceToHost);
  for (unsigned t = 0; t < THREADS; t++)
    ok = ok && r[t] == h[THREADS / 2 + t];
  cudaError_t e = cudaGetLastError();
  printf("ok %d (%s)\n", ok, cudaGetErrorString(e));
  return e != cudaSuccess || !ok;
}
