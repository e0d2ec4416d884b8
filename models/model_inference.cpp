#include "models/model_inference.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/api_rules.hpp"
#include "core/error.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "models/ktail.hpp"

namespace palus::models {
namespace {

constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

using text::trim;

/// The class a smart pointer stands for: "ns::T" of "std::shared_ptr<const ns::T>"; "" for other types.
std::string_view smart_pointee_class(std::string_view type) {
  std::string_view inner = names::smart_pointee(type);
  if (inner.starts_with("const ")) inner.remove_prefix(6);
  if (inner.ends_with(" const")) inner.remove_suffix(6);
  return trim(inner);
}

/// The api facts inference asks about, indexed by id and class name.
class ApiIndex {
 public:
  explicit ApiIndex(const api::Api& api) {
    for (const auto& cls : api.classes) {
      class_names_.emplace(cls.name, cls.name);
      classes_.emplace(cls.name, &cls);
      if (cls.instantiates) class_names_.emplace(*cls.instantiates, cls.name);
      for (const auto& constructor : cls.constructors) {
        callables_.emplace(constructor.id, &constructor);
        if (constructor.params.empty()) default_constructors_.emplace(cls.name, &constructor);
      }
      for (const auto& method : cls.methods) callables_.emplace(method.id, &method);
    }
    for (const auto& function : api.functions) callables_.emplace(function.id, &function);
  }

  const api::Callable* callable(const std::string& id) const {
    const auto it = callables_.find(id);
    return it == callables_.end() ? nullptr : it->second;
  }

  /// The api class `spelling` names, by its name or the instantiation it aliases; "" for none.
  std::string class_named(std::string_view spelling) const {
    spelling = trim(spelling);
    if (spelling.starts_with("::")) spelling.remove_prefix(2);
    const auto it = class_names_.find(std::string(spelling));
    return it == class_names_.end() ? std::string() : it->second;
  }

  /// The api class of a parameter's type; nullptr when it names none.
  const api::Class* class_of(const api::TypeRef& type) const {
    const auto it = classes_.find(class_named(type.base));
    return it == classes_.end() ? nullptr : it->second;
  }

  /// Whether api class `derived` has `base` among its bases, directly or further up.
  bool derives(const std::string& derived, const std::string& base) const {
    const auto it = classes_.find(derived);
    if (it == classes_.end() || derived == base) return false;
    for (const std::string& direct : it->second->bases)
      if (class_named(direct) == base || derives(class_named(direct), base)) return true;
    return false;
  }

  const api::Callable* default_constructor(const std::string& cls) const {
    const auto it = default_constructors_.find(cls);
    return it == default_constructors_.end() ? nullptr : it->second;
  }

  /// Whether `callable` hands an object of `cls` to its caller: T, T&, T*, unique_ptr<T>, shared_ptr<T>.
  bool yields(const api::Callable& callable, const std::string& cls) const {
    if (callable.kind == api::CallableKind::constructor) return false;
    const std::string& base = callable.result.base;
    return class_named(base) == cls || class_named(smart_pointee_class(base)) == cls;
  }

 private:
  std::map<std::string, const api::Callable*> callables_;
  std::map<std::string, std::string> class_names_;
  std::map<std::string, const api::Class*> classes_;
  std::map<std::string, const api::Callable*> default_constructors_;
};

/// Where each call's enter and exit events are, by (thread, call number).
class CallIndex {
 public:
  explicit CallIndex(const std::vector<TraceEvent>& events) : events_(events) {
    for (std::size_t i = 0; i < events.size(); ++i) {
      const TraceEvent& e = events[i];
      if (e.kind == EventKind::enter) enters_.emplace(std::pair(e.thread, e.call), i);
      if (e.kind == EventKind::exit) exits_.emplace(std::pair(e.thread, e.call), i);
    }
  }

  std::size_t enter_of(const TraceEvent& e) const { return find(enters_, e.thread, e.call); }
  std::size_t exit_of(std::size_t enter) const { return find(exits_, events_[enter].thread, events_[enter].call); }

