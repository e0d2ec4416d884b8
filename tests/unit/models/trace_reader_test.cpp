// The trace reader on hand-made files: every field and argument kind, the committed end, and one
// clear error for each way a file can be wrong.

#include "models/trace_reader.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "models/runtime/trace_format.hpp"
#include "test_files.hpp"

namespace palus::models {
namespace {

namespace fs = std::filesystem;
namespace format = palus_trace::format;
using palus::testing::ScratchDir;
using palus::testing::starts_with;
using Kind = TraceValue::Kind;

/// Builds trace files byte by byte.
class Bytes {
 public:
  Bytes& byte(std::uint8_t b) {
    data_.push_back(static_cast<char>(b));
    return *this;
  }
  Bytes& fixed(std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) byte(static_cast<std::uint8_t>(value >> (8 * i)));
    return *this;
  }
  Bytes& varint(std::uint64_t value) {
    for (; value >= 0x80; value >>= 7) byte(static_cast<std::uint8_t>(value | 0x80));
    return byte(static_cast<std::uint8_t>(value));
  }
  Bytes& text(const std::string& s) {
    varint(s.size());
    data_ += s;
    return *this;
  }
  Bytes& header(std::uint64_t committed, std::uint32_t flags = format::flag_complete | format::flag_table_hash_set,
                std::uint64_t hash = 77) {
    data_.append(format::magic, sizeof format::magic);
    fixed(format::version, 4).fixed(format::header_size, 4).fixed(hash, 8).fixed(committed, 8).fixed(flags, 4);
    data_.resize(format::header_size, '\0');
    return *this;
  }
  /// kind, bits, callable, thread, call, parent distance, self, profile
  Bytes& event(std::uint8_t kind, std::uint8_t bits, std::uint64_t callable, std::uint64_t thread, std::uint64_t call,
               std::uint64_t distance, std::uint64_t self, const std::string& profile) {
    byte(kind).byte(bits).varint(callable).varint(thread).varint(call).varint(distance).varint(self);
    return text(profile);
  }
  std::size_t size() const { return data_.size(); }
  /// Sets the header's committed end to the current size.
  Bytes& commit_all() {
    const std::uint64_t end = data_.size();
    for (int i = 0; i < 8; ++i) data_[format::committed_offset + i] = static_cast<char>(end >> (8 * i));
    return *this;
  }
  const std::string& str() const { return data_; }

 private:
  std::string data_;
};

class TraceReaderTest : public ::testing::Test {
 protected:
  fs::path write(const Bytes& bytes) {
    palus::testing::write_text(file_, bytes.str());
    return file_;
  }
  std::string error_of(const Bytes& bytes) {
    return palus::testing::error_message<TraceError>([&] { read_trace(write(bytes)); }, "no error");
  }

