// A comparator bound to shared keys, once to global ones and once to
// registers.
#define RUN 32
__device__ void compareSwap(unsigned &a, unsigned &b) {
  if (a > b) {
    unsigned t = a;
    a = b;
    b = t;
  }
}
__global__ void sortRuns(unsigned *keys) {
  __shared__ unsigned s[32 * RUN];
  unsigned t = threadIdx.x;
  for (int j = 0; j < RUN; j++)
    s[t * RUN + j] = keys[t * RUN + j];
  __syncthreads();
  compareSwap(s[t * RUN], s[t * RUN + 1]);
  __syncthreads();
  for (int j = 0; j < RUN; j++)
    keys[t * RUN + j] = s[t * RUN + j];
  compareSwap(keys[t * RUN], keys[t * RUN + 1]);
  unsigned lo = keys[t], hi = keys[t + 1];
  compareSwap(lo, hi);
  keys[t] = lo;
}
int main() { sortRuns<<<1, 32>>>(nullptr); }
