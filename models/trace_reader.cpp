#include "models/trace_reader.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <string_view>

#include "models/runtime/trace_format.hpp"

namespace palus::models {
namespace {

namespace format = palus_trace::format;

static_assert(static_cast<std::uint8_t>(TraceValue::Kind::null_pointer) == format::arg_kind_max);
static_assert(static_cast<std::uint8_t>(TraceValue::Kind::object) == format::arg_object);
static_assert(static_cast<std::uint8_t>(TraceValue::Kind::string) == format::arg_string);
static_assert(static_cast<std::uint8_t>(EventKind::object_end) == format::event_object_end);

/// The committed part of a trace file, mapped read-only.
class MappedTrace {
 public:
  explicit MappedTrace(const std::filesystem::path& file) : name_(file.string()) {
    fd_.fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_.fd < 0) throw TraceError(fmt::format("{}: cannot open: {}", name_, std::strerror(errno)));
    struct stat info {};
    if (fstat(fd_.fd, &info) != 0) throw TraceError(fmt::format("{}: cannot read: {}", name_, std::strerror(errno)));
    file_size_ = static_cast<std::uint64_t>(info.st_size);
    unsigned char header[format::header_size] = {};
    const std::size_t have = read_at(header, format::header_size);
    header_ = parse_header(header, have);
    map(static_cast<std::size_t>(header_.committed_end));
  }
  ~MappedTrace() { munmap(const_cast<unsigned char*>(data_), size_); }
  MappedTrace(const MappedTrace&) = delete;
  MappedTrace& operator=(const MappedTrace&) = delete;

  const TraceHeader& header() const { return header_; }
  const unsigned char* data() const { return data_; }
  const std::string& name() const { return name_; }

 private:
  std::size_t read_at(unsigned char* out, std::size_t bytes) {
    std::size_t done = 0;
    while (done < bytes) {
      const ssize_t n = pread(fd_.fd, out + done, bytes - done, static_cast<off_t>(done));
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) throw TraceError(fmt::format("{}: cannot read: {}", name_, std::strerror(errno)));
      if (n == 0) break;
      done += static_cast<std::size_t>(n);
    }
    return done;
  }

  static std::uint64_t little_endian(const unsigned char* bytes, int count) {
    std::uint64_t value = 0;
    for (int i = count - 1; i >= 0; --i) value = value << 8 | bytes[i];
    return value;
  }

  TraceHeader parse_header(const unsigned char* bytes, std::size_t have) const {
    const std::size_t magic_bytes = sizeof format::magic;
    const bool magic_prefix_ok = std::memcmp(bytes, format::magic, have < magic_bytes ? have : magic_bytes) == 0;
    if (have == 0) throw TraceError(fmt::format("{}: not a palus trace (empty file)", name_));
    if (!magic_prefix_ok) throw TraceError(fmt::format("{}: not a palus trace (bad magic)", name_));
    if (have < format::header_size) {
      throw TraceError(
          fmt::format("{}: truncated header: expected {} bytes, the file has {}", name_, format::header_size, have));
    }
    TraceHeader header;
    header.version = static_cast<std::uint32_t>(little_endian(bytes + format::version_offset, 4));
    if (header.version != format::version) {
      throw TraceError(fmt::format("{}: byte {}: expected trace format version {}, found {}", name_,
                                   format::version_offset, format::version, header.version));
    }
    const auto header_size = little_endian(bytes + format::header_size_offset, 4);
    if (header_size != format::header_size) {
      throw TraceError(fmt::format("{}: byte {}: expected header size {}, found {}", name_, format::header_size_offset,
                                   format::header_size, header_size));
    }
    const auto flags = static_cast<std::uint32_t>(little_endian(bytes + format::flags_offset, 4));
    if ((flags & ~format::known_flags) != 0) {
      throw TraceError(fmt::format("{}: byte {}: expected header flags (complete 0x1, table hash 0x2), found {:#x}",
                                   name_, format::flags_offset, flags));
    }
    header.complete = (flags & format::flag_complete) != 0;
    header.has_table_hash = (flags & format::flag_table_hash_set) != 0;
    header.table_hash = little_endian(bytes + format::table_hash_offset, 8);
    header.committed_end = little_endian(bytes + format::committed_offset, 8);
    if (header.committed_end < format::header_size) {
      throw TraceError(
          fmt::format("{}: byte {}: expected a committed length of at least the header's {} bytes, found {}", name_,
                      format::committed_offset, format::header_size, header.committed_end));
    }
    if (header.committed_end > file_size_) {
      throw TraceError(fmt::format("{}: truncated: header says {} committed bytes, file has {}", name_,
                                   header.committed_end, file_size_));
    }
    return header;
  }

