// Block primitives as a library ships them, read from a system header.
#pragma once

// Keeps its storage through a base class's constructor.
template <int THREADS> struct StorageBase {
  struct TempStorage {
    int words[THREADS * 2];
  };
  __device__ StorageBase(TempStorage &t) : temp(t) {}
  TempStorage &temp;
};
template <int THREADS> struct Strided : StorageBase<THREADS> {
  using typename StorageBase<THREADS>::TempStorage;
  __device__ Strided(TempStorage &t) : StorageBase<THREADS>(t) {}
  // Two words apart by lane: 2-way.
  __device__ void put(int v) {
    this->temp.words[threadIdx.x * 2] = v;
  }
};

// Uses its own __shared__ storage when made without one.
template <int THREADS> struct Private {
  struct TempStorage {
    int words[THREADS * 4];
  };
  __device__ static TempStorage &privateStorage() {
    __shared__ TempStorage storage;
    return storage;
  }
  __device__ Private() : temp(privateStorage()) {}
  // Four words apart by lane: 4-way.
  __device__ void put(int v) { temp.words[threadIdx.x * 4] = v; }
  TempStorage &temp;
};

// Reads its storage in a constructor's initialiser: 2-way.
template <int THREADS> struct Snapshot {
  struct TempStorage {
    int words[THREADS * 2];
  };
  __device__ Snapshot(TempStorage &t) : first(t.words[threadIdx.x * 2]) {}
  int first;
};

// Swaps two elements it is handed by reference.
template <typename T> __device__ void swapValues(T &a, T &b) {
  T t = a;
  a = b;
  b = t;
}
