#include <cuda_fp16.h>
__global__ void rows(const half *g, unsigned *out, unsigned *table) {
  __shared__ __align__(128) half s[64][64];
  unsigned lane = threadIdx.x % 32;
  unsigned r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
               : "=r"(r0)
               : "r"(static_cast<unsigned>(
                     __cvta_generic_to_shared(&s[lane][0]))));
  unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(s));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, "
               "[%2];"
               : "=r"(r1), "=r"(r2)
               : "r"(base + lane * 144));
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, "
               "%4};"
               ::"r"(base + (lane % 8) * 128 + (lane / 8) * 16),
               "r"(r0), "r"(r1), "r"(r2), "r"(r0));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, "
               "[%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(table[lane]));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(base +
                                                                 lane * 16),
               "l"(g + lane * 8));
  unsigned v;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(base + lane * 8));
  out[threadIdx.x] = r0 + r1 + r2 + r3 + v;
}
int main() { rows<<<1, 32>>>(nullptr, nullptr, nullptr); }
