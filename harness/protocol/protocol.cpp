#include "protocol.hpp"

#include <cstring>
#include <type_traits>

namespace palus::harness::protocol {
namespace {

/// The last value of each enum on the wire: a Reader refuses a byte beyond it. An enum without its
/// specialisation here does not build (rather than accepting only its first value).
template <typename Enum>
constexpr Enum kLast = [] {
  static_assert(sizeof(Enum) == 0, "kLast needs a specialisation for each enum on the wire");
  return Enum{};
}();
template <>
constexpr InputKind kLast<InputKind> = InputKind::string;
template <>
constexpr ValueKind kLast<ValueKind> = ValueKind::object;
template <>
constexpr StatementStatus kLast<StatementStatus> = StatementStatus::bad_request;

// Each message's layout is written once, below, as a function template of its I/O: a Writer
// appends the fields of a const message, a Reader fills in the fields of a fresh one. Fields go
// in host order (the harness and palus run on the same machine): integers and doubles as their
// bytes, bools and enums as one byte, strings and lists as a u32 count and then their elements.

class Writer {
 public:
  explicit Writer(MessageKind kind) : bytes_(kHeaderSize, '\0'), kind_(kind) {}

  template <typename T>
  void field(const T& v) {
    if constexpr (std::is_enum_v<T> || std::is_same_v<T, bool>) {
      raw(static_cast<std::uint8_t>(v));
    } else {
      static_assert(std::is_arithmetic_v<T>, "a field is a number, a bool, an enum, a string or a list");
      raw(v);
    }
  }
  void field(const std::string& s) {
    raw(static_cast<std::uint32_t>(s.size()));
    bytes_ += s;
  }
  /// A count, then each item as `each` writes it.
  template <typename Item, typename Each>
  void items(const std::vector<Item>& list, Each each) {
    raw(static_cast<std::uint32_t>(list.size()));
    for (const Item& item : list) each(item);
  }

  std::string finish() {
    std::uint32_t length = static_cast<std::uint32_t>(bytes_.size() - kHeaderSize);
    std::uint32_t magic = kMagic;
    std::uint16_t version = kVersion, kind = static_cast<std::uint16_t>(kind_);
    std::memcpy(bytes_.data(), &magic, 4);
    std::memcpy(bytes_.data() + 4, &version, 2);
    std::memcpy(bytes_.data() + 6, &kind, 2);
    std::memcpy(bytes_.data() + 8, &length, 4);
    return std::move(bytes_);
  }

 private:
  template <typename T>
  void raw(T v) {
    char buf[sizeof(T)];
    std::memcpy(buf, &v, sizeof(T));
    bytes_.append(buf, sizeof(T));
  }

  std::string bytes_;
  MessageKind kind_;
};

class Reader {
 public:
  explicit Reader(const std::string& payload) : data_(payload) {}

  template <typename T>
  void field(T& v) {
    if constexpr (std::is_enum_v<T>) {
      const auto byte = raw<std::uint8_t>();
      if (byte > static_cast<std::uint8_t>(kLast<T>)) throw ProtocolError("bad enumerator " + std::to_string(byte));
      v = static_cast<T>(byte);
    } else if constexpr (std::is_same_v<T, bool>) {
      v = raw<std::uint8_t>() != 0;
    } else {
      v = raw<T>();
    }
  }
  void field(std::string& s) {
    const auto n = raw<std::uint32_t>();
    need(n);
    s = data_.substr(pos_, n);
    pos_ += n;
  }
  /// A count, then each item as `each` reads it. The count cannot exceed what is left in the
  /// payload (each element takes at least one byte).
  template <typename Item, typename Each>
  void items(std::vector<Item>& list, Each each) {
    const auto n = raw<std::uint32_t>();
    if (n > data_.size() - pos_) throw ProtocolError("count " + std::to_string(n) + " exceeds the payload");
    list.resize(n);
    for (Item& item : list) each(item);
  }

  void done() const {
    if (pos_ != data_.size()) throw ProtocolError("trailing bytes in message");
  }

