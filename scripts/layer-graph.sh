#!/usr/bin/env bash
# Prints the folder include graph of the project's C++ (folder -> folders it
# includes, with counts): the layers, as the code has them.
cd "$(dirname "$0")/.."
for f in $(git ls-files '*.h' '*.cpp' | grep -v '^include-fallback/\|^test/\|^examples/\|^bench/specs/'); do
  from=${f%%/*}
  grep -ho '^#include "[a-z]*/' "$f" | sed 's/#include "//; s#/##' | while read to; do
    [ "$to" != "$from" ] && [ -d "$to" ] && echo "$from -> $to"
  done
done | sort | uniq -c
