// A device function whose tile is declared in a header: bankfix reports its
// conflict but rewrites only the file it checks.
__device__ inline float readHeaderColumn() {
  __shared__ float headerTile[32][32];
  headerTile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  return headerTile[threadIdx.x][threadIdx.y];
}
