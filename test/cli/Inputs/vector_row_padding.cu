// Row padding of tiles whose rows are read as vectors (block 32x8).

// A float4 fill running past row 0: padding would move the lanes of the
// other rows, so no padding is judged.
__global__ void pastTheRow(float4 *out) {
  __shared__ float t[32][32];
  unsigned tid = threadIdx.y * 32 + threadIdx.x;
  t[threadIdx.x][threadIdx.y] = 1.0f;
  out[tid] = reinterpret_cast<float4 *>(t[0])[tid];
}

// A cast row kept in a variable: its later uses are not checked.
__global__ void rowKept(float4 *out) {
  __shared__ float t[32][32];
  t[threadIdx.x][threadIdx.y] = 1.0f;
  float4 *row = reinterpret_cast<float4 *>(t[threadIdx.y]);
  out[threadIdx.x] = row[threadIdx.x / 4];
}

// An element's address read as a float2: rows grow by two floats.
__global__ void elementAsFloat2(float2 *out) {
  __shared__ float t[32][32];
  t[threadIdx.x][threadIdx.y] = 1.0f;
  out[threadIdx.x] = *reinterpret_cast<float2 *>(&t[threadIdx.y][2 * (threadIdx.x % 16)]);
}

// An element's address cast to float4 and stepped by whole vectors within
// the row: rows grow by four floats.
__global__ void elementPlusVectors(float4 *out) {
  __shared__ float t[32][32];
  t[threadIdx.x][threadIdx.y] = 1.0f;
  out[threadIdx.x] = *((float4 *)&t[threadIdx.y][0] + threadIdx.x % 8);
}

// The same stepped past the row: no padding.
__global__ void elementPlusPastTheRow(float4 *out) {
  __shared__ float t[32][32];
  t[threadIdx.x][threadIdx.y] = 1.0f;
  out[threadIdx.x] = *((float4 *)&t[threadIdx.y][0] + threadIdx.x);
}