  ScratchDir dir_{"palus-trace-reader"};
  fs::path file_ = dir_.path() / "trace.bin";
};

TEST_F(TraceReaderTest, ReadsEveryFieldAndArgumentKind) {
  Bytes b;
  b.header(0);
  b.event(format::event_enter, 1 | format::bit_first_seen, 17, 2, 300, 0, 5, "+E").varint(8);
  b.byte(format::arg_none);
  b.byte(format::arg_boolean).byte(1);
  b.byte(format::arg_signed_integer).varint(9);  // zigzag(-5)
  b.byte(format::arg_unsigned_integer).varint(1ULL << 63);
  double d = -2.5;
  std::uint64_t bits = 0;
  std::memcpy(&bits, &d, 8);
  b.byte(format::arg_floating).fixed(bits, 8);
  b.byte(format::arg_string).text("héllo");
  b.byte(format::arg_object).varint(4).text("0F");
  b.byte(format::arg_null_pointer);
  b.event(format::event_exit, 2 | format::bit_threw, 17, 2, 300, 0, 5, "");
  b.event(format::event_object_end, 3, 18, 2, 302, 2, 5, "");
  b.commit_all();

  const Trace trace = read_trace(write(b));
  EXPECT_TRUE(trace.complete);
  EXPECT_EQ(trace.table_hash, 77u);
  ASSERT_EQ(trace.events.size(), 3u);
  const TraceEvent& enter = trace.events[0];
  EXPECT_EQ(enter.kind, EventKind::enter);
  EXPECT_EQ(enter.role, ProbeRole::method);
  EXPECT_TRUE(enter.first_seen);
  EXPECT_EQ(enter.callable, 17u);
  EXPECT_EQ(enter.thread, 2u);
  EXPECT_EQ(enter.call, 300u);
  EXPECT_EQ(enter.parent, 0u);
  EXPECT_EQ(enter.self, 5u);
  EXPECT_EQ(enter.profile, "+E");
  ASSERT_EQ(enter.args.size(), 8u);
  EXPECT_EQ(enter.args[0].kind, Kind::none);
  EXPECT_EQ(enter.args[1].kind, Kind::boolean);
  EXPECT_EQ(enter.args[1].i, 1);
  EXPECT_EQ(enter.args[2].kind, Kind::signed_integer);
  EXPECT_EQ(enter.args[2].i, -5);
  EXPECT_EQ(enter.args[3].u, 1ULL << 63);
  EXPECT_EQ(enter.args[4].d, -2.5);
  EXPECT_EQ(enter.args[5].s, "héllo");
  EXPECT_EQ(enter.args[6].object, 4u);
  EXPECT_EQ(enter.args[6].profile, "0F");
  EXPECT_EQ(enter.args[7].kind, Kind::null_pointer);
  const TraceEvent& exit = trace.events[1];
  EXPECT_EQ(exit.kind, EventKind::exit);
  EXPECT_EQ(exit.role, ProbeRole::constructor);
  EXPECT_TRUE(exit.threw);
  EXPECT_TRUE(exit.args.empty());
  const TraceEvent& end = trace.events[2];
  EXPECT_EQ(end.kind, EventKind::object_end);
  EXPECT_EQ(end.role, ProbeRole::destructor);
  EXPECT_EQ(end.parent, 300u);
}

TEST_F(TraceReaderTest, IgnoresBytesAfterTheCommittedEnd) {
  Bytes b;
  b.header(0, 0);
  b.event(format::event_enter, 0, 1, 0, 1, 0, 0, "").varint(0);
  b.commit_all();
  b.byte(9).byte(9).byte(0);  // a half-written event, then preallocated zeros
  const TraceHeader header = for_each_event(write(b), [](const TraceEvent&) {});
  EXPECT_FALSE(header.complete);
  EXPECT_FALSE(header.has_table_hash);
  EXPECT_EQ(read_trace(file_).events.size(), 1u);
}

TEST_F(TraceReaderTest, EmptyTraceHasNoEvents) {
  Bytes b;
  b.header(format::header_size);
  EXPECT_TRUE(read_trace(write(b)).events.empty());
}

TEST_F(TraceReaderTest, NamesAMissingFile) {
  try {
    read_trace(dir_.path() / "absent");
    FAIL();
  } catch (const TraceError& e) {
    EXPECT_TRUE(starts_with(e.what(), (dir_.path() / "absent").string() + ": cannot open: "));
  }
}

TEST_F(TraceReaderTest, RejectsBadMagic) {
  Bytes b;
  for (char c : std::string("NOTATRACE and more bytes")) b.byte(static_cast<std::uint8_t>(c));
  EXPECT_EQ(error_of(b), file_.string() + ": not a palus trace (bad magic)");
  EXPECT_EQ(error_of(Bytes()), file_.string() + ": not a palus trace (empty file)");
}

TEST_F(TraceReaderTest, RejectsATruncatedHeader) {
  Bytes full;
  full.header(format::header_size);
  Bytes b;
  for (std::size_t i = 0; i < 20; ++i) b.byte(static_cast<std::uint8_t>(full.str()[i]));
  EXPECT_EQ(error_of(b), file_.string() + ": truncated header: expected 64 bytes, the file has 20");
}

TEST_F(TraceReaderTest, RejectsCommittedBytesBeyondTheFile) {
  Bytes b;
  b.header(5000);
  while (b.size() < 1200) b.byte(0);
  EXPECT_EQ(error_of(b), file_.string() + ": truncated: header says 5000 committed bytes, file has 1200");
}

TEST_F(TraceReaderTest, RejectsAnotherVersionAndUnknownFlags) {
  Bytes b;
  b.header(format::header_size);
  std::string s = b.str();
  s[format::version_offset] = 9;
  palus::testing::write_text(file_, s);
  EXPECT_THROW(read_trace(file_), TraceError);
  try {
    read_trace(file_);
  } catch (const TraceError& e) {
    EXPECT_EQ(std::string(e.what()), file_.string() + ": byte 8: expected trace format version 1, found 9");
  }
  Bytes flags;
  flags.header(format::header_size, 0x10);
  EXPECT_EQ(error_of(flags),
            file_.string() + ": byte 32: expected header flags (complete 0x1, table hash 0x2), found 0x10");
}

TEST_F(TraceReaderTest, RejectsACorruptEventKind) {
  Bytes b;
  b.header(0);
  b.event(format::event_enter, 0, 1, 0, 1, 0, 0, "").varint(0);
  b.byte(9).byte(0);
  b.commit_all();
  EXPECT_EQ(error_of(b), file_.string() + ": byte 73: expected an event kind (1-3), found 9");
}

TEST_F(TraceReaderTest, RejectsAnEventCutAtTheCommittedEnd) {
  Bytes b;
  b.header(0);
  b.byte(format::event_exit).byte(0).varint(1);
  b.commit_all();
  EXPECT_EQ(error_of(b),
            file_.string() + ": byte 67: expected the thread, found the end of the committed events (byte 67)");
}

TEST_F(TraceReaderTest, RejectsBadArgumentsAndFields) {
  Bytes kind;
  kind.header(0);
  kind.event(format::event_enter, 0, 1, 0, 1, 0, 0, "").varint(1).byte(12);
  kind.commit_all();
  EXPECT_EQ(error_of(kind), file_.string() + ": byte 73: expected an argument kind (0-7), found 12");

  Bytes boolean;
  boolean.header(0);
  boolean.event(format::event_enter, 0, 1, 0, 1, 0, 0, "").varint(1).byte(format::arg_boolean).byte(2);
  boolean.commit_all();
  EXPECT_EQ(error_of(boolean), file_.string() + ": byte 74: expected a boolean (0 or 1), found 2");

  Bytes long_text;
  long_text.header(0);
  long_text.byte(format::event_exit).byte(0).varint(1).varint(0).varint(1).varint(0).varint(0).varint(50);
  long_text.commit_all();
  EXPECT_EQ(
      error_of(long_text),
      file_.string() + ": byte 71: expected the profile of 50 bytes, found only 0 bytes before the committed end");

  Bytes threw_on_enter;
  threw_on_enter.header(0);
  threw_on_enter.event(format::event_enter, format::bit_threw, 1, 0, 1, 0, 0, "").varint(0);
  threw_on_enter.commit_all();
  EXPECT_EQ(error_of(threw_on_enter),
            file_.string() +
                ": byte 65: expected event flags (role 0-3, first_seen 0x4 on enter, threw 0x8 on exit), found 0x8");

  Bytes parent;
  parent.header(0);
  parent.event(format::event_exit, 0, 1, 0, 3, 4, 0, "");
  parent.commit_all();
  EXPECT_EQ(error_of(parent),
            file_.string() + ": byte 69: expected a parent distance of at most the call number 3, found 4");

  Bytes varint;
  varint.header(0);
  varint.byte(format::event_exit).byte(0);
  for (int i = 0; i < 11; ++i) varint.byte(0xff);
  varint.commit_all();
  EXPECT_EQ(error_of(varint), file_.string() + ": byte 66: expected the callable as a varint of at most 10 bytes");
}

}  // namespace
}  // namespace palus::models
