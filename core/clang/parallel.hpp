#pragma once
// Parsing many files with libclang, one translation unit per job, on every core.

#include <functional>
#include <vector>

namespace palus::analysis {

/// Runs every job on up to as many threads as there are cores; rethrows the first failed job's
/// error in job order, so the same broken input always gives the same message.
void run_in_parallel(const std::vector<std::function<void()>>& jobs);

}  // namespace palus::analysis
