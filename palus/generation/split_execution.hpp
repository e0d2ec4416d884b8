#pragma once
// Several harness processes sharing each batch. With one, the generator waits while the harness
// runs a batch, so on two cores one stays idle when the harness is slow (sanitizers). Each harness
// keeps its own map of the blocks reached, so an outcome's new blocks are new to its own harness:
// here they are cut to those no earlier outcome (in the run's order) reported, which is what a
// single harness would have answered had it never restarted (a restarted harness's map is empty
// again; its old blocks are not new to the run either, so one harness is cut the same way). A
// batch is dealt out in turn (request k to harness k mod N), so a run with --seed and --max-steps
// stays the same every time.
//
// Each part after the first is run on a thread of its own that lives as long as this: a harness
// dies with the thread that started it (PR_SET_PDEATHSIG), so a thread per batch would cost a
// harness start per batch.

#include <condition_variable>
#include <cstdint>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "palus/generation/execution.hpp"

namespace palus::generation {

class SplitExecution final : public Execution {
 public:
  /// At least one; the first runs the single reruns (confirming, minimising, a test alone).
  explicit SplitExecution(std::vector<Execution*> parts);
  ~SplitExecution() override;
  harness::Outcome run(const harness::protocol::RunRequest& request) override;
  std::vector<harness::Outcome> run_batch(const std::vector<harness::protocol::RunRequest>& requests) override;
  std::chrono::milliseconds call_timeout() const override;
  void set_call_timeout(std::chrono::milliseconds limit) override;

 private:
  /// Cuts the outcome's new blocks to those new to every harness, and adds them to what was
  /// reached when the request counts blocks.
  void new_to_all(harness::Outcome& outcome, bool count);

  /// A thread that runs one batch at a time on its part.
  class Worker {
   public:
    explicit Worker(Execution& part);
    ~Worker();
    std::future<std::vector<harness::Outcome>> run_batch(std::vector<harness::protocol::RunRequest> requests);

   private:
    void loop();
    Execution& part_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::optional<std::packaged_task<std::vector<harness::Outcome>()>> job_;
    bool done_ = false;
    std::thread thread_;
  };

  std::vector<Execution*> parts_;
  std::vector<std::unique_ptr<Worker>> workers_;  ///< for parts_[1...]
  std::vector<bool> reached_;
  std::uint32_t total_ = 0;
};

}  // namespace palus::generation
