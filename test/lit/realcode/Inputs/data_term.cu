// data-dependent terms: bank-preserving (exact) and not (unknown)
__global__ void k(const int *in, float *out) {
    __shared__ float s[128 * 32];
    int lane = threadIdx.x % 32;
    int value = in[threadIdx.x] & 31;          // data, per lane
    s[value * 128 + lane] = 1.f;               // exact: 1-way whatever value is
    s[value * 32 + lane] += 2.f;               // exact: 32 floats = 128 bytes per step
    out[threadIdx.x] = s[value * 128 + lane / 2];  // unknown: lanes 2k, 2k+1 share a bank
    out[threadIdx.x] += s[value * 8 + lane];   // unknown: 8 floats moves banks
}
int main() { k<<<1, 64>>>(nullptr, nullptr); }
