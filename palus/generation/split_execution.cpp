#include "palus/generation/split_execution.hpp"

#include <stdexcept>

namespace palus::generation {

SplitExecution::Worker::Worker(Execution& part) : part_(part), thread_([this] { loop(); }) {}

SplitExecution::Worker::~Worker() {
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

std::future<std::vector<harness::Outcome>> SplitExecution::Worker::run_batch(
    std::vector<harness::protocol::RunRequest> requests) {
  std::packaged_task<std::vector<harness::Outcome>()> task(
      [this, requests = std::move(requests)] { return part_.run_batch(requests); });
  auto answer = task.get_future();
  {
    std::lock_guard lock(mutex_);
    job_ = std::move(task);
  }
  wake_.notify_one();
  return answer;
}

void SplitExecution::Worker::loop() {
  for (;;) {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [this] { return done_ || job_.has_value(); });
    if (done_) return;  // a batch not taken yet is dropped: its answer is no longer awaited
    auto job = std::move(*job_);
    job_.reset();
    lock.unlock();
    job();
  }
}

SplitExecution::SplitExecution(std::vector<Execution*> parts) : parts_(std::move(parts)) {
  if (parts_.empty()) throw std::invalid_argument("SplitExecution: no harness");
  for (std::size_t h = 1; h < parts_.size(); ++h) workers_.push_back(std::make_unique<Worker>(*parts_[h]));
}

SplitExecution::~SplitExecution() = default;

harness::Outcome SplitExecution::run(const harness::protocol::RunRequest& request) {
  harness::Outcome outcome = parts_.front()->run(request);
  new_to_all(outcome, request.count_blocks);
  return outcome;
}

std::vector<harness::Outcome> SplitExecution::run_batch(const std::vector<harness::protocol::RunRequest>& requests) {
  const std::size_t n = parts_.size();
  std::vector<std::vector<harness::protocol::RunRequest>> shares(n);
  for (std::size_t k = 0; k < requests.size(); ++k) shares[k % n].push_back(requests[k]);
  std::vector<std::future<std::vector<harness::Outcome>>> others;
  for (std::size_t h = 1; h < n; ++h) others.push_back(workers_[h - 1]->run_batch(std::move(shares[h])));
  std::vector<std::vector<harness::Outcome>> answered(n);
  answered[0] = parts_[0]->run_batch(shares[0]);
  for (std::size_t h = 1; h < n; ++h) answered[h] = others[h - 1].get();
  std::vector<harness::Outcome> outcomes;
  outcomes.reserve(requests.size());
  for (std::size_t k = 0; k < requests.size(); ++k) {
    outcomes.push_back(std::move(answered[k % n][k / n]));
    new_to_all(outcomes.back(), requests[k].count_blocks);
  }
  return outcomes;
}

void SplitExecution::new_to_all(harness::Outcome& outcome, bool count) {
  auto& found = outcome.result.new_blocks;
  std::erase_if(found, [&](std::uint32_t b) { return b < reached_.size() && reached_[b]; });
  if (count)
    for (std::uint32_t b : found) {
      if (b >= reached_.size()) reached_.resize(b + 1, false);
      reached_[b] = true;
      ++total_;
    }
  if (outcome.result.total_blocks > 0) outcome.result.total_blocks = total_;
}

std::chrono::milliseconds SplitExecution::call_timeout() const { return parts_.front()->call_timeout(); }

void SplitExecution::set_call_timeout(std::chrono::milliseconds limit) {
  for (Execution* e : parts_) e->set_call_timeout(limit);
}

}  // namespace palus::generation
