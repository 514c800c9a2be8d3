// A block primitive's storage declared in a header and reached the way
// rocPRIM's raw_storage does (a reinterpret_cast of the whole array into an
// object), which the tool does not follow (unfollowed_templates.hip).
#pragma once
template <class T> struct Raw {
  T first;
  __device__ T &get() { return first; }
};

template <int N> __device__ float blockFirst(float v) {
  __shared__ float storage[N];
  Raw<float> &r = *reinterpret_cast<Raw<float> *>(&storage);
  if (threadIdx.x == 0)
    r.get() = v;
  __syncthreads();
  return r.get();
}
