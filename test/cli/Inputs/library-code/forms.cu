// The forms libraries' block primitives are written in, here in the
// user's own code: member functions of an object that is itself in shared
// memory, raw storage seen through reinterpret_cast (from a base class's
// member too), placement new, the lane index read with inline PTX, fields
// given by default member initialisers that call functions.
// Placement new, as <new> declares it (this test parses without a C++
// library).
__device__ inline void *operator new(decltype(sizeof(0)), void *p) noexcept {
  return p;
}

template <typename T> struct Raw {
  int words[sizeof(T) / sizeof(int)];
  __device__ T &alias() { return reinterpret_cast<T &>(*this); }
};

struct Tile {
  float v[32][32];
  __device__ float &at(int r, int c) { return v[r][c]; }
  __device__ float get(int r, int c) const { return this->v[r][c]; }
};

// Member functions of a __shared__ object: the column read is 32-way.
__global__ void methods(float *out) {
  __shared__ Tile t;
  t.at(threadIdx.y, threadIdx.x) = out[0];
  __syncthreads();
  out[threadIdx.x] = t.get(threadIdx.x, threadIdx.y);
}

// Raw storage seen as a Tile: the column store is 32-way.
__global__ void aliased(float *out) {
  __shared__ Raw<Tile> raw;
  Tile &t = raw.alias();
  t.v[threadIdx.x][threadIdx.y] = out[0];
}

__device__ unsigned laneId() {
  unsigned r;
  asm("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}

__device__ unsigned rowMajorTid() {
  return threadIdx.y * blockDim.x + threadIdx.x;
}

// A block exchange as libraries write one: the storage is a Raw<Storage>
// (through a derived TempStorage), the fields come from default member
// initialisers, the stores are placement new.
template <int THREADS, int ITEMS> class Exchange {
  struct Storage {
    int buff[THREADS * ITEMS];
  };

public:
  struct TempStorage : Raw<Storage> {};
  __device__ Exchange(TempStorage &t) : temp(t.alias()) {}
  __device__ void stripedToBlocked(int (&items)[ITEMS]) {
    for (int i = 0; i < ITEMS; ++i)
      new (&temp.buff[i * THREADS + tid]) int(items[i]);
    __syncthreads();
    for (int i = 0; i < ITEMS; ++i)
      items[i] = temp.buff[tid * ITEMS + i];
  }
  // Two words apart by lane: 2-way.
  __device__ void laneStore(int v) { temp.buff[lane * 2] = v; }

private:
  Storage &temp;
  unsigned tid = rowMajorTid();
  unsigned lane = laneId();
};

__global__ void exchange(const int *in, int *out) {
  using Ex = Exchange<128, 4>;
  __shared__ typename Ex::TempStorage temp;
  int items[4];
  for (int i = 0; i < 4; ++i)
    items[i] = in[i * 128 + threadIdx.x];
  Ex(temp).stripedToBlocked(items);
  Ex(temp).laneStore(items[0]);
  for (int i = 0; i < 4; ++i)
    out[threadIdx.x * 4 + i] = items[i];
}

// What the walk cannot follow is said: a register other inline PTX
// writes, a pointer kept in an array of pointers.
__global__ void unfollowed(int *out) {
  __shared__ int s[64];
  unsigned r = 0;
  asm("mov.u32 %0, %%clock;" : "=r"(r));
  s[r % 64] = 1;
  int *slots[2];
  slots[0] = &s[threadIdx.x];
  *slots[0] = 2;
  out[threadIdx.x] = s[threadIdx.x];
}

// `this` captured by a lambda in a member function of a __shared__ object:
// the column read is 32-way.
struct Grid {
  float v[32][32];
  __device__ float column(int r) {
    auto at = [this, r](int c) { return v[c][r]; };
    return at(threadIdx.x);
  }
};
__global__ void captured(float *out) {
  __shared__ Grid g;
  out[threadIdx.x] = g.column(threadIdx.y);
}

// A placement new of the user's own (an arena's) is no store; asm with a
// memory clobber keeps the stores on each side apart (two 4-byte stores,
// not one 8-byte one).
struct Arena {
  void *at;
};
__device__ inline void *operator new(decltype(sizeof(0)), Arena a) noexcept {
  return a.at;
}
__global__ void arenaAndFence(int *out) {
  __shared__ int s[128];
  new (Arena{&s[threadIdx.x * 4]}) int(1);
  s[2 * threadIdx.x] = 1;
  asm volatile("membar.cta;" ::: "memory");
  s[2 * threadIdx.x + 1] = 2;
  out[threadIdx.x] = s[threadIdx.x];
}

int main() {
  captured<<<1, dim3(32, 32)>>>(nullptr);
  arenaAndFence<<<1, 32>>>(nullptr);
  methods<<<1, dim3(32, 32)>>>(nullptr);
  aliased<<<1, dim3(32, 32)>>>(nullptr);
  exchange<<<1, 128>>>(nullptr, nullptr);
  unfollowed<<<1, 64>>>(nullptr);
}

// A virtual base's place in its object is read at run time: the accesses
// through it are not judged, and a remark says so.
struct Counts {
  int c[32];
};
struct WithCounts : virtual Counts {};
__global__ void virtualBase(int *out) {
  __shared__ int raw[128];
  WithCounts *w = reinterpret_cast<WithCounts *>(raw);
  Counts *c = w;
  c->c[threadIdx.x] = out[0];
}
