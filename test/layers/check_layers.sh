#!/usr/bin/env bash
# The layers only look down: a file of one folder includes headers of its own
# folder or of folders listed before it here, never of one listed after it
# (docs/layout.md). Fails naming each include that runs back up.
#   check_layers.sh SOURCE_DIR
set -uo pipefail
cd "$1"
layers=(targets analysis readers planner matchers rewrites report pipeline bench tool tidy)
declare -A rank
for i in "${!layers[@]}"; do rank[${layers[$i]}]=$i; done
bad=0
for from in "${layers[@]}"; do
  for f in $(git ls-files "$from/*.h" "$from/*.cpp" 2>/dev/null || ls "$from"/*.h "$from"/*.cpp); do
    while IFS= read -r to; do
      [ -n "${rank[$to]+x}" ] || continue
      if [ "${rank[$to]}" -gt "${rank[$from]}" ] || { [ "$from" != "$to" ] && [ "$from" = tidy ] && [ "$to" = tool ]; }; then
        echo "FAIL: $f includes $to/ (a layer above $from/)"
        bad=1
      fi
    done < <(sed -n 's|^#include "\([a-z]*\)/.*|\1|p' "$f")
  done
done
# A folder of C++ that is not in the list is a layer nobody placed.
for d in $(git ls-files '*.cpp' | grep -v '^test/\|^include-fallback/\|^examples/\|^bench/specs/' | cut -d/ -f1 | sort -u); do
  [ -n "${rank[$d]+x}" ] || { echo "FAIL: $d/ holds C++ but is no layer of check_layers.sh"; bad=1; }
done
[ $bad -eq 0 ] && echo "layers: ${layers[*]} (each includes only those before it)"
exit $bad
