#!/usr/bin/env bash
# Checks that every folder includes only from the folders below it (README, "Layout"):
#   core  <-  oracles, models, harness  <-  palus  <-  bench, tests
# A quoted include names its folder first ("core/error.hpp"); one without a folder is a file
# beside the includer. The users' header <palus/theory.hpp> is included with angle brackets and
# is not a layer. Prints each include that points up, and exits 1 when there is one.
# Usage: check-layers.sh [SOURCE_ROOT]
set -euo pipefail
cd "${1:-$(dirname "$0")/..}"

# The folders a folder may include from, itself among them.
declare -A allowed=(
  [core]="core"
  [oracles]="core oracles models harness"
  [models]="core oracles models harness"
  [harness]="core oracles models harness"
  [palus]="core oracles models harness palus"
  [bench]="core oracles models harness palus bench"
  [tests]="core oracles models harness palus bench tests"
)
layers="core oracles models harness palus bench tests"

bad=0
for folder in "${!allowed[@]}"; do
  [[ -d $folder ]] || continue
  while IFS=: read -r file line text; do
    target=$(sed -E 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"([^"/]+)\/.*/\1/' <<<"$text")
    [[ " $layers " == *" $target "* ]] || continue  # a file beside it, or a library's header
    if [[ " ${allowed[$folder]} " != *" $target "* ]]; then
      echo "$file:$line: $folder/ includes from $target/, a layer above it: $text"
      bad=1
    fi
  done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[^"/]+/' "$folder" --include='*.cpp' --include='*.hpp' --include='*.h' || true)
done
[[ $bad -eq 0 ]] && echo "check-layers: every include points down or sideways"
exit $bad
