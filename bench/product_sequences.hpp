#pragma once
// The throughput benchmark's load, made by the product itself: random sequences from the
// generator's RandomStep over its catalog, and GoogleTest sources from its test writer.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "harness/executor/executor.hpp"
#include "palus/generation/catalog.hpp"
#include "palus/generation/sequence.hpp"

namespace palus::bench {

/// `count` random sequences of at most `max_statements` statements, made as the generator makes
/// them in random mode: in rounds of candidates run in `executor`, those that ran normally joining
/// the pool that later candidates build on. Deterministic for a seed (and a deterministic library).
std::vector<generation::Sequence> random_sequences(const generation::Catalog& catalog, std::size_t count,
                                                   std::size_t max_statements, std::uint64_t seed,
                                                   harness::Executor& executor);

/// GoogleTest sources, as palus writes regression tests, of the first `count` of `sequences` that
/// run normally in `executor` (their answers become the assertions). `include_dir`: the library's
/// headers are included relative to it when under it.
struct RegressionSource {
  std::string text;
  std::size_t statements = 0;  ///< of its sequence
};
std::vector<RegressionSource> regression_sources(const generation::Catalog& catalog,
                                                 const std::vector<generation::Sequence>& sequences, std::size_t count,
                                                 harness::Executor& executor, const std::filesystem::path& include_dir);

}  // namespace palus::bench
