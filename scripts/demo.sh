#!/usr/bin/env bash
# README's first command: installs what is missing, builds palus, runs `palus run` on the bundled
# sample (samples/tinysql) and ends with what it wrote and found. palus's budget for the whole run
# (analysis, the sample run, the harness build, generation, checking each test and the coverage
# report) is PALUS_DEMO_TIME (default 60s; the stages before generation take about 25 s of it).
# Exits non-zero when palus fails. Every regression test it writes was built as a user builds it
# and passed twice before it was written; `palus report` builds the written files afresh.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
budget=${PALUS_DEMO_TIME:-60s}

./scripts/setup.sh
if [[ ! -f build/build.ninja ]]; then
  echo "demo: configuring the build (meson setup build)"
  meson setup build >/dev/null
fi
echo "demo: building palus (ninja -C build palus/palus; the first build takes a few minutes)"
ninja -C build -j2 palus/palus
built=$SECONDS
echo "demo: built in $((built - started)) s; running palus on samples/tinysql with a budget of $budget"
echo

status=0
./build/palus/palus run --config samples/tinysql/palus.yaml --time-limit "$budget" || status=$?
echo
echo "demo: wall time $((SECONDS - started)) s ($((built - started)) s building palus, $((SECONDS - built)) s running it)"
if [[ $status -ne 0 ]]; then
  echo "demo: palus exited with status $status" >&2
  exit "$status"
fi
