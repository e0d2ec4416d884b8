#include "protocol.hpp"

#include <cstring>

namespace palus::harness::protocol {
namespace {

class Writer {
 public:
  explicit Writer(MessageKind kind) : bytes_(kHeaderSize, '\0'), kind_(kind) {}

  template <typename T>
  void raw(T v) {
    char buf[sizeof(T)];
    std::memcpy(buf, &v, sizeof(T));  // the harness and palus run on the same machine: host order
    bytes_.append(buf, sizeof(T));
  }
  void u8(std::uint8_t v) { raw(v); }
  void u32(std::uint32_t v) { raw(v); }
  void str(const std::string& s) {
    u32(static_cast<std::uint32_t>(s.size()));
    bytes_ += s;
  }
  void value(const Value& v) {
    u8(static_cast<std::uint8_t>(v.kind));
    switch (v.kind) {
      case ValueKind::none:
        break;
      case ValueKind::boolean:
      case ValueKind::signed_integer:
        raw(v.i);
        break;
      case ValueKind::unsigned_integer:
        raw(v.u);
        break;
      case ValueKind::floating:
        raw(v.d);
        break;
      case ValueKind::string:
      case ValueKind::object:
        str(v.s);
        break;
    }
  }

  void refusals(const std::vector<Refusal>& refused) {
    u32(static_cast<std::uint32_t>(refused.size()));
    for (const auto& r : refused) {
      raw(r.call);
      raw(r.statement);
    }
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
  std::string bytes_;
  MessageKind kind_;
};

class Reader {
 public:
  explicit Reader(const std::string& payload) : data_(payload) {}

