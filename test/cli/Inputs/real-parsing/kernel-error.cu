// One kernel holds an error, one device function calls a host function,
// one template instantiation does not compile: those three are not analysed;
// the clean kernel is.
__global__ void good(float *Out) {
  __shared__ float Tile[32][32];
  Out[threadIdx.x] = Tile[threadIdx.x][0];
}

__global__ void bad(float *Out) {
  __shared__ float Tile[32][32];
  Out[threadIdx.x] = Tile[threadIdx.x][undeclaredName];
}

void hostHelper() {}

__device__ float callsHost(float *Tile) {
  hostHelper();
  return Tile[threadIdx.x * 32];
}

template <typename T> __global__ void templ(T *Out) {
  __shared__ T Tile[32][32];
  Out[threadIdx.x] = Tile[threadIdx.x][0].missing;
}

template __global__ void templ<float>(float *);
