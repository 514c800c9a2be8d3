#!/usr/bin/env bash
# The pre-commit hooks of .pre-commit-hooks.yaml, end to end and offline:
# Debian's pre-commit installs them from a local hook repository into a
# temporary git repository, then
#   lds-rewrite:     a conflicting kernel is rejected, a clean one accepted,
#                    and a header without __shared__ that does not parse on its
#                    own is not looked at;
#   lds-rewrite-fix: a conflicting kernel is fixed in place and the commit
#                    rejected once; staged again, it is accepted.
#
# usage: run.sh <lds-rewrite binary> <source root of this checkout>
# Needs git and pre-commit (scripts/install-deps.sh installs both); fails,
# never skips, when they are missing.
set -euo pipefail

tool=$(realpath "$1")
root=$(realpath "$2")
fail() { echo "precommit test: FAIL: $*" >&2; exit 1; }
for prog in git pre-commit; do
  command -v "$prog" >/dev/null || fail "'$prog' not found; run scripts/install-deps.sh"
done
[ -x "$tool" ] || fail "no lds-rewrite at $tool"
[ -f "$root/.pre-commit-hooks.yaml" ] || fail "no .pre-commit-hooks.yaml in $root"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lds-precommit.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT

# Nothing from the caller's configuration, nothing from the network.
export HOME="$tmp/home" PRE_COMMIT_HOME="$tmp/pre-commit-cache"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL="$tmp/gitconfig"
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.invalid
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.invalid
export PRE_COMMIT_COLOR=never NO_COLOR=1
export http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9 no_proxy=
mkdir -p "$HOME"
git config --global init.defaultBranch main
git config --global protocol.file.allow always
export PATH="$(dirname "$tool"):$PATH"
[ "$(command -v lds-rewrite)" = "$tool" ] || fail "lds-rewrite on PATH is not $tool"

# The hook repository: this checkout's .pre-commit-hooks.yaml, committed (a
# hook repository is pinned by a revision, and the working tree may hold
# uncommitted changes). language: system hooks need nothing else from it.
hooks="$tmp/hook-repo"
mkdir -p "$hooks"
cp "$root/.pre-commit-hooks.yaml" "$hooks/"
git -C "$hooks" init -q
git -C "$hooks" add .pre-commit-hooks.yaml
git -C "$hooks" commit -q -m "lds-rewrite hooks"
rev=$(git -C "$hooks" rev-parse HEAD)

work="$tmp/work"
mkdir -p "$work"
cd "$work"
git init -q
# args as the README writes them: a target list with a comma is quoted, or
# YAML's flow sequence splits it into two items ("--target=gfx942" and
# "gfx90a", a file name) and the hook fails on every commit.
use_hook() {
  cat > .pre-commit-config.yaml <<EOF
repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: $1
        args: ["--target=gfx942,gfx90a"]
EOF
  git add .pre-commit-config.yaml
}
use_hook lds-rewrite
pre-commit install >/dev/null
git commit -q -m "pre-commit configuration" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "committing the configuration"; }

# 1. A conflicting kernel is rejected, with the finding in the output.
cp "$root/examples/transpose.hip" kernel.hip
git add kernel.hip
if git commit -m "conflicting kernel" >"$tmp/log" 2>&1; then
  cat "$tmp/log"; fail "the conflicting kernel was accepted"
fi
grep -q "kernel.hip:24:37: warning: 32-way LDS bank conflict on gfx942 and gfx90a" "$tmp/log" ||
  { cat "$tmp/log"; fail "the rejection does not show the finding on both targets of the quoted args"; }
grep -q "^lds-rewrite (LDS bank conflicts).*Failed" "$tmp/log" ||
  { cat "$tmp/log"; fail "pre-commit did not report the hook as failed"; }
git rev-parse -q --verify HEAD:kernel.hip >/dev/null && fail "kernel.hip was committed"
sed 's/^/  | /' "$tmp/log"
echo "ok: lds-rewrite rejects a conflicting kernel"

# 2. A clean kernel, and a header with no __shared__ that does not parse on
#    its own (the hook must not even parse it), are accepted.
git rm -q --cached kernel.hip
rm kernel.hip
cp "$root/examples/transpose_padded.hip" kernel.hip
printf '#pragma once\nMissingType helper(UnknownArg x);\n' > host_only.h
git add kernel.hip host_only.h
git commit -m "clean kernel" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "the clean kernel was rejected"; }
grep -q "^lds-rewrite (LDS bank conflicts).*Passed" "$tmp/log" ||
  { cat "$tmp/log"; fail "the hook did not run on the clean kernel"; }
git rev-parse -q --verify HEAD:kernel.hip >/dev/null || fail "kernel.hip was not committed"
echo "ok: lds-rewrite accepts a clean kernel and skips a header without __shared__"

# 3. The fix hook: the conflicting kernel is fixed, the commit rejected once
#    (pre-commit fails a hook that changed a file), then accepted.
use_hook lds-rewrite-fix
git commit -q -m "use the fix hook" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "switching to the fix hook"; }
cp "$root/examples/transpose.hip" conflict.hip
git add conflict.hip
if git commit -m "conflicting kernel, to be fixed" >"$tmp/log" 2>&1; then
  cat "$tmp/log"; fail "the fix hook let the conflicting kernel through"
fi
grep -q "files were modified by this hook" "$tmp/log" ||
  { cat "$tmp/log"; fail "the fix hook did not fail by modifying the file"; }
cmp -s conflict.hip "$root/examples/transpose.hip" && fail "conflict.hip was not changed"
grep -q "tile\[TILE_DIM\]\[TILE_DIM + 1\]" conflict.hip ||
  { git diff conflict.hip; fail "conflict.hip was not padded as expected"; }
sed 's/^/  | /' "$tmp/log"
lds-rewrite --target=gfx942,gfx90a conflict.hip >/dev/null 2>&1 || fail "the fixed file still has conflicts"
git add conflict.hip
git commit -m "conflicting kernel, fixed" >"$tmp/log" 2>&1 || { cat "$tmp/log"; fail "the fixed kernel was rejected"; }
git rev-parse -q --verify HEAD:conflict.hip >/dev/null || fail "conflict.hip was not committed"
git show HEAD:conflict.hip | grep -q "TILE_DIM + 1" || fail "the committed file is not the fixed one"
echo "ok: lds-rewrite-fix fixes the kernel, rejects the commit once, then accepts it"

# Nothing was cloned from anywhere but the local hook repository.
python3 - "$PRE_COMMIT_HOME/db.db" "$hooks" <<'PY' || fail "pre-commit cloned something else"
import sqlite3, sys
repos = {r[0] for r in sqlite3.connect(sys.argv[1]).execute("SELECT repo FROM repos")}
print("pre-commit cloned:", ", ".join(sorted(repos)))
sys.exit(repos != {sys.argv[2]})
PY
echo "PASS"