  template <typename T>
  T raw() {
    need(sizeof(T));
    T v;
    std::memcpy(&v, data_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  std::uint8_t u8() { return raw<std::uint8_t>(); }
  std::uint32_t u32() { return raw<std::uint32_t>(); }
  std::string str() {
    std::uint32_t n = u32();
    need(n);
    std::string s = data_.substr(pos_, n);
    pos_ += n;
    return s;
  }
  template <typename Enum>
  Enum enumerator(Enum last) {
    std::uint8_t v = u8();
    if (v > static_cast<std::uint8_t>(last)) throw ProtocolError("bad enumerator " + std::to_string(v));
    return static_cast<Enum>(v);
  }
  /// A count that cannot exceed what is left in the payload (each element takes at least one byte).
  std::uint32_t count() {
    std::uint32_t n = u32();
    if (n > data_.size() - pos_) throw ProtocolError("count " + std::to_string(n) + " exceeds the payload");
    return n;
  }
  Value value() {
    Value v;
    v.kind = enumerator(ValueKind::object);
    switch (v.kind) {
      case ValueKind::none:
        break;
      case ValueKind::boolean:
      case ValueKind::signed_integer:
        v.i = raw<std::int64_t>();
        break;
      case ValueKind::unsigned_integer:
        v.u = raw<std::uint64_t>();
        break;
      case ValueKind::floating:
        v.d = raw<double>();
        break;
      case ValueKind::string:
      case ValueKind::object:
        v.s = str();
        break;
    }
    return v;
  }
  std::vector<Refusal> refusals() {
    std::vector<Refusal> refused(count());
    for (auto& refusal : refused) {
      refusal.call = raw<std::int32_t>();
      refusal.statement = raw<std::int32_t>();
    }
    return refused;
  }
  void done() const {
    if (pos_ != data_.size()) throw ProtocolError("trailing bytes in message");
  }

 private:
  void need(std::size_t n) const {
    if (data_.size() - pos_ < n) throw ProtocolError("truncated message");
  }
  const std::string& data_;
  std::size_t pos_ = 0;
};

}  // namespace

std::string encode(const Hello& hello) {
  Writer w(MessageKind::hello);
  w.u32(hello.pid);
  w.u32(static_cast<std::uint32_t>(hello.callables.size()));
  for (const auto& c : hello.callables) w.str(c);
  w.u32(static_cast<std::uint32_t>(hello.protections.size()));
  for (const auto& p : hello.protections) w.str(p);
  return w.finish();
}

std::string encode(const RunRequest& request) {
  Writer w(MessageKind::run);
  w.raw(request.sequence_id);
  w.u8(request.observe);
  w.u8(request.count_blocks);
  w.u32(static_cast<std::uint32_t>(request.skip_observers.size()));
  for (std::uint32_t callable : request.skip_observers) w.u32(callable);
  w.u32(request.test_statements);
  w.u32(static_cast<std::uint32_t>(request.statements.size()));
  for (const auto& s : request.statements) {
    w.u32(s.callable);
    w.u32(static_cast<std::uint32_t>(s.inputs.size()));
    for (const auto& in : s.inputs) {
      w.u8(static_cast<std::uint8_t>(in.kind));
      switch (in.kind) {
        case InputKind::ref:
          w.u32(in.ref);
          break;
        case InputKind::null_pointer:
          break;
        case InputKind::boolean:
        case InputKind::signed_integer:
          w.raw(in.i);
          break;
        case InputKind::unsigned_integer:
          w.raw(in.u);
          break;
        case InputKind::floating:
          w.raw(in.d);
          break;
        case InputKind::string:
          w.str(in.s);
          break;
      }
    }
  }
  return w.finish();
}

std::string encode(const RunResult& result) {
  Writer w(MessageKind::result);
  w.raw(result.sequence_id);
  w.u32(static_cast<std::uint32_t>(result.statements.size()));
  for (const auto& s : result.statements) {
    w.u8(static_cast<std::uint8_t>(s.status));
    w.value(s.value);
    w.str(s.exception_type);
    w.str(s.message);
    w.u32(static_cast<std::uint32_t>(s.observations.size()));
    for (const auto& o : s.observations) {
      w.u32(o.callable);
      w.u32(o.object);
      w.u8(o.threw);
      w.value(o.value);
    }
    w.u32(static_cast<std::uint32_t>(s.profiles.size()));
    for (const auto& p : s.profiles) {
      w.u32(p.object);
      w.str(p.profile);
    }
  }
  w.refusals(result.refused);
  w.u32(static_cast<std::uint32_t>(result.new_blocks.size()));
  for (std::uint32_t block : result.new_blocks) w.u32(block);
  w.u32(static_cast<std::uint32_t>(result.reached_blocks.size()));
  for (std::uint32_t block : result.reached_blocks) w.u32(block);
  w.u32(result.total_blocks);
  return w.finish();
}

std::string encode(const Death& death) {
  Writer w(MessageKind::death);
  w.raw(death.sequence_id);
  w.raw(death.pid);
  w.raw(death.wait_status);
  w.raw(death.max_rss_kib);
  w.u8(death.started);
  w.raw(death.statement);
  w.raw(death.freed_statement);
  w.u32(death.phase);
  w.str(death.note);
  w.refusals(death.refused);
  return w.finish();
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
  Reader r(payload);
  Hello hello;
  hello.pid = r.u32();
  for (std::uint32_t n = r.count(); n > 0; --n) hello.callables.push_back(r.str());
  for (std::uint32_t n = r.count(); n > 0; --n) hello.protections.push_back(r.str());
  r.done();
  return hello;
}

RunRequest decode_run(const std::string& payload) {
  Reader r(payload);
  RunRequest request;
  request.sequence_id = r.raw<std::uint64_t>();
  request.observe = r.u8() != 0;
  request.count_blocks = r.u8() != 0;
  request.skip_observers.resize(r.count());
  for (auto& callable : request.skip_observers) callable = r.u32();
  request.test_statements = r.u32();
  request.statements.resize(r.count());
  for (auto& s : request.statements) {
    s.callable = r.u32();
    s.inputs.resize(r.count());
    for (auto& in : s.inputs) {
      in.kind = r.enumerator(InputKind::string);
      switch (in.kind) {
        case InputKind::ref:
          in.ref = r.u32();
          break;
        case InputKind::null_pointer:
          break;
        case InputKind::boolean:
        case InputKind::signed_integer:
          in.i = r.raw<std::int64_t>();
          break;
        case InputKind::unsigned_integer:
          in.u = r.raw<std::uint64_t>();
          break;
        case InputKind::floating:
          in.d = r.raw<double>();
          break;
        case InputKind::string:
          in.s = r.str();
          break;
      }
    }
  }
  r.done();
  return request;
}

RunResult decode_result(const std::string& payload) {
  Reader r(payload);
  RunResult result;
  result.sequence_id = r.raw<std::uint64_t>();
  result.statements.resize(r.count());
  for (auto& s : result.statements) {
    s.status = r.enumerator(StatementStatus::bad_request);
    s.value = r.value();
    s.exception_type = r.str();
    s.message = r.str();
    s.observations.resize(r.count());
    for (auto& o : s.observations) {
      o.callable = r.u32();
      o.object = r.u32();
      o.threw = r.u8() != 0;
      o.value = r.value();
    }
    s.profiles.resize(r.count());
    for (auto& p : s.profiles) {
      p.object = r.u32();
      p.profile = r.str();
    }
  }
  result.refused = r.refusals();
  result.new_blocks.resize(r.count());
  for (auto& block : result.new_blocks) block = r.u32();
  result.reached_blocks.resize(r.count());
  for (auto& block : result.reached_blocks) block = r.u32();
  result.total_blocks = r.u32();
  r.done();
  return result;
}

Death decode_death(const std::string& payload) {
  Reader r(payload);
  Death death;
  death.sequence_id = r.raw<std::uint64_t>();
  death.pid = r.raw<std::int32_t>();
  death.wait_status = r.raw<std::int32_t>();
  death.max_rss_kib = r.raw<std::int64_t>();
  death.started = r.u8() != 0;
  death.statement = r.raw<std::int32_t>();
  death.freed_statement = r.raw<std::int32_t>();
  death.phase = r.u32();
  death.note = r.str();
  death.refused = r.refusals();
  r.done();
  return death;
}

}  // namespace palus::harness::protocol
