// Tiles whose swizzle must be refused or written with care (review of
// issue 15's swizzle). Block 32x8; every kernel conflicts.
#define ROW threadIdx.y + 16

// A float4 fill of row 0 that runs past it: the rewrite would swizzle by
// row 0 what lands in rows 0..7.
__global__ void pastTheRow(const float4 *g, float *out) {
  __shared__ float t[32][32];
  unsigned tid = threadIdx.y * 32 + threadIdx.x;
  reinterpret_cast<float4 *>(t[0])[tid] = g[tid];
  __syncthreads();
  out[tid] = t[threadIdx.x][threadIdx.y];
}

// A plane of a 3-D tile cast to float4: not a row.
__global__ void plane(float *out) {
  __shared__ float t[2][32][32];
  t[0][threadIdx.x][threadIdx.y] = 1.0f;
  __syncthreads();
  float4 v = reinterpret_cast<float4 *>(t[1])[threadIdx.x];
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}

// Only .x of a float4 read through an element's address: nvcc narrows the
// load, but the swizzle must keep the 16 bytes whole.
__global__ void narrowed(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.x][threadIdx.y] = 1.0f;
  __syncthreads();
  float4 v = *reinterpret_cast<float4 *>(&t[threadIdx.y][4 * (threadIdx.x % 8)]);
  out[threadIdx.x] = v.x;
}

// The row written through a macro that expands to a sum.
__global__ void macroRow(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.x][ROW] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = t[ROW][threadIdx.x];
}

// A column index with a side effect.
__global__ void sideEffect(float *out, int k) {
  __shared__ float t[32][32];
  t[threadIdx.x][k++] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.y][threadIdx.x] + k;
}

// One template, two sizes: the swizzle must fit both.
template <int N> __global__ void sized(float *out) {
  __shared__ float t[N][N];
  t[threadIdx.x % N][threadIdx.y % N] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.y % N][threadIdx.x % N];
}
template __global__ void sized<32>(float *);
template __global__ void sized<4>(float *);
