// The kernel is in include/cross_file_kernel.cuh, its launch here: the fix
// edits both files (the header's subscripts, this launch's byte count).
#include "include/cross_file_kernel.cuh"

void transpose(const float *in, float *out) {
  transposeInHeader<<<1, dim3(32, 32), 32 * 32 * sizeof(float) + 32 * sizeof(float)>>>(in, out);
}
