// Views carved into a buffer away from its start. The scan runs in place
// one element in (`counts + 1`); the rows sit after a halo row a whole
// warp long and are read a row above the first (negative subscripts).
#define BLOCK 256

template <unsigned N> __device__ void upSweep(unsigned *list) {
  unsigned offset = 1;
  for (unsigned d = N >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (threadIdx.x < d) {
      unsigned ai = offset * (2 * threadIdx.x + 1) - 1;
      unsigned bi = offset * (2 * threadIdx.x + 2) - 1;
      list[bi] += list[ai];
    }
    offset <<= 1;
  }
}

__global__ void scanOneIn(const unsigned *in, unsigned *out) {
  __shared__ unsigned counts[BLOCK + 1];
  unsigned *inclusive = counts + 1;
  inclusive[threadIdx.x] = in[threadIdx.x];
  if (threadIdx.x == 0)
    counts[0] = 0;
  upSweep<BLOCK>(inclusive);
  __syncthreads();
  out[threadIdx.x] = counts[threadIdx.x];
}

__global__ void rowAbove(const float *in, float *out) {
  __shared__ float rows[32 + 8 * 32];
  float *body = rows + 32;
  int t = threadIdx.x;
  if (t < 32)
    rows[t] = in[256 + t];
  body[t] = in[t];
  __syncthreads();
  int r = t % 8, c = t / 8;
  out[t] = body[32 * r + c] - body[32 * r + c - 32];
}

void launch(const unsigned *a, unsigned *b, const float *c, float *d) {
  scanOneIn<<<1, BLOCK>>>(a, b);
  rowAbove<<<1, 256>>>(c, d);
}
