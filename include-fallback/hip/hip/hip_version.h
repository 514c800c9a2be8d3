/* lds-rewrite fallback HIP headers (see include-fallback/README.md). */
#ifndef HIP_VERSION_H
#define HIP_VERSION_H
#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 2
#define HIP_VERSION_PATCH 0
#define HIP_VERSION_GITHASH "lds-rewrite-fallback"
#define HIP_VERSION_BUILD_ID 0
#define HIP_VERSION_BUILD_NAME "lds-rewrite-fallback"
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)
#endif
