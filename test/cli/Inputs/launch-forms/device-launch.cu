// Dynamic parallelism: a kernel that launches another from device code,
// which nvcc builds with -rdc=true.
__global__ void child(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.x][0] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x];
}
__global__ void parent(float *out) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(out);
}
int main() { parent<<<1, 32>>>(nullptr); }
