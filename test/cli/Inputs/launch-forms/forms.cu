__global__ void picked(float *o) {
  __shared__ float t[32][32];
  t[threadIdx.x][threadIdx.y] = o[0];
}

__global__ void byReference(float *o) {
  __shared__ float t[32][32];
  t[threadIdx.x][threadIdx.y] = o[0];
}

__global__ void fromMin(float *o) {
  __shared__ float t[64][32];
  t[threadIdx.x][threadIdx.y] = o[0];
}

__global__ void first(float *o) {
  __shared__ float t[16][16];
  t[threadIdx.x][threadIdx.y] = o[0];
}

__global__ void second(float *o) {
  __shared__ float t[16][16];
  t[threadIdx.y][threadIdx.x] = o[0];
}

// A helper of the project that returns one of a few values.
static int rowsFor(int kind) {
  switch (kind) {
  case 0:
    return 2;
  case 1:
    return 4;
  default:
    return 8;
  }
}

template <typename T> T min(T a, T b) { return a < b ? a : b; }

void sizeBlock(dim3 &block) { block.y = 16; }

void run(float *o, int kind, int which) {
  picked<<<1, dim3(32, rowsFor(kind))>>>(o);
  dim3 block(32, 1);
  sizeBlock(block);
  byReference<<<1, block>>>(o);
  const int threads = kind > 1 ? 128 : 64;
  fromMin<<<1, dim3(min(threads, 64), 2)>>>(o);
  void (*const table[])(float *) = {first, second};
  table[which]<<<1, dim3(16, 16)>>>(o);
}
