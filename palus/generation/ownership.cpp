#include "palus/generation/ownership.hpp"

#include <algorithm>
#include <set>

#include "core/api_rules.hpp"
#include "core/names.hpp"

namespace palus::generation {
namespace {

bool related(const api::Class& a, const std::string& b) {
  return a.name == b || std::find(a.bases.begin(), a.bases.end(), b) != a.bases.end() ||
         std::find(a.subclasses.begin(), a.subclasses.end(), b) != a.subclasses.end();
}

/// Whether the library keeps track of objects of class `used` that depend on objects of class
/// `owner`: `owner` has a field naming `used` (a statement's pointer to its open result set), or
/// a method of `used` reads a field `owner` declares (a fail-fast iterator comparing its list's
/// modification count). A class and its bases tell nothing about each other this way.
bool tracks(const api::Api* api, const std::string& owner, const std::string& used) {
  const api::Class* o = (api ? api::find_class(*api, owner) : nullptr);
  const api::Class* u = (api ? api::find_class(*api, used) : nullptr);
  if (o == nullptr || u == nullptr || related(*o, used)) return false;
  for (const auto& f : o->fields)
    if (names::names_type(f.type.spelling, used)) return true;
  for (const auto& m : u->methods)
    for (const auto& read : m.reads)
      for (const auto& f : o->fields)
        if (read == owner + "::" + f.name) return true;
  return false;
}

/// The record type of the object statement `k` made, as input `i` of `reader` wants it.
std::string record_of(const CallableInfo& reader, std::size_t i) {
  return i < reader.inputs.size() ? reader.inputs[i].record : std::string();
}

std::optional<std::uint32_t> receiver_of(const Statement& s, const CallableInfo& info) {
  if (!info.is_method || s.inputs.empty() || s.inputs[0].kind != InputKind::ref) return std::nullopt;
  return s.inputs[0].ref;
}

/// Input `input` of statement `j` (an object it was given) and the objects earlier statements
/// made from it (a node from the document, an iterator from the node): what `j` may free through
/// that input.
std::set<std::uint32_t> derived_from(const Sequence& sequence, std::size_t j, std::uint32_t input) {
  std::set<std::uint32_t> derived;
  const auto& inputs = sequence[j].inputs;
  if (input >= inputs.size() || inputs[input].kind != InputKind::ref) return derived;
  derived.insert(inputs[input].ref);
  for (std::size_t k = 0; k < j; ++k)
    for (const Input& in : sequence[k].inputs)
      if (in.kind == InputKind::ref && derived.count(in.ref)) derived.insert(static_cast<std::uint32_t>(k));
  return derived;
}

}  // namespace

std::optional<FreesRule> freed_under_the_sequence(const harness::Outcome& outcome, const Sequence& sequence,
                                                  std::size_t failing, const Catalog& catalog) {
  if (outcome.kind != harness::OutcomeKind::sanitizer || outcome.sanitizer_kind != "heap-use-after-free")
    return std::nullopt;
  if (outcome.freed_in_callable < 0 || failing >= sequence.size() || outcome.phase != "call") return std::nullopt;
  const auto freeing = static_cast<std::uint32_t>(outcome.freed_in_callable);
  // The use in the failing call itself, freed by another callable: a call of the same callable
  // may have freed it in this very call (a library bug), which the stacks cannot tell apart.
  if (freeing >= catalog.callables.size() || freeing == sequence[failing].callable) return std::nullopt;
  if (outcome.used_in_callable >= 0 &&
      static_cast<std::uint32_t>(outcome.used_in_callable) != sequence[failing].callable)
    return std::nullopt;
  const CallableInfo& freer = catalog.callables[freeing];
  const std::string owner = freer.callable != nullptr ? freer.callable->owner : std::string();
  const CallableInfo& reader = catalog.callables[sequence[failing].callable];
  const auto& inputs = sequence[failing].inputs;
  // An earlier call of the freeing callable, the latest first.
  for (std::size_t j = failing; j-- > 0;) {
    if (sequence[j].callable != freeing) continue;
    const auto receiver = receiver_of(sequence[j], freer);
    for (std::uint32_t from = 0; from < sequence[j].inputs.size(); ++from) {
      const std::set<std::uint32_t> derived = derived_from(sequence, j, from);
      for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (inputs[i].kind != InputKind::ref || inputs[i].ref >= j || !derived.count(inputs[i].ref)) continue;
        if (receiver && *receiver == inputs[i].ref) continue;  // its own state: the library's to keep right
        const std::string used = record_of(reader, i);
        if (used.empty() || (!owner.empty() && tracks(catalog.api, owner, used))) continue;
        return FreesRule{freeing, used, from};
      }
    }
  }
  return std::nullopt;
}

bool uses_freed_object(const Sequence& sequence, const std::vector<FreesRule>& rules, const Catalog& catalog) {
  if (rules.empty()) return false;
  for (std::size_t j = 0; j < sequence.size(); ++j) {
    const std::uint32_t callable = sequence[j].callable;
    const auto rule =
        std::find_if(rules.begin(), rules.end(), [&](const FreesRule& r) { return r.freeing == callable; });
    if (rule == rules.end()) continue;
    const auto receiver = receiver_of(sequence[j], catalog.callables[callable]);
    for (const auto& r : rules) {
      if (r.freeing != callable) continue;
      const std::set<std::uint32_t> derived = derived_from(sequence, j, r.from_input);
      for (std::size_t k = j + 1; k < sequence.size(); ++k) {
        const CallableInfo& reader = catalog.callables[sequence[k].callable];
        const auto& inputs = sequence[k].inputs;
        for (std::size_t i = 0; i < inputs.size(); ++i) {
          if (inputs[i].kind != InputKind::ref || inputs[i].ref >= j || !derived.count(inputs[i].ref) ||
              (receiver && *receiver == inputs[i].ref))
            continue;
          if (r.dead == record_of(reader, i)) return true;
        }
      }
    }
  }
  return false;
}

std::string describe(const FreesRule& rule, const Catalog& catalog) {
  const CallableInfo& f = catalog.callables[rule.freeing];
  const std::string from = f.is_method && rule.from_input == 0 ? "its object"
                           : rule.from_input < f.inputs.size() && f.inputs[rule.from_input].param != nullptr
                               ? "`" + f.inputs[rule.from_input].param->name + "`"
                               : "input " + std::to_string(rule.from_input);
  return f.id + " frees the " + rule.dead + " objects made from " + from + " before it";
}

}  // namespace palus::generation
