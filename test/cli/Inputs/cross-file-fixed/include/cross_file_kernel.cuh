// A kernel in a header, launched from cross_file.cu: its subscripts are
// padded here and the launch's byte count there, in one --apply.
__global__ void transposeInHeader(const float *in, float *out) {
  extern __shared__ float tile[];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  tile[ty * 33 + tx] = in[ty * 32 + tx];
  __syncthreads();
  out[ty * 32 + tx] = tile[tx * 33 + ty];
}
