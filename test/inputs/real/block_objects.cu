// Block-wide helpers written as classes, in the style of CUB's block
// primitives and CUTLASS's tile iterators: the kernel declares the helper's
// TempStorage in shared memory and constructs the helper on it; the
// constructor keeps a reference (or a pointer) to the storage and the
// thread's coordinates in fields, and member functions index through them.
//  - BlockExchange: blocked -> striped through one buffer. Each thread's
//    four stores are adjacent (nvcc merges them into one 16-byte store),
//    the striped loads are conflict-free.
//  - BlockTreeReduce: interleaved pairs at `2 * s * tid`, through a
//    member function that calls another on `this` (2-way to 16-way).
//  - TileIterator: a pointer field to a 32x32 tile, row and column from
//    the constructor; its column read conflicts 32-way, its row store not.
//  - CountingCursor: its position changes in a member function after the
//    constructor, so bankfix does not take the constructor's value.
#include <cstdio>
#include <vector>

#define THREADS 128
#define ITEMS 4
#define TILE 32

template <int BLOCK_THREADS, int ITEMS_PER_THREAD> class BlockExchange {
public:
  struct TempStorage {
    int buffer[BLOCK_THREADS * ITEMS_PER_THREAD];
  };

  __device__ explicit BlockExchange(TempStorage &storage)
      : temp(storage), linearTid(threadIdx.x) {}

  __device__ void blockedToStriped(int (&items)[ITEMS_PER_THREAD]) {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      temp.buffer[linearTid * ITEMS_PER_THREAD + i] = items[i];
    __syncthreads();
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      items[i] = temp.buffer[i * BLOCK_THREADS + linearTid];
  }

private:
  TempStorage &temp;
  unsigned linearTid;
};

template <int BLOCK_THREADS> class BlockTreeReduce {
public:
  struct TempStorage {
    float partial[BLOCK_THREADS];
  };

  __device__ BlockTreeReduce(TempStorage &storage)
      : temp(storage), tid(threadIdx.x) {}

  __device__ float sum(float value) {
    temp.partial[tid] = value;
    for (unsigned s = 1; s < BLOCK_THREADS; s *= 2) {
      __syncthreads();
      combine(s);
    }
    __syncthreads();
    return temp.partial[0];
  }

private:
  __device__ void combine(unsigned s) {
    unsigned index = 2 * s * tid;
    if (index < BLOCK_THREADS)
      temp.partial[index] += temp.partial[index + s];
  }

  TempStorage &temp;
  const unsigned tid;
};

struct TileIterator {
  float *tile;
  int row, col;

  __device__ TileIterator(float *base)
      : tile(base), row(threadIdx.x / TILE), col(threadIdx.x % TILE) {}

  __device__ void storeRow(float v, int pass) {
    tile[(row + pass) * TILE + col] = v;
  }
  __device__ float loadColumn(int pass) const {
    return tile[col * TILE + row + pass];
  }
};

struct CountingCursor {
  float *base;
  unsigned at;

  __device__ CountingCursor(float *b) : base(b), at(threadIdx.x) {}
  __device__ void skip(unsigned n) { at += n; }
  __device__ float read() const { return base[at % (TILE * TILE)]; }
};

__global__ void exchangeKernel(const int *in, int *out) {
  using Exchange = BlockExchange<THREADS, ITEMS>;
  __shared__ typename Exchange::TempStorage storage;
  int items[ITEMS];
  for (int i = 0; i < ITEMS; ++i)
    items[i] = in[threadIdx.x * ITEMS + i];
  Exchange(storage).blockedToStriped(items);
  for (int i = 0; i < ITEMS; ++i)
    out[i * THREADS + threadIdx.x] = items[i];
}

__global__ void reduceKernel(const float *in, float *out) {
  __shared__ typename BlockTreeReduce<THREADS>::TempStorage storage;
  BlockTreeReduce<THREADS> reduce(storage);
  float total = reduce.sum(in[threadIdx.x]);
  // Every thread has the block's sum.
  out[threadIdx.x] = total;
}

__global__ void tileKernel(const float *in, float *out) {
  __shared__ float tile[TILE * TILE];
  TileIterator it(tile);
  for (int pass = 0; pass < TILE; pass += THREADS / TILE)
    it.storeRow(in[(it.row + pass) * TILE + it.col], pass);
  __syncthreads();
  for (int pass = 0; pass < TILE; pass += THREADS / TILE)
    out[(it.row + pass) * TILE + it.col] = it.loadColumn(pass);
  __syncthreads();
  CountingCursor cursor(tile);
  cursor.skip(threadIdx.x);
  out[threadIdx.x] += cursor.read();
}

int main() {
  std::vector<int> hostIn(THREADS * ITEMS);
  for (size_t i = 0; i < hostIn.size(); ++i)
    hostIn[i] = int(i);
  int *dIn, *dOut;
  float *fIn, *fOut;
  cudaMalloc(&dIn, hostIn.size() * sizeof(int));
  cudaMalloc(&dOut, hostIn.size() * sizeof(int));
  cudaMalloc(&fIn, TILE * TILE * sizeof(float));
  cudaMalloc(&fOut, TILE * TILE * sizeof(float));
  cudaMemcpy(dIn, hostIn.data(), hostIn.size() * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemset(fIn, 0, TILE * TILE * sizeof(float));
  exchangeKernel<<<1, THREADS>>>(dIn, dOut);
  reduceKernel<<<1, THREADS>>>(fIn, fOut);
  tileKernel<<<1, THREADS>>>(fIn, fOut);
  std::vector<int> hostOut(hostIn.size());
  cudaMemcpy(hostOut.data(), dOut, hostOut.size() * sizeof(int),
             cudaMemcpyDeviceToHost);
  // Blocked in, striped out: with in[k] = k, thread t holds elements
  // t * ITEMS + i and then i * THREADS + t, written back where they came
  // from.
  int bad = 0;
  for (size_t k = 0; k < hostOut.size(); ++k)
    bad += hostOut[k] != int(k);
  printf("block_objects: %s\n", bad ? "FAILED" : "ok");
  cudaFree(dIn);
  cudaFree(dOut);
  cudaFree(fIn);
  cudaFree(fOut);
  return bad != 0;
}
