#pragma once
// What the generator needs from the harness: sequences run and judged, and the per-call timeout
// it shortens once a hang was found. The harness executor is the real one (ExecutorExecution);
// unit tests of the generator give a fake, so generation is tested without processes.

#include <chrono>
#include <vector>

#include "harness/executor/executor.hpp"

namespace palus::generation {

class Execution {
 public:
  virtual ~Execution() = default;
  virtual harness::Outcome run(const harness::protocol::RunRequest& request) = 0;
  /// One outcome per request, in order.
  virtual std::vector<harness::Outcome> run_batch(const std::vector<harness::protocol::RunRequest>& requests) = 0;
  virtual std::chrono::milliseconds call_timeout() const = 0;
  virtual void set_call_timeout(std::chrono::milliseconds limit) = 0;
};

/// The harness executor, as the generator sees it.
class ExecutorExecution final : public Execution {
 public:
  explicit ExecutorExecution(harness::Executor& executor) : executor_(executor) {}
  harness::Outcome run(const harness::protocol::RunRequest& request) override { return executor_.run(request); }
  std::vector<harness::Outcome> run_batch(const std::vector<harness::protocol::RunRequest>& requests) override {
    return executor_.run_batch(requests);
  }
  std::chrono::milliseconds call_timeout() const override { return executor_.call_timeout(); }
  void set_call_timeout(std::chrono::milliseconds limit) override { executor_.set_call_timeout(limit); }

 private:
  harness::Executor& executor_;
};

}  // namespace palus::generation
