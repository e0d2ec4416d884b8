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

/// Whether objects of `name` may point into what they were made from: a class with a raw pointer
/// field, or a field of such a class (pugixml's xml_node holds its node's address, xpath_node an
/// xml_node). A value that owns its data (a vector of literals) points into nothing.
bool handle_like(const api::Api* api, const std::string& name, int depth = 0) {
  const api::Class* cls = api != nullptr && !name.empty() ? api::find_class(*api, name) : nullptr;
  if (cls == nullptr) return false;
  return std::any_of(cls->fields.begin(), cls->fields.end(), [&](const api::Field& f) {
    if (f.is_static) return false;
    if (f.type.passing == api::Passing::pointer || f.type.passing == api::Passing::const_pointer) return true;
    return depth == 0 && f.type.category == api::TypeCategory::record && f.type.base != name &&
           handle_like(api, f.type.base, depth + 1);
  });
}

/// The record type statement `k` leaves in the pool ("" when none).
std::string made_type(const Sequence& sequence, std::uint32_t k, const Catalog& catalog) {
  const CallableInfo& maker = catalog.callables[sequence[k].callable];
  return maker.yields.empty() ? std::string() : maker.yields.front();
}

/// The object input `i` of statement `reader_at` uses that call `j` may have freed, nullopt when
/// none: the input itself when made before `j` from what `j` was given (`derived`), other than
/// `j`'s receiver; or, for a handle made after `j` (not by `j`), the object made before `j` it was
/// made from through handles only (a query result built after a reload from a node taken before
/// it still reads that node). Reaching `j`'s receiver that way means the object may be the
/// receiver's own, fresh state: the library's to keep right, so none.
std::optional<std::uint32_t> freed_part(const Sequence& sequence, std::size_t reader_at, std::size_t i, std::size_t j,
                                        const std::set<std::uint32_t>& derived, std::optional<std::uint32_t> receiver,
                                        const Catalog& catalog) {
  const auto& inputs = sequence[reader_at].inputs;
  if (inputs[i].kind != InputKind::ref || inputs[i].ref >= sequence.size()) return std::nullopt;
  const std::uint32_t used = inputs[i].ref;
  if (used < j) return derived.count(used) && !(receiver && *receiver == used) ? std::optional(used) : std::nullopt;
  std::optional<std::uint32_t> stale;
  std::vector<std::uint32_t> walk{used};
  std::set<std::uint32_t> seen{used};
  while (!walk.empty()) {
    const std::uint32_t k = walk.back();
    walk.pop_back();
    if (k < j) {
      if (receiver && *receiver == k) return std::nullopt;
      if (derived.count(k) && (!stale || k > *stale)) stale = k;
      continue;
    }
    if (k == j || !handle_like(catalog.api, made_type(sequence, k, catalog))) continue;
    for (const Input& in : sequence[k].inputs)
      if (in.kind == InputKind::ref && in.ref < k && seen.insert(in.ref).second) walk.push_back(in.ref);
  }
  return stale;
}

/// Whether `dead` names the freed object `part` as input `i` of statement `reader_at` uses it:
/// the type the reader wants, or one its statement made (the class or a base).
bool names_freed(const std::string& dead, const Sequence& sequence, std::size_t reader_at, std::size_t i,
                 std::uint32_t part, const Catalog& catalog) {
  const CallableInfo& reader = catalog.callables[sequence[reader_at].callable];
  if (part == sequence[reader_at].inputs[i].ref && dead == record_of(reader, i)) return true;
  const auto& yields = catalog.callables[sequence[part].callable].yields;
  return std::find(yields.begin(), yields.end(), dead) != yields.end();
}

}  // namespace

std::optional<FreesRule> freed_under_the_sequence(const harness::Outcome& outcome, const Sequence& sequence,
                                                  std::size_t failing, const Catalog& catalog, bool same_callable) {
  if (outcome.kind != harness::OutcomeKind::sanitizer || outcome.sanitizer_kind != "heap-use-after-free")
    return std::nullopt;
  if (outcome.freed_in_callable < 0 || failing >= sequence.size() || outcome.phase != "call") return std::nullopt;
  const auto freeing = static_cast<std::uint32_t>(outcome.freed_in_callable);
  if (freeing >= catalog.callables.size()) return std::nullopt;
  // Which statement freed it, when the harness saw the free: this very call is the library's own
  // use after free; an earlier call of the freeing callable is the only one to look at.
  const int freer_at = outcome.freed_statement;
  if (freer_at >= 0 && static_cast<std::size_t>(freer_at) >= failing) return std::nullopt;
  const bool exact = freer_at >= 0 && sequence[static_cast<std::size_t>(freer_at)].callable == freeing;
  // Freed by a call of the failing statement's own callable, not known which: this very call may
  // have freed it (a library bug), so only `same_callable` (a suspicion, not a rule) accepts it.
  if (freeing == sequence[failing].callable && !same_callable && !exact) return std::nullopt;
  if (outcome.used_in_callable >= 0 &&
      static_cast<std::uint32_t>(outcome.used_in_callable) != sequence[failing].callable)
    return std::nullopt;
  const CallableInfo& freer = catalog.callables[freeing];
  const std::string owner = freer.callable != nullptr ? freer.callable->owner : std::string();
  const CallableInfo& reader = catalog.callables[sequence[failing].callable];
  const auto& inputs = sequence[failing].inputs;
  // The failing call repeats the freeing one: only the very object an earlier call was given
  // (not its receiver, nor what was made from either) shows that call freed it. A sibling the
  // failing call was given may be reached through memory the library itself left dangling.
  const bool repeat = freeing == sequence[failing].callable;
  // An earlier call of the freeing callable, the latest first.
  for (std::size_t j = failing; j-- > 0;) {
    if (sequence[j].callable != freeing || (exact && j != static_cast<std::size_t>(freer_at))) continue;
    const auto receiver = receiver_of(sequence[j], freer);
    for (std::uint32_t from = 0; from < sequence[j].inputs.size(); ++from) {
      if (repeat && freer.is_method && from == 0) continue;
      const std::set<std::uint32_t> derived = derived_from(sequence, j, from);
      for (std::size_t i = 0; i < inputs.size(); ++i) {
        // Through the receiver itself: its own state, the library's to keep right.
        const auto part = freed_part(sequence, failing, i, j, derived, receiver, catalog);
        if (!part || (repeat && (inputs[i].kind != InputKind::ref || *part != inputs[i].ref ||
                                 *part != sequence[j].inputs[from].ref)))
          continue;
        const std::string used = record_of(reader, i);
        const std::string dead = *part == inputs[i].ref ? used : made_type(sequence, *part, catalog);
        if (used.empty() || dead.empty()) continue;
        if (!owner.empty() && (tracks(catalog.api, owner, used) || tracks(catalog.api, owner, dead))) continue;
        return FreesRule{freeing, dead, from};
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
        for (std::size_t i = 0; i < sequence[k].inputs.size(); ++i) {
          const auto part = freed_part(sequence, k, i, j, derived, receiver, catalog);
          if (part && names_freed(r.dead, sequence, k, i, *part, catalog)) return true;
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
