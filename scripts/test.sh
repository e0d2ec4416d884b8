#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite (ends with Meson's summary).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
[[ -f build/build.ninja ]] || meson setup build >/dev/null
ninja -C build -j2
meson test -C build --num-processes 2 --print-errorlogs
