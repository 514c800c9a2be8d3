// The project's tiles, declared once for every kernel file that includes
// this header. TILE also sizes the grid, so a fix must leave it alone.
#pragma once
#define TILE 32
__shared__ float tile[TILE][TILE + 1];
constexpr int flat_stride = TILE + 1; // lds-rewrite: padded row stride of 'flat'
__shared__ float flat[TILE * flat_stride];
