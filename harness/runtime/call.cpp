#include "demangle.hpp"
#include "palus_harness.hpp"

namespace palus::harness {
namespace {

/// Follows registered derived-to-base casts from `have` until `wanted` (depth-first, few levels).
void* upcast(void* object, const std::type_info& have, const std::type_info& wanted, int depth = 0) {
  if (have == wanted) return object;
  if (depth > 8) return nullptr;
  for (const auto& u : registry().upcasts) {
    if (*u.derived != have) continue;
    if (void* found = upcast(u.cast(object), *u.base, wanted, depth + 1)) return found;
  }
  return nullptr;
}

}  // namespace

void fill_text(protocol::Value& v, std::string_view text) {
  v.kind = protocol::ValueKind::string;
  v.s.assign(text.data(), text.size());
}

void fill_c_text(protocol::Value& v, const char* text) {
  if (text == nullptr) {
    v.kind = protocol::ValueKind::none;
    return;
  }
  fill_text(v, text);
}

const protocol::Input& Call::input(std::size_t i) const {
  if (i >= statement_.inputs.size()) {
    throw BadRequest{"the callable needs input " + std::to_string(i) + " but got " +
                     std::to_string(statement_.inputs.size())};
  }
  return statement_.inputs[i];
}

const std::string& Call::text(std::size_t i) {
  const protocol::Input& in = input(i);
  if (in.kind != protocol::InputKind::string) throw BadRequest{"input " + std::to_string(i) + " is not a string"};
  return in.s;
}

const char* Call::c_text(std::size_t i) {
  const protocol::Input& in = input(i);
  if (in.kind == protocol::InputKind::null_pointer) return nullptr;
  return text(i).c_str();
}

void* Call::address(std::size_t i, const std::type_info& wanted, bool null_allowed) {
  const protocol::Input& in = input(i);
  if (in.kind == protocol::InputKind::null_pointer) {
    if (null_allowed) return nullptr;
    throw InvalidInput{"null passed for a " + demangle(wanted.name()) + " object"};
  }
  if (in.kind != protocol::InputKind::ref) throw BadRequest{"input " + std::to_string(i) + " is not an object"};
  if (in.ref >= pool_.size()) throw BadRequest{"input " + std::to_string(i) + " refers to a later statement"};
  const Slot& slot = pool_[in.ref];
  if (slot.type == nullptr) throw BadRequest{"statement " + std::to_string(in.ref) + " produced no object"};
  void* object = slot.object;
  const std::type_info* type = slot.type;
  if (slot.deref != nullptr && *slot.type != wanted) {
    object = slot.deref(slot.object);
    type = slot.pointee_type;
  }
  if (object == nullptr) {
    if (null_allowed) return nullptr;
    throw InvalidInput{"statement " + std::to_string(in.ref) + " gave a null " + demangle(type->name())};
  }
  if (void* found = upcast(object, *type, wanted)) return found;
  throw BadRequest{"statement " + std::to_string(in.ref) + " holds a " + demangle(type->name()) + ", not a " +
                   demangle(wanted.name())};
}

void Call::store(const Slot& slot) {
  Slot& target = pool_.back();  // the interpreter appends this statement's slot before the call
  if (target.type != nullptr) throw BadRequest{"a statement stored two results"};
  target = slot;
  result_.value.kind = slot.object ? protocol::ValueKind::object : protocol::ValueKind::none;
  if (slot.object) result_.value.s = demangle(slot.type->name());
}

bool Observer::skipped(std::uint32_t callable) const {
  return std::binary_search(skip_.begin(), skip_.end(), callable);
}

void Observer::add(protocol::Observation&& o) { out_.push_back(std::move(o)); }

}  // namespace palus::harness
