#pragma once
// What a sequence's end means (DESIGN §5): an answer classified by its last statement, or the
// harness's death classified by how it ended, the progress page, a sanitizer report and the
// library's last words. Internal to the executor.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/executor/instance.hpp"
#include "harness/executor/outcome.hpp"
#include "harness/protocol/progress.hpp"

namespace palus::harness::detail {

/// The outcome of an answered sequence: normal, or how its last statement ended.
Outcome classify_answer(protocol::RunResult result, const protocol::RunRequest& request);

/// How the process that ran a sequence ended: the harness itself, or the child a forking harness
/// ran it in (then `cause` is `exited` and the rest comes from the harness's Death message).
struct Ending {
  Instance::Cause cause = Instance::Cause::exited;
  std::string cause_message;
  int hang_statement = -1;
  int status = 0;        ///< as waitpid reports it
  long max_rss_kib = 0;  ///< peak resident memory
  /// A forking harness's child: its pid and the progress page as the harness saw it when the
  /// child died (the shared page may already describe a later sequence).
  std::optional<protocol::Death> child;
};

/// The ending of the (finished) harness process `in`.
Ending ending_of(const Instance& in);
/// The ending of a forking harness's child.
Ending ending_of(const protocol::Death& death);

/// The outcome of sequence `wire` (the caller's `request`) of harness `in`, whose process died or
/// was killed as `ending` says. `sanitized`: the harness was built with sanitizers;
/// `memory_bytes`: its limit. Sanitizer reports read from `in.scratch` are removed.
Outcome classify_death(Instance& in, const Ending& ending, std::uint64_t wire, const protocol::RunRequest& request,
                       const protocol::Progress& page, bool sanitized, std::uint64_t memory_bytes);

/// "socket (statement 2)" for each refused call.
std::vector<std::string> describe_refusals(const std::vector<protocol::Refusal>& refused);

}  // namespace palus::harness::detail
