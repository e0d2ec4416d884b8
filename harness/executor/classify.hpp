#pragma once
// What a sequence's end means (DESIGN §5): an answer classified by its last statement, or the
// harness's death classified by how it ended, the progress page, a sanitizer report and the
// library's last words. Internal to the executor.

#include <cstdint>
#include <string>
#include <vector>

#include "harness/executor/instance.hpp"
#include "harness/executor/outcome.hpp"
#include "harness/protocol/progress.hpp"

namespace palus::harness::detail {

/// The outcome of an answered sequence: normal, or how its last statement ended.
Outcome classify_answer(protocol::RunResult result, const protocol::RunRequest& request);

/// The outcome of sequence `wire` (the caller's `request`), during which the harness `in` died
/// or was killed. `sanitized`: the harness was built with sanitizers; `memory_bytes`: its limit.
Outcome classify_death(Instance& in, std::uint64_t wire, const protocol::RunRequest& request,
                       const protocol::Progress& page, bool sanitized, std::uint64_t memory_bytes);

/// "socket (statement 2)" for each refused call.
std::vector<std::string> describe_refusals(const std::vector<protocol::Refusal>& refused);

}  // namespace palus::harness::detail
