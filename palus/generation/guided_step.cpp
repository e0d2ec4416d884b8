#include "palus/generation/guided_step.hpp"

#include "palus/generation/assemble.hpp"

namespace palus::generation {

namespace {

/// The call takes `object` (made by a sequence of its own, which becomes one of `parts`), or a
/// null where the parameter may be null. False when it can take neither.
template <typename Made>
bool take_object(std::optional<Made> object, const InputNeed& need, std::vector<Sequence>& parts,
                 std::vector<ChosenInput>& inputs) {
  if (!object) {
    if (!need.null_allowed) return false;
    inputs.push_back(ChosenInput::of(Input::null()));
    return true;
  }
  inputs.push_back(ChosenInput::from(static_cast<int>(parts.size()), object->statement));
  parts.push_back(std::move(object->sequence));
  return true;
}

}  // namespace

GuidedStep::GuidedStep(const Catalog& catalog, const LiteralPool& literals, const ModelGuide& guide,
                       const ObjectIndex& index, const DependentMethods& dependents, GuidedStepOptions options)
    : catalog_(catalog),
      literals_(literals),
      guide_(guide),
      index_(index),
      dependents_(dependents),
      options_(options) {}

Input GuidedStep::literal_for(const CallableInfo& callable, const InputNeed& need,
                              const models::SlotConstraint* constraint, Random& random) {
  const std::string param = need.param ? need.param->name : std::string();
  if (constraint && !constraint->values.empty() && !random.chance(options_.explore)) {
    if (auto value = recorded_input(need.type, random.one_of(constraint->values))) {
      ++counts_.recorded_values;
      if (!callable.callable) return *value;
      return literals_.neighbour(*value, *callable.callable, param, random);
    }
  }
  return literals_.pick(need.type, callable.callable, random, param);
}

std::optional<Tracked> GuidedStep::object_for(const InputNeed& need, const models::SlotConstraint* constraint,
                                              const Pool& pool, Random& random) {
  if (options_.constraints && constraint && !random.chance(options_.explore)) {
    if (!constraint->dependences.empty()) {
      const models::Dependence& dep = random.one_of(constraint->dependences);
      if (auto model = guide_.model_of(dep.cls); model && passes_as(catalog_.api, dep.cls, need.record)) {
        auto found = index_.by_state(NodeKey{*model, dep.node}, random);
        if (found && may_take(catalog_, found->sequence, found->statement, need)) {
          ++counts_.by_state;
          return found;
        }
      }
    }
    if (!constraint->profiles.empty()) {
      if (auto found = index_.by_profile(need.record, random.one_of(constraint->profiles), random)) {
        ++counts_.by_profile;
        return found;
      }
    }
  }
  if (auto pick = pool.pick(need.record, random, need.may_change)) {
    ++counts_.by_type;
    return Tracked{std::move(pick->sequence), pick->statement};
  }
  return std::nullopt;
}

std::optional<Tracked> GuidedStep::make(const GuidedTransition& t, const Tracked* base, const Pool& pool,
                                        Random& random) {
  const CallableInfo& callable = *t.callable;
  const int role = t.transition->role;
  std::vector<Sequence> parts;
  std::vector<ChosenInput> inputs;
  if (base) parts.push_back(base->sequence);
  for (std::uint32_t slot = 0; slot < callable.inputs.size(); ++slot) {
    const InputNeed& need = callable.inputs[slot];
    if (base && role == static_cast<int>(slot)) {
      // A transition that may change its object does not extend one reached as read-only.
      if (!may_take(catalog_, base->sequence, base->statement, need)) return std::nullopt;
      inputs.push_back(ChosenInput::from(0, base->statement));
      continue;
    }
    const models::SlotConstraint* constraint = t.constraint(slot);
    if (need.literal) {
      inputs.push_back(ChosenInput::of(literal_for(callable, need, constraint, random)));
      continue;
    }
    if (!take_object(object_for(need, constraint, pool, random), need, parts, inputs)) return std::nullopt;
  }
  auto made = assemble(parts, std::move(inputs), callable.index, options_.max_statements);
  if (!made) return std::nullopt;
  Tracked out;
  out.statement =
      role < 0 || !base ? static_cast<std::uint32_t>(made->sequence.size() - 1) : made->offsets[0] + base->statement;
  out.sequence = std::move(made->sequence);
  return out;
}

std::optional<Sequence> GuidedStep::with_dependent(const Tracked& made, const GuidedTransition& t, const Pool& pool,
                                                   Random& random) {
  if (!options_.dependents) return std::nullopt;
  const std::string& cls = guide_.model().classes[t.model].cls;
  const CallableInfo* dep = dependents_.pick(t.callable->id, random);
  if (!dep) return std::nullopt;
  std::vector<Sequence> parts{made.sequence};
  std::vector<ChosenInput> inputs;
  for (std::uint32_t slot = 0; slot < dep->inputs.size(); ++slot) {
    const InputNeed& need = dep->inputs[slot];
    if (need.literal) {
      inputs.push_back(ChosenInput::of(
          literals_.pick(need.type, dep->callable, random, need.param ? need.param->name : std::string())));
      continue;
    }
    // The dependent method acts on the object just worked on when it can take it.
    if (slot == 0 && dep->is_method && passes_as(catalog_.api, cls, need.record) &&
        may_take(catalog_, made.sequence, made.statement, need)) {
      inputs.push_back(ChosenInput::from(0, made.statement));
      continue;
    }
    if (!take_object(pool.pick(need.record, random, need.may_change), need, parts, inputs)) return std::nullopt;
  }
  auto longer = assemble(parts, std::move(inputs), dep->index, options_.max_statements);
  if (!longer) return std::nullopt;
  ++counts_.dependent_calls;
  return std::move(longer->sequence);
}

}  // namespace palus::generation
