// bankfix-args: --block-dim=32
// Element types: double, float2, float4, char, short, a struct with a
// member access, and a member of a vector element.
struct DoubleData {
  double value;
  char padding[4];
};

__global__ void elementTypes(double *out, float4 *out4) {
  __shared__ double d[68];
  __shared__ float2 f2[68];
  __shared__ float4 f4[32][33];
  __shared__ char ch[4224];
  __shared__ short sh[2048];
  __shared__ DoubleData dd[64];

  d[threadIdx.x + threadIdx.x / 16] = 1.0;               // 2 wavefronts, ideal 2: fine
  out[0] = d[threadIdx.x * 2 + threadIdx.x * 2 / 16];        // 4, ideal 2: 2-way
  f2[threadIdx.x * 2 + threadIdx.x * 2 / 16] = make_float2(1.0f, 2.0f); // 2-way
  out4[0] = f4[threadIdx.x][0];       // 32, ideal 4: 8-way
  out[1] = f4[0][threadIdx.x].y;      // float member, stride 16: 4-way
  ch[threadIdx.x * 128 + threadIdx.x * 128 / 32] = 1;          // 32-way
  out[2] = sh[threadIdx.x * 2];       // fine
  out[3] = dd[threadIdx.x].value;     // 4, ideal 2: 2-way (seed 002)
}