 private:
  template <typename T>
  T raw() {
    need(sizeof(T));
    T v;
    std::memcpy(&v, data_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  void need(std::size_t n) const {
    if (data_.size() - pos_ < n) throw ProtocolError("truncated message");
  }

  const std::string& data_;
  std::size_t pos_ = 0;
};

// `M` is a message type, const for a Writer.

// The number or text of an Input or a Value, in the member its kind uses (the two kinds share these
// enumerators' names).
template <typename IO, typename M>
void number_or_text(IO& io, M& m) {
  using Kind = std::remove_cv_t<decltype(m.kind)>;
  if (m.kind == Kind::boolean || m.kind == Kind::signed_integer)
    io.field(m.i);
  else if (m.kind == Kind::unsigned_integer)
    io.field(m.u);
  else if (m.kind == Kind::floating)
    io.field(m.d);
  else if (m.kind == Kind::string)
    io.field(m.s);
}

template <typename IO, typename M>
void fields_of_input(IO& io, M& in) {
  io.field(in.kind);
  if (in.kind == InputKind::ref) return io.field(in.ref);
  number_or_text(io, in);
}

template <typename IO, typename M>
void fields_of_value(IO& io, M& v) {
  io.field(v.kind);
  if (v.kind == ValueKind::object) return io.field(v.s);
  number_or_text(io, v);
}

template <typename IO, typename M>
void fields_of_refusals(IO& io, M& refused) {
  io.items(refused, [&io](auto& r) {
    io.field(r.call);
    io.field(r.statement);
  });
}

template <typename IO, typename M>
void fields_of_u32s(IO& io, M& list) {
  io.items(list, [&io](auto& v) { io.field(v); });
}

template <typename IO, typename M>
void fields_of_hello(IO& io, M& hello) {
  io.field(hello.pid);
  io.items(hello.callables, [&io](auto& c) { io.field(c); });
  io.items(hello.protections, [&io](auto& p) { io.field(p); });
}

template <typename IO, typename M>
void fields_of_run(IO& io, M& request) {
  io.field(request.sequence_id);
  io.field(request.observe);
  io.field(request.observe_from);
  io.field(request.count_blocks);
  fields_of_u32s(io, request.skip_observers);
  io.field(request.test_statements);
  io.field(request.last_in_child);
  io.items(request.statements, [&io](auto& s) {
    io.field(s.callable);
    io.items(s.inputs, [&io](auto& in) { fields_of_input(io, in); });
  });
}

template <typename IO, typename M>
void fields_of_result(IO& io, M& result) {
  io.field(result.sequence_id);
  io.items(result.statements, [&io](auto& s) {
    io.field(s.status);
    fields_of_value(io, s.value);
    io.field(s.exception_type);
    io.field(s.message);
    io.items(s.observations, [&io](auto& o) {
      io.field(o.callable);
      io.field(o.object);
      io.field(o.threw);
      fields_of_value(io, o.value);
    });
    io.items(s.profiles, [&io](auto& p) {
      io.field(p.object);
      io.field(p.profile);
    });
  });
  fields_of_refusals(io, result.refused);
  fields_of_u32s(io, result.new_blocks);
  fields_of_u32s(io, result.reached_blocks);
  io.field(result.total_blocks);
}

template <typename IO, typename M>
void fields_of_death(IO& io, M& death) {
  io.field(death.sequence_id);
  io.field(death.pid);
  io.field(death.wait_status);
  io.field(death.max_rss_kib);
  io.field(death.started);
  io.field(death.statement);
  io.field(death.freed_statement);
  io.field(death.phase);
  io.field(death.note);
  fields_of_refusals(io, death.refused);
  io.field(death.survived);
  io.field(death.report_file);
}

template <typename Message, typename Fields>
std::string encoded(MessageKind kind, const Message& message, Fields fields) {
  Writer w(kind);
  fields(w, message);
  return w.finish();
}

template <typename Message, typename Fields>
Message decoded(const std::string& payload, Fields fields) {
  Reader r(payload);
  Message message;
  fields(r, message);
  r.done();
  return message;
}

}  // namespace

std::string encode(const Hello& hello) {
  return encoded(MessageKind::hello, hello, [](auto& io, auto& m) { fields_of_hello(io, m); });
}

std::string encode(const RunRequest& request) {
  return encoded(MessageKind::run, request, [](auto& io, auto& m) { fields_of_run(io, m); });
}

std::string encode(const RunResult& result) {
  return encoded(MessageKind::result, result, [](auto& io, auto& m) { fields_of_result(io, m); });
}

std::string encode(const Death& death) {
  return encoded(MessageKind::death, death, [](auto& io, auto& m) { fields_of_death(io, m); });
}

std::string encode_shutdown() { return Writer(MessageKind::shutdown).finish(); }

FrameHeader decode_header(const char* bytes) {
  std::uint32_t magic, length;
  std::uint16_t version, kind;
  std::memcpy(&magic, bytes, 4);
  std::memcpy(&version, bytes + 4, 2);
  std::memcpy(&kind, bytes + 6, 2);
  std::memcpy(&length, bytes + 8, 4);
  if (magic != kMagic) throw ProtocolError("bad frame magic");
  if (version != kVersion) {
    throw ProtocolError("protocol version " + std::to_string(version) + ", expected " + std::to_string(kVersion));
  }
  if (kind < 1 || kind > static_cast<std::uint16_t>(MessageKind::death))
    throw ProtocolError("unknown message kind " + std::to_string(kind));
  if (length > kMaxPayload) throw ProtocolError("message of " + std::to_string(length) + " bytes is too long");
  return {static_cast<MessageKind>(kind), length};
}

Hello decode_hello(const std::string& payload) {
  return decoded<Hello>(payload, [](auto& io, auto& m) { fields_of_hello(io, m); });
}

RunRequest decode_run(const std::string& payload) {
  return decoded<RunRequest>(payload, [](auto& io, auto& m) { fields_of_run(io, m); });
}

std::uint64_t sequence_id_of_run(const std::string& payload) {
  std::uint64_t id = 0;  // the first field (fields_of_run)
  if (payload.size() >= sizeof id) std::memcpy(&id, payload.data(), sizeof id);
  return id;
}

RunResult decode_result(const std::string& payload) {
  return decoded<RunResult>(payload, [](auto& io, auto& m) { fields_of_result(io, m); });
}

Death decode_death(const std::string& payload) {
  return decoded<Death>(payload, [](auto& io, auto& m) { fields_of_death(io, m); });
}

}  // namespace palus::harness::protocol
