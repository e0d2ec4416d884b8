#pragma once
// What an execution says about a candidate sequence (DESIGN §6 feedback): extend it, keep it as
// an expected-exception test, report it as a failure, or drop it as an invalid input.

#include <optional>
#include <set>
#include <string>

#include "harness/executor/outcome.hpp"
#include "palus/generation/catalog.hpp"
#include "palus/generation/ownership.hpp"
#include "palus/generation/sequence.hpp"

namespace palus::generation {

enum class Verdict {
  normal,     ///< every statement normal, every contract held: into the pool
  exception,  ///< the last statement threw: not extended
  invalid,    ///< invalid input (null where an object is needed, a null or moved-from input the
              ///< sequence made itself that crashed), or an earlier statement misbehaved
  failure,    ///< failure-revealing: crash, sanitizer, hang, oom, exit, contract
};

struct FeedbackOptions {
  /// A crash after the sequence passed nullptr or a moved-from object is an invalid input
  /// (DESIGN §8); false reports it as a failure.
  bool self_made_invalid_inputs = true;
  /// The harness has AddressSanitizer: a read past a buffer is its report, before any use of
  /// what was read.
  bool reads_checked = true;
};

struct Classified {
  Verdict verdict = Verdict::normal;
  std::string kind;    ///< failures: crash | sanitizer | hang | oom | exit | contract
  int statement = -1;  ///< the statement that threw or failed (the contract check for contracts)
  std::string message;
  /// Failures: what identifies the bug for de-duplication (kind, callable, top frame).
  std::string key;
  /// Invalid: a use after free of an object the library freed in an earlier call (ownership.hpp).
  std::optional<FreesRule> frees;
  /// Failures: a use after free in a call of the callable that freed the memory, given an object
  /// an earlier call of it was given too: that call may have freed it (judge_confidence doubts it).
  std::optional<FreesRule> maybe_freed_before;
  bool reads_checked = true;  ///< FeedbackOptions::reads_checked
  /// Sanitizer failures: the callable whose call the harness made the bad access's memory for, as
  /// the value a pointer argument points at; -1 otherwise (harness::Outcome::pointee_in_callable).
  int pointee_in_callable = -1;
};

/// `checked` is the candidate with its contract checks appended; `main_size` its own length.
Classified classify(const harness::Outcome& outcome, const Sequence& checked, std::size_t main_size,
                    const Catalog& catalog, const FeedbackOptions& options);

/// A method's result by reference or pointer: into its receiver's state, or the receiver itself.
struct ReferenceResult {
  std::uint32_t receiver = 0;  ///< the receiver's statement
  bool is_receiver = false;    ///< another name of the receiver, not a part of it
};

/// For a method returning a reference or pointer to a record: its receiver's statement, and
/// whether the result is the receiver itself (a builder's or an assignment's `return *this;`). A
/// result of the receiver's own type is otherwise a part of it (a JSON value's member).
std::optional<ReferenceResult> reference_result(const CallableInfo& info, const Statement& statement);

/// Whether statements [0, count) were all answered, normally.
bool ran_normally(const harness::protocol::RunResult& result, std::size_t count);

/// The statements whose results statements [0, count) moved from (rvalue references, move-only
/// types by value).
std::set<std::uint32_t> moved_from(const Sequence& sequence, std::size_t count, const Catalog& catalog);

/// Whether statement `upto` or an earlier one passes nullptr, uses an object an earlier
/// statement moved from, or uses a reference or pointer a method returned into its receiver
/// after a call that may have changed that receiver.
bool makes_own_invalid_input(const Sequence& sequence, std::size_t upto, const Catalog& catalog);

}  // namespace palus::generation
