#include "bench/harness_runs.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "bench/shell.hpp"

namespace palus::bench {

namespace protocol = harness::protocol;

namespace {

/// User + system CPU seconds of this process (RUSAGE_SELF) or its reaped children.
double cpu_seconds(int who) {
  rusage u{};
  ::getrusage(who, &u);
  auto s = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  return s(u.ru_utime) + s(u.ru_stime);
}

}  // namespace

std::vector<std::string> harness_callables(const harness::ExecutorOptions& options) {
  harness::Executor executor(options);
  std::vector<std::string> ids = executor.callables();
  executor.stop();
  return ids;
}

HarnessRun run_through_harness(const std::string& variant, const harness::ExecutorOptions& options,
                               std::vector<protocol::RunRequest>& sequences, bool observe, std::size_t chunk,
                               const std::vector<std::string>& callables) {
  HarnessRun run;
  run.variant = variant;
  run.sequences = sequences.size();
  for (auto& s : sequences) {
    s.observe = observe;
    run.statements += s.statements.size();
  }

  const double children_before = cpu_seconds(RUSAGE_CHILDREN);
  harness::Executor executor(options);
  const auto start_up = std::chrono::steady_clock::now();
  if (executor.callables() != callables)
    throw std::runtime_error(variant + ": the harness's callables differ from the plain harness's");
  run.startup_seconds = seconds_since(start_up);
  run.protections = executor.protections();

  std::vector<protocol::RunRequest> batch;
  std::vector<harness::Outcome> outcomes;
  outcomes.reserve(sequences.size());
  chunk = std::max<std::size_t>(chunk, 1);
  const double self_before = cpu_seconds(RUSAGE_SELF);
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t first = 0; first < sequences.size(); first += chunk) {
    const std::size_t last = std::min(sequences.size(), first + chunk);
    // The requests are moved in and back out, so no copy is timed.
    batch.assign(std::make_move_iterator(sequences.begin() + first), std::make_move_iterator(sequences.begin() + last));
    std::vector<harness::Outcome> got = executor.run_batch(batch);
    std::move(batch.begin(), batch.end(), sequences.begin() + first);
    std::move(got.begin(), got.end(), std::back_inserter(outcomes));
  }
  run.seconds = seconds_since(start);
  run.executor_cpu = cpu_seconds(RUSAGE_SELF) - self_before;
  run.restarts = executor.restarts();
  run.child_deaths = executor.child_deaths();
  run.reports_survived = executor.reports_survived();
  executor.stop();
  run.harness_cpu = cpu_seconds(RUSAGE_CHILDREN) - children_before;

  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const harness::Outcome& o = outcomes[i];
    using Kind = harness::OutcomeKind;
    run.ended_process.push_back(o.kind == Kind::crash || o.kind == Kind::sanitizer || o.kind == Kind::hang ||
                                o.kind == Kind::oom || o.kind == Kind::exit);
    run.hung.push_back(o.kind == Kind::hang);
    const std::string kind(harness::to_string(o.kind));
    ++run.outcomes[kind];
    run.answered += o.result.statements.size();
    if (o.kind == harness::OutcomeKind::normal || o.kind == harness::OutcomeKind::exception) continue;
    auto& ex = run.examples[kind];
    if (ex.size() < 3)
      ex.push_back("sequence " + std::to_string(sequences[i].sequence_id) + ", statement " +
                   std::to_string(o.statement) + ": " + o.message);
  }
  return run;
}

std::vector<protocol::RunRequest> dying_mix(const std::vector<protocol::RunRequest>& sequences, const HarnessRun& run,
                                            double share, std::size_t count) {
  std::vector<std::size_t> dying, living;
  for (std::size_t i = 0; i < sequences.size() && i < run.ended_process.size(); ++i)
    if (!run.hung[i]) (run.ended_process[i] ? dying : living).push_back(i);
  std::vector<protocol::RunRequest> mix;
  std::size_t took_dying = 0, took_living = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const bool die = static_cast<std::size_t>(static_cast<double>(i + 1) * share) > took_dying;
    const std::vector<std::size_t>& pool = die ? dying : living;
    if (pool.empty()) return {};
    std::size_t& took = die ? took_dying : took_living;
    mix.push_back(sequences[pool[took++ % pool.size()]]);
    mix.back().sequence_id = i;
  }
  return mix;
}

}  // namespace palus::bench
