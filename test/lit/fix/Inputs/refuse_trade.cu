// Nothing in the searched class helps: every pad or XOR layout that takes
// the load of c from 2 to 1 passes takes the load of d from 1 to 2 (on 32
// banks), so the fix is refused with that proof and the file is untouched.
// c reads words 0..15 and 32..47 (banks 0..15 twice: lanes 0 and 16 on
// bank 0); d reads words 0..15 and 48..63 (every bank once). Moving row 1's
// first half to banks 16..31 moves its second half onto banks 0..15.
__global__ void k(float *out) {
  __shared__ float s[2][32];
  int l = threadIdx.x;
  s[0][l] = l;
  s[1][l] = -l;
  __syncthreads();
  float c = s[l >> 4][l & 15];
  float d = s[l >> 4][(l & 15) + 16 * (l >> 4)];
  out[l] = c + d;
}

int main() { k<<<1, 32>>>(nullptr); }
