// atomicAdd(p, 1) whose value is used, through a return or a switch: lanes
// on one word are not counted in one update.
__device__ unsigned bump(unsigned *p) { return atomicAdd(p, 1u); }
__global__ void used(unsigned *out) {
  __shared__ unsigned c[32];
  unsigned old = bump(&c[threadIdx.x / 2]);
  switch (atomicAdd(&c[threadIdx.x / 2], 1u)) {
  case 3:
    old += 1;
  }
  atomicAdd(&c[threadIdx.x / 2], 1u);
  out[threadIdx.x] = old;
}
void run(unsigned *o) { used<<<1, 32>>>(o); }
