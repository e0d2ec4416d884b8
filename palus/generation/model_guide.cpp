#include "palus/generation/model_guide.hpp"

#include <algorithm>
#include <cmath>

#include "core/api_rules.hpp"
#include "palus/generation/scalar_type.hpp"

namespace palus::generation {

using models::TraceValue;

const models::SlotConstraint* GuidedTransition::constraint(std::uint32_t slot) const {
  for (const auto& c : transition->slots)
    if (c.slot == slot) return &c;
  return nullptr;
}

bool passes_as(const api::Api* api, const std::string& cls, const std::string& record) {
  if (cls == record) return true;
  if (!api) return false;
  for (const auto& c : api->classes)
    if (c.name == cls) return std::find(c.bases.begin(), c.bases.end(), record) != c.bases.end();
  return false;
}

namespace {

/// Whether following `t` leaves the model's object where the model expects it.
bool can_follow(const models::Transition& t, const std::string& cls, const CallableInfo& info, const api::Api* api) {
  if (!info.usable || info.is_check()) return false;
  if (t.role < 0) return std::find(info.yields.begin(), info.yields.end(), cls) != info.yields.end();
  const auto slot = static_cast<std::size_t>(t.role);
  return slot < info.inputs.size() && !info.inputs[slot].literal && passes_as(api, cls, info.inputs[slot].record);
}

}  // namespace

ModelGuide::ModelGuide(const models::Model& model, const Catalog& catalog) : model_(model) {
  std::map<std::string, const CallableInfo*> by_id;
  for (const auto& c : catalog.callables)
    if (!c.is_check()) by_id.emplace(c.id, &c);
  std::set<std::string> covered;
  for (std::uint32_t m = 0; m < model.classes.size(); ++m) {
    const models::ClassModel& cm = model.classes[m];
    model_by_class_.emplace(cm.cls, m);
    for (const auto& t : cm.transitions) {
      auto found = by_id.find(t.callable);
      if (found == by_id.end() || !can_follow(t, cm.cls, *found->second, catalog.api)) {
        ++unfollowable_;
        continue;
      }
      ++followable_;
      covered.insert(t.callable);
      outgoing_[NodeKey{m, t.from}].push_back(GuidedTransition{m, &t, found->second});
    }
    if (outgoing_.count(NodeKey{m, 0})) rooted_.push_back(m);
  }
  for (const auto& c : catalog.callables)
    if (c.usable && !c.is_check() && !covered.count(c.id)) uncovered_.push_back(&c);
}

const std::vector<GuidedTransition>& ModelGuide::outgoing(NodeKey node) const {
  static const std::vector<GuidedTransition> none;
  auto found = outgoing_.find(node);
  return found == outgoing_.end() ? none : found->second;
}

std::optional<std::uint32_t> ModelGuide::model_of(const std::string& cls) const {
  auto found = model_by_class_.find(cls);
  if (found == model_by_class_.end()) return std::nullopt;
  return found->second;
}

std::optional<Input> recorded_input(const api::TypeRef& type, const TraceValue& value) {
  using Kind = TraceValue::Kind;
  using api::TypeCategory;
  const bool pointer = api::is_pointer(type.passing);
  // A stream is made fresh (or from a drawn string), never what the sample passed.
  if (type.category == TypeCategory::istream || type.category == TypeCategory::ostream ||
      type.category == TypeCategory::function_pointer)
    return std::nullopt;
  if (value.kind == Kind::null_pointer) {
    if (pointer || type.category == TypeCategory::cstring) return Input::null();
    return std::nullopt;
  }
  // A number as the sample passed it, whichever way it was recorded.
  const bool numeric = value.kind == Kind::boolean || value.kind == Kind::signed_integer ||
                       value.kind == Kind::unsigned_integer || value.kind == Kind::floating;
  const double as_double = value.kind == Kind::floating           ? value.d
                           : value.kind == Kind::unsigned_integer ? static_cast<double>(value.u)
                                                                  : static_cast<double>(value.i);
  switch (type.category) {
    case TypeCategory::boolean:
      if (!numeric) return std::nullopt;
      return Input::boolean(as_double != 0);
    case TypeCategory::integer:
    case TypeCategory::character:
    case TypeCategory::enumeration: {
      if (!numeric || (value.kind == Kind::floating && !std::isfinite(value.d))) return std::nullopt;
      const ScalarType scalar = scalar_type(type.base);
      if (type.category == TypeCategory::enumeration || scalar.is_signed) {
        if (value.kind == Kind::unsigned_integer) return Input::integer(static_cast<std::int64_t>(value.u));
        if (value.kind == Kind::floating) return Input::integer(static_cast<std::int64_t>(value.d));
        return Input::integer(value.i);
      }
      if (value.kind == Kind::signed_integer || value.kind == Kind::boolean)
        return Input::unsigned_integer(static_cast<std::uint64_t>(value.i));
      if (value.kind == Kind::floating) return Input::unsigned_integer(static_cast<std::uint64_t>(value.d));
      return Input::unsigned_integer(value.u);
    }
    case TypeCategory::floating:
      if (!numeric) return std::nullopt;
      return Input::floating(as_double);
    case TypeCategory::string:
    case TypeCategory::cstring:
      if (value.kind != Kind::string) return std::nullopt;
      return Input::string(value.s);
    default:
      return std::nullopt;
  }
}

}  // namespace palus::generation
