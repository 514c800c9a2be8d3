// The project's tiles, declared once for every kernel file that includes
// this header. TILE also sizes the grid, so a fix must leave it alone.
#pragma once
#define TILE 32
__shared__ float tile[TILE][TILE];
__shared__ float flat[TILE * TILE];
