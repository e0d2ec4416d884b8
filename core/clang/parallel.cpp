#include "core/clang/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>

namespace palus::analysis {

void run_in_parallel(const std::vector<std::function<void()>>& jobs) {
  if (jobs.empty()) return;
  std::vector<std::exception_ptr> errors(jobs.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i = next++; i < jobs.size(); i = next++) {
      try {
        jobs[i]();
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  const std::size_t threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, jobs.size());
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& thread : pool) thread.join();
  for (auto& error : errors) {
    if (error) std::rethrow_exception(error);
  }
}

}  // namespace palus::analysis
