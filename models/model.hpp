#pragma once
// The call-sequence models of `palus model` (Palus §3.1, DESIGN §3): per class, a rooted graph
// whose transitions are calls on an object of the class, annotated with the argument constraints
// of §3.1.2 (recorded values, direct state-transition dependences, abstract object profiles).
// Written to model.yaml by model_yaml.hpp; the generator follows it (DESIGN §6).

#include <algorithm>
#include <bit>
#include <cmath>
#include <compare>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "models/trace_event.hpp"

namespace palus::models {

/// Transition::role of the transition that creates the object (it is the call's result).
inline constexpr int kResultRole = -1;

/// "An object in state `node` of `cls`'s model was passed here."
struct Dependence {
  std::string cls;
  std::uint32_t node = 0;
  bool operator==(const Dependence&) const = default;
  auto operator<=>(const Dependence&) const = default;
};

/// What was recorded for one input slot of a transition's call (an input other than the
/// model's object). Slots: for a non-static method 0 is the receiver and parameter k is slot
/// k + 1; for constructors, static methods and free functions parameter k is slot k.
struct SlotConstraint {
  std::uint32_t slot = 0;
  std::vector<TraceValue> values;       ///< primitives, strings, null pointers; distinct, in order seen
  std::vector<Dependence> dependences;  ///< distinct
  std::vector<std::string> profiles;    ///< abstract profiles of the argument object at the call; distinct
  bool operator==(const SlotConstraint& other) const;  ///< values compared by same_value (TraceValue has no ==)
};

struct Transition {
  std::uint32_t from = 0, to = 0;
  std::string callable;   ///< api.yaml callable id
  int role = 0;           ///< kResultRole, or the input slot the model's object occupies
  bool inferred = false;  ///< a creation assumed (defaulted constructor, not probed), never observed
  bool threw = false;     ///< the call was left by an exception
  std::uint32_t count = 0;
  std::vector<SlotConstraint> slots;  ///< sorted by slot; only slots with something recorded
  bool operator==(const Transition&) const = default;
};

struct Node {
  std::uint32_t id = 0;               ///< its index in ClassModel::nodes
  std::vector<std::string> profiles;  ///< exit profiles of objects reaching this node; distinct
  std::uint32_t objects = 0;          ///< objects whose path passed here (after kTail: visits summed)
  bool operator==(const Node&) const = default;
};

struct ClassModel {
  std::string cls;
  std::vector<Node> nodes;  ///< nodes[0] is the root
  std::vector<Transition> transitions;
  bool operator==(const ClassModel&) const = default;
};

struct Model {
  std::uint32_t ktail = 0;          ///< k of the kTail merge applied, 0 for none
  std::vector<ClassModel> classes;  ///< sorted by cls

  const ClassModel* find(std::string_view cls) const {
    const auto it = std::lower_bound(classes.begin(), classes.end(), cls,
                                     [](const ClassModel& c, std::string_view name) { return c.cls < name; });
    return it != classes.end() && it->cls == cls ? &*it : nullptr;
  }
  bool operator==(const Model&) const = default;
};

/// Orders recorded values by kind, then by the member that kind uses; doubles bit by bit, all NaNs
/// alike. Members a kind does not use (and the object identity and profile) are ignored.
inline std::strong_ordering compare_values(const TraceValue& a, const TraceValue& b) {
  using Kind = TraceValue::Kind;
  if (a.kind != b.kind) return a.kind <=> b.kind;
  switch (a.kind) {
    case Kind::boolean:
      return (a.i != 0) <=> (b.i != 0);
    case Kind::signed_integer:
      return a.i <=> b.i;
    case Kind::unsigned_integer:
      return a.u <=> b.u;
    case Kind::floating:
      if (std::isnan(a.d) || std::isnan(b.d)) return std::isnan(a.d) <=> std::isnan(b.d);
      return std::bit_cast<std::uint64_t>(a.d) <=> std::bit_cast<std::uint64_t>(b.d);
    case Kind::string:
      return a.s.compare(b.s) <=> 0;
    default:
      return std::strong_ordering::equal;
  }
}
inline bool same_value(const TraceValue& a, const TraceValue& b) { return compare_values(a, b) == 0; }

inline bool SlotConstraint::operator==(const SlotConstraint& other) const {
  return slot == other.slot && dependences == other.dependences && profiles == other.profiles &&
         std::equal(values.begin(), values.end(), other.values.begin(), other.values.end(), same_value);
}

/// What tells transitions apart when paths are merged: the same label from the same node leads to
/// the same node. Dependences, profiles and counts are not part of it.
struct TransitionLabel {
  std::string callable;
  int role = 0;
  bool threw = false;
  std::vector<std::pair<std::uint32_t, TraceValue>> values;  ///< (slot, value), sorted by slot

  friend std::strong_ordering operator<=>(const TransitionLabel& a, const TransitionLabel& b) {
    const auto head = std::tie(a.callable, a.role, a.threw) <=> std::tie(b.callable, b.role, b.threw);
    if (head != 0) return head;
    return std::lexicographical_compare_three_way(a.values.begin(), a.values.end(), b.values.begin(), b.values.end(),
                                                  [](const auto& x, const auto& y) {
                                                    if (x.first != y.first) return x.first <=> y.first;
                                                    return compare_values(x.second, y.second);
                                                  });
  }
  friend bool operator==(const TransitionLabel& a, const TransitionLabel& b) { return (a <=> b) == 0; }
};

inline TransitionLabel label_of(const Transition& t) {
  TransitionLabel label{t.callable, t.role, t.threw, {}};
  for (const auto& slot : t.slots) {
    for (const auto& value : slot.values) label.values.emplace_back(slot.slot, value);
  }
  return label;
}

namespace detail {
template <typename T, typename Same>
void add_distinct(std::vector<T>& into, const T& item, Same same) {
  if (std::none_of(into.begin(), into.end(), [&](const T& present) { return same(present, item); })) {
    into.push_back(item);
  }
}
}  // namespace detail

/// Adds what was recorded for one slot to `into`'s constraint of that slot (kept sorted by slot).
inline void add_constraint(std::vector<SlotConstraint>& into, const SlotConstraint& other) {
  auto it = std::lower_bound(into.begin(), into.end(), other.slot,
                             [](const SlotConstraint& c, std::uint32_t slot) { return c.slot < slot; });
  if (it == into.end() || it->slot != other.slot) it = into.insert(it, SlotConstraint{other.slot, {}, {}, {}});
  for (const auto& v : other.values) detail::add_distinct(it->values, v, same_value);
  for (const auto& d : other.dependences) detail::add_distinct(it->dependences, d, std::equal_to<>());
  for (const auto& p : other.profiles) detail::add_distinct(it->profiles, p, std::equal_to<>());
}

/// Folds `other` into `into`, a transition with the same label between the same nodes: counts
/// add, constraints unite, and the pair is inferred only if both were.
inline void absorb(Transition& into, const Transition& other) {
  into.count += other.count;
  into.inferred = into.inferred && other.inferred;
  for (const auto& slot : other.slots) add_constraint(into.slots, slot);
}

}  // namespace palus::models
