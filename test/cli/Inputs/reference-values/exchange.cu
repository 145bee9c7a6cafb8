// A compare-and-exchange through references to shared elements: the
// comparison reads the elements, so which lanes store depends on the data.
__device__ inline void exchange(float &lo, float &hi, bool up) {
  if ((lo > hi) == up) {
    float t = lo;
    lo = hi;
    hi = t;
  }
}

__global__ void sortPairs(float *data) {
  __shared__ float s[512];
  s[threadIdx.x] = data[threadIdx.x];
  s[threadIdx.x + 256] = data[threadIdx.x + 256];
  __syncthreads();
  unsigned pos = 2 * threadIdx.x - (threadIdx.x & 15);
  exchange(s[pos], s[pos + 16], true);
  __syncthreads();
  data[threadIdx.x] = s[threadIdx.x];
}

void launch(float *d) { sortPairs<<<1, 256>>>(d); }
