#!/usr/bin/env bash
# Writes palus's help text, the command's and every subcommand's (as `palus --help` lists them),
# into one file, installed with the documentation. Called by the build: help-text.sh PALUS OUT
set -euo pipefail
palus=$1 out=$2
{
  "$palus" --help
  for sub in $("$palus" --help | awk '/^Subcommands:/ { listed = 1; next } listed && NF { print $1 }'); do
    printf '\n\n'
    "$palus" "$sub" --help
  done
} >"$out.tmp"
mv "$out.tmp" "$out"