  void map(std::size_t bytes) {
    void* data = mmap(nullptr, bytes, PROT_READ, MAP_PRIVATE, fd_.fd, 0);
    if (data == MAP_FAILED) throw TraceError(fmt::format("{}: cannot map: {}", name_, std::strerror(errno)));
    madvise(data, bytes, MADV_SEQUENTIAL);
    data_ = static_cast<const unsigned char*>(data);
    size_ = bytes;
  }

  struct Descriptor {
    int fd = -1;
    Descriptor() = default;
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    ~Descriptor() {
      if (fd >= 0) ::close(fd);
    }
  };

  std::string name_;
  Descriptor fd_;
  std::uint64_t file_size_ = 0;
  TraceHeader header_;
  const unsigned char* data_ = nullptr;
  std::size_t size_ = 0;
};

/// Reads the events between the header and the committed end; every error names the byte.
class EventDecoder {
 public:
  explicit EventDecoder(const MappedTrace& trace)
      : name_(trace.name()),
        data_(trace.data()),
        position_(format::header_size),
        end_(static_cast<std::size_t>(trace.header().committed_end)) {}

  bool at_end() const { return position_ >= end_; }

  void next(TraceEvent& event) {
    const std::size_t start = position_;
    const std::uint8_t kind = byte("an event kind (1-3)");
    if (kind < format::event_enter || kind > format::event_object_end) {
      fail(start, fmt::format("expected an event kind (1-3), found {}", kind));
    }
    event.kind = static_cast<EventKind>(kind);
    const std::size_t bits_at = position_;
    const std::uint8_t bits = byte("the event flags");
    if ((bits & ~format::known_bits) != 0 || ((bits & format::bit_first_seen) != 0 && kind != format::event_enter) ||
        ((bits & format::bit_threw) != 0 && kind != format::event_exit)) {
      fail(bits_at,
           fmt::format("expected event flags (role 0-3, first_seen 0x4 on enter, threw 0x8 on exit), found {:#x}",
                       bits));
    }
    event.role = static_cast<ProbeRole>(bits & format::bits_role_mask);
    event.first_seen = (bits & format::bit_first_seen) != 0;
    event.threw = (bits & format::bit_threw) != 0;
    event.callable = u32("the callable");
    event.thread = u32("the thread");
    event.call = varint("the call number");
    const std::size_t parent_at = position_;
    const std::uint64_t distance = varint("the parent distance");
    if (distance > event.call) {
      fail(parent_at,
           fmt::format("expected a parent distance of at most the call number {}, found {}", event.call, distance));
    }
    event.parent = distance == 0 ? 0 : event.call - distance;
    event.self = varint("the object identity");
    text(event.profile, "the profile");
    event.args.clear();
    if (kind == format::event_enter) arguments(event.args);
  }

 private:
  [[noreturn]] void fail(std::size_t at, const std::string& what) const {
    throw TraceError(fmt::format("{}: byte {}: {}", name_, at, what));
  }
  [[noreturn]] void past_end(std::string_view what) const {
    fail(position_, fmt::format("expected {}, found the end of the committed events (byte {})", what, end_));
  }

  std::uint8_t byte(std::string_view what) {
    if (position_ >= end_) past_end(what);
    return data_[position_++];
  }

