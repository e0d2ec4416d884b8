#pragma once
// Which tests of several suites (shards of one run) make the joined suite, and under which names
// (DESIGN §12). The suites are taken in a fixed order, whatever order they were given in: the one
// whose tests reached the most blocks first (all its tests are kept, so the joined suite covers at
// least what it covers), then by shard index, seed and folder. A later test is cut when it is a
// duplicate (the same body, the same failure, the same expected exception), or, when the shards'
// harnesses held the same code, a passing test reaching no block a kept test did not reach, as
// generation itself cuts them (issue 18's reduction).

#include <cstdint>
#include <string>
#include <vector>

#include "palus/merge/written_suite.hpp"

namespace palus::merge {

struct KeptTest {
  const WrittenSuite* suite = nullptr;
  const WrittenTest* test = nullptr;
  writer::TestName name;  ///< its name in the joined suite (its own unless that was taken)
};

struct MergePlan {
  std::vector<const WrittenSuite*> order;  ///< the suites in the order they were taken
  std::vector<KeptTest> kept;              ///< in that order, each suite's tests in its order
  std::uint64_t tests_read = 0, cut_duplicate = 0, cut_no_new_blocks = 0, renamed = 0;
  bool blocks_compared = false;
};

MergePlan plan_merge(const std::vector<WrittenSuite>& suites);

/// A test's body for telling duplicates apart: without its TEST line (the name) and without
/// palus's comments (a sanitizer's addresses differ from run to run).
std::string body_key(const std::string& text);

}  // namespace palus::merge
