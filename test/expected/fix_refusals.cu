// bankfix-args: --block-dim=32,32
// Padding would lower the wavefronts of every array here; most are used in
// a way padding would break, or cannot be rewritten, and bankfix says why it
// offers no fix (the header's tile and the extern tile it does fix).
#include <cstring>
#include "include/header_tile.cuh"

#define DECLARE_TILE(name) __shared__ float name[32][32]

__device__ float sumRow(const float *row) { return row[0] + row[31]; }

__global__ void addressKept(float *out) {
  __shared__ float a[32][32];
  float *p = &a[0][0];
  a[threadIdx.x][threadIdx.y] = 1.0f;
  out[0] = p[threadIdx.x];
}

__global__ void rowPassed(float *out) {
  __shared__ float b[32][32];
  b[threadIdx.x][threadIdx.y] = 1.0f;
  out[0] = sumRow(b[threadIdx.y]);
}

__global__ void vectorOverRows(float4 *out) {
  __shared__ float c[32][36];
  c[threadIdx.x][threadIdx.y] = 1.0f;
  out[0] = reinterpret_cast<float4 *>(c[threadIdx.y])[threadIdx.x / 4];
}

__global__ void sizeofUsed(float *out) {
  __shared__ float d[32][32];
  d[threadIdx.x][threadIdx.y ^ (threadIdx.x % 32)] = 1.0f;
  out[0] = sizeof(d) / sizeof(float);
}

__global__ void bulkCopy(float *out, const float *in) {
  __shared__ float e[32][32];
  memcpy(e[0], in, sizeof(float) * 32);
  out[0] = e[threadIdx.x][threadIdx.y];
}

__global__ void fromMacro(float *out) {
  DECLARE_TILE(f);
  f[threadIdx.x][threadIdx.y ^ (threadIdx.x % 32)] = 1.0f;
}

__global__ void inHeader(float *out) { out[0] = readHeaderColumn(); }

__global__ void externTile(float *out) {
  extern __shared__ float g[][33];
  g[threadIdx.x][threadIdx.y] = 1.0f;
}

__global__ void overTheLimit(float *out) {
  __shared__ float h[96][128]; // exactly 48 KiB already
  h[threadIdx.x][threadIdx.y ^ (threadIdx.x % 32)] = 1.0f;
}

__global__ void elementAddressToAtomic(float *out) {
  // &i[y][x] straight into a call is safe: this one is padded.
  __shared__ float i[32][33];
  atomicAdd(&i[threadIdx.x][threadIdx.y], 1.0f);
  out[0] = i[threadIdx.x][threadIdx.y];
}