  std::uint64_t varint(std::string_view what) {
    const std::size_t start = position_;
    std::uint64_t value = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
      if (position_ >= end_) past_end(what);
      const std::uint8_t b = data_[position_++];
      value |= static_cast<std::uint64_t>(b & 0x7f) << shift;
      if ((b & 0x80) == 0) return value;
    }
    fail(start, fmt::format("expected {} as a varint of at most {} bytes", what, format::max_varint_bytes));
  }

  std::uint32_t u32(std::string_view what) {
    const std::size_t start = position_;
    const std::uint64_t value = varint(what);
    if (value > UINT32_MAX) fail(start, fmt::format("expected {} (32 bits), found {}", what, value));
    return static_cast<std::uint32_t>(value);
  }

  void text(std::string& out, std::string_view what) {
    const std::size_t start = position_;
    const std::uint64_t length = varint(what);
    if (length > end_ - position_) {
      fail(start, fmt::format("expected {} of {} bytes, found only {} bytes before the committed end", what, length,
                              end_ - position_));
    }
    out.assign(reinterpret_cast<const char*>(data_ + position_), static_cast<std::size_t>(length));
    position_ += static_cast<std::size_t>(length);
  }

  void arguments(std::vector<TraceValue>& args) {
    const std::size_t start = position_;
    const std::uint64_t count = varint("the argument count");
    if (count > end_ - position_) {  // each argument takes at least a byte
      fail(start, fmt::format("expected an argument count, found {} with {} bytes left", count, end_ - position_));
    }
    args.resize(static_cast<std::size_t>(count));
    for (TraceValue& value : args) argument(value);
  }

  void argument(TraceValue& value) {
    const std::size_t start = position_;
    const std::uint8_t kind = byte("an argument kind (0-7)");
    if (kind > format::arg_kind_max) fail(start, fmt::format("expected an argument kind (0-7), found {}", kind));
    value.kind = static_cast<TraceValue::Kind>(kind);
    value.i = 0;
    value.u = 0;
    value.d = 0;
    value.s.clear();
    value.object = 0;
    value.profile.clear();
    switch (kind) {
      case format::arg_boolean: {
        const std::size_t at = position_;
        const std::uint8_t b = byte("a boolean (0 or 1)");
        if (b > 1) fail(at, fmt::format("expected a boolean (0 or 1), found {}", b));
        value.i = b;
        break;
      }
      case format::arg_signed_integer: {
        const std::uint64_t bits = varint("a signed integer");
        value.i = static_cast<std::int64_t>(bits >> 1) ^ -static_cast<std::int64_t>(bits & 1);
        break;
      }
      case format::arg_unsigned_integer:
        value.u = varint("an unsigned integer");
        break;
      case format::arg_floating: {
        if (end_ - position_ < 8) past_end("a floating-point number (8 bytes)");
        std::uint64_t bits = 0;
        for (int i = 7; i >= 0; --i) bits = bits << 8 | data_[position_ + static_cast<std::size_t>(i)];
        position_ += 8;
        std::memcpy(&value.d, &bits, sizeof bits);
        break;
      }
      case format::arg_string:
        text(value.s, "a string");
        break;
      case format::arg_object:
        value.object = varint("an object identity");
        text(value.profile, "an object profile");
        break;
      default:
        break;  // none, null_pointer: no payload
    }
  }

  const std::string& name_;
  const unsigned char* data_;
  std::size_t position_;
  std::size_t end_;
};

}  // namespace

TraceHeader for_each_event(const std::filesystem::path& file, const std::function<void(const TraceEvent&)>& visit) {
  const MappedTrace trace(file);
  EventDecoder decoder(trace);
  TraceEvent event;
  while (!decoder.at_end()) {
    decoder.next(event);
    visit(event);
  }
  return trace.header();
}

Trace read_trace(const std::filesystem::path& file) {
  const MappedTrace mapped(file);
  EventDecoder decoder(mapped);
  Trace trace;
  trace.table_hash = mapped.header().table_hash;
  trace.complete = mapped.header().complete;
  trace.events.reserve(static_cast<std::size_t>(mapped.header().committed_end / 16));  // events take about 15 bytes
  while (!decoder.at_end()) decoder.next(trace.events.emplace_back());
  return trace;
}

}  // namespace palus::models
