// One warp, one LDS.64/LDS.128 per launch; per-lane byte offsets and the
// active mask come from the host (cases.txt: width threads mask off0 .. off31).
#include <cstdio>
#include <cstdlib>
#include <vector>
__global__ void k16(const unsigned *off, unsigned mask, float *out) {
  __shared__ __align__(16) unsigned s[4096];
  unsigned lane = threadIdx.x;
  for (int i = lane; i < 4096; i += blockDim.x) s[i] = i;
  __syncthreads();
  float r = 0;
  if ((mask >> lane) & 1u) {
    int4 v = *reinterpret_cast<const int4 *>(reinterpret_cast<const char *>(s) + off[lane]);
    r = (float)v.x + (float)v.y + (float)v.z + (float)v.w;
  }
  out[lane] = r;
}
__global__ void k8(const unsigned *off, unsigned mask, float *out) {
  __shared__ __align__(16) unsigned s[4096];
  unsigned lane = threadIdx.x;
  for (int i = lane; i < 4096; i += blockDim.x) s[i] = i;
  __syncthreads();
  float r = 0;
  if ((mask >> lane) & 1u) {
    int2 v = *reinterpret_cast<const int2 *>(reinterpret_cast<const char *>(s) + off[lane]);
    r = (float)v.x + (float)v.y;
  }
  out[lane] = r;
}
int main(int argc, char **argv) {
  FILE *f = fopen(argv[1], "r");
  unsigned *doff; float *dout;
  cudaMalloc(&doff, 32 * 4); cudaMalloc(&dout, 32 * 4);
  unsigned w, nt, mask, off[32]; int n = 0;
  while (fscanf(f, "%u %u %x", &w, &nt, &mask) == 3) {
    for (int i = 0; i < 32; ++i) fscanf(f, "%x", &off[i]);
    cudaMemcpy(doff, off, sizeof off, cudaMemcpyHostToDevice);
    if (w == 16) k16<<<1, nt>>>(doff, mask, dout); else k8<<<1, nt>>>(doff, mask, dout);
    cudaDeviceSynchronize(); ++n;
  }
  printf("launched %d, %s\n", n, cudaGetErrorString(cudaGetLastError()));
}
