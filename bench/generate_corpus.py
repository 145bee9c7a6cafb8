#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the benchmark corpus: 200 CUDA kernels in 25 files of 8, the same
every time (no randomness: every parameter comes from the kernel's number).

    generate_corpus.py OUT_DIR [--kernels N] [--per-file K] [--dirs D]

With --dirs D the files are spread over D subdirectories (d00, d01, ...),
file i in d(i % D): the project-sized tree of bench/run.py --project.

The kernels are the shapes bankfix meets in real code: tile transposes
(padded or not), strided and vector accesses, constant-trip loops that are
unrolled (reductions, matrix-multiply tiles), stencils with halos,
templates instantiated at launch sites, guards and early returns. Each is
launched with a dim3 block, so the analysis runs on real block shapes.
"""
import argparse
import os

TILES = [8, 16, 32]


def transpose(n):
    tile = TILES[n % 3]
    pad = n % 2
    rows = [tile, 8, 4][n % 3] if tile >= 8 else tile
    return f"""
#define TILE_{n} {tile}
__global__ void transpose_{n}(float *out, const float *in, int w) {{
  __shared__ float tile[TILE_{n}][TILE_{n} + {pad}];
  int x = blockIdx.x * TILE_{n} + threadIdx.x;
  int y = blockIdx.y * TILE_{n} + threadIdx.y;
  for (int j = 0; j < TILE_{n}; j += {rows})
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * TILE_{n} + threadIdx.x;
  y = blockIdx.x * TILE_{n} + threadIdx.y;
  for (int j = 0; j < TILE_{n}; j += {rows})
    out[(y + j) * w + x] = tile[threadIdx.x][threadIdx.y + j];
}}
void launch_transpose_{n}(float *out, const float *in, int w) {{
  dim3 block(TILE_{n}, {rows});
  transpose_{n}<<<dim3(w / TILE_{n}, w / TILE_{n}), block>>>(out, in, w);
}}
"""


def strided(n):
    stride = 1 + n % 33
    ty = ["float", "double", "int", "float2"][n % 4]
    return f"""
__global__ void strided_{n}({ty} *out) {{
  __shared__ {ty} buf[{stride} * 256 + 1];
  int t = threadIdx.x;
  if (t >= 256)
    return;
  buf[t * {stride}] = out[t];
  __syncthreads();
  out[t] = buf[(t * {stride}) % 256];
}}
void launch_strided_{n}({ty} *out) {{ strided_{n}<<<64, 256>>>(out); }}
"""


def reduction(n):
    block = [128, 256, 512][n % 3]
    return f"""
__global__ void reduce_{n}(const float *in, float *out) {{
  __shared__ float s[{block}];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * {block} + t];
  __syncthreads();
  for (unsigned half = {block // 2}; half > 0; half >>= 1) {{
    if (t < half)
      s[t] += s[t + half];
    __syncthreads();
  }}
  for (int k = 1; k < 32; k *= 2)
    if (t % (2 * k) == 0 && t + k < {block})
      s[t * {1 + n % 2}] += s[t + k];
  if (t == 0)
    out[blockIdx.x] = s[0];
}}
void launch_reduce_{n}(const float *in, float *out) {{
  reduce_{n}<<<128, {block}>>>(in, out);
}}
"""


def matmul(n):
    tile = [16, 32][n % 2]
    pad = (n // 2) % 2
    return f"""
__global__ void matmul_{n}(const float *a, const float *b, float *c, int w) {{
  __shared__ float as[{tile}][{tile} + {pad}];
  __shared__ float bs[{tile}][{tile}];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * {tile} + ty, col = blockIdx.x * {tile} + tx;
  float acc = 0.0f;
  for (int m = 0; m < w / {tile}; ++m) {{
    as[ty][tx] = a[row * w + m * {tile} + tx];
    bs[ty][tx] = b[(m * {tile} + ty) * w + col];
    __syncthreads();
    for (int k = 0; k < {tile}; ++k)
      acc += as[ty][k] * bs[k][tx] + as[tx][k];
    __syncthreads();
  }}
  c[row * w + col] = acc;
}}
void launch_matmul_{n}(const float *a, const float *b, float *c, int w) {{
  matmul_{n}<<<dim3(w / {tile}, w / {tile}), dim3({tile}, {tile})>>>(a, b, c, w);
}}
"""


def stencil(n):
    bx, by = [(32, 8), (16, 16), (32, 4)][n % 3]
    r = 1 + n % 2
    return f"""
