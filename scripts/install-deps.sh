#!/usr/bin/env bash
# Installs, with apt-get, whatever lds-rewrite needs that this Debian machine
# lacks: Debian's LLVM/Clang 22 (no LLVM is ever built here), HIP headers and
# device libraries, GoogleTest, CMake and Ninja, and for the tests git,
# pre-commit, chromium (headless) and python3-jsonschema (the SARIF schema
# check). Packages already present are
# left alone, so a second run does nothing.
set -euo pipefail

packages=(
  cmake ninja-build g++ python3
  clang-22 libclang-22-dev llvm-22-dev lld-22 clang-tools-22 clang-tidy-22
  libamdhip64-dev rocm-device-libs
  libgtest-dev
  git pre-commit chromium python3-jsonschema
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: everything is installed"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
