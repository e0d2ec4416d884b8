#pragma once
// One test the generator found, as the GoogleTest writer and the test checker receive it.

#include <string>

#include "harness/protocol/protocol.hpp"
#include "palus/generation/sequence.hpp"

namespace palus::generation {

enum class TestKind {
  regression,          ///< every statement normal: the values seen become assertions
  expected_exception,  ///< the last statement threw `exception_type`: EXPECT_THROW
  failure,             ///< failure-revealing: the test must fail (crash, sanitizer, hang, ...)
};

struct TestCase {
  TestKind kind = TestKind::regression;
  Sequence sequence;
  /// What the harness answered, per statement (values and observations). For failures whose
  /// harness died, only the statements before the failing one answered.
  harness::protocol::RunResult result;
  /// Failures: crash | sanitizer | hang | oom | exit | contract (DESIGN §3 kinds).
  std::string failure_kind;
  int failing_statement = -1;  ///< the statement that failed or threw; -1 when none
  std::string message;         ///< signal, sanitizer line, contract violation, or what()
  /// Failures of low confidence (confidence.hpp): what the generator made up, in a sentence; ""
  /// for a failure of high confidence. Written as a disabled suspect test.
  std::string suspicion;
  std::string exception_type;  ///< expected_exception: demangled type of the exception
  /// The class the test is filed under: owner of the callable of the last statement (its
  /// unqualified name, e.g. "Statement"), or "functions" for free functions.
  std::string subject;
  /// What makes it distinct from the others of its kind, for joining suites (palus merge):
  /// failures their failure key (kind, callable, place), expected exceptions their callable and
  /// exception type; regression tests are told apart by the blocks they reached (result.new_blocks).
  std::string identity;
};

}  // namespace palus::generation
