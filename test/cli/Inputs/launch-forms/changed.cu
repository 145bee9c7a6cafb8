__global__ void clamped(float *o) {
  __shared__ float s[2048];
  s[threadIdx.x * 2] = o[0];
}

__global__ void viaReference(float *o) {
  __shared__ float s[2048];
  s[threadIdx.x * 2] = o[0];
}

struct Tag {};
struct Config : Tag {
  int smem, block;
};

__global__ void baseFirst(float *o) {
  __shared__ float s[2048];
  s[threadIdx.x * 2] = o[0];
}

__global__ void sharedA(float *o) {
  extern __shared__ float e[];
  e[threadIdx.x * 32] = o[0];
}

__global__ void sharedB(float *o) {
  extern __shared__ float e[];
  e[threadIdx.x * 32 + 1] = o[0];
}

void launchClamped(float *o, int bs) {
  if (bs > 256)
    bs = 256;
  clamped<<<1, bs>>>(o);
}

void run(float *o, bool flag) {
  launchClamped(o, 1024);
  int threads = 64;
  int &alias = threads;
  alias = 1024;
  viaReference<<<1, threads>>>(o);
  Config c{{}, 1024, 128};
  baseFirst<<<1, c.block>>>(o);
  void (*k)(float *) = flag ? &sharedA : &sharedB;
  k<<<1, 32, 32 * 32 * sizeof(float)>>>(o);
}
