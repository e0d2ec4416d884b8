#pragma once
// The slow way of the throughput benchmark: one sequence written out as a GoogleTest source that
// makes the same calls in plain C++ (what a compile-per-test random tester does).

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "bench/random_sequences.hpp"
#include "harness/protocol/protocol.hpp"

namespace palus::bench {

/// `#include` spellings for the headers declaring the Api: relative to `include_dir` when under
/// it, absolute otherwise. Sorted, without duplicates.
std::vector<std::string> api_includes(const api::Api& api, const std::filesystem::path& include_dir);

/// A C++ string literal ("..." with escapes) holding exactly `text`.
std::string cpp_string_literal(std::string_view text);

/// A complete GoogleTest source with one TEST running `sequence`. The body is wrapped in
/// try/catch, so an exception ends the test quietly, as it ends the sequence in the harness; a
/// null object (the harness's invalid_input) throws too.
std::string render_gtest(const Catalog& catalog, const harness::protocol::RunRequest& sequence,
                         const std::vector<std::string>& includes);

}  // namespace palus::bench
