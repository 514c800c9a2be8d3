// Only one target forbids the fix. Octet k = l >> 3 of the warp reads 8
// doubles of row k from column (k + 6) & 7: doubles 6..13, 22..29, 30..37,
// 46..53. sm_90 serves a b64 load by half-warps over 32 banks (16 doubles):
// each half sees one range twice, 2-way; pad 8 (rows of 23) separates them.
// gfx1250 serves the whole wave over 64 banks (32 doubles): 1-way before,
// and the pad puts octet 3 (70..77) on octet 0's banks. Rows of 15 fit no
// XOR span, so the refusal names gfx1250 as what forbids the pad.
__global__ void k(double *out) {
  __shared__ double s[4][15];
  int l = threadIdx.x;
  if (l < 15)
    for (int r = 0; r < 4; ++r)
      s[r][l] = r * 15 + l;
  __syncthreads();
  int k8 = l >> 3;
  out[l] = s[k8][(l & 7) + ((k8 + 6) & 7)];
}

int main() { k<<<1, 32>>>(nullptr); }
