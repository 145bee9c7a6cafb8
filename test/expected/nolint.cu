// bankfix-args: --block-dim=32,32
// Suppression comments, read as clang-tidy reads them (their keywords
// are spelled here in lower case, or they would count). Every access below
// is a 32-way conflict with block 32x32. In 'suppressed' each is covered by
// a comment, so 'a' is not padded; in 'reported' none is (another check's
// list; a next-line comment on the line itself), so 'b' is; the unmatched
// end comment is reported as a warning of its own [bankfix-nolint].
__global__ void suppressed(float *out) {
  __shared__ float a[32][32];
  a[threadIdx.x][threadIdx.y] = 1.0f; // NOLINT
  __syncthreads();
  // NOLINTNEXTLINE(bankfix-bank-conflict)
  out[0] = a[threadIdx.x][threadIdx.y];
  out[1] = a[threadIdx.x][threadIdx.y ^ 1]; // NOLINT(bankfix-*)
  // NOLINTBEGIN(bankfix-bank-conflict)
  out[2] = a[threadIdx.x][threadIdx.y ^ 2];
  out[3] = a[threadIdx.x][threadIdx.y ^ 3];
  // NOLINTEND(bankfix-bank-conflict)
}

__global__ void reported(float *out) {
  __shared__ float b[32][33];
  b[threadIdx.x][threadIdx.y] = 1.0f; // NOLINT(readability-*)
  __syncthreads();
  out[0] = b[threadIdx.x][threadIdx.y]; // NOLINTNEXTLINE
  out[1] = b[threadIdx.y][threadIdx.x];
  // NOLINTEND
}
