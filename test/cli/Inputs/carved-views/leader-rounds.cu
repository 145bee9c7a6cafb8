// The count a scan covers is a shared scalar the leader thread updates each
// round: every lane reads the one value the leader last wrote, so the
// down-sweep after the up-sweep is judged over the powers of two the
// up-sweep leaves.
__global__ void leaderRounds(const unsigned *in, unsigned *out, int rounds) {
  __shared__ unsigned s[512];
  __shared__ unsigned n;
  unsigned tid = threadIdx.x;
  if (tid == 0)
    n = 256;
  __syncthreads();
  for (int r = 0; r < rounds; ++r) {
    s[tid] = in[tid];
    unsigned offset = 1;
    for (unsigned d = n >> 1; d > 0; d >>= 1) {
      __syncthreads();
      if (tid < d)
        s[offset * (2 * tid + 2) - 1] += s[offset * (2 * tid + 1) - 1];
      offset <<= 1;
    }
    for (unsigned d = 2; d < n; d <<= 1) {
      offset >>= 1;
      __syncthreads();
      if (tid < d - 1)
        s[offset * (tid + 1) - 1 + (offset >> 1)] += s[offset * (tid + 1) - 1];
    }
    __syncthreads();
    if (tid == 0)
      n = s[n - 1] % 256 + 1;
    __syncthreads();
    out[tid] = s[tid];
  }
}

void launch(const unsigned *a, unsigned *b) { leaderRounds<<<1, 256>>>(a, b, 4); }

// The leader picks the first flagged item and leaves the loop: every lane
// reads what it wrote after the barrier, not what `m` read before.
__global__ void firstFlagged(const float *in, float *out) {
  __shared__ float s[4096];
  __shared__ int n;
  int t = threadIdx.x;
  if (t == 0)
    n = 1;
  __syncthreads();
  int m = n;
  for (int i = 0; i < 8; ++i)
    if (t == 0 && in[i] > 0.f) {
      n = i;
      break;
    }
  __syncthreads();
  if (t < n - m + 1)
    s[t * 32] = in[t];
  out[t] = s[t];
}

// The leader doubles the count in each of four rounds: from the second,
// it is no longer the value `m` read, and more lanes store.
__global__ void doublingRounds(const float *in, float *out) {
  __shared__ float s[4096];
  __shared__ int n;
  int t = threadIdx.x;
  if (t == 0)
    n = 1;
  __syncthreads();
  int m = n;
  for (int r = 0; r < 4; ++r) {
    if (t < n - m + 1)
      s[t * 32] = in[t];
    __syncthreads();
    if (t == 0)
      n = n * 2;
    __syncthreads();
  }
  out[t] = s[t];
}

void launchMore(const float *a, float *b) {
  firstFlagged<<<1, 32>>>(a, b);
  doublingRounds<<<1, 32>>>(a, b);
}
