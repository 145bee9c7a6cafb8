// A device function whose tile is declared in a header: bankfix pads it
// here, the header, when it checks the file that includes it.
__device__ inline float readHeaderColumn() {
  __shared__ float headerTile[32][33];
  headerTile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  return headerTile[threadIdx.x][threadIdx.y];
}
