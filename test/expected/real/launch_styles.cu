// Launches written the ways real projects write them: a launcher template
// instantiated per tile height, a generic wrapper that takes the kernel and
// a struct of launch parameters (built by a constructor, and as an
// aggregate), cudaLaunchKernelEx with a cudaLaunchConfig_t filled member by
// member, cudaLaunchKernel with an argument array, a kernel chosen into a
// function pointer and from an array, and a block whose height the host
// picks from two values. Each kernel writes a column of its tile (lanes one
// row apart) and reads a row back: how many ways the column write conflicts
// depends on the block shape, which only the launch says. Last, a block
// sized at run time under __launch_bounds__: there the result is the same
// for any block, and bankfix says so.
#include <cstdio>

// Launcher template: the block is (16, kRows) in every instantiation.
template <int kRows>
__global__ void columnsTemplated(const float *in, float *out) {
  __shared__ float tile[16][16];
  tile[threadIdx.x][threadIdx.y ^ (threadIdx.x % 16)] = in[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.y][threadIdx.x ^ (threadIdx.y % 16)];
}

template <int kRows>
void launchColumns(const float *in, float *out, cudaStream_t stream) {
  const int threads = 16;
  columnsTemplated<kRows><<<1, dim3(threads, kRows), 0, stream>>>(in, out);
}

// A project's launch wrapper: the kernel and its parameters travel by value
// and by reference to the one place that launches.
struct LaunchParams {
  dim3 grid;
  dim3 block;
  size_t smem;
  cudaStream_t stream;
  LaunchParams(dim3 grid_, dim3 block_, size_t smem_, cudaStream_t stream_)
      : grid(grid_), block(block_), smem(smem_), stream(stream_) {}
};

struct PlainParams {
  dim3 grid, block;
};

template <typename Kernel, typename... Args>
void launchKernel(Kernel kernel, const LaunchParams &params, Args... args) {
  kernel<<<params.grid, params.block, params.smem, params.stream>>>(args...);
}

template <typename Kernel, typename... Args>
void launchPlain(Kernel kernel, PlainParams params, Args... args) {
  kernel<<<params.grid, params.block>>>(args...);
}

__global__ void columnsWrapped(const float *in, float *out) {
  __shared__ float tile[8][20];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * 8 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 8 + threadIdx.x] = tile[threadIdx.x][threadIdx.y ^ 1];
}

__global__ void columnsAggregate(const float *in, float *out) {
  __shared__ float tile[16][6];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.x][3 - threadIdx.y];
}

// cudaLaunchKernelEx: the block is a member of the configuration.
__global__ void columnsEx(const float *in, float *out) {
  __shared__ float tile[4][40];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * 4 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 4 + threadIdx.x] = tile[3 - threadIdx.x][threadIdx.y];
}

// cudaLaunchKernel: the kernel, cast to a pointer, and its argument array.
__global__ void columnsRaw(const float *in, float *out) {
  __shared__ float tile[32][5];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[31 - threadIdx.x][threadIdx.y];
}

// Kernels chosen at run time, as the transpose sample picks one of its
// variants into a pointer.
#define TILE_DIM 16
#define BLOCK_ROWS 8

__global__ void copyRows(const float *in, float *out) {
  __shared__ float tile[TILE_DIM][TILE_DIM];
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] =
        in[(threadIdx.y + j) * TILE_DIM + threadIdx.x];
  __syncthreads();
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(threadIdx.y + j) * TILE_DIM + threadIdx.x] =
        tile[threadIdx.y + j][threadIdx.x];
}

__global__ void transposeRows(const float *in, float *out) {
  __shared__ float tile[TILE_DIM][TILE_DIM];
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x ^ ((threadIdx.y + j) % 16)] =
        in[(threadIdx.y + j) * TILE_DIM + threadIdx.x];
  __syncthreads();
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(threadIdx.y + j) * TILE_DIM + threadIdx.x] =
        tile[threadIdx.x][(threadIdx.y + j) ^ (threadIdx.x % 16)];
}

__global__ void transposeRowsFromTable(const float *in, float *out) {
  __shared__ float tile[TILE_DIM][TILE_DIM];
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.x][(threadIdx.y + j) ^ (threadIdx.x % 16)] =
        in[(threadIdx.y + j) * TILE_DIM + threadIdx.x];
  __syncthreads();
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(threadIdx.y + j) * TILE_DIM + threadIdx.x] =
        tile[threadIdx.y + j][threadIdx.x ^ ((threadIdx.y + j) % 16)];
}

typedef void (*TileKernel)(const float *, float *);

void runChosen(const float *in, float *out, bool transpose) {
  dim3 threads(TILE_DIM, BLOCK_ROWS);
  TileKernel kernel = nullptr;
  if (transpose)
    kernel = &transposeRows;
  else
    kernel = &copyRows;
  kernel<<<1, threads>>>(in, out);
}

void runFromTable(const float *in, float *out, int which) {
  static const TileKernel table[] = {transposeRowsFromTable};
  table[which]<<<1, dim3(TILE_DIM, BLOCK_ROWS)>>>(in, out);
}

// The host picks the number of warps: the block is 32x2 or 32x4.
__global__ void columnsPerWarp(const float *in, float *out) {
  __shared__ float tile[32][9];
  tile[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][7 - threadIdx.y];
}

void runPerWarp(const float *in, float *out, int rows) {
  const int nwarps = rows > 64 ? 4 : 2;
  const dim3 block_dims(32, nwarps, 1);
  columnsPerWarp<<<1, block_dims, 0>>>(in, out);
}

// A block the host sizes from data bankfix cannot see; the kernel declares
// its largest block.
int g_rows = 256;

__global__ void __launch_bounds__(256) pairsBounded(const float *in,
                                                    float *out) {
  __shared__ float s[2 * 256 + 16];
  s[threadIdx.x * 2 + threadIdx.x * 2 / 32] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 2 + 1 + (threadIdx.x * 2 + 1) / 32];
}

void runBounded(const float *in, float *out) {
  const int threads = g_rows < 256 ? (g_rows + 31) / 32 * 32 : 256;
  pairsBounded<<<1, threads>>>(in, out);
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 1024 * sizeof(float));
  cudaMalloc(&out, 1024 * sizeof(float));
  cudaMemset(in, 0, 1024 * sizeof(float));
  cudaStream_t stream = 0;
  launchColumns<4>(in, out, stream);
  launchColumns<8>(in, out, stream);
  launchKernel(columnsWrapped, LaunchParams(dim3(1), dim3(8, 16), 0, stream),
               in, out);
  launchPlain(columnsAggregate, PlainParams{dim3(1), dim3(16, 4)}, in, out);

  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(1);
  config.blockDim = dim3(4, 32);
  config.dynamicSmemBytes = 0;
  config.stream = stream;
  cudaLaunchKernelEx(&config, columnsEx, (const float *)in, out);

  void *args[] = {&in, &out};
  cudaLaunchKernel((const void *)columnsRaw, dim3(1), dim3(32, 4), args, 0,
                   stream);

  runChosen(in, out, true);
  runChosen(in, out, false);
  runFromTable(in, out, 0);
  runPerWarp(in, out, 32);
  runPerWarp(in, out, 128);
  runBounded(in, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
