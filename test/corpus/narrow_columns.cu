// A narrow 2-D tile f[72][W] with a block of W = 4 columns x 64 rows (as in
// the finite-difference y-derivative of NVIDIA's code samples, written anew).
// A warp covers 8 consecutive rows of 4 lanes.
//   W = 4: words 4*row + tx, 32 consecutive words per warp: no conflict,
//          although the array "looks" column-strided.
//   W = 5: words 5*(row + r) + tx, r = 0..7: offsets 0-3, 5-8, ..., 30-33,
//          35-38 wrap past 32 onto banks 0, 1, 3-6 already used: 2-way on
//          32 banks (sm_90 2 / 1, gfx942 4 / 2); on 64 banks the 39 words never
//          wrap: no conflict on gfx1250. Padding a narrow row makes it worse.
//   Halo accesses (ty < 4: lanes 0-15 of the first warp, rows 0-3 or 64-71):
//          offsets 0-3, W..W+3, 2W.., 3W..: distinct banks for W = 4 and 5.

template <int W>
__global__ void column_diff(const float* in, float* out)
{
    __shared__ float f[64 + 8][W];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int g = (blockIdx.x * 64 + ty) * 4 + tx;
    f[ty + 4][tx] = in[g];
    __syncthreads();
    if (ty < 4) {
        f[ty][tx] = f[ty + 64][tx];
        f[ty + 68][tx] = f[ty + 4][tx];
    }
    __syncthreads();
    out[g] = f[ty + 5][tx] - f[ty + 3][tx];
}

int main()
{
    float *in = nullptr, *out = nullptr;
    column_diff<4><<<256, dim3(4, 64)>>>(in, out);
    column_diff<5><<<256, dim3(4, 64)>>>(in, out);
    return 0;
}

// RUN: %expect-exit 1 %lds-rewrite --target=gfx942,gfx1250,sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// CHECK-DAG: narrow_columns.cu:19:5: warning: 2-way LDS bank conflict on gfx942 and sm_90 (store of 'f' in column_diff<5>, 4 B per lane
// CHECK-DAG: narrow_columns.cu:26:14: warning: 2-way LDS bank conflict on gfx942 and sm_90 (load of 'f' in column_diff<5>, 4 B per lane
// CHECK-DAG: narrow_columns.cu:26:30: warning: 2-way LDS bank conflict on gfx942 and sm_90 (load of 'f' in column_diff<5>, 4 B per lane
// CHECK-DAG: narrow_columns.cu:33:5: note: block shape 4x64x1 from this launch
// RUN: %expect-exit 1 %lds-rewrite --format=json --target=gfx942,gfx1250,sm_90 %s \
// RUN:   | %check-json --strict --block 4,64,1 --block-source launch \
// RUN:     --access 19:5 store "column_diff<4>/f" all=1 \
// RUN:     --access 26:14 load "column_diff<4>/f" all=1 \
// RUN:     --access 19:5 store "column_diff<5>/f" gfx942=2/4/2 gfx1250=1/1/1 sm_90=2/2/1 \
// RUN:     --access 26:14 load "column_diff<5>/f" gfx942=2/4/2 gfx1250=1/1/1 sm_90=2/2/1 \
// RUN:     --access 26:30 load "column_diff<5>/f" gfx942=2/4/2 gfx1250=1/1/1 sm_90=2/2/1 \
// RUN:     --access 22:9 store "column_diff<5>/f" all=1 \
// RUN:     --access 22:21 load "column_diff<5>/f" all=1 \
// RUN:     --access 23:9 store "column_diff<5>/f" all=1 \
// RUN:     --access 23:26 load "column_diff<5>/f" all=1
