// From the database's -I: the tile's width.
constexpr int COLS = 32;
