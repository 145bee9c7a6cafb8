// Seed 002's question: struct DoubleData { double value; char padding[4]; }
// makes sizeof 16; a[tid].value then takes 4 wavefronts per warp, ideal 2
// (2-way in each half-warp), where a plain double a[tid] takes 2: the
// padding makes things worse (calibration: 64 threads, 8 (4) per block for
// the struct, 4 (4) for plain double).
struct DoubleData {
  double value;
  char padding[4];
};

__global__ void doubleData(double *out, const double *in) {
  __shared__ DoubleData padded[64];
  __shared__ double plain[64];
  int t = threadIdx.x;
  padded[t].value = in[t];
  plain[t] = in[t];
  __syncthreads();
  out[t] = padded[t].value + plain[t];
}

void run(double *out, const double *in) {
  doubleData<<<1, 64>>>(out, in);
}
// bankfix-explain: --explain=seed002_double_data.cu:18
