// A row pitch each launch passes with its own block: 32 with 32 threads
// (a column of s walked 32 words apart: 32-way), 33 with 64 threads
// (padded: conflict-free). Judged per launch.
__global__ void pitched(float *out, int pitch) {
  __shared__ float s[64 * 33];
  s[threadIdx.x * pitch] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// Two launches with one block and different pitches: judged for each.
__global__ void sameBlock(float *out, int pitch) {
  __shared__ float s[64 * 33];
  s[threadIdx.x * pitch] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void run(float *out) {
  pitched<<<1, 32>>>(out, 32);
  pitched<<<1, 64>>>(out, 33);
  sameBlock<<<1, 32>>>(out, 32);
  sameBlock<<<1, 32>>>(out, 33);
}
