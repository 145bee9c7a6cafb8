// Block 16x16: a warp spans two rows of threadIdx.y.
// float t[16][16] read t[tx][ty]: 8-way (calibration: 8).
// float t[16][17] read t[tx][ty]: 2-way, +1 is not enough (calibration: 2).
// float t[16][16] read t[ty][tx]: conflict-free (calibration: 1).
__global__ void tiles16(float *out) {
  __shared__ float t[16][16];
  __shared__ float p[16][18];
  t[threadIdx.y][threadIdx.x ^ (threadIdx.y % 16)] = threadIdx.x;
  p[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  int i = threadIdx.y * 16 + threadIdx.x;
  out[i] = t[threadIdx.x][threadIdx.y ^ (threadIdx.x % 16)];
  out[256 + i] = p[threadIdx.x][threadIdx.y];
}

int main() {
  float *out;
  cudaMalloc(&out, 512 * sizeof(float));
  tiles16<<<1, dim3(16, 16)>>>(out);
  cudaDeviceSynchronize();
  return 0;
}
