// The tile is declared here, at namespace scope, for every kernel that
// includes this header.
#pragma once
constexpr int TILE = 32;
__shared__ float tile[TILE][TILE];
