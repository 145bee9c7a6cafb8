// Kernels defined in kernels.cu and launched from main.cu.
__global__ void transposeTile(float *out, const float *in);
__global__ void scaleRows(float *out, const float *in, int n);
__global__ void gatherRows(float *out, const float *in);
__global__ void padRows(float *out, const float *in);
__global__ void gatherBoth(float *out, const float *in);
