// The suite's cover (palus/generation/covering_tests.hpp): what must stay stays, tests whose
// blocks others reach go, the largest gain is taken first, and the answer does not vary.

#include "palus/generation/covering_tests.hpp"

#include <gtest/gtest.h>

namespace palus::generation {
namespace {

TEST(CoveringTests, ATestWhoseBlocksALaterOneReachesIsLeftOut) {
  const std::vector<bool> kept = covering_tests({{{1, 2}, false}, {{1, 2, 3}, false}, {{4}, false}});
  EXPECT_EQ(kept, (std::vector<bool>{false, true, true}));
}

TEST(CoveringTests, TheLargestGainIsTakenFirstSoFewerTestsReachTheSame) {
  // In the order found, all four add a block; the greedy cover needs two.
  const std::vector<bool> kept =
      covering_tests({{{1, 2}, false}, {{3, 4}, false}, {{1, 3, 5}, false}, {{2, 4, 6}, false}});
  EXPECT_EQ(kept, (std::vector<bool>{false, false, true, true}));
}

TEST(CoveringTests, ATestTakenFirstGoesWhenTheTestsTakenAfterItReachAllItsBlocks) {
  // The greedy cover takes the first (six blocks), then the second and third for one block each;
  // those two reach the first's six.
  const std::vector<bool> kept =
      covering_tests({{{1, 2, 3, 4, 5, 6}, false}, {{1, 2, 3, 7}, false}, {{4, 5, 6, 8}, false}});
  EXPECT_EQ(kept, (std::vector<bool>{false, true, true}));
}

TEST(CoveringTests, KeptTestsAndTestsWithoutBlocksStayAndCountAsReached) {
  const std::vector<bool> kept = covering_tests({{{7}, false}, {{7, 8}, true}, {{}, false}, {{9}, false}});
  EXPECT_EQ(kept, (std::vector<bool>{false, true, true, true}));
}

TEST(CoveringTests, OnATieTheEarlierTestIsKept) {
  EXPECT_EQ(covering_tests({{{1, 2}, false}, {{2, 1}, false}}), (std::vector<bool>{true, false}));
  EXPECT_TRUE(covering_tests({}).empty());
}

}  // namespace
}  // namespace palus::generation
