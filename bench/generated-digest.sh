#!/usr/bin/env bash
# Prints a digest of the tests palus writes for every sample with a fixed seed and step count, so
# that a refactoring can show it changed no behaviour: run it before and after and compare.
# Usage: bench/generated-digest.sh [PALUS [WORK]]   (default: build/palus/palus, a fresh temp folder)
# Each sample is copied into WORK and generated with `palus run --seed 1 --max-steps 400`; the
# digest covers every written file but report.yaml and run.log (timings), paths made relative.
# Compare only like with like: generation follows the harness's block places, which are hashed
# from code offsets (harness/runtime/coverage.cpp), so the digest also moves when the runtime's or
# the contracts' code changes, or when the length of the work folder's or the build tree's path
# does. Build before and after at paths of the same length, with the same staged runtime
# (build/share/palus), and give WORK folders of the same length.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
palus=$(realpath "${1:-$root/build/palus/palus}")
work=${2:-$(mktemp -d /tmp/palus-digest.XXXXXX)}
mkdir -p "$work"
printf '%-12s %-64s %s\n' sample sha256 files
for config in "$root"/samples/*/palus.yaml; do
  sample=$(basename "$(dirname "$config")")
  rm -rf "${work:?}/$sample"
  cp -r "$root/samples/$sample" "$work/$sample"
  rm -rf "$work/$sample/.palus" "$work/$sample/generated"
  (cd "$work/$sample" && "$palus" run --seed 1 --max-steps 400 >"$work/$sample.log" 2>&1) ||
    { echo "$sample: palus failed, see $work/$sample.log" >&2; continue; }
  out="$work/$sample/generated"
  files=$(cd "$out" && find . -type f ! -name report.yaml ! -name run.log | sort)
  digest=$(cd "$out" && sed "s|$work/$sample|SAMPLE|g" $files | sha256sum | cut -d' ' -f1)
  printf '%-12s %-64s %s\n' "$sample" "$digest" "$(wc -w <<<"$files")"
done
