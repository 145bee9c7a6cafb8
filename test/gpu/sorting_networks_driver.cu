// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Runs the host entry points of NVIDIA's sortingNetworks sample (bitonicSort
// and oddEvenMergeSort, linked from a cuda-samples checkout by
// sorting_networks_proof.sh) over one array of 2^20 random keys split into
// batches of each power-of-two length from 64 to 2^20, ascending and
// descending, and checks every result on the host with the sample's own
// validation. Its main program runs the bitonic sort only; this one runs
// both, so that every shared-memory kernel of both files is profiled.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

typedef unsigned int uint;

extern "C" uint validateSortedKeys(uint *resKey, uint *srcKey, uint batchSize,
                                   uint arrayLength, uint numValues, uint dir);
extern "C" int validateValues(uint *resKey, uint *resVal, uint *srcKey,
                              uint batchSize, uint arrayLength);
extern "C" uint bitonicSort(uint *dstKey, uint *dstVal, uint *srcKey,
                            uint *srcVal, uint batchSize, uint arrayLength,
                            uint dir);
extern "C" void oddEvenMergeSort(uint *dstKey, uint *dstVal, uint *srcKey,
                                 uint *srcVal, uint batchSize, uint arrayLength,
                                 uint dir);

static void check(cudaError_t E, const char *What) {
  if (E != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", What, cudaGetErrorString(E));
    std::exit(1);
  }
}

int main() {
  const uint Total = 1u << 20, NumValues = 65536;
  std::vector<uint> Key(Total), Val(Total), OutKey(Total), OutVal(Total);
  std::srand(2026);
  for (uint I = 0; I < Total; ++I) {
    Key[I] = std::rand() % NumValues;
    Val[I] = I;
  }
  uint *SrcKey, *SrcVal, *DstKey, *DstVal;
  size_t Bytes = Total * sizeof(uint);
  check(cudaMalloc(&SrcKey, Bytes), "cudaMalloc");
  check(cudaMalloc(&SrcVal, Bytes), "cudaMalloc");
  check(cudaMalloc(&DstKey, Bytes), "cudaMalloc");
  check(cudaMalloc(&DstVal, Bytes), "cudaMalloc");
  check(cudaMemcpy(SrcKey, Key.data(), Bytes, cudaMemcpyHostToDevice), "copy");
  check(cudaMemcpy(SrcVal, Val.data(), Bytes, cudaMemcpyHostToDevice), "copy");
  int Failures = 0;
  for (int Sort = 0; Sort < 2; ++Sort)
    for (uint Dir = 0; Dir < 2; ++Dir)
      for (uint Length = 64; Length <= Total; Length *= 16) {
        uint Batches = Total / Length;
        if (Sort == 0)
          bitonicSort(DstKey, DstVal, SrcKey, SrcVal, Batches, Length, Dir);
        else
          oddEvenMergeSort(DstKey, DstVal, SrcKey, SrcVal, Batches, Length,
                           Dir);
        check(cudaDeviceSynchronize(), "sort");
        check(cudaMemcpy(OutKey.data(), DstKey, Bytes, cudaMemcpyDeviceToHost),
              "copy");
        check(cudaMemcpy(OutVal.data(), DstVal, Bytes, cudaMemcpyDeviceToHost),
              "copy");
        uint KeysOk = validateSortedKeys(OutKey.data(), Key.data(), Batches,
                                         Length, NumValues, Dir);
        int ValuesOk = validateValues(OutKey.data(), OutVal.data(), Key.data(),
                                      Batches, Length);
        bool Ok = KeysOk && ValuesOk;
        Failures += !Ok;
        std::printf("%s, length %u, %s: %s\n",
                    Sort == 0 ? "bitonic" : "odd-even", Length,
                    Dir ? "dir 1" : "dir 0", Ok ? "OK" : "FAILED");
      }
  std::printf("%s\n", Failures ? "FAILED" : "all sorted");
  return Failures ? 1 : 0;
}
