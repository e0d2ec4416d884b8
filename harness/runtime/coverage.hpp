#pragma once
// Which basic blocks of the library a sequence reached that no earlier sequence did (DESIGN §7,
// "coverage counters"). The library and harness.cpp are compiled with
// -fsanitize-coverage=trace-pc: every block calls __sanitizer_cov_trace_pc, which marks the
// block's hash in this process's map, and the edge it came by (its hash combined with the previous
// block's of the same function call, as in AFL) in a second map beside it. A map of every block reached so far is
// shared with the fork server's children, so each child adds what its sequence found.

#include <cstdint>
#include <vector>

namespace palus::harness::coverage {

/// Sets up the map of blocks reached so far, and the marks of the sequence running, in memory the
/// process's forked children share. Without it (a harness that never calls it), begin/end count
/// nothing.
void share_across_forks();

/// Forgets what the last sequence reached (in this process or, after share_across_forks(), in a
/// child, dead or not): called when a sequence starts. Until end_sequence(), the process marks
/// the sequence's marks.
void begin_sequence();

/// From now on, blocks reached count as new but not as reached by the sequence's test
/// (Found::reached_blocks), until aside(false). Either way the next block starts a fresh chain of
/// edges: called as each statement and each statement's observers begin, so that what a call
/// reaches does not depend on the call before it.
void aside(bool on);

/// Marks the place that stands for one thing the harness did (a callable run, and how its call
/// ended), aside: new the first time, never reached by the sequence's test. The harness's own code
/// is not instrumented (PALUS_UNCOUNTED): what a test keeps is the library's alone, and the
/// generator still learns that a sequence did something the harness had not done before.
void note(std::uint32_t key);

struct Found {
  /// Reached by this sequence and by no earlier one: their places in the map, which are the same
  /// in every build of the same harness code (so shards of one run can compare them).
  std::vector<std::uint32_t> new_blocks;
  /// Every block and edge the sequence reached (edges at protocol::kBlockMapPlaces and above), but
  /// not aside: whether a passing one adds to what the suite's tests reach, and which tests the
  /// suite can do without, are decided from these.
  std::vector<std::uint32_t> reached_blocks;
  std::uint32_t total_blocks = 0;  ///< reached by any sequence so far, this one included
};

/// What the sequence since begin_sequence() reached that no earlier one did, added to what was
/// reached when `count` (else it is only compared).
Found end_sequence(bool count);

}  // namespace palus::harness::coverage
