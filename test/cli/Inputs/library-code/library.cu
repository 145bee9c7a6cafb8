// Library code reached from the kernel: each of its accesses is reported
// at the kernel's line that runs it.
#include <prims.h>

__global__ void fromLibrary(int *out) {
  __shared__ typename Strided<64>::TempStorage strided;
  __shared__ typename Snapshot<64>::TempStorage snap;
  __shared__ int pairs[128];
  Strided<64>(strided).put(out[threadIdx.x]);
  auto kept = Strided<64>(strided);
  kept.put(1);
  Private<64> own;
  own.put(2);
  Snapshot<64> s(snap);
  out[threadIdx.x] = s.first;
  // Lane t swaps words 4t and 4t + 2: 4-way each.
  swapValues(pairs[threadIdx.x * 4 % 128], pairs[(threadIdx.x * 4 + 2) % 128]);
}

int main() { fromLibrary<<<1, 64>>>(nullptr); }
