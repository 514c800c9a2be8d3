// A variable stepped by an amount that differs between lanes is no uniform
// shift: with a runtime trip count the loop cannot be walked per iteration,
// and the access is unknown, naming what would unroll it; with the count
// given, each iteration is exact. Step 33 * (lane & 1): from the second
// iteration odd lane l reads word l + 33k, on the bank of lane l + k (lane 31 on lane 0's): 2-way.
// RUN: %expect-exit 0 %lds-rewrite --target=sm_90 %s 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUN: %expect-exit 1 %lds-rewrite --target=sm_90 --assume n=3 %s 2>&1 | FileCheck %s --check-prefix=GIVEN
__global__ void __launch_bounds__(32) k(float *out, int n) {
    __shared__ float s[4096];
    int lane = threadIdx.x % 32;
    int addr = lane;
    for (int i = 0; i < n; i++) {
        out[i] = s[addr];
        // RUNTIME: lane_step_loop.cu:[[@LINE-1]]:18: remark: LDS bank cost of load of 's' unknown on sm_90: 'addr' changes in each iteration of the loop at lane_step_loop.cu:12, which the tool could not unroll: its condition depends on kernel argument 'n'; pass --assume n=VALUE [lds-bank-conflict]
        // GIVEN: lane_step_loop.cu:[[@LINE-2]]:18: warning: 2-way LDS bank conflict on sm_90 (load of 's', 4 B per lane: lanes 0,31 hit bank 0 at 2 different words) [lds-bank-conflict]
        // GIVEN: note: worst iteration: i = 1 (the cost varies between iterations)
        addr += 33 * (lane & 1);
    }
}
