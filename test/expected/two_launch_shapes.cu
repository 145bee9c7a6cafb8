// One kernel launched with two block shapes: each is analysed and the
// diagnostics say which launch they come from. With 32x32 the column read
// t[tx][ty] is 32-way. With 16x16 a warp holds tx 0..15 for two values of
// ty: the read touches 16 rows in 2 banks, 16-way; and the row store
// t[ty][tx] puts two half rows in banks 0..15, 2-way.
__global__ void columnRead(float *out) {
  __shared__ float t[32][33];
  t[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * blockDim.x + threadIdx.x] = t[threadIdx.x][threadIdx.y];
}

void run(float *out) {
  const int side = 32;
  dim3 big(side, side);
  columnRead<<<1, big>>>(out);
  columnRead<<<4, dim3(16, 16)>>>(out);
}
