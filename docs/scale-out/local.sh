#!/bin/sh
# Palus shards on one machine: N `palus run --shard K/N` processes side by side, each with its own
# work folder, then `palus merge` into one suite (docs/scale-out.md).
#
#   docs/scale-out/local.sh N [palus run options...]
#
# Run it in the folder that holds palus.yaml. Shard K writes palus-shards/shard-K (and works in
# .palus-shard-K); the joined suite goes to generated/ unless PALUS_MERGED names another folder.
# PALUS names the palus to run (default: palus on PATH), PALUS_JOBS how many shards run at once
# (default: the number of cores).
set -eu

if [ $# -lt 1 ]; then
  echo "usage: $0 N [palus run options...]" >&2
  exit 2
fi
shards=$1
shift
palus=${PALUS:-palus}
jobs=${PALUS_JOBS:-$(nproc)}
merged=${PALUS_MERGED:-generated}

mkdir -p palus-shards
# Each shard's own output goes to palus-shards/shard-K.log; a failing shard stops the merge.
# shellcheck disable=SC2016 # the inner script expands its own arguments
seq 1 "$shards" | xargs -P "$jobs" -I SHARD_K sh -c '
  palus=$0 shards=$1
  shift
  "$palus" run --shard "SHARD_K/$shards" --work-dir .palus-shard-SHARD_K --out palus-shards/shard-SHARD_K "$@" \
    > palus-shards/shard-SHARD_K.log 2>&1 || {
    echo "shard SHARD_K of $shards failed (exit $?): see palus-shards/shard-SHARD_K.log" >&2
    exit 255
  }' "$palus" "$shards" "$@"

set --
k=1
while [ "$k" -le "$shards" ]; do
  set -- "$@" "palus-shards/shard-$k"
  k=$((k + 1))
done
"$palus" merge --out "$merged" "$@"
