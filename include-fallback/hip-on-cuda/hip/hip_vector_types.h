// hip/hip_vector_types.h for nvcc: everything is in hip-on-cuda's hip/hip_runtime.h.
#include "hip_runtime.h"
