#pragma once
// The fast way, measured: sequences through the executor and a harness, in pipelined batches.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "harness/executor/executor.hpp"
#include "harness/protocol/protocol.hpp"

namespace palus::bench {

struct HarnessRun {
  std::string variant;
  std::size_t sequences = 0;
  std::size_t statements = 0;  ///< statements sent
  std::size_t answered = 0;    ///< statements the harness answered (a sequence stops at the first abnormal one)
  double seconds = 0;          ///< wall time of the run_batch calls
  double startup_seconds = 0;  ///< first harness start, until Hello
  double executor_cpu = 0;     ///< CPU seconds of this process during the run_batch calls
  double harness_cpu = 0;      ///< CPU seconds of the harness processes (all starts), reaped at the end
  std::size_t restarts = 0;
  std::size_t child_deaths = 0;                 ///< fork server children that died (Executor::child_deaths)
  std::size_t reports_survived = 0;             ///< sequences stopped by a report or fault their child survived
  std::map<std::string, std::size_t> outcomes;  ///< by OutcomeKind name
  std::map<std::string, std::vector<std::string>>
      examples;  ///< a few messages of kinds other than normal and exception
  std::vector<std::string> protections;
  std::vector<bool> ended_process;  ///< per sequence: whether its outcome ended the process running it
  std::vector<bool> hung;           ///< per sequence: whether it hung (it costs its timeout, not a death)
};

/// The callable ids of a harness, in table order (starts and stops it).
std::vector<std::string> harness_callables(const harness::ExecutorOptions& options);

/// Runs `sequences` (with their observe flag set to `observe`) through a fresh executor in
/// chunks of `chunk` with run_batch. Throws std::runtime_error when the harness's callables
/// differ from `callables` (the ids the sequences were made for).
HarnessRun run_through_harness(const std::string& variant, const harness::ExecutorOptions& options,
                               std::vector<harness::protocol::RunRequest>& sequences, bool observe, std::size_t chunk,
                               const std::vector<std::string>& callables);

/// `count` sequences drawn from `sequences` so that `share` of them (0 to 1, spread evenly) are ones
/// that ended the process in `run`, reusing each kind in turn as often as needed; empty when a
/// kind the share needs is missing. Sequences that hung in `run` are left out: each would cost the
/// call timeout (seconds), and the mix is to show what a death costs.
std::vector<harness::protocol::RunRequest> dying_mix(const std::vector<harness::protocol::RunRequest>& sequences,
                                                     const HarnessRun& run, double share, std::size_t count);

}  // namespace palus::bench
