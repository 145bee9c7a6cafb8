// One dynamic buffer carved into two 32x32 tiles through pointers: a is
// stored by columns and read by rows, b the other way round. Every
// subscript is r * TILE + c, so the row stride is padded (TILE -> TILE + 1)
// in each, the start of b moves with it, and the launch grows by 64 floats.
#define TILE 32

__global__ void carvedTranspose(const float *in, float *out) {
  extern __shared__ float smem[];
  float *a = smem;
  float *b = smem + TILE * TILE;
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  unsigned base = blockIdx.x * TILE * TILE;
  a[tx * TILE + ty] = in[base + ty * TILE + tx];
  b[ty * TILE + tx] = 2.0f * in[base + ty * TILE + tx];
  __syncthreads();
  float x = a[ty * TILE + tx];
  float y = b[tx * TILE + ty];
  out[base + ty * TILE + tx] = x + y;
}

// One 32x32 tile per block.
void launchCarved(const float *in, float *out, unsigned blocks) {
  carvedTranspose<<<blocks, dim3(TILE, TILE),
                    2 * TILE * TILE * sizeof(float)>>>(in, out);
}
