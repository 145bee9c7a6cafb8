// A loop that doubles its stride from 2 up to a run-time bound: the
// stride is only ever a power of two, so `s + 1` is odd and the rows it
// picks fall in 32 different banks. Judged over every integer, s = 31
// would make it 32-way.
__global__ void oddRows(float *out, const float *in, unsigned n, int log2n) {
  __shared__ float t[1024];
  for (unsigned i = threadIdx.x; i < 1024; i += 32)
    t[i] = in[i];
  __syncthreads();
  float acc = 0.0f;
  for (unsigned s = 2; s < n; s *= 2)
    acc += t[(threadIdx.x * (s + 1)) % 1024];
  // Halving from a power of two that a doubling loop gives: j - 1 is 0 (one
  // word for all lanes) or odd.
  for (unsigned k = 2; k < n; k <<= 1)
    for (unsigned j = k / 2; j > 0; j >>= 1)
      acc += t[(threadIdx.x * (j - 1)) % 1024];
  // Down by four from a power of two for every amount the shift allows: q
  // - 1 is 0 or odd.
  for (int q = (1 << log2n) >> 2; q > 0; q >>= 2)
    acc += t[(threadIdx.x * (q - 1)) % 1024];
  out[threadIdx.x] = acc;
}

void launch(float *o, const float *i, unsigned n, int log2n) {
  oddRows<<<1, 32>>>(o, i, n, log2n);
}
