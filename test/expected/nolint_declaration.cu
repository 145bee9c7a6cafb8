// bankfix-args: --block-dim=32,32
// A nolint comment on an array's declaration line suppresses nothing of
// its accesses: a warning is suppressed by a comment on the line it points
// at (the access), in bankfix as in clang-tidy.
__global__ void transposed(float *out) {
  __shared__ float tile[32][33]; // NOLINT(bankfix-bank-conflict)
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
