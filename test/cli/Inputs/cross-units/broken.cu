// Includes k.cuh and a header that is missing: the file cannot be
// analysed, so its launches cannot be seen.
#include "k.cuh"
#include "missing_header.cuh"
void runBroken(const float *in, float *out) {
  rows<<<1, dim3(32, 32), 32 * 32 * sizeof(float)>>>(in, out);
}