  /// The outermost call (parent 0) that the call entered at `enter` runs in: itself when it is
  /// outermost; kNone when an ancestor is missing from the trace.
  std::size_t outermost(std::size_t enter) const {
    for (std::size_t steps = 0; enter != kNone && steps <= events_.size(); ++steps) {
      const TraceEvent& e = events_[enter];
      if (e.parent == 0) return enter;
      enter = find(enters_, e.thread, e.parent);
    }
    return kNone;
  }

 private:
  using Key = std::pair<std::uint32_t, std::uint64_t>;
  static std::size_t find(const std::map<Key, std::size_t>& in, std::uint32_t thread, std::uint64_t call) {
    const auto it = in.find({thread, call});
    return it == in.end() ? kNone : it->second;
  }

  const std::vector<TraceEvent>& events_;
  std::map<Key, std::size_t> enters_, exits_;
};

/// One object: an identity from its first_seen event to its object_end (identities are reused).
struct Instance {
  std::string cls;                  ///< its api class; "" when its class is not one
  std::size_t constructor = kNone;  ///< its last constructor before any other event on it (most derived)
  std::size_t first_call = kNone;   ///< its first event that is not a constructor nor inside one
  std::size_t end = kNone;          ///< its object_end
};

/// The instances the receiver and the object arguments of each event refer to.
struct EventObjects {
  std::size_t self = kNone;
  std::vector<std::size_t> args;
};

struct Identities {
  std::vector<Instance> instances;
  std::vector<EventObjects> of_event;
};

Identities identify_objects(const std::vector<TraceEvent>& events, const std::vector<ProbeInfo>& probes,
                            const CallIndex& calls, const ApiIndex& api) {
  Identities ids;
  ids.of_event.resize(events.size());
  std::vector<std::string> owners;               // per instance: the class its probes name
  std::map<std::uint64_t, std::size_t> current;  // identity -> the instance holding it now
  auto instance_of = [&](std::uint64_t identity) {
    const auto it = current.find(identity);
    return it == current.end() ? kNone : it->second;
  };
  auto within_constructor = [&](const Instance& o, std::size_t event) {
    if (o.constructor == kNone || events[o.constructor].thread != events[event].thread) return false;
    const std::size_t exit = calls.exit_of(o.constructor);
    return exit == kNone || exit > event;
  };
  for (std::size_t i = 0; i < events.size(); ++i) {
    const TraceEvent& e = events[i];
    EventObjects& objects = ids.of_event[i];
    if (e.kind == EventKind::object_end) {
      if (const std::size_t o = instance_of(e.self); o != kNone) {
        ids.instances[o].end = i;
        current.erase(e.self);
      }
      continue;
    }
    if (e.kind == EventKind::exit) {
      if (const std::size_t enter = calls.enter_of(e); enter != kNone) objects.self = ids.of_event[enter].self;
      continue;
    }
    for (const TraceValue& arg : e.args) {
      objects.args.push_back(arg.kind == TraceValue::Kind::object && arg.object != 0 ? instance_of(arg.object) : kNone);
    }
    if (e.self == 0) continue;
    if (e.first_seen || instance_of(e.self) == kNone) {
      current[e.self] = ids.instances.size();
      ids.instances.emplace_back();
      owners.emplace_back();
    }
    objects.self = current[e.self];
    Instance& o = ids.instances[objects.self];
    const ProbeInfo& probe = probes[e.callable];
    if (o.first_call != kNone) {
      // A derived class's constructor after a call its member initialiser made on the base
      // (`Derived() : Base(), n_(size())`): still the object's own.
      if (probe.role != ProbeRole::constructor ||
          !api.derives(api.class_named(probe.owner), api.class_named(owners[objects.self])))
        continue;
      o.first_call = kNone;
    }
    // What a constructor calls on its object (a base's constructor calling an init method) is
    // part of being constructed: a derived class's constructor that follows is still the last.
    if (probe.role != ProbeRole::constructor && within_constructor(o, i)) continue;
    if (probe.role == ProbeRole::constructor) {
      o.constructor = i;
      owners[objects.self] = probe.owner;
    } else {
      o.first_call = i;
      if (o.constructor == kNone && probe.role == ProbeRole::method) owners[objects.self] = probe.owner;
    }
  }
  for (std::size_t o = 0; o < ids.instances.size(); ++o) ids.instances[o].cls = api.class_named(owners[o]);
  return ids;
}

/// How an object begins its model path: the outermost call that creates it (observed), or, for
/// an inferred creation, the outermost call that first saw it.
struct Creation {
  std::size_t call = kNone;
  bool inferred = false;
};

class CreationFinder {
 public:
  CreationFinder(const std::vector<TraceEvent>& events, const std::vector<ProbeInfo>& probes, const CallIndex& calls,
                 const ApiIndex& api)
      : events_(events), probes_(probes), calls_(calls), api_(api) {}

