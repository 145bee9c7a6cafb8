// Finding (differential run 1, seed 1, 10 accesses): a guard on a kernel
// parameter (n, 1 at the launch) is judged as if it held: bankfix reports
// the access's wavefronts, while the README says that an access whose guard
// bankfix cannot evaluate gets a remark and no number. On the GPU the guard
// is false and ncu sees no instruction executed.
//   seed 1 dk0038 `if (n % 3u == 2u) acc += (float)s1[(lane << 2u) % 64u].y;`
//     (block 4x9): bankfix 5 wavefronts (ideal 2), ncu none.
//   seed 1 dk0016 `if ((n + i) % 3u == 1u) ...` in a 4-trip loop: bankfix 28,
//     ncu 14 (the guard holds in 2 of the 4 iterations).
// Expected: bankfix declines (remark) or says it assumed the branch taken.
__global__ void unknownGuard(float *out, unsigned n) {
  __shared__ float s[64];
  const unsigned tid = threadIdx.x;
  s[tid % 64u] = (float)tid;
  __syncthreads();
  float acc = 0.f;
  if (n % 3u == 2u) acc += s[(tid << 2u) % 64u]; // @access load 4
  __syncthreads();
  out[tid] = acc;
}

int main() {
  float *out = nullptr;
  if (cudaMalloc(&out, 1024 * sizeof(float)) != cudaSuccess) return 2;
  unknownGuard<<<1, dim3(64, 1, 1)>>>(out, 1u);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
