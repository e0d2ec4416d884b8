#!/usr/bin/env bash
# `meson install` end to end: palus installed into a prefix that is then moved elsewhere (so that
# nothing of the build tree is reachable through it), run on a copy of samples/tinysql, writes
# tests that compile and pass. Also: the installed palus.pc finds the installed palus/theory.hpp,
# and the installed executable's data names no folder of the source or build tree.
# Usage: install_e2e.sh BUILD_ROOT SOURCE_ROOT
set -euo pipefail
build=$1 source=$2
scratch=$(mktemp -d /tmp/palus-install.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "install_e2e: $*" >&2; exit 1; }

DESTDIR="$scratch/stage" meson install -C "$build" --no-rebuild --quiet
staged=$(find "$scratch/stage" -path '*/bin/palus' -type f)
[[ -n "$staged" ]] || fail "meson install put no bin/palus under $scratch/stage"
mv "$(dirname "$(dirname "$staged")")" "$scratch/prefix"
rm -rf "$scratch/stage"
prefix=$scratch/prefix palus=$scratch/prefix/bin/palus
unset PALUS_RUNTIME_DIR

# The runtime is found beside the executable, wherever the prefix went.
version=$("$palus" --version)
grep -qx "runtime: $prefix/share/palus" <<<"$version" || fail "palus --version says: $version"
for f in share/palus/harness/runtime/check_main.cpp share/palus/models/runtime/palus_trace.cpp \
         share/palus/oracles/contracts/contracts.hpp include/palus/theory.hpp share/doc/palus/palus-help.txt; do
  [[ -f "$prefix/$f" ]] || fail "not installed: $f"
done
objcopy -O binary --only-section=.rodata "$palus" "$scratch/rodata"
for tree in "$(realpath "$source")" "$(realpath "$build")"; do
  ! grep -qF "$tree" "$scratch/rodata" || fail "the installed palus has $tree compiled in"
done

# A user's build finds palus/theory.hpp through pkg-config.
pc=$(find "$prefix" -name palus.pc)
[[ -n "$pc" ]] || fail "no palus.pc installed"
cflags=$(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --define-prefix --cflags palus)
[[ "$cflags" == *"-I$prefix/include"* ]] || fail "pkg-config --cflags palus: $cflags"
printf '#include <palus/theory.hpp>\nPALUS_THEORY(nonnegative, int x) { PALUS_ASSUME(x >= 0); PALUS_CHECK(x + 1 > x); }\n' \
  >"$scratch/uses_theory.cpp"
# shellcheck disable=SC2086
c++ -std=c++17 $cflags -c "$scratch/uses_theory.cpp" -o "$scratch/uses_theory.o" || fail "palus/theory.hpp does not compile"

# The installed palus on a library copied out of the source tree.
cp -r "$source/samples/tinysql" "$scratch/tinysql"
rm -rf "$scratch/tinysql/.palus" "$scratch/tinysql/generated"
cd "$scratch/tinysql"
status=0
"$palus" run --seed 1 --max-steps 100 >"$scratch/run.log" 2>&1 || status=$?
[[ $status -eq 0 ]] || { cat "$scratch/run.log"; fail "palus run exited with $status"; }
written=$(ls generated/*_test.cpp 2>/dev/null | wc -l)
[[ $written -gt 0 ]] || { cat "$scratch/run.log"; fail "no test file written"; }
# palus run ends with the report: every written file built and every regression test passed
# (else it exits 4); the table says how many.
grep -Eq '^regression +[0-9]+ +[0-9]+ +[1-9][0-9]* +[0-9]+ +0$' "$scratch/run.log" ||
  { cat "$scratch/run.log"; fail "no passing regression tests in the report"; }
echo "install_e2e: $written test files written by $palus, compiled and passed"
