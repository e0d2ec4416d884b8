#!/bin/sh
# Queues N palus shards as a Slurm job array and the merge after them (docs/scale-out.md):
#   docs/scale-out/slurm/submit.sh N
# Run it in the folder that holds palus.yaml, on a file system the compute nodes share.
set -eu

shards=${1:?usage: submit.sh N}
here=$(dirname "$0")
mkdir -p palus-shards
array=$(sbatch --parsable --array="1-${shards}" --export="ALL,SHARDS=${shards}" "$here/shards.sbatch")
# afterany: merge what the shards wrote even if one of them failed.
sbatch --dependency="afterany:${array%%;*}" "$here/merge.sbatch"
