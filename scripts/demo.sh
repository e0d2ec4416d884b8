#!/usr/bin/env bash
# README's first command: installs what is missing, builds palus, runs `palus run` on the bundled
# sample (samples/tinysql) and ends with what it wrote and found. The generation budget is
# PALUS_DEMO_TIME (default 20s; the whole run takes about a minute and a half more: analysis,
# the sample run, the harness build, checking each test and the coverage report).
# Exits non-zero when palus fails, writes no test, or a written test does not build or pass.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
budget=${PALUS_DEMO_TIME:-20s}

./scripts/setup.sh
if [[ ! -f build/build.ninja ]]; then
  echo "demo: configuring the build (meson setup build)"
  meson setup build >/dev/null
fi
echo "demo: building palus (ninja -C build palus/palus; the first build takes a few minutes)"
ninja -C build -j2 palus/palus
built=$SECONDS
echo "demo: built in $((built - started)) s; running palus on samples/tinysql for $budget of generation"
echo

status=0
./build/palus/palus run --config samples/tinysql/palus.yaml --time-limit "$budget" || status=$?
echo
echo "demo: wall time $((SECONDS - started)) s ($((built - started)) s building palus, $((SECONDS - built)) s running it)"
if [[ $status -ne 0 ]]; then
  echo "demo: palus exited with status $status" >&2
  exit "$status"
fi
