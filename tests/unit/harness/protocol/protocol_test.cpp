// The wire format: every message decodes to what was encoded, and a damaged frame is an error.

#include "harness/protocol/protocol.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <csignal>

namespace protocol = palus::harness::protocol;

namespace {

std::string payload_of(const std::string& frame, protocol::MessageKind kind) {
  protocol::FrameHeader header = protocol::decode_header(frame.data());
  EXPECT_EQ(header.kind, kind);
  EXPECT_EQ(header.length, frame.size() - protocol::kHeaderSize);
  return frame.substr(protocol::kHeaderSize);
}

TEST(Protocol, RunRequestRoundTrips) {
  protocol::RunRequest request;
  request.sequence_id = 77;
  request.observe = false;
  request.count_blocks = false;
  request.skip_observers = {2, 5};
  request.test_statements = 3;
  request.last_in_child = true;
  request.observe_from = 2;
  protocol::Statement call;
  call.callable = 9;
  request.statements = {call, call, call, call};
  const std::string payload = payload_of(protocol::encode(request), protocol::MessageKind::run);
  const protocol::RunRequest back = protocol::decode_run(payload);
  EXPECT_EQ(back.sequence_id, 77u);
  EXPECT_EQ(back.observe_from, 2u);
  EXPECT_EQ(protocol::sequence_id_of_run(payload), 77u) << "read where the fork server reads it";
  EXPECT_FALSE(back.observe);
  EXPECT_FALSE(back.count_blocks);
  EXPECT_EQ(back.skip_observers, request.skip_observers);
  EXPECT_EQ(back.test_statements, 3u) << "the blocks of the checks after the test's statements are not its own";
  EXPECT_TRUE(back.last_in_child);
  ASSERT_EQ(back.statements.size(), 4u);
  EXPECT_EQ(back.statements[3].callable, 9u);
}

TEST(Protocol, DeathRoundTrips) {
  protocol::Death death;
  death.sequence_id = 0x1234'5678'9abcULL;
  death.pid = 4242;
  death.wait_status = SIGSEGV;  // as waitpid reports a death by SIGSEGV
  death.max_rss_kib = 1 << 20;
  death.started = true;
  death.statement = 3;
  death.freed_statement = 1;
  death.phase = 2;
  death.note = "terminate called after throwing 'std::logic_error'";
  death.refused = {{41, 1}, {-1, 3}};
  protocol::Death back = protocol::decode_death(payload_of(protocol::encode(death), protocol::MessageKind::death));
  EXPECT_EQ(back.sequence_id, death.sequence_id);
  EXPECT_EQ(back.pid, 4242);
  EXPECT_TRUE(WIFSIGNALED(back.wait_status));
  EXPECT_EQ(WTERMSIG(back.wait_status), SIGSEGV);
  EXPECT_EQ(back.max_rss_kib, 1 << 20);
  EXPECT_TRUE(back.started);
  EXPECT_EQ(back.statement, 3);
  EXPECT_EQ(back.freed_statement, 1);
  EXPECT_EQ(back.phase, 2u);
  EXPECT_EQ(back.note, death.note);
  ASSERT_EQ(back.refused.size(), 2u);
  EXPECT_EQ(back.refused[1].call, -1);
  EXPECT_EQ(back.refused[1].statement, 3);
}

TEST(Protocol, TheNewBlocksOfAResultRoundTrip) {
  protocol::RunResult result;
  result.sequence_id = 7;
  result.new_blocks = {3, 17, 65535};
  result.reached_blocks = {3, 9, 17, 65535};
  result.total_blocks = 40;
  const protocol::RunResult back =
      protocol::decode_result(payload_of(protocol::encode(result), protocol::MessageKind::result));
  EXPECT_EQ(back.sequence_id, 7u);
  EXPECT_EQ(back.new_blocks, result.new_blocks);
  EXPECT_EQ(back.reached_blocks, result.reached_blocks);
  EXPECT_EQ(back.total_blocks, 40u);
}

TEST(Protocol, TruncatedDeathIsAnError) {
  protocol::Death death;
  death.note = "last words";
  std::string payload = payload_of(protocol::encode(death), protocol::MessageKind::death);
  payload.pop_back();
  EXPECT_THROW(protocol::decode_death(payload), protocol::ProtocolError);
}

TEST(Protocol, UnknownKindIsAnError) {
  std::string frame = protocol::encode_shutdown();
  frame[6] = 9;  // the kind's low byte
  EXPECT_THROW(protocol::decode_header(frame.data()), protocol::ProtocolError);
}

}  // namespace
