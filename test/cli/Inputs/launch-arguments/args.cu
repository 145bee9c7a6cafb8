// A stride every launch passes as 32: judged for it.
__global__ void strided(float *out, int stride) {
  __shared__ float s[1024];
  s[threadIdx.x * stride] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// Two launches of one block with different strides: judged for each.
__global__ void twoStrides(float *out, int stride) {
  __shared__ float s[1024];
  s[threadIdx.x * stride] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// A loop bounded by the parameter that halves its step: each iteration.
__global__ void halving(float *out, int n) {
  __shared__ float s[512];
  s[threadIdx.x] = 1.0f;
  for (int d = n >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (threadIdx.x < d)
      s[threadIdx.x * 2 * (n / (2 * d))] += 1.0f;
  }
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// A launch whose argument bankfix cannot follow, beside one it can.
__global__ void oneUnknown(float *out, int stride) {
  __shared__ float s[1024];
  s[threadIdx.x * stride] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void run(float *out, int runtime) {
  strided<<<1, 32>>>(out, 32);
  strided<<<2, 32>>>(out, 32);
  twoStrides<<<1, 32>>>(out, 2);
  twoStrides<<<1, 32>>>(out, 4);
  halving<<<1, 256>>>(out, 256);
  oneUnknown<<<1, 32>>>(out, 8);
  oneUnknown<<<1, 32>>>(out, runtime);
}