__global__ void stencil_{n}(const float *in, float *out, int w) {{
  __shared__ float t[{by} + {2 * r}][{bx} + {2 * r}];
  int x = blockIdx.x * {bx} + threadIdx.x, y = blockIdx.y * {by} + threadIdx.y;
  t[threadIdx.y + {r}][threadIdx.x + {r}] = in[y * w + x];
  if (threadIdx.x < {r}) {{
    t[threadIdx.y + {r}][threadIdx.x] = in[y * w + x - {r}];
    t[threadIdx.y + {r}][threadIdx.x + {bx + r}] = in[y * w + x + {bx}];
  }}
  if (threadIdx.y < {r})
    t[threadIdx.y][threadIdx.x + {r}] = in[(y - {r}) * w + x];
  __syncthreads();
  float v = 0.0f;
  for (int d = -{r}; d <= {r}; ++d)
    v += t[threadIdx.y + {r} + d][threadIdx.x + {r}] +
         t[threadIdx.y + {r}][threadIdx.x + {r} + d];
  out[y * w + x] = v;
}}
void launch_stencil_{n}(const float *in, float *out, int w) {{
  stencil_{n}<<<dim3(w / {bx}, w / {by}), dim3({bx}, {by})>>>(in, out, w);
}}
"""


def template(n):
    a, b = [(16, 32), (8, 32), (32, 16)][n % 3]
    return f"""
template <int T>
__global__ void tiled_{n}(double *out) {{
  __shared__ double tile[T][T];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * T + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}}
void launch_tiled_{n}(double *out) {{
  tiled_{n}<{a}><<<1, dim3({a}, {a})>>>(out);
  tiled_{n}<{b}><<<1, dim3({b}, {b % 32 or 32} / 2)>>>(out);
}}
"""


def columns(n):
    cols = [32, 64, 33, 48][n % 4]
    return f"""
struct Cell_{n} {{
  float value;
  int count;
}};
__global__ void columns_{n}(float *out) {{
  __shared__ Cell_{n} cells[32][{cols}];
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane >= {24 + n % 9})
    return;
  cells[lane][warp].value = lane;
  __syncthreads();
  int sum = 0;
#pragma unroll
  for (int i = 0; i < 4; ++i)
    sum += cells[warp + i][lane].count;
  out[threadIdx.x] = cells[lane][warp].value + sum;
}}
void launch_columns_{n}(float *out) {{ columns_{n}<<<1, 128>>>(out); }}
"""


KINDS = [transpose, strided, reduction, matmul, stencil, template, columns,
         transpose]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out")
    p.add_argument("--kernels", type=int, default=200)
    p.add_argument("--per-file", type=int, default=8)
    p.add_argument("--dirs", type=int, default=0)
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    files = 0
    for first in range(0, args.kernels, args.per_file):
        index = first // args.per_file
        folder = args.out
        if args.dirs > 0:
            folder = os.path.join(args.out, f"d{index % args.dirs:02d}")
            os.makedirs(folder, exist_ok=True)
        name = os.path.join(folder, f"corpus_{index:03d}.cu")
        parts = [f"// bankfix benchmark corpus, kernels {first} to "
                 f"{min(first + args.per_file, args.kernels) - 1}; generated "
                 f"by bench/generate_corpus.py\n"]
        for n in range(first, min(first + args.per_file, args.kernels)):
            parts.append(KINDS[n % len(KINDS)](n))
        with open(name, "w") as f:
            f.write("".join(parts))
        files += 1
    print(f"wrote {args.kernels} kernels in {files} files to {args.out}")


if __name__ == "__main__":
    main()
