// Several harnesses sharing a batch (palus/generation/split_execution.hpp): the generator must see
// the outcomes one harness would have given, in order, with blocks new to all harnesses.

#include "palus/generation/split_execution.hpp"

#include <gtest/gtest.h>

#include <set>
#include <vector>

namespace palus::generation {
namespace {

using harness::Outcome;
using harness::protocol::RunRequest;

/// A harness whose blocks are its statements' callables; it reports as new what it has not
/// reached itself, as each real harness keeps its own map.
class BlockHarness : public Execution {
 public:
  Outcome run(const RunRequest& request) override {
    asked.push_back(request.sequence_id);
    Outcome outcome;
    outcome.result.sequence_id = request.sequence_id;
    for (const auto& s : request.statements) {
      if (reached_.count(s.callable) == 0) outcome.result.new_blocks.push_back(s.callable);
      if (request.count_blocks) reached_.insert(s.callable);
      outcome.result.reached_blocks.push_back(s.callable);
    }
    outcome.result.total_blocks = static_cast<std::uint32_t>(reached_.size());
    return outcome;
  }
  std::vector<Outcome> run_batch(const std::vector<RunRequest>& requests) override {
    std::vector<Outcome> out;
    for (const auto& r : requests) out.push_back(run(r));
    return out;
  }
  std::chrono::milliseconds call_timeout() const override { return timeout; }
  void set_call_timeout(std::chrono::milliseconds limit) override { timeout = limit; }

  std::vector<std::uint64_t> asked;
  std::chrono::milliseconds timeout{1000};

 private:
  std::set<std::uint32_t> reached_;
};

RunRequest request(std::uint64_t id, std::vector<std::uint32_t> blocks, bool count = true) {
  RunRequest r;
  r.sequence_id = id;
  for (std::uint32_t b : blocks) r.statements.emplace_back().callable = b;
  r.count_blocks = count;
  return r;
}

std::vector<RunRequest> batch() {
  return {request(1, {1, 2}),     request(2, {2, 3}), request(3, {1, 3, 4}),
          request(4, {5}, false), request(5, {4, 5}), request(6, {6, 1})};
}

TEST(SplitExecution, AnswersInOrderWhatOneHarnessWouldHave) {
  BlockHarness one;
  SplitExecution single({&one});
  const std::vector<Outcome> expected = single.run_batch(batch());

  BlockHarness a, b, c;
  SplitExecution split({&a, &b, &c});
  const std::vector<Outcome> got = split.run_batch(batch());
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t k = 0; k < got.size(); ++k) {
    EXPECT_EQ(got[k].result.sequence_id, expected[k].result.sequence_id);
    EXPECT_EQ(got[k].result.new_blocks, expected[k].result.new_blocks) << "sequence " << k + 1;
    EXPECT_EQ(got[k].result.reached_blocks, expected[k].result.reached_blocks);
    EXPECT_EQ(got[k].result.total_blocks, expected[k].result.total_blocks) << "sequence " << k + 1;
  }
  // Dealt in turn.
  EXPECT_EQ(a.asked, (std::vector<std::uint64_t>{1, 4}));
  EXPECT_EQ(b.asked, (std::vector<std::uint64_t>{2, 5}));
  EXPECT_EQ(c.asked, (std::vector<std::uint64_t>{3, 6}));
  // Block 5 was only compared by sequence 4: sequence 5, on another harness, still finds it.
  EXPECT_EQ(got[4].result.new_blocks, (std::vector<std::uint32_t>{5}));
}

TEST(SplitExecution, ASingleRerunGoesToTheFirstHarnessAndATimeoutToAll) {
  BlockHarness a, b;
  SplitExecution split({&a, &b});
  split.run_batch(batch());
  const Outcome again = split.run(request(7, {1, 7}, false));
  EXPECT_EQ(a.asked.back(), 7u);
  EXPECT_EQ(again.result.new_blocks, (std::vector<std::uint32_t>{7})) << "block 1 was reached on the other harness";
  split.set_call_timeout(std::chrono::milliseconds(300));
  EXPECT_EQ(a.timeout.count(), 300);
  EXPECT_EQ(b.timeout.count(), 300);
  EXPECT_EQ(split.call_timeout().count(), 300);
}

}  // namespace
}  // namespace palus::generation
