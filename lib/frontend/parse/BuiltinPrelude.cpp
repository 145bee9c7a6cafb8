// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BuiltinPrelude.cpp - What a CUDA file needs when no toolkit is found
//===//

#include "frontend/parse/BuiltinPrelude.h"

namespace bankfix {

static const char PreludeText[] = R"cuda(
#pragma clang system_header
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __CUDACC__ 1

#include <__clang_cuda_builtin_vars.h>

typedef __SIZE_TYPE__ size_t;

#define BANKFIX_VECTOR_TYPES(T, N)                                            \
  struct __align__(sizeof(T) * 1) N##1 { T x; };                              \
  struct __align__(sizeof(T) * 2) N##2 { T x, y; };                           \
  struct N##3 { T x, y, z; };                                                 \
  struct __align__(sizeof(T) * 4) N##4 { T x, y, z, w; };                     \
  __host__ __device__ inline N##1 make_##N##1(T x) { return {x}; }            \
  __host__ __device__ inline N##2 make_##N##2(T x, T y) { return {x, y}; }    \
  __host__ __device__ inline N##3 make_##N##3(T x, T y, T z) {                \
    return {x, y, z};                                                         \
  }                                                                           \
  __host__ __device__ inline N##4 make_##N##4(T x, T y, T z, T w) {           \
    return {x, y, z, w};                                                      \
  }
BANKFIX_VECTOR_TYPES(char, char)
BANKFIX_VECTOR_TYPES(unsigned char, uchar)
BANKFIX_VECTOR_TYPES(short, short)
BANKFIX_VECTOR_TYPES(unsigned short, ushort)
BANKFIX_VECTOR_TYPES(int, int)
BANKFIX_VECTOR_TYPES(unsigned int, uint)
BANKFIX_VECTOR_TYPES(float, float)
#undef BANKFIX_VECTOR_TYPES
struct __align__(8) long1 { long x; };
struct __align__(16) long2 { long x, y; };
struct __align__(8) double1 { double x; };
struct __align__(16) double2 { double x, y; };
__host__ __device__ inline double2 make_double2(double x, double y) {
  return {x, y};
}
struct __align__(2) __half { unsigned short __x; };
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
};
typedef __half half;

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef int cudaError_t;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
#define cudaSuccess 0

extern "C" {
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                     size_t sharedMem = 0, void *stream = 0);
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                              size_t sharedMem = 0, cudaStream_t stream = 0);
// A launch from device code (dynamic parallelism).
__device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer,
                                        dim3 gridDim, dim3 blockDim,
                                        unsigned sharedMem,
                                        cudaStream_t stream);
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned flags = 1);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       cudaMemcpyKind kind);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaGetLastError(void);
const char *cudaGetErrorString(cudaError_t error);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);
}
template <class T> cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return cudaMalloc((void **)devPtr, size);
}

extern "C" __device__ void *memcpy(void *dst, const void *src, size_t n);
extern "C" __device__ void *memset(void *dst, int value, size_t n);
#define BANKFIX_ATOMIC_INT(name)                                               \
  __device__ int name(int *address, int value);                                \
  __device__ unsigned name(unsigned *address, unsigned value);                 \
  __device__ unsigned long long name(unsigned long long *address,              \
                                     unsigned long long value);                \
  __device__ int name##_block(int *address, int value);                        \
  __device__ unsigned name##_block(unsigned *address, unsigned value);         \
  __device__ int name##_system(int *address, int value);                       \
  __device__ unsigned name##_system(unsigned *address, unsigned value);
BANKFIX_ATOMIC_INT(atomicAdd)
BANKFIX_ATOMIC_INT(atomicSub)
BANKFIX_ATOMIC_INT(atomicExch)
BANKFIX_ATOMIC_INT(atomicMin)
BANKFIX_ATOMIC_INT(atomicMax)
BANKFIX_ATOMIC_INT(atomicAnd)
BANKFIX_ATOMIC_INT(atomicOr)
BANKFIX_ATOMIC_INT(atomicXor)
#undef BANKFIX_ATOMIC_INT
__device__ unsigned atomicInc(unsigned *address, unsigned value);
__device__ unsigned atomicDec(unsigned *address, unsigned value);
__device__ float atomicAdd(float *address, float value);
__device__ double atomicAdd(double *address, double value);
__device__ float atomicExch(float *address, float value);
__device__ int atomicCAS(int *address, int compare, int value);
__device__ unsigned atomicCAS(unsigned *address, unsigned compare,
                              unsigned value);
__device__ unsigned long long atomicCAS(unsigned long long *address,
                                        unsigned long long compare,
                                        unsigned long long value);
__device__ void __syncthreads(void);
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ void __threadfence_block(void);
)cuda";

llvm::StringRef builtinPreludeText() { return PreludeText; }

} // namespace bankfix
