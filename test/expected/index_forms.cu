// bankfix-args: --block-dim=32,8
// Index spellings the evaluator follows: macros, constexpr and const
// variables, enumerators, casts, shifts and masks, blockDim, and
// warp-uniform shifts (blockIdx, kernel parameters) that keep the n-way.
#define W 32
constexpr int kStride = 2;
const int kRows = 8;
enum { Pad = 0 };

__global__ void indexForms(float *out, int offset) {
  __shared__ float a[W * W];
  __shared__ float b[kRows][W + Pad];
  __shared__ float c[4][kRows][W + 1];

  // a[tid * 2]: 2-way.
  a[threadIdx.x * kStride] = 1.0f;
  // (tid << 5) & 1023: every lane in bank 0 -> 32-way.
  out[0] = a[(threadIdx.x << 5) & (W * W - 1)];
  // XOR swizzle: conflict-free.
  out[1] = a[threadIdx.y * W + (threadIdx.x ^ threadIdx.y)];
  // blockDim.x is 32 here: row-major, conflict-free.
  b[threadIdx.y][(int)threadIdx.x % (int)blockDim.x] = 2.0f;
  // A uniform shift by blockIdx.x and by a kernel parameter keeps 32-way.
  out[2] = a[(threadIdx.x + blockIdx.x) * W + offset];
  // 3D: c[tid / 8][tid % 8][0] reads column 0 of 32 different rows (8 rows
  // in each of 4 planes): all bank 0, 32-way.
  out[3] = c[threadIdx.x / 8][threadIdx.x % 8][0];
}
