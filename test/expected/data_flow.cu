// bankfix-args: --block-dim=256
// Locals and data flow: reassigned variables (the value that reaches the
// access), compound assignments, auto and const locals, a value merged
// from an if/else, and a guard from an early return.
__global__ void dataFlow(float *out, int mode) {
  __shared__ float s[1056];
  int tid = threadIdx.x;
  auto lane = tid % 32;
  const int warp = tid / 32;

  int idx = lane;       // conflict-free here ...
  s[idx + idx / 32] = 1.0f;
  idx = idx * 32;       // ... and 32-way after the reassignment
  s[idx + warp + (idx + warp) / 32] = 2.0f;
  idx >>= 4;            // lane * 2: 2-way
  out[tid] = s[idx + idx / 32];

  int k;
  if (warp < 4)
    k = lane * 4;       // 4-way for warps 0-3
  else
    k = lane;           // conflict-free for warps 4-7
  out[256 + tid] = s[k + k / 32];

  if (lane >= 16)
    return;
  // Only lanes 0-15 get here: lane * 64 over 16 lanes is 16-way.
  out[512 + tid] = s[lane * 64 + lane * 64 / 32];
}