  Creation operator()(const Instance& o) const {
    if (o.cls.empty()) return {};
    if (o.constructor != kNone) return made_in_call(o, o.constructor);
    if (o.first_call == kNone || probes_[events_[o.first_call].callable].role != ProbeRole::method) return {};
    if (events_[o.first_call].parent != 0) return made_in_call(o, o.first_call);
    if (api_.default_constructor(o.cls) == nullptr) return {};
    return {o.first_call, true};
  }

 private:
  /// `event`, on the object, began it: the outermost call around it creates it if that call, an
  /// api callable, returns normally and is the constructor itself or hands the object, still
  /// alive, to its caller.
  Creation made_in_call(const Instance& o, std::size_t event) const {
    const std::size_t outer = calls_.outermost(event);
    if (outer == kNone) return {};
    const std::size_t exit = calls_.exit_of(outer);
    if (exit == kNone || events_[exit].threw) return {};
    const api::Callable* callable = api_.callable(probes_[events_[outer].callable].id);
    if (callable == nullptr) return {};
    if (outer == event) return {outer, false};
    const bool alive_after = o.end == kNone || o.end > exit;
    return alive_after && api_.yields(*callable, o.cls) ? Creation{outer, false} : Creation{};
  }

  const std::vector<TraceEvent>& events_;
  const std::vector<ProbeInfo>& probes_;
  const CallIndex& calls_;
  const ApiIndex& api_;
};

/// The model of one class while paths are added: a prefix tree on transition labels.
class ClassTrie {
 public:
  explicit ClassTrie(std::string cls) {
    model_.cls = std::move(cls);
    model_.nodes.push_back(Node{});
  }

  /// An object starts its path at the root.
  std::uint32_t start() {
    ++model_.nodes[0].objects;
    return 0;
  }

  /// Follows the transition labelled like `step` from `from`, adding it and its target when new.
  std::uint32_t follow(std::uint32_t from, Transition step) {
    step.from = from;
    const auto [it, added] = index_.try_emplace({from, label_of(step)}, model_.transitions.size());
    if (added) {
      step.to = static_cast<std::uint32_t>(model_.nodes.size());
      model_.nodes.push_back(Node{step.to, {}, 0});
      model_.transitions.push_back(std::move(step));
    } else {
      absorb(model_.transitions[it->second], step);
    }
    const std::uint32_t to = model_.transitions[it->second].to;
    ++model_.nodes[to].objects;
    return to;
  }

  void add_profile(std::uint32_t node, const std::string& profile) {
    if (!profile.empty()) detail::add_distinct(model_.nodes[node].profiles, profile, std::equal_to<>());
  }

  ClassModel take() && { return std::move(model_); }

