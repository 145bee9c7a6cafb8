// A block primitive as a library ships it, read from a system header.
#pragma once
template <int THREADS> class BlockPrim {
public:
  struct TempStorage {
    int words[THREADS * 2];
  };
  __device__ BlockPrim(TempStorage &t) : temp(t), tid(threadIdx.x) {}
  __device__ int run(int v) {
    temp.words[tid * 2] = v;
    __syncthreads();
    return temp.words[tid];
  }

private:
  TempStorage &temp;
  unsigned tid;
};
