#!/usr/bin/env bash
# Installs, with apt-get, whichever of Palus's build and test dependencies are missing.
# Idempotent; prints nothing when everything is already there.
set -euo pipefail

packages=(
  # The toolchain: palus's build, and palus itself (it compiles harnesses and tests with c++,
  # archives with ar, builds with ninja, measures with gcov and gcovr). --no-install-recommends
  # below pulls in none of it through the libraries.
  g++ binutils ninja-build pkg-config meson gcovr
  clang-format     # scripts/check-format.sh (meson test lint/format)
  shellcheck       # docs/scale-out's shell recipes (meson test lint/scale_out_shell)
  libclang-19-dev libboost-dev libboost-filesystem-dev libyaml-cpp-dev
  libgtest-dev googletest
  libcli11-dev libfmt-dev libseccomp-dev
  libcxxopts-dev   # test dependency: a real header-only library for the analyze end-to-end test
  python3-yaml dpkg-dev libgmock-dev   # bench/corpus/run: its driver, apt-get source, yaml-cpp's own tests
  unicode-data     # bench/corpus/run: re2 generates its Unicode tables from it
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

sudo=()
[[ $(id -u) -eq 0 ]] || sudo=(sudo)
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
