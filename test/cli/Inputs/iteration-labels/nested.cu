// Two loops, the inner one's counter declared in the outer body: an
// iteration is named by the outer counter and the inner one's value in it.
__global__ void stages(float *out) {
  __shared__ float s[1024];
  s[threadIdx.x] = out[threadIdx.x];
  s[threadIdx.x + 512] = out[threadIdx.x + 512];
  float acc = 0.0f;
  for (unsigned size = 2; size <= 8; size <<= 1) {
    for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      acc += s[threadIdx.x * stride * size % 1024];
    }
  }
  out[threadIdx.x] = acc;
}

void launch(float *d) { stages<<<1, 256>>>(d); }
