#!/usr/bin/env bash
# Checks (or with --fix, applies) .clang-format on palus's own C++ sources: every folder but
# samples/ and tests/data/, whose line numbers the tests and known-bug signatures name.
# Uses the clang-format that scripts/setup.sh installs. Exits 1 and names the files that differ.
# Usage: check-format.sh [--fix] [SOURCE_ROOT]
set -euo pipefail
fix=0
[[ ${1:-} == --fix ]] && { fix=1; shift; }
cd "${1:-$(dirname "$0")/..}"
mapfile -t files < <(find core oracles models harness palus bench tests \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' \) \
  -not -path 'tests/data/*' | sort)
if [[ $fix -eq 1 ]]; then
  clang-format -i "${files[@]}"
  exit 0
fi
summary="check-format: ${#files[@]} files follow .clang-format ($(clang-format --version))"
# One process for all files; only when one differs, one each to name them.
if clang-format --dry-run --Werror "${files[@]}" >/dev/null 2>&1; then
  echo "$summary"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [[ ${#bad[@]} -gt 0 ]]; then
  printf 'not formatted with .clang-format (scripts/check-format.sh --fix): %s\n' "${bad[@]}"
  exit 1
fi
echo "$summary"
