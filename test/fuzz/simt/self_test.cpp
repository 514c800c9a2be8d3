// The self-test of the lockstep simulator (simt/hip/hip_runtime.h), run by
// fuzz_barriers.py before the fuzz cases (and alone with --self-test). The
// fuzz test trusts "same bytes in every thread order" to mean "no race", so
// this checks that the simulator does tell a racy kernel by its orders:
//   self_test WAVE races   for each kernel, each order's output digest (and
//                          the serial answer); the script requires the racy
//                          kernels to differ between orders and the ones
//                          with the barrier to agree with the serial answer
//   self_test WAVE shuffles        the shuffles against a serial model
//   self_test WAVE <error> ORDER   a kernel the simulator must stop (exit 86)
// WAVE is the wave size (32 or 64), ORDER an index into Runs.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

constexpr unsigned N = 128; // threads of the one-block kernels: 2 or 4 waves

// Thread t writes s[t] and reads its neighbour's s[t + 1] in the same phase
// (s is cleared a phase before, so the race alone makes the difference).
template <bool Barrier> __global__ void neighbour(const int *in, int *out) {
  __shared__ int s[N];
  const unsigned t = threadIdx.x;
  s[t] = 0;
  __syncthreads();
  s[t] = in[t];
  if (Barrier)
    __syncthreads();
  out[t] = s[(t + 1) % N];
}

// Block 0 reads LDS it did not write (block 1 writes it): the poison, which
// changes with every block of every launch. (An array no block writes would
// not do: the compiler folds its loads to the zero it starts with.)
__global__ void unwritten_lds(const int *in, int *out) {
  __shared__ int s[N];
  if (blockIdx.x == 1)
    s[threadIdx.x] = in[threadIdx.x];
  else
    out[threadIdx.x] = s[threadIdx.x];
}

