#pragma once
// bench/coverage: which known bug of samples/tinysql/BUGS.md a reported failure is.

#include <filesystem>
#include <string>

#include "bench/coverage_runs.hpp"

namespace palus::bench {

/// "B1" ... "B7" when `failure` (an entry of `<out>/report.yaml`) has the documented signature of
/// that tinysql bug, else "" (an other failure: a false alarm, or a bug BUGS.md does not list).
/// Kind, callable and message decide; for B1 without sanitizers, B3 and B5 the failure test
/// itself is read too (from `out`), and without it they are not counted.
std::string known_bug(const Failure& failure, const std::filesystem::path& out);

}  // namespace palus::bench
