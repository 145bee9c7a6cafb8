// Kernel parameters that only the launch gives a value: a work-efficient
// scan over n elements (the up-sweep and down-sweep loops are bounded by n
// and double or halve their stride), once with the padding macro that
// keeps it free of conflicts and once without, and a tile whose row pitch
// is a parameter. Each is launched once with constants, so bankfix
// analyses the kernel for those values instead of the worst value of an
// unknown parameter.
#include <cstdio>

#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

__global__ void scanPadded(float *out, const float *in, int n) {
  extern __shared__ float temp[];
  int thid = threadIdx.x;
  int offset = 1;
  int ai = thid;
  int bi = thid + (n / 2);
  int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
  int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
  temp[ai + bankOffsetA] = in[ai];
  temp[bi + bankOffsetB] = in[bi];
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      temp[b] += temp[a];
    }
    offset *= 2;
  }
  if (thid == 0)
    temp[n - 1 + CONFLICT_FREE_OFFSET(n - 1)] = 0;
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      float t = temp[a];
      temp[a] = temp[b];
      temp[b] += t;
    }
  }
  __syncthreads();
  out[ai] = temp[ai + bankOffsetA];
  out[bi] = temp[bi + bankOffsetB];
}

__global__ void scanPlain(float *out, const float *in, int n) {
  extern __shared__ float temp[];
  int thid = threadIdx.x;
  int offset = 1;
  temp[2 * thid + 2 * thid / 32] = in[2 * thid];
  temp[2 * thid + 1 + (2 * thid + 1) / 32] = in[2 * thid + 1];
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      temp[b + b / 32] += temp[a + a / 32];
    }
    offset *= 2;
  }
  if (thid == 0)
    temp[n - 1 + (n - 1) / 32] = 0;
  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      float t = temp[a + a / 32];
      temp[a + a / 32] = temp[b + b / 32];
      temp[b + b / 32] += t;
    }
  }
  __syncthreads();
  out[2 * thid] = temp[2 * thid + 2 * thid / 32];
  out[2 * thid + 1] = temp[2 * thid + 1 + (2 * thid + 1) / 32];
}

// The pitch is the tile's width: a column write with lanes a row apart.
__global__ void pitchedTile(const float *in, float *out, int pitch) {
  extern __shared__ float sm[];
  sm[threadIdx.x * pitch + threadIdx.y + (threadIdx.x * pitch + threadIdx.y) / 32] = in[threadIdx.y * pitch + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * pitch + threadIdx.x] =
      sm[threadIdx.y * pitch + threadIdx.x + (threadIdx.y * pitch + threadIdx.x) / 32];
}

// The same column write launched twice: 32x8 threads with rows of 32
// floats, 16x16 threads with rows of 17 (each launch's block with its own
// pitch).
__global__ void tileByLaunch(const float *in, float *out, int pitch) {
  extern __shared__ float tb[];
  tb[threadIdx.x * pitch + threadIdx.y + (threadIdx.x * pitch + threadIdx.y) / 32] = in[threadIdx.y * pitch + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * pitch + threadIdx.x] = tb[threadIdx.y * pitch + threadIdx.x + (threadIdx.y * pitch + threadIdx.x) / 32];
}

int main() {
  const int n = 512;
  float *in, *out;
  cudaMalloc(&in, 1024 * sizeof(float));
  cudaMalloc(&out, 1024 * sizeof(float));
  cudaMemset(in, 0, 1024 * sizeof(float));
  scanPadded<<<1, n / 2, (n + n / 32) * sizeof(float)>>>(out, in, n);
  scanPlain<<<1, n / 2, n * sizeof(float) + 16 * sizeof(float)>>>(out, in, n);
  pitchedTile<<<1, dim3(32, 32), 32 * 32 * sizeof(float) + 32 * sizeof(float)>>>(in, out, 32);
  tileByLaunch<<<1, dim3(32, 8), 32 * 32 * sizeof(float) + 32 * sizeof(float)>>>(in, out, 32);
  tileByLaunch<<<1, dim3(16, 16), 16 * 17 * sizeof(float) + 9 * sizeof(float)>>>(in, out, 17);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
