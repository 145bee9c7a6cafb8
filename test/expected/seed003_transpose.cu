// bankfix-args: --block-dim=32,32
// Seed 003: the naive transpose (no shared memory), the shared-memory
// transpose (store sharedMemory[localIndexX][localIndexY]: 32-way; load
// sharedMemory[localIndexY][localIndexX]: conflict-free) and the padded one
// ([BLOCK_SIZE][BLOCK_SIZE + 1]: no conflict).
#define N 1024
#define BLOCK_SIZE 32

__global__ void matrix_transpose_naive(int *input, int *output) {
  int indexX = threadIdx.x + blockIdx.x * blockDim.x;
  int indexY = threadIdx.y + blockIdx.y * blockDim.y;
  int index = indexY * N + indexX;
  int transposedIndex = indexX * N + indexY;
  output[transposedIndex] = input[index];
}

__global__ void matrix_transpose_shared(int *input, int *output) {
  __shared__ int sharedMemory[BLOCK_SIZE][BLOCK_SIZE + 1];

  int indexX = threadIdx.x + blockIdx.x * blockDim.x;
  int indexY = threadIdx.y + blockIdx.y * blockDim.y;

  int tindexX = threadIdx.x + blockIdx.y * blockDim.x;
  int tindexY = threadIdx.y + blockIdx.x * blockDim.y;

  int localIndexX = threadIdx.x;
  int localIndexY = threadIdx.y;

  int index = indexY * N + indexX;
  int transposedIndex = tindexY * N + tindexX;

  sharedMemory[localIndexX][localIndexY] = input[index];
  __syncthreads();
  output[transposedIndex] = sharedMemory[localIndexY][localIndexX];
}

__global__ void matrix_transpose_shared_padded(int *input, int *output) {
  __shared__ int sharedMemory[BLOCK_SIZE][BLOCK_SIZE + 1];

  int indexX = threadIdx.x + blockIdx.x * blockDim.x;
  int indexY = threadIdx.y + blockIdx.y * blockDim.y;

  int tindexX = threadIdx.x + blockIdx.y * blockDim.x;
  int tindexY = threadIdx.y + blockIdx.x * blockDim.y;

  int localIndexX = threadIdx.x;
  int localIndexY = threadIdx.y;

  int index = indexY * N + indexX;
  int transposedIndex = tindexY * N + tindexX;

  sharedMemory[localIndexX][localIndexY] = input[index];
  __syncthreads();
  output[transposedIndex] = sharedMemory[localIndexY][localIndexX];
}
// bankfix-explain: --explain=seed003_transpose.cu:32
// bankfix-explain: --explain=seed003_transpose.cu:34:29
