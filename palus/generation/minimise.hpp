#pragma once
// Minimising a failure-revealing sequence (DESIGN §9): remove statements, one at a time from the
// end, while the same failure still reproduces.

#include <functional>

#include "palus/generation/sequence.hpp"

namespace palus::generation {

/// `still_fails(s)` executes `s` and says whether it fails the same way. `keep_last` statements
/// at the end are never removed (the failing call and its contract checks). At most
/// `max_attempts` executions.
Sequence minimise(const Sequence& failing, std::size_t keep_last,
                  const std::function<bool(const Sequence&)>& still_fails, std::size_t max_attempts);

}  // namespace palus::generation
