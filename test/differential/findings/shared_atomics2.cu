// Probe 2 of ATOMS: each CAS pattern in a kernel of its own (probe 1 could
// not tell its two CAS lines apart: both are counted at the header's line),
// the bitwise and decrement forms, 64-bit Exch/Min/Max/And, and atomics
// under a guard that switches lanes off.
#include <cstdio>

#define LANE (threadIdx.x % 32u)

__global__ void casStride8(unsigned *out) {
  __shared__ unsigned u[32 * 32];
  for (unsigned i = threadIdx.x; i < 32u * 32u; i += blockDim.x) u[i] = 0;
  __syncthreads();
  unsigned r = atomicCAS(&u[LANE * 8u], 0u, 1u);
  __syncthreads();
  out[threadIdx.x] = r + u[threadIdx.x];
}

__global__ void casOneWord(unsigned *out) {
  __shared__ unsigned u[32 * 32];
  for (unsigned i = threadIdx.x; i < 32u * 32u; i += blockDim.x) u[i] = 0;
  __syncthreads();
  unsigned r = atomicCAS(&u[0], 0u, 1u);
  __syncthreads();
  out[threadIdx.x] = r + u[threadIdx.x];
}

__global__ void casStride1(unsigned *out) {
  __shared__ unsigned u[32 * 32];
  for (unsigned i = threadIdx.x; i < 32u * 32u; i += blockDim.x) u[i] = 0;
  __syncthreads();
  unsigned r = atomicCAS(&u[LANE], 0u, 1u);
  __syncthreads();
  out[threadIdx.x] = r + u[threadIdx.x];
}

__global__ void casPairs(unsigned *out) {
  __shared__ unsigned u[32 * 32];
  for (unsigned i = threadIdx.x; i < 32u * 32u; i += blockDim.x) u[i] = 0;
  __syncthreads();
  unsigned r = atomicCAS(&u[LANE / 2u], 0u, 1u);
  __syncthreads();
  out[threadIdx.x] = r + u[threadIdx.x];
}

__global__ void bitwiseForms(unsigned *out) {
  __shared__ unsigned u[32 * 32];
  for (unsigned i = threadIdx.x; i < 32u * 32u; i += blockDim.x) u[i] = 0;
  __syncthreads();
  unsigned r = 0;
  r += atomicOr(&u[LANE * 4u], 1u);
  __syncthreads();
  r += atomicXor(&u[LANE * 16u], 1u);
  __syncthreads();
  r += atomicDec(&u[LANE * 2u], 9u);
  __syncthreads();
  r += atomicMax(&u[LANE * 32u], 9u);
  __syncthreads();
  atomicOr(&u[LANE * 4u], 2u);
  __syncthreads();
  out[threadIdx.x] = r + u[threadIdx.x];
}

__global__ void wideForms(unsigned long long *out) {
  __shared__ unsigned long long w[32 * 32];
  for (unsigned i = threadIdx.x; i < 32u * 32u; i += blockDim.x) w[i] = 0;
  __syncthreads();
  unsigned long long r = 0;
  r += atomicExch(&w[LANE], 1ull);
  __syncthreads();
  r += atomicMin(&w[LANE * 16u], 1ull);
  __syncthreads();
  r += atomicMax(&w[LANE], 2ull);
  __syncthreads();
  r += atomicAnd(&w[LANE * 2u], 3ull);
  __syncthreads();
  out[threadIdx.x] = r + w[threadIdx.x];
}

__global__ void guardedAtomics(unsigned *out) {
  __shared__ unsigned u[32 * 33];
  for (unsigned i = threadIdx.x; i < 32u * 33u; i += blockDim.x) u[i] = 0;
  __syncthreads();
  if (LANE % 2u == 0u)
    atomicAdd(&u[LANE * 16u], 1u);
  __syncthreads();
  if (LANE < 8u)
    atomicAdd(&u[LANE * 32u], 1u);
  __syncthreads();
  atomicAdd(&u[(LANE % 8u) * 32u + LANE / 8u], 1u);
  __syncthreads();
  out[threadIdx.x] = u[threadIdx.x];
}

int main() {
  unsigned *u;
  unsigned long long *w;
  cudaMalloc(&u, 1024 * sizeof(unsigned));
  cudaMalloc(&w, 1024 * sizeof(unsigned long long));
  casStride8<<<1, 32>>>(u);
  casOneWord<<<1, 32>>>(u);
  casStride1<<<1, 32>>>(u);
  casPairs<<<1, 32>>>(u);
  bitwiseForms<<<1, 32>>>(u);
  wideForms<<<1, 32>>>(w);
  guardedAtomics<<<1, 32>>>(u);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
