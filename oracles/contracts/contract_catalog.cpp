#include "oracles/contracts/contract_catalog.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace palus::oracles {
namespace {

using Lines = std::vector<std::string>;

/// Whether the traits give what the contract uses (beyond a concrete, destructible class).
bool traits_fit(std::string_view name, const api::ClassTraits& t) {
  if (name == "equals_reflexive" || name == "not_equals_irreflexive") return t.equality_comparable;
  if (name == "equals_hash_consistent") return t.equality_comparable && t.hashable;
  if (name == "copy_equals_original") return t.equality_comparable && t.copy_constructible;
  if (name == "self_assignment_keeps_value") {
    return t.equality_comparable && t.copy_constructible && t.copy_assignable;
  }
  if (name == "less_irreflexive") return t.less_comparable;
  if (name == "print_does_not_throw") return t.printable;
  return name == "destructor_does_not_throw";
}

/// `expr` as one macro argument: parenthesized when a template argument list's comma would split it.
std::string macro_arg(const std::string& expr) { return expr.find(',') == std::string::npos ? expr : "(" + expr + ")"; }

/// `base`, or `base` with '_' appended until no variable of the test has that name.
std::string fresh_name(std::string base, const std::vector<std::string>& variables) {
  while (std::find(variables.begin(), variables.end(), base) != variables.end()) base += '_';
  return base;
}

std::string failure(const Contract& c) { return fmt::format("\"contract {}: {}\"", c.name, c.summary); }

Lines render(const Contract& c, const std::string& type, const std::vector<std::string>& v) {
  const std::string& a = v[0];
  if (c.name == "equals_reflexive") return {fmt::format("EXPECT_TRUE({0} == {0}) << {1};", a, failure(c))};
  if (c.name == "not_equals_irreflexive") return {fmt::format("EXPECT_FALSE({0} != {0}) << {1};", a, failure(c))};
  if (c.name == "less_irreflexive") return {fmt::format("EXPECT_FALSE({0} < {0}) << {1};", a, failure(c))};
  if (c.name == "equals_hash_consistent") {
    const std::string& b = v[1];
    return {fmt::format("ASSERT_TRUE({} == {}) << \"contract {}: the check needs two equal objects\";", a, b, c.name),
            fmt::format("EXPECT_EQ({}, {}) << {};", macro_arg(fmt::format("std::hash<{}>{{}}({})", type, a)),
                        macro_arg(fmt::format("std::hash<{}>{{}}({})", type, b)), failure(c))};
  }
  if (c.name == "copy_equals_original") {
    const std::string copy = fresh_name("copy", v);
    return {"{", fmt::format("  const {} {}({});", type, copy, a),
            fmt::format("  EXPECT_TRUE({} == {}) << {};", copy, a, failure(c)), "}"};
  }
  if (c.name == "self_assignment_keeps_value") {
    const std::string before = fresh_name("before", v), same = fresh_name("same", v);
    return {"{",
            fmt::format("  const {} {}({});", type, before, a),
            fmt::format("  const {}& {} = {};", type, same, a),
            fmt::format("  {} = {};", a, same),
            fmt::format("  EXPECT_TRUE({} == {}) << {};", a, before, failure(c)),
            "}"};
  }
  if (c.name == "print_does_not_throw") {
    const std::string out = fresh_name("out", v);
    return {"{", fmt::format("  std::ostringstream {};", out),
            fmt::format("  EXPECT_NO_THROW({} << {}) << {};", out, a, failure(c)), "}"};
  }
  return {};  // destructor_does_not_throw: the objects die at the end of the test's scope
}

const Contract& contract_named(std::string_view name) {
  const Contract* c = find_contract(name);
  if (c == nullptr) throw std::invalid_argument(fmt::format("'{}' is not a default contract", name));
  return *c;
}

}  // namespace

bool Contract::applies(const api::Class& cls) const {
  return !cls.is_abstract && cls.traits.destructible && traits_fit(name, cls.traits);
}

const std::vector<Contract>& contract_catalog() {
  static const std::vector<Contract> contracts{
      {"equals_reflexive", 1, true, "a == a"},
      {"not_equals_irreflexive", 1, true, "!(a != a)"},
      {"equals_hash_consistent", 2, true, "a == b implies equal std::hash"},
      {"copy_equals_original", 1, true, "a copy equals its original"},
      {"self_assignment_keeps_value", 1, true, "a = a keeps the value of a"},
      {"less_irreflexive", 1, true, "!(a < a)"},
      {"print_does_not_throw", 1, true, "operator<< does not throw"},
      {"destructor_does_not_throw", 1, false, "the destructor does not throw or crash"},
  };
  return contracts;
}

const Contract* find_contract(std::string_view name) {
  for (const auto& c : contract_catalog()) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

std::vector<ContractUse> contract_uses(const api::Class& cls, const std::vector<std::string>& enabled) {
  for (const auto& name : enabled) contract_named(name);
  std::vector<ContractUse> uses;
  for (const auto& c : contract_catalog()) {
    if (!c.harness_check || !c.applies(cls)) continue;
    if (std::find(enabled.begin(), enabled.end(), c.name) == enabled.end()) continue;
    uses.push_back({std::string(c.name), cls.name, c.arity});
  }
  return uses;
}

std::vector<std::string> render_contract_check(const ContractUse& use, const std::vector<std::string>& variables) {
  const Contract& c = contract_named(use.name);
  if (variables.size() != c.arity) {
    throw std::invalid_argument(
        fmt::format("contract {} checks {} object(s), got {} variable(s)", c.name, c.arity, variables.size()));
  }
  return render(c, use.type, variables);
}

std::vector<std::string> contract_check_includes(const ContractUse& use) {
  const Contract& c = contract_named(use.name);
  if (c.name == "equals_hash_consistent") return {"<functional>"};
  if (c.name == "print_does_not_throw") return {"<sstream>"};
  return {};
}

}  // namespace palus::oracles
