#pragma once
// Fewer tests that reach as much (issue 18): tests are kept as they reach new blocks, so an early
// test is often wholly reached again by later, longer ones. At the end the suite keeps a cover:
// the tests that must stay, then, greedily, the test that reaches most blocks not reached yet
// (the greedy set cover, within a factor ln(n) of the smallest), and last drops each test the
// other kept tests wholly reach.

#include <cstdint>
#include <vector>

namespace palus::generation {

struct CoverCandidate {
  std::vector<std::uint32_t> blocks;  ///< places in the block map; empty: nothing known
  bool keep = false;                  ///< stays whatever it reaches (a distinct behaviour)
};

/// For each candidate, whether the cover keeps it: every `keep` candidate and every one whose
/// blocks are not known; the others while they add blocks, the one adding most first (on a tie,
/// the earlier), less those the others taken reach wholly (the first taken first). Together the kept ones reach every
/// block any candidate reached. The same candidates give the same answer.
std::vector<bool> covering_tests(const std::vector<CoverCandidate>& candidates);

}  // namespace palus::generation