// A block sum whose loop lost its barrier (what a bad rewrite could do).
template <bool Barrier> __global__ void block_sum(const int *in, int *out) {
  __shared__ int sdata[N];
  const unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * N + tid];
  __syncthreads();
  for (unsigned s = N / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    if (Barrier)
      __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// A load moved above the store it must follow: each thread reads the cell
// its neighbour writes after the barrier, before the barrier.
template <bool Moved> __global__ void hoisted_load(const int *in, int *out) {
  __shared__ int s[N];
  const unsigned t = threadIdx.x;
  s[t] = 0;
  __syncthreads();
  int early = s[(t + 1) % N];
  s[t] = in[t];
  __syncthreads();
  out[t] = Moved ? early + s[t] : s[(t + 1) % N] + s[t];
}

struct Run {
  const char *Name;
  simt::Order Order;
  uint64_t Seed;
};
const Run Runs[] = {{"ascending", simt::Order::Ascending, 0},
                    {"descending", simt::Order::Descending, 0},
                    {"random-1", simt::Order::Random, 1},
                    {"random-2", simt::Order::Random, 2}};

uint64_t digest(const std::vector<int> &V) {
  uint64_t H = 1469598103934665603ull;
  for (int X : V)
    for (int B = 0; B < 4; ++B)
      H = (H ^ ((unsigned(X) >> (8 * B)) & 0xff)) * 1099511628211ull;
  return H;
}

void show(const char *Kernel, const char *Order, const std::vector<int> &V) {
  std::printf("%s %s %016llx [%d %d %d %d ...]\n", Kernel, Order, (unsigned long long)digest(V), V[0], V[1], V[2],
              V[3]);
}

template <class K>
void race(const char *Name, unsigned Grid, unsigned OutCount, const std::vector<int> &In,
          const std::vector<int> &Expected, K Kernel) {
  show(Name, "expected", Expected);
  for (const Run &R : Runs) {
    std::vector<int> Out(OutCount, 0);
    simt::order = R.Order;
    simt::orderSeed = R.Seed;
    simt::context = Name;
    simt::launch(dim3(Grid), dim3(N), [&] { Kernel(In.data(), Out.data()); });
    show(Name, R.Name, Out);
  }
}

int races() {
  std::vector<int> In(2 * N);
  for (unsigned I = 0; I < In.size(); ++I)
    In[I] = int(I * 7919 % 1000) - 500;
  std::vector<int> Next(N), Sums(2, 0), Hoisted(N);
  for (unsigned T = 0; T < N; ++T) {
    Next[T] = In[(T + 1) % N];
    Hoisted[T] = In[(T + 1) % N] + In[T];
  }
  for (unsigned I = 0; I < 2 * N; ++I)
    Sums[I / N] += In[I];
  race("neighbour-racy", 1, N, In, Next, neighbour<false>);
  race("neighbour-synced", 1, N, In, Next, neighbour<true>);
  race("unwritten-lds-varies", 2, N, In, std::vector<int>(N, 0), unwritten_lds);
  race("block-sum-racy", 2, 2, In, Sums, block_sum<false>);
  race("block-sum-synced", 2, 2, In, Sums, block_sum<true>);
  race("hoisted-load-racy", 1, N, In, Hoisted, hoisted_load<true>);
  race("hoisted-load-synced", 1, N, In, Hoisted, hoisted_load<false>);
  return 0;
}

// Each lane's results of the shuffles, against a serial model of the rules.
constexpr unsigned Results = 9;
__global__ void shuffles(const int *in, int *out) {
  const unsigned t = threadIdx.x;
  int x = in[t];
  int sum = x;
  for (int m = warpSize / 2; m > 0; m /= 2)
    sum += __shfl_xor(sum, m);
  int *o = out + t * Results;
  o[0] = sum;
  o[1] = __shfl(x, 3);
  o[2] = __shfl(x, -1, 16);
  o[3] = __shfl_down(x, 1, 16);
  o[4] = __shfl_up(x, 2, 8);
  o[5] = __shfl_xor(x, 5, 4);
  o[6] = __shfl_down_sync(~0ull, x, 3);
  o[7] = __shfl_xor_sync(~0ull, x, 1);
  o[8] = __shfl_sync(~0ull, x, int(t % warpSize) ^ 7);
}

int shuffleModel(const std::vector<int> &In, unsigned T, unsigned R) {
  const unsigned W = warpSize, Base = T / W * W, L = T % W;
  auto at = [&](unsigned Lane) { return In[Base + Lane]; };
  switch (R) {
  case 0: {
    int S = 0;
    for (unsigned I = 0; I < W; ++I)
      S += at(I);
    return S;
  }
  case 1: return at(3);
  case 2: return at(L / 16 * 16 + 15);
  case 3: return L % 16 + 1 < 16 ? at(L + 1) : at(L);
  case 4: return L % 8 >= 2 ? at(L - 2) : at(L);
  case 5: return (L ^ 5) < L / 4 * 4 + 4 ? at(L ^ 5) : at(L);
  case 6: return L + 3 < W ? at(L + 3) : at(L);
  case 7: return at(L ^ 1);
  default: return at(L ^ 7);
  }
}

int shuffleCheck() {
  std::vector<int> In(N);
  for (unsigned I = 0; I < N; ++I)
    In[I] = int(I * 37 % 101) - 50;
  int Bad = 0;
  for (const Run &R : Runs) {
    std::vector<int> Out(N * Results, 0);
    simt::order = R.Order;
    simt::orderSeed = R.Seed;
    simt::launch(dim3(1), dim3(N), [&] { shuffles(In.data(), Out.data()); });
    for (unsigned T = 0; T < N; ++T)
      for (unsigned K = 0; K < Results; ++K)
        if (Out[T * Results + K] != shuffleModel(In, T, K) && Bad++ < 10)
          std::printf("shuffle %u of thread %u under %s: %d, the model says %d\n", K, T, R.Name,
                      Out[T * Results + K], shuffleModel(In, T, K));
  }
  std::printf(Bad ? "shuffles wrong\n" : "shuffles ok\n");
  return Bad ? 1 : 0;
}

// Kernels the simulator must refuse.
__global__ void early_return(int *out) {
  if (threadIdx.x == 5)
    return;
  __syncthreads();
  out[threadIdx.x] = 1;
}

__global__ void two_barriers(int *out) {
  if (threadIdx.x < N / 2)
    __syncthreads();
  else
    __syncthreads();
  out[threadIdx.x] = 1;
}

__global__ void divergent_shuffle(int *out) {
  int x = threadIdx.x;
  if (threadIdx.x % warpSize < 16)
    x = __shfl_down(x, 1);
  out[threadIdx.x] = x;
}

__global__ void mixed_shuffles(int *out) {
  int x = threadIdx.x;
  if (threadIdx.x % 2)
    x = __shfl_xor(x, 1);
  else
    x = __shfl_xor(x, 1);
  out[threadIdx.x] = x;
}

// 0xffffffffu is a CUDA mask: at wave 64 it leaves out lanes 32-63.
__global__ void narrow_mask(int *out) { out[threadIdx.x] = __shfl_down_sync(0xffffffffu, int(threadIdx.x), 1); }

__global__ void bad_width(int *out) { out[threadIdx.x] = __shfl_down(int(threadIdx.x), 1, 12); }

int main(int Argc, char **Argv) {
  if (Argc < 3) {
    std::fprintf(stderr, "usage: self_test WAVE CASE [ORDER]\n");
    return 2;
  }
  simt::wave = std::atoi(Argv[1]);
  const std::string Case = Argv[2];
  if (Case == "races")
    return races();
  if (Case == "shuffles")
    return shuffleCheck();
  // An error case runs in one order (argv[3]): the simulator's error ends
  // the process.
  const Run &R = Runs[Argc > 3 ? std::atoi(Argv[3]) % 4 : 0];
  simt::order = R.Order;
  simt::orderSeed = R.Seed;
  simt::context = Argv[2];
  std::vector<int> Out(N);
  if (Case == "early-return")
    simt::launch(dim3(1), dim3(N), [&] { early_return(Out.data()); });
  else if (Case == "two-barriers")
    simt::launch(dim3(1), dim3(N), [&] { two_barriers(Out.data()); });
  else if (Case == "divergent-shuffle")
    simt::launch(dim3(1), dim3(N), [&] { divergent_shuffle(Out.data()); });
  else if (Case == "mixed-shuffles")
    simt::launch(dim3(1), dim3(N), [&] { mixed_shuffles(Out.data()); });
  else if (Case == "narrow-mask")
    simt::launch(dim3(1), dim3(N), [&] { narrow_mask(Out.data()); });
  else if (Case == "bad-width")
    simt::launch(dim3(1), dim3(N), [&] { bad_width(Out.data()); });
  else {
    std::fprintf(stderr, "self_test: no case '%s'\n", Case.c_str());
    return 2;
  }
  std::printf("%s ran to the end under %s\n", Case.c_str(), R.Name);
  return 0;
}
