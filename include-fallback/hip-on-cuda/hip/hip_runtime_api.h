// hip/hip_runtime_api.h for nvcc: everything is in hip-on-cuda's hip/hip_runtime.h.
#include "hip_runtime.h"
