// Launches that give an extern buffer fewer bytes than the kernel reaches:
// an error at the launch (bankfix-launch-bounds), found without a GPU.
// test/gpu/launch_bounds.sh runs main() under compute-sanitizer, which
// reports the out-of-bounds accesses of the same two launches.
#include <cstdio>
#include <cstdlib>

// Rows padded to 33 floats (a fix applied to the kernel) while the launch
// below still gives 32 x 32 floats: the last rows run past the buffer.
__global__ void paddedRows(const float *in, float *out) {
  extern __shared__ float tile[];
  unsigned x = threadIdx.x, y = threadIdx.y;
  tile[y * 33 + x] = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile[x * 33 + y];
}

// The same kernel, launched with the padded size: in bounds.
__global__ void paddedRowsSized(const float *in, float *out) {
  extern __shared__ float tile[];
  unsigned x = threadIdx.x, y = threadIdx.y;
  tile[y * 33 + x] = in[y * 32 + x];
  __syncthreads();
  out[y * 32 + x] = tile[x * 33 + y];
}

// A reduction whose launch forgets the third <<< >>> argument.
__global__ void blockSum(const float *in, float *out) {
  extern __shared__ float partial[];
  unsigned t = threadIdx.x;
  partial[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s)
      partial[t] += partial[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = partial[0];
}

// Half the block stages data: the guard keeps it inside 128 floats.
__global__ void halfStaged(const float *in, float *out) {
  extern __shared__ float stage[];
  unsigned t = threadIdx.x;
  if (t < 128)
    stage[t] = in[t];
  __syncthreads();
  if (t < 128)
    out[t] = stage[127 - t];
}

// launch_bounds N runs the Nth launch alone (a launch out of bounds spoils
// the context for the launches after it); no argument runs them all.
int main(int argc, char **argv) {
  int Only = argc > 1 ? std::atoi(argv[1]) : -1;
  float *in, *out;
  cudaMalloc(&in, 64 * 1024 * sizeof(float));
  cudaMalloc(&out, 64 * 1024 * sizeof(float));
  cudaMemset(in, 0, 64 * 1024 * sizeof(float));
  if (Only < 0 || Only == 0)
    paddedRows<<<1, dim3(32, 32), 32 * 32 * sizeof(float)>>>(in, out);
  if (Only < 0 || Only == 1)
    paddedRowsSized<<<1, dim3(32, 32), 32 * 33 * sizeof(float)>>>(in, out);
  if (Only < 0 || Only == 2)
    blockSum<<<4, 256>>>(in, out);
  if (Only < 0 || Only == 3)
    halfStaged<<<1, 256, 128 * sizeof(float)>>>(in, out);
  cudaError_t E = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(E));
  cudaFree(in);
  cudaFree(out);
  return 0;
}
