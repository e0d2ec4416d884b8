#!/usr/bin/env bash
# Writes palus's help text, the command's and every subcommand's, into one file (installed with
# the documentation). Called by the build: help-text.sh PALUS OUT
set -euo pipefail
palus=$1 out=$2
{
  "$palus" --help
  for sub in init analyze trace model harness generate report run; do
    printf '\n\n'
    "$palus" "$sub" --help
  done
} >"$out.tmp"
mv "$out.tmp" "$out"
