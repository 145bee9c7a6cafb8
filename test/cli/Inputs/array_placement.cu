// Where ptxas puts a kernel's static shared arrays: one after another in
// declaration order, each at its own alignment, arrays never named left
// out (measured on sm_90, test/differential/findings/README.md). A char or
// short array after an array whose size is not a multiple of 4 starts
// inside a 4-byte word, which changes which lanes share a word.

// s starts at byte 3: lane L reads byte 3 + 33 L. Lanes 0 and 31 (bytes 3
// and 1026) are in words 0 and 256, both in bank 0: 2 wavefronts (1 if s
// started at 0).
__global__ void after_pad(float *out) {
  __shared__ char pad[3];
  __shared__ char s[32 * 33];
  pad[threadIdx.x % 3] = 1;
  s[threadIdx.x] = 2;
  __syncthreads();
  out[threadIdx.x] = s[33 * threadIdx.x] + pad[0];
}

// pad is never named: ptxas leaves it out and s starts at 0: 1 wavefront.
__global__ void pad_unused(float *out) {
  __shared__ char pad[3];
  __shared__ char s[32 * 33];
  s[threadIdx.x] = 2;
  __syncthreads();
  out[threadIdx.x] = s[33 * threadIdx.x];
}

// s starts at byte 2: lane 0 reads bytes 2-3 (word 0, bank 0), lane 1
// bytes 132-133 (word 33, bank 1): 1 wavefront (2 if s started at 0).
__global__ void short_after_char(float *out) {
  __shared__ char two[2];
  __shared__ short s[128];
  two[threadIdx.x % 2] = threadIdx.x;
  s[threadIdx.x] = 2;
  __syncthreads();
  if (threadIdx.x < 2)
    out[threadIdx.x] = s[65 * threadIdx.x] + two[1];
}

// An array named only with constant indices may be split by the optimizer
// into scalars placed after the others (`char one[1]` here went to byte
// 256, after s): s starts at 0, 2 wavefronts (declaration order alone
// would say 1).
__global__ void split_by_optimizer(float *out) {
  __shared__ char one[1];
  __shared__ short s[128];
  one[0] = threadIdx.x;
  s[threadIdx.x] = 2;
  __syncthreads();
  if (threadIdx.x < 2)
    out[threadIdx.x] = s[65 * threadIdx.x] + one[0];
}

// With a file-scope array in the kernel the order is not known (ptxas put
// g before s here, after s in another kernel): s may start at any byte of
// a word, and its count depends on which (1 or 2 wavefronts; 2 on the
// H100), so bankfix does not judge it. g[0] takes 1 wherever g starts.
__shared__ char g[3];
__global__ void file_scope(float *out) {
  __shared__ char s[32 * 33];
  g[threadIdx.x % 3] = 1;
  s[threadIdx.x] = 2;
  __syncthreads();
  out[threadIdx.x] = s[33 * threadIdx.x] + g[0];
}

void launch(float *out) {
  after_pad<<<1, 32>>>(out);
  pad_unused<<<1, 32>>>(out);
  short_after_char<<<1, 32>>>(out);
  split_by_optimizer<<<1, 32>>>(out);
  file_scope<<<1, 32>>>(out);
}
