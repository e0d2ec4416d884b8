#pragma once
// Several sample programs make one model (DESIGN §4 `sample:` as a list): their traces are joined
// into one, each program keeping its own objects, calls and threads.

#include <vector>

#include "models/trace_event.hpp"

namespace palus::models {

/// The traces one after the other. Identities, call numbers and thread numbers of each trace are
/// renumbered so that no two traces share one: an object of one program is never taken for an
/// object of another that happened to get the same number. All traces must come from the same
/// instrumented build (equal table hashes; the caller checks). Complete when every trace is.
Trace merge_traces(std::vector<Trace> traces);

}  // namespace palus::models
