// A work-efficient (up-sweep, down-sweep) exclusive scan of one block's
// elements, the length a run-time argument the host checks is a power of
// two, as prefix-sum code written after the textbook does: `offset`
// doubles while the tree is built and halves while it is walked down, so
// the stride between the lanes' elements is every power of two up to the
// length. No launch gives the length as a constant.
#include <cstdio>
#include <cstdlib>
#include <vector>

#define MAX_ELEMENTS 1024

__global__ void blockScan(float *out, const float *in, int n) {
  __shared__ float temp[MAX_ELEMENTS + 32];
  int thid = threadIdx.x;
  temp[2 * thid + 2 * thid / 32] = 2 * thid < n ? in[2 * thid] : 0.0f;
  temp[2 * thid + 1 + (2 * thid + 1) / 32] = 2 * thid + 1 < n ? in[2 * thid + 1] : 0.0f;

  int offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      temp[bi + bi / 32] += temp[ai + ai / 32];
    }
    offset *= 2;
  }

  if (thid == 0)
    temp[n - 1 + (n - 1) / 32] = 0.0f;

  for (int d = 1; d < n; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      float t = temp[ai + ai / 32];
      temp[ai + ai / 32] = temp[bi + bi / 32];
      temp[bi + bi / 32] += t;
    }
  }
  __syncthreads();

  if (2 * thid < n)
    out[2 * thid] = temp[2 * thid + 2 * thid / 32];
  if (2 * thid + 1 < n)
    out[2 * thid + 1] = temp[2 * thid + 1 + (2 * thid + 1) / 32];
}

// Without an argument, a length of 2: one step of each sweep, as the
// profile counts each access once; 4 to 1024 run more of the steps.
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 2;
  if (n < 2 || n > MAX_ELEMENTS || (n & (n - 1))) {
    fprintf(stderr, "the length must be a power of two from 2 to %d\n",
            MAX_ELEMENTS);
    return 2;
  }
  std::vector<float> h(n), r(n);
  for (int i = 0; i < n; i++)
    h[i] = float((i * 37) % 11);
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemcpy(in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  blockScan<<<1, MAX_ELEMENTS / 2>>>(out, in, n);
  cudaMemcpy(r.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost);
  bool ok = true;
  float sum = 0.0f;
  for (int i = 0; i < n; i++) {
    ok = ok && r[i] == sum;
    sum += h[i];
  }
  cudaError_t e = cudaGetLastError();
  printf("length %d scanned %d (%s)\n", n, ok, cudaGetErrorString(e));
  return e != cudaSuccess || !ok;
}