 private:
  ClassModel model_;
  std::map<std::pair<std::uint32_t, TransitionLabel>, std::size_t> index_;
};

bool records_value(TraceValue::Kind kind) {
  using Kind = TraceValue::Kind;
  return kind != Kind::none && kind != Kind::object;
}

/// The value with only the members its kind uses, so that equal values compare equal member-wise.
TraceValue value_only(const TraceValue& v) {
  using Kind = TraceValue::Kind;
  TraceValue out;
  out.kind = v.kind;
  if (v.kind == Kind::boolean || v.kind == Kind::signed_integer)
    out.i = v.kind == Kind::boolean ? v.i != 0 : v.i;
  else if (v.kind == Kind::unsigned_integer)
    out.u = v.u;
  else if (v.kind == Kind::floating)
    out.d = v.d;
  else if (v.kind == Kind::string)
    out.s = v.s;
  return out;
}

/// One input slot of an outermost call.
struct Input {
  std::uint32_t slot = 0;
  const TraceValue* value = nullptr;  ///< nullptr for the receiver
  std::size_t object = kNone;         ///< the instance there, if any
  std::string_view profile;
  bool mutable_object = false;  ///< the call may change it (api::may_change)
};

/// Replays the trace in order, moving every object with a model along its path.
class ModelBuilder {
 public:
  ModelBuilder(const Trace& trace, const std::vector<ProbeInfo>& probes, const ApiIndex& api, const CallIndex& calls,
               const Identities& ids)
      : events_(trace.events),
        probes_(probes),
        api_(api),
        calls_(calls),
        ids_(ids),
        creations_(ids.instances.size()),
        node_(ids.instances.size(), kNotOnPath),
        latest_profile_(ids.instances.size()) {
    const CreationFinder find_creation(events_, probes_, calls_, api_);
    for (std::size_t o = 0; o < ids.instances.size(); ++o) {
      creations_[o] = find_creation(ids.instances[o]);
      if (creations_[o].call != kNone && !creations_[o].inferred) created_in_[creations_[o].call].push_back(o);
    }
  }

  Model build() {
    for (std::size_t i = 0; i < events_.size(); ++i) {
      const TraceEvent& e = events_[i];
      if (e.kind == EventKind::enter && e.parent == 0) outermost_call(i);
      note_profiles(i);
      if (e.kind == EventKind::exit) record_exit_profiles(calls_.enter_of(e));
    }
    Model model;
    for (auto& [cls, trie] : tries_) model.classes.push_back(std::move(trie).take());
    return model;
  }

 private:
  static constexpr std::uint32_t kNotOnPath = std::numeric_limits<std::uint32_t>::max();

  bool on_path(std::size_t o) const { return o != kNone && node_[o] != kNotOnPath; }
  ClassTrie& trie(std::size_t o) {
    const std::string& cls = ids_.instances[o].cls;
    return tries_.try_emplace(cls, cls).first->second;
  }

  void outermost_call(std::size_t i) {
    const TraceEvent& e = events_[i];
    const ProbeInfo& probe = probes_[e.callable];
    const std::size_t self = ids_.of_event[i].self;
    if (self != kNone && creations_[self].inferred && creations_[self].call == i) start_inferred(self, e.profile);
    const api::Callable* callable = probe.role == ProbeRole::destructor ? nullptr : api_.callable(probe.id);
    if (callable == nullptr) return;
    const std::vector<Input> inputs = inputs_of(i, *callable);
    std::vector<std::optional<Dependence>> dependences;  // taken before anyone moves
    for (const Input& input : inputs) {
      dependences.push_back(on_path(input.object)
                                ? std::optional(Dependence{ids_.instances[input.object].cls, node_[input.object]})
                                : std::nullopt);
    }
    const std::size_t exit = calls_.exit_of(i);
    const bool threw = exit != kNone && events_[exit].threw;

    std::vector<std::pair<std::size_t, int>> movers;  // (instance, role)
    if (const auto created = created_in_.find(i); created != created_in_.end()) {
      for (std::size_t o : created->second) {
        node_[o] = trie(o).start();
        movers.emplace_back(o, kResultRole);
      }
    }
    for (const Input& input : inputs) {
      const bool moves = input.value == nullptr || input.mutable_object;  // the receiver or a mutable argument
      const bool already =
          std::any_of(movers.begin(), movers.end(), [&](const auto& m) { return m.first == input.object; });
      if (moves && on_path(input.object) && !already) movers.emplace_back(input.object, static_cast<int>(input.slot));
    }

    for (const auto& [o, role] : movers) {
      Transition step{0, 0, probe.id, role, false, threw, 1, {}};
      for (std::size_t k = 0; k < inputs.size(); ++k) {
        if (static_cast<int>(inputs[k].slot) == role) continue;
        SlotConstraint constraint{inputs[k].slot, {}, {}, {}};
        if (inputs[k].value != nullptr && records_value(inputs[k].value->kind)) {
          constraint.values.push_back(value_only(*inputs[k].value));
        }
        if (dependences[k]) constraint.dependences.push_back(*dependences[k]);
        if (!inputs[k].profile.empty()) constraint.profiles.emplace_back(inputs[k].profile);
        if (!constraint.values.empty() || !constraint.dependences.empty() || !constraint.profiles.empty()) {
          step.slots.push_back(std::move(constraint));
        }
      }
      node_[o] = trie(o).follow(node_[o], std::move(step));
      pending_exit_profiles_[i].emplace_back(o, node_[o]);
    }
  }

