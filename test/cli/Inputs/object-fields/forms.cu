// Objects that keep shared memory and the thread's index in fields.
struct Storage {
  int words[64 * 32];
};

class Strided {
public:
  __device__ Strided(Storage &s) : st(s), tid(threadIdx.x) {}
  __device__ void put(int v) { st.words[tid * 2] = v; }
  __device__ void advance() { tid += 32; }
  __device__ void hand();

private:
  Storage &st;
  unsigned tid;
};

class Fixed {
public:
  __device__ Fixed(Storage &s) : st(s), tid(threadIdx.x) {}
  __device__ void put(int v) { st.words[tid * 2] = v; }
  __device__ void twice(int v) {
    put(v);
    put(v + 1);
  }
  unsigned tid;

private:
  Storage &st;
};

__device__ void nudge(Fixed &f) { f.tid = 0; }

struct Cursor {
  int *p;
  __device__ Cursor(int *base) : p(base + threadIdx.x * 4) {}
  __device__ void next() { p += 1; }
  __device__ int get() const { return *p; }
};

struct Row {
  int *row;
  __device__ Row(int *base) : row(base) {}
  __device__ int at(unsigned i) const { return row[i * 32]; }
};

__global__ void localObject(int v) {
  __shared__ Storage s;
  Fixed f(s);
  f.twice(v);
}

__global__ void temporary(int v) {
  __shared__ Storage s;
  Fixed(s).put(v);
}

__global__ void changedInMethod(int v) {
  __shared__ Storage s;
  Strided a(s);
  a.put(v);
}

__global__ void changedInKernel(int v) {
  __shared__ Storage s;
  Fixed f(s);
  f.tid = 5;
  f.put(v);
}

__global__ void handedOn(int v) {
  __shared__ Storage s;
  Fixed f(s);
  nudge(f);
  f.put(v);
}

__global__ void movedPointer(int *out) {
  __shared__ int buf[32 * 4];
  Cursor c(buf);
  out[threadIdx.x] = c.get();
}

__global__ void pointerField(int *out) {
  __shared__ int grid[32 * 32];
  grid[threadIdx.x] = 0;
  __syncthreads();
  Row r(grid);
  out[threadIdx.x] = r.at(threadIdx.x);
}

// Each of these changes a field after the constructor, or keeps what is
// not the value it was given: the field is not taken at its value.
struct Aliased {
  Storage &st;
  unsigned tid;
  unsigned &alias;
  __device__ Aliased(Storage &s) : st(s), tid(threadIdx.x), alias(tid) {}
  __device__ void put(int v) {
    alias = 0;
    st.words[tid * 2] = v;
  }
};

struct Shifting {
  Storage &st;
  unsigned tid;
  __device__ Shifting(Storage &s) : st(s), tid(threadIdx.x) {}
  template <int K> __device__ void shift() { tid += K; }
  __device__ void put(int v) { st.words[tid * 2] = v; }
};

struct Opaque {
  Storage &st;
  unsigned tid;
  __device__ Opaque(Storage &s) : st(s), tid(threadIdx.x) {}
  __device__ void reset();
  __device__ void put(int v) { st.words[tid * 2] = v; }
};

template <class Derived> struct Bumper {
  __device__ void bump() { static_cast<Derived *>(this)->tid++; }
};
struct Bumped : Bumper<Bumped> {
  Storage &st;
  unsigned tid;
  __device__ Bumped(Storage &s) : st(s), tid(threadIdx.x) {}
  __device__ void put(int v) {
    this->bump();
    st.words[tid * 2] = v;
  }
};

struct Lane {
  Storage &st;
  unsigned lane : 5;
  __device__ Lane(Storage &s) : st(s), lane(threadIdx.x) {}
  __device__ void put(int v) { st.words[lane * 2] = v; }
};

// Its call operator is walked with its fields: 32-way.
struct Column {
  int *base;
  unsigned tid;
  __device__ Column(int *b) : base(b), tid(threadIdx.x) {}
  __device__ int operator()(unsigned k) const { return base[tid * 32 + k]; }
};

__device__ void keep(Row &) {}

__global__ void changedElsewhere(int v) {
  __shared__ Storage s;
  Aliased(s).put(v);
  Shifting sh(s);
  sh.shift<1>();
  sh.put(v);
  Opaque(s).put(v);
  Bumped(s).put(v);
  Lane(s).put(v);
}

__global__ void functorAndEscape(int *out) {
  __shared__ int grid[32 * 32];
  grid[threadIdx.x] = 0;
  __syncthreads();
  Column column(grid);
  out[threadIdx.x] = column(1);
  Row r(grid);
  keep(r);
  out[threadIdx.x] += r.at(threadIdx.x);
}

int main() {
  localObject<<<1, 32>>>(1);
  temporary<<<1, 32>>>(1);
  changedInMethod<<<1, 32>>>(1);
  changedInKernel<<<1, 32>>>(1);
  handedOn<<<1, 32>>>(1);
  movedPointer<<<1, 32>>>(nullptr);
  pointerField<<<1, 32>>>(nullptr);
  changedElsewhere<<<1, 32>>>(1);
  functorAndEscape<<<1, 32>>>(nullptr);
}
