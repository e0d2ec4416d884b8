#pragma once
// How much a failure says about the library (issue 23, DESIGN §8): `high` when it reproduces with
// inputs a caller could write, `low` when the generator made up what the library was told not to
// get. Low-confidence failures are written as suspect tests, apart from the bugs.

#include <string>

#include "palus/generation/catalog.hpp"
#include "palus/generation/feedback.hpp"
#include "palus/generation/sequence.hpp"

namespace palus::generation {

struct Confidence {
  bool high = true;
  /// Low: what the generator made up, in a sentence for the suspect test's comment.
  std::string suspicion;
  /// Low: the precondition the failure shows ("pugi::xpath_node_set::operator[](size_t) const:
  /// assert(index < size()) at src/pugixml.cpp:12495"); "" when it names none.
  std::string precondition;
};

/// The confidence of `failure`, found by running `failing` (the failure's statement is
/// failure.statement, or the last one).
/// - A failed `assert` of the library's in one of its public functions, on that function's
///   parameters or its object's state, is the library stating a precondition.
/// - A crash in a call given a pointer to one scalar (where a buffer may be wanted), a pointer or C
///   string with a size after it, or two C strings (a range) had a pointer the generator made up;
///   so had a heap overflow past the one value the harness made for an earlier call's pointer to a
///   scalar (Classified::pointee_in_callable), which the library kept and used as a buffer.
/// - Running out of time or memory after a size, count or index of magnitude 2^20 or more may be
///   what that value asked for; a crash after one of 2^24 or more, past any buffer a caller has,
///   given to the crashing call or with an object it reads from.
/// - A crash after a count or position given to a method of an object, more than the size() or
///   length() observed on it before, may be out of bounds.
/// - Running out of time or memory in a call given an object observed holding 2^15 elements or
///   more may be what a call over that many takes.
/// - A heap use after free in a call of the callable that freed the memory, of an object an earlier
///   call of it was given too (a child removed twice), may be the earlier call's doing.
/// `observed`: a run of the statements before the failing one (a crash or hang leaves no
/// observations of its own run).
Confidence judge_confidence(const Classified& failure, const Sequence& failing, const Catalog& catalog,
                            const harness::protocol::RunResult* observed = nullptr);

/// A failed assert's parts, from its message ("...: src/a.cpp:12: int f(int): Assertion `x > 0'
/// failed."); all empty when `message` holds none.
struct FailedAssert {
  std::string where;      ///< "src/a.cpp:12"
  std::string function;   ///< "int f(int)", as the compiler spells it
  std::string condition;  ///< "x > 0"
};
FailedAssert failed_assert(const std::string& message);

}  // namespace palus::generation
