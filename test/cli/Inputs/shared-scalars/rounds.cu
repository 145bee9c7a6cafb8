// Flags that any thread raises, with a constant or with atomicExch in a
// helper given the flag by reference, read by every lane of a warp as one
// value after the barrier: the guard that reads them is the same in every
// lane. Each round's scan gets the list through a pointer passed by value,
// which the call cannot change: the scan's down-sweep, whose 'offset' the
// up-sweep doubled, is judged and the list gets a fix.
template <class T> __device__ void mark(T *list, unsigned &flag, unsigned v) {
  list[threadIdx.x] = v > 3;
  if (v > 3)
    atomicExch(&flag, 1u);
}

template <class T> __device__ void scan(T *list, unsigned n) {
  unsigned offset = 1;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (threadIdx.x < d)
      list[offset * (2 * threadIdx.x + 2) - 1] +=
          list[offset * (2 * threadIdx.x + 1) - 1];
    offset <<= 1;
  }
  for (int d = 2; d < n; d <<= 1) {
    offset >>= 1;
    __syncthreads();
    if (threadIdx.x < d - 1)
      list[offset * (threadIdx.x + 1) - 1 + (offset >> 1)] +=
          list[offset * (threadIdx.x + 1) - 1];
  }
}

__global__ void rounds(const unsigned *in, unsigned *out, unsigned n,
                       unsigned count) {
  __shared__ unsigned s_list[512];
  __shared__ unsigned raised, overflow;
  unsigned *list = s_list;
  if (threadIdx.x == 0) {
    raised = 0;
    overflow = 0;
  }
  __syncthreads();
  mark(list, raised, in[threadIdx.x]);
  if (in[threadIdx.x] == 0)
    overflow = 1;
  __syncthreads();
  for (unsigned round = 0; round < count; ++round) {
    if (raised > 0 && !overflow)
      scan(list, n);
    __syncthreads();
  }
  out[threadIdx.x] = s_list[threadIdx.x];
}

int main() { rounds<<<1, 512>>>(nullptr, nullptr, 512, 3); }
