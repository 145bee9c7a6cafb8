struct Params {
  dim3 block;
  unsigned bytes;
};

template <typename K> void launchWith(K kernel, Params p, float *o) {
  kernel<<<1, p.block, p.bytes>>>(o);
}

__global__ void rows(float *o) {
  extern __shared__ float s[];
  s[threadIdx.x * 32] = o[0];
}

void run(float *o) { launchWith(rows, Params{dim3(32), 32 * 32 * 4}, o); }
