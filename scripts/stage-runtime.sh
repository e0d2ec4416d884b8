#!/usr/bin/env bash
# Copies palus's runtime files into the build tree's share/palus, keeping their paths below the
# source root, so that a palus run from the build tree finds them as an installed one does
# (<bin>/../share/palus). Called by the build: stage-runtime.sh SOURCE_ROOT DEST STAMP FILE...
set -euo pipefail
src=$(realpath "$1") dest=$2 stamp=$3
shift 3
rm -rf "$dest.tmp"
for f in "$@"; do
  rel=$(realpath --relative-to="$src" "$f")
  mkdir -p "$dest.tmp/$(dirname "$rel")"
  cp "$f" "$dest.tmp/$rel"
done
rm -rf "$dest"
mv "$dest.tmp" "$dest"
touch "$stamp"
