#pragma once
// Minimising a failure-revealing sequence (DESIGN §9): remove statements, one at a time from the
// end, while the same failure still reproduces; first, in one attempt, all the statements the
// failing call's objects do not involve.

#include <functional>
#include <vector>

#include "palus/generation/sequence.hpp"

namespace palus::generation {

/// Which statements of `s` the last `keep_last` need as far as the sequence shows: the tail, the
/// statements whose results a needed one uses, and those that use an object a needed one made
/// (a call may change what it is given), to a fixpoint. State the sequence does not show (a
/// static, a file) is not followed, so a slice is an attempt, kept only when it still fails.
std::vector<bool> needed_by_tail(const Sequence& s, std::size_t keep_last);

/// `still_fails(s)` executes `s` and says whether it fails the same way. `keep_last` statements
/// at the end are never removed (the failing call and its contract checks). At most
/// `max_attempts` executions.
Sequence minimise(const Sequence& failing, std::size_t keep_last,
                  const std::function<bool(const Sequence&)>& still_fails, std::size_t max_attempts);

}  // namespace palus::generation
