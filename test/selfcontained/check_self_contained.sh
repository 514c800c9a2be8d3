#!/usr/bin/env bash
# The repository stands on its own: a clone with nothing beside it builds and
# passes every test. This fails on any file of the checkout (code, CMake,
# scripts, tests, docs, tool output in test expectations) that names a path
# outside it: the former ../shared folder (shared/oracle, shared/design.md,
# shared/hardware.md, shared/barriers, shared/att.md, shared/trace,
# shared/cases), or a CMake path climbing above the source root.
# The measured data lives in test/oracle, the contract and bank rules in docs/.
#
# usage: check_self_contained.sh <source root>
set -euo pipefail
root=$(cd "$1" && pwd)
cd "$root"
self=test/selfcontained/check_self_contained.sh

# Tracked and untracked-but-not-ignored files when this is a git checkout,
# otherwise every file outside build folders.
if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -d '' files < <(git -C "$root" ls-files -z --cached --others --exclude-standard)
else
  mapfile -d '' files < <(find . -path ./build -prune -o -path ./.git -prune -o -type f -print0 | sed -z 's#^\./##')
fi
[ ${#files[@]} -gt 0 ] || { echo "self-contained: no files found in $root" >&2; exit 2; }

pattern='\.\./shared\b|(^|[^A-Za-z0-9_./-])shared/(oracle|design\.md|hardware\.md|barriers|att\.md|trace/|cases/|corpus-dev|hooks/)'
cmake_up='\$\{(PROJECT_SOURCE_DIR|CMAKE_SOURCE_DIR|CMAKE_CURRENT_SOURCE_DIR)\}(/\.\.)+/(\.\./)*[A-Za-z]'
bad=0
for f in "${files[@]}"; do
  [ "$f" = "$self" ] && continue
  [ -f "$f" ] || continue
  if grep -IEnH "$pattern" -- "$f"; then bad=1; fi
  case $f in
    CMakeLists.txt|*/CMakeLists.txt|*.cmake)
      # Climbing out of the source tree: more "/.." than the file is deep.
      depth=$(awk -F/ '{print NF-1}' <<<"$f")
      while IFS= read -r hit; do
        ups=$(grep -oE '(/\.\.)+' <<<"$hit" | head -1 | grep -o '\.\.' | wc -l)
        if [[ $hit == *CMAKE_CURRENT_SOURCE_DIR* ]]; then limit=$depth; else limit=0; fi
        if [ "$ups" -gt "$limit" ]; then echo "$f: $hit   (leaves the source tree)"; bad=1; fi
      done < <(grep -IEn "$cmake_up" -- "$f" || true)
      ;;
  esac
done
if [ "$bad" -ne 0 ]; then
  echo "self-contained: FAIL: the lines above name files outside the repository;" \
       "bring the data under test/ and the text under docs/" >&2
  exit 1
fi
for need in test/oracle/truth_h200.tsv test/oracle/cases.tsv test/oracle/gen_cases.py \
            docs/design.md docs/hardware.md; do
  [ -f "$need" ] || { echo "self-contained: FAIL: $need is missing" >&2; exit 1; }
done
echo "self-contained: ${#files[@]} files, no path outside the repository"
