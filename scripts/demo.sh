#!/usr/bin/env bash
# Installs what is missing, builds palus, and runs it on the bundled sample (samples/tinysql).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
[[ -f build/build.ninja ]] || meson setup build >/dev/null
ninja -C build -j2 palus/palus >/dev/null
./build/palus/palus run --config samples/tinysql/palus.yaml "$@"
