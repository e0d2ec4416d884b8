#include "callable_plan.hpp"

#include <map>
#include <optional>

#include "core/api_rules.hpp"
#include "core/names.hpp"

namespace palus::harness {
namespace {

using api::TypeCategory;

/// Why a parameter cannot be supplied, or nothing when it can.
std::optional<std::string> param_problem(const api::Param& p, const std::set<std::string>& produced) {
  const api::TypeRef& t = p.type;
  // A `const wchar_t*` is wide text, as a C string is narrow text.
  const bool wide_text = t.category == TypeCategory::character && t.passing == api::Passing::const_pointer;
  if ((t.category == TypeCategory::string || t.category == TypeCategory::cstring || wide_text) && is_wide(t.base))
    return "parameter '" + p.name + "': wide strings are not supported";
  if (is_literal(t.category)) return std::nullopt;
  if (t.category == TypeCategory::record) {
    if (produced.count(t.base) == 0) return "parameter '" + p.name + "': nothing produces a " + t.base;
    return std::nullopt;
  }
  return "parameter '" + p.name + "': type " + t.spelling + " cannot be passed";
}

/// Why the harness cannot call `c` whatever its inputs, from its name; nothing when it can. (A type
/// the headers only declare shows when harness.cpp is compiled: palus harness leaves the callable
/// out then, with that reason.)
std::optional<std::string> name_problem(const api::Callable& c) {
  // The safe-bool idiom: `operator unspecified_bool_type() const`, a conversion to a function
  // pointer, which no call expression can name.
  if (c.name.rfind("operator ", 0) == 0 &&
      (c.name.find("(*)") != std::string::npos || c.name.find("(&)") != std::string::npos))
    return "a conversion to a function pointer type (the safe-bool idiom) cannot be named in a call";
  return std::nullopt;
}

}  // namespace

bool is_wide(const std::string& base) {
  return base.find("wchar_t") != std::string::npos || base.find("char16_t") != std::string::npos ||
         base.find("char32_t") != std::string::npos || base.find("char8_t") != std::string::npos ||
         base.find("wstring") != std::string::npos || base.find("u16string") != std::string::npos ||
         base.find("u32string") != std::string::npos;
}

bool is_scalar(TypeCategory c) {
  return c == TypeCategory::boolean || c == TypeCategory::integer || c == TypeCategory::floating ||
         c == TypeCategory::character || c == TypeCategory::enumeration;
}

bool is_literal(TypeCategory c) {
  return is_scalar(c) || c == TypeCategory::string || c == TypeCategory::cstring || c == TypeCategory::istream ||
         c == TypeCategory::ostream || c == TypeCategory::function_pointer;
}

bool is_value(TypeCategory c) { return is_scalar(c) || c == TypeCategory::string || c == TypeCategory::cstring; }

bool is_observer(const api::Callable& m) {
  const bool pointer = api::is_pointer(m.result.passing);
  return m.kind == api::CallableKind::method && m.is_const && m.params.empty() && !pointer &&
         is_value(m.result.category) && !is_wide(m.result.base);
}

CallablePlan plan_callables(const api::Api& api, const std::map<std::string, std::string>& dropped) {
  std::map<std::string, const api::Class*> classes;
  for (const auto& c : api.classes) classes.emplace(c.name, &c);

  struct Candidate {
    const api::Callable* callable;
    const api::Class* owner;
  };
  std::vector<Candidate> candidates;
  CallablePlan plan;
  for (const auto& c : api.classes) {
    for (const auto& ctor : c.constructors) {
      if (c.is_abstract)
        plan.uncallable.push_back({ctor.id, "abstract class: reached through its subclasses"});
      else if (!c.traits.destructible)
        plan.uncallable.push_back({ctor.id, "the destructor is not accessible"});
      else
        candidates.push_back({&ctor, &c});
    }
    for (const auto& m : c.methods) candidates.push_back({&m, &c});
  }
  for (const auto& f : api.functions) candidates.push_back({&f, nullptr});

  // Which record types can be obtained: grow from callables that need no object (least fixpoint,
  // so a callable cannot make itself callable by producing what it needs).
  std::vector<bool> alive(candidates.size(), false);
  std::vector<bool> excluded(candidates.size(), false);
  std::vector<std::string> reasons(candidates.size());
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    auto found = dropped.find(candidates[i].callable->id);
    if (found == dropped.end()) continue;
    excluded[i] = true;
    reasons[i] = found->second;
  }
  std::set<std::string> produced;
  auto add = [&](const std::string& type, auto&& self) -> void {
    if (!produced.insert(type).second) return;
    if (std::string inner(names::smart_pointee(type)); !inner.empty()) self(inner, self);
    auto found = classes.find(type);
    if (found != classes.end()) {
      for (const auto& base : found->second->bases) self(base, self);
    }
  };
  auto problem_of = [&](const api::Callable& c) -> std::optional<std::string> {
    if (auto problem = name_problem(c)) return problem;
    if (c.kind == api::CallableKind::method && produced.count(c.owner) == 0) {
      return "nothing produces a " + c.owner + " to call it on";
    }
    for (std::size_t k = 0; k < c.params.size(); ++k) {
      if (api::is_object_array(api, c, k)) continue;  // the harness makes those objects
      if (auto problem = param_problem(c.params[k], produced)) return problem;
    }
    return std::nullopt;
  };
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      if (alive[i] || excluded[i]) continue;
      const api::Callable& c = *candidates[i].callable;
      if (problem_of(c)) continue;
      alive[i] = grew = true;
      if (c.kind == api::CallableKind::constructor)
        add(candidates[i].owner->name, add);
      else if (c.result.category == TypeCategory::record)
        add(c.result.base, add);
    }
  }
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (!alive[i] && !excluded[i]) reasons[i] = problem_of(*candidates[i].callable).value_or("not reachable");
  }
  plan.produced_types = produced;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (alive[i])
      plan.callables.push_back(candidates[i].callable);
    else
      plan.uncallable.push_back({candidates[i].callable->id, reasons[i]});
  }
  return plan;
}

}  // namespace palus::harness
