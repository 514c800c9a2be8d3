// hip/hip_cooperative_groups.h for nvcc: CUDA's cooperative groups.
#include "hip_runtime.h"
#include <cooperative_groups.h>
