#pragma once
// bench/coverage and bench/evaluate: which known bug of a sample's BUGS.md a reported failure is,
// by the signatures of the sample's bugs.yaml.

#include <filesystem>
#include <string>
#include <vector>

#include "bench/coverage_runs.hpp"

namespace palus::bench {

/// Which part of the failure test a signature looks at.
enum class Look { nothing, test, failing_call };

/// The documented signature of a known bug: the failure's kind, regexes its callable, message and
/// top frame (the last line of its key) must contain, and what the failure test must contain
/// (ignoring case). Each identifies one bug: it names callables, not a whole class or namespace,
/// and a crash, sanitizer report, out-of-memory or exit also needs a message or a frame.
struct Signature {
  std::string bug, kind, callable, message, frame;
  Look look = Look::nothing;
  std::string in_test;
};

/// `<sample>/bugs.yaml`'s signatures; none when the sample has no bugs.yaml. Throws
/// std::runtime_error naming the file when it is malformed or a signature could match more than
/// one bug (see Signature).
std::vector<Signature> read_signatures(const std::filesystem::path& sample);

/// The id of the bug ("B1") whose signature `failure` (an entry of `<out>/report.yaml`) has, else ""
/// (an other failure: a false alarm, or a bug BUGS.md does not list). Signatures that look at the
/// test read it from `out`; without it they do not match.
std::string known_bug(const Failure& failure, const std::filesystem::path& out,
                      const std::vector<Signature>& signatures);

/// Why `s` could match more than one bug; "" when it cannot.
std::string too_broad(const Signature& s);

}  // namespace palus::bench
