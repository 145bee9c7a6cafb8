# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes constant_loops.cu (in the current directory): constant-trip loops
of many sizes around shared loads that merge or repeat, to see which nvcc
unrolls fully. Measured: measured-constant_loops.txt."""
out = ['''// Constant-trip loops without #pragma unroll: which does nvcc 13 (-O3,
// sm_90) unroll fully, so that consecutive iterations merge into wider
// loads and repeated loads of one address are made once? Each kernel is
// launched with one 32x8 block; ncu per line against bankfix's JSON.
// Written by gen_constant_loops.py; ncu per line: measured-constant_loops.txt.
#include <cstdio>
''']
launches = []
def kernel(name, loops, index, arr="float t[32][64]"):
    body = "".join("  " * (i + 1) + f"for (int {v} = 0; {v} < {n}; ++{v})\n"
                   for i, (v, n) in enumerate(loops))
    pad = "  " * (len(loops) + 1)
    out.append(f'''__global__ void {name}(float *out) {{
  __shared__ {arr};
  unsigned x = threadIdx.x, y = threadIdx.y;
  t[y][x] = x;
  t[y][x + 32] = y;
  __syncthreads();
  float acc = 0;
{body}{pad}acc += t[{index}];
  out[y * 32 + x] = acc;
}}
''')
    launches.append(f"  {name}<<<1, dim3(32, 8)>>>(out);")
for n in [2, 4, 8, 16, 32, 64, 128, 256, 600]:
    kernel(f"adjacent{n}", [("j", n)], "y][(x * 2 + j) % 64")
for n in [4, 16, 32, 64, 128, 600]:
    kernel(f"repeat{n}", [("j", n)], "y][(x + (j % 4) * 8) % 64")
for trips in [(16, 2), (64, 4), (1000, 2), (2, 3, 2, 3, 2, 2), (8, 8, 8)]:
    names = "abcdef"[:len(trips)]
    kernel("nest" + "x".join(map(str, trips)), list(zip(names, trips)),
           "(" + " + ".join(names) + ") & 7][(x * 2) % 64")
out.append("int main() {\n  float *out;\n  cudaMalloc(&out, 4096 * 4);\n" +
           "\n".join(launches) +
           "\n  cudaError_t e = cudaDeviceSynchronize();\n"
           "  printf(\"%s\\n\", cudaGetErrorString(e));\n"
           "  return e != cudaSuccess;\n}\n")
open("constant_loops.cu", "w").write("\n".join(out))
