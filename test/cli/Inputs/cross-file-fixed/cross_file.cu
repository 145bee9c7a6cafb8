// The kernel is in include/cross_file_kernel.cuh, its launch here: other files may include it, so
// no fix without -p; with a database of this file alone both are edited (fixes-across-files).
#include "include/cross_file_kernel.cuh"

void transpose(const float *in, float *out) {
  transposeInHeader<<<1, dim3(32, 32), 32 * 32 * sizeof(float) + 32 * sizeof(float)>>>(in, out);
}