  /// The object, first seen by a method call, was made by its class's default constructor.
  void start_inferred(std::size_t o, const std::string& profile_before_call) {
    const api::Callable* constructor = api_.default_constructor(ids_.instances[o].cls);
    ClassTrie& model = trie(o);
    node_[o] = model.follow(model.start(), Transition{0, 0, constructor->id, kResultRole, true, false, 1, {}});
    model.add_profile(node_[o], profile_before_call);
  }

  std::vector<Input> inputs_of(std::size_t i, const api::Callable& callable) const {
    const TraceEvent& e = events_[i];
    const EventObjects& objects = ids_.of_event[i];
    std::vector<Input> inputs;
    const bool has_receiver = callable.kind == api::CallableKind::method && e.self != 0;
    if (has_receiver) inputs.push_back(Input{0, nullptr, objects.self, e.profile, true});
    for (std::size_t k = 0; k < e.args.size(); ++k) {
      const bool mutable_object = k < callable.params.size() &&
                                  api::may_change(callable.params[k].type, api_.class_of(callable.params[k].type));
      inputs.push_back(Input{static_cast<std::uint32_t>(k + (has_receiver ? 1 : 0)), &e.args[k], objects.args[k],
                             e.args[k].profile, mutable_object});
    }
    return inputs;
  }

  /// Keeps the last profile seen of every object, for the node it reaches when its call returns.
  void note_profiles(std::size_t i) {
    const TraceEvent& e = events_[i];
    const EventObjects& objects = ids_.of_event[i];
    if (objects.self != kNone && !e.profile.empty()) latest_profile_[objects.self] = e.profile;
    for (std::size_t k = 0; k < objects.args.size(); ++k) {
      if (objects.args[k] != kNone && !e.args[k].profile.empty()) latest_profile_[objects.args[k]] = e.args[k].profile;
    }
  }

  void record_exit_profiles(std::size_t enter) {
    const auto pending = pending_exit_profiles_.find(enter);
    if (pending == pending_exit_profiles_.end()) return;
    for (const auto& [o, node] : pending->second) trie(o).add_profile(node, latest_profile_[o]);
    pending_exit_profiles_.erase(pending);
  }

  const std::vector<TraceEvent>& events_;
  const std::vector<ProbeInfo>& probes_;
  const ApiIndex& api_;
  const CallIndex& calls_;
  const Identities& ids_;
  std::vector<Creation> creations_;
  std::map<std::size_t, std::vector<std::size_t>> created_in_;  // outermost call -> objects it creates
  std::vector<std::uint32_t> node_;                             // per instance: where its path is
  std::vector<std::string> latest_profile_;
  std::map<std::size_t, std::vector<std::pair<std::size_t, std::uint32_t>>> pending_exit_profiles_;
  std::map<std::string, ClassTrie> tries_;
};

void check_probe_indexes(const Trace& trace, const std::vector<ProbeInfo>& probes) {
  for (std::size_t i = 0; i < trace.events.size(); ++i) {
    const TraceEvent& e = trace.events[i];
    if (e.kind != EventKind::object_end && e.callable >= probes.size()) {
      throw UserError(
          fmt::format("trace event {} names probe {}, but the probe table has {} probes "
                      "(the trace and probes.yaml do not belong together; rerun 'palus trace')",
                      i, e.callable, probes.size()));
    }
  }
}

}  // namespace

Model infer_model(const Trace& trace, const std::vector<ProbeInfo>& probes, const api::Api& api, std::uint32_t ktail) {
  check_probe_indexes(trace, probes);
  const ApiIndex api_index(api);
  const CallIndex calls(trace.events);
  const Identities ids = identify_objects(trace.events, probes, calls, api_index);
  Model model = ModelBuilder(trace, probes, api_index, calls, ids).build();
  merge_ktail(model, ktail);
  return model;
}

}  // namespace palus::models
