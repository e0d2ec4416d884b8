#include "oracles/contracts/contract_catalog.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace palus::oracles {
namespace {

using Lines = Contract::Lines;
using Traits = api::ClassTraits;

/// `expr` as one macro argument: parenthesized when a template argument list's comma would split it.
std::string macro_arg(const std::string& expr) { return expr.find(',') == std::string::npos ? expr : "(" + expr + ")"; }

/// `base`, or `base` with '_' appended until no variable of the test has that name.
std::string fresh_name(std::string base, const std::vector<std::string>& variables) {
  while (std::find(variables.begin(), variables.end(), base) != variables.end()) base += '_';
  return base;
}

std::string failure(const Contract& c) { return fmt::format("\"contract {}: {}\"", c.name, c.summary); }

Lines equals_itself(const Contract& c, const std::string&, const std::vector<std::string>& v) {
  return {fmt::format("EXPECT_TRUE({0} == {0}) << {1};", v[0], failure(c))};
}

Lines not_unequal_to_itself(const Contract& c, const std::string&, const std::vector<std::string>& v) {
  return {fmt::format("EXPECT_FALSE({0} != {0}) << {1};", v[0], failure(c))};
}

Lines not_less_than_itself(const Contract& c, const std::string&, const std::vector<std::string>& v) {
  return {fmt::format("EXPECT_FALSE({0} < {0}) << {1};", v[0], failure(c))};
}

Lines hash_consistent(const Contract& c, const std::string& type, const std::vector<std::string>& v) {
  const std::string &a = v[0], &b = v[1];
  return {fmt::format("ASSERT_TRUE({} == {}) << \"contract {}: the check needs two equal objects\";", a, b, c.name),
          fmt::format("EXPECT_EQ({}, {}) << {};", macro_arg(fmt::format("std::hash<{}>{{}}({})", type, a)),
                      macro_arg(fmt::format("std::hash<{}>{{}}({})", type, b)), failure(c))};
}

Lines copy_equals(const Contract& c, const std::string& type, const std::vector<std::string>& v) {
  const std::string copy = fresh_name("copy", v);
  return {"{", fmt::format("  const {} {}({});", type, copy, v[0]),
          fmt::format("  EXPECT_TRUE({} == {}) << {};", copy, v[0], failure(c)), "}"};
}

Lines self_assignment(const Contract& c, const std::string& type, const std::vector<std::string>& v) {
  const std::string &a = v[0], before = fresh_name("before", v), same = fresh_name("same", v);
  return {"{",
          fmt::format("  const {} {}({});", type, before, a),
          fmt::format("  const {}& {} = {};", type, same, a),
          fmt::format("  {} = {};", a, same),
          fmt::format("  EXPECT_TRUE({} == {}) << {};", a, before, failure(c)),
          "}"};
}

Lines print_no_throw(const Contract& c, const std::string&, const std::vector<std::string>& v) {
  const std::string out = fresh_name("out", v);
  return {"{", fmt::format("  std::ostringstream {};", out),
          fmt::format("  EXPECT_NO_THROW({} << {}) << {};", out, v[0], failure(c)), "}"};
}

/// destructor_does_not_throw: the objects die at the end of the test's scope.
Lines nothing(const Contract&, const std::string&, const std::vector<std::string>&) { return {}; }

const Contract& contract_named(std::string_view name) {
  const Contract* c = find_contract(name);
  if (c == nullptr) throw std::invalid_argument(fmt::format("'{}' is not a default contract", name));
  return *c;
}

}  // namespace

bool Contract::applies(const api::Class& cls) const {
  return !cls.is_abstract && cls.traits.destructible && fits(cls.traits);
}

const std::vector<Contract>& contract_catalog() {
  static const std::vector<Contract> contracts{
      {"equals_reflexive", 1, true, "a == a", [](const Traits& t) { return t.equality_comparable; }, equals_itself, ""},
      {"not_equals_irreflexive", 1, true, "!(a != a)", [](const Traits& t) { return t.equality_comparable; },
       not_unequal_to_itself, ""},
      {"equals_hash_consistent", 2, true, "a == b implies equal std::hash",
       [](const Traits& t) { return t.equality_comparable && t.hashable; }, hash_consistent, "<functional>"},
      {"copy_equals_original", 1, true, "a copy equals its original",
       [](const Traits& t) { return t.equality_comparable && t.copy_constructible; }, copy_equals, ""},
      {"self_assignment_keeps_value", 1, true, "a = a keeps the value of a",
       [](const Traits& t) { return t.equality_comparable && t.copy_constructible && t.copy_assignable; },
       self_assignment, "", true},
      {"less_irreflexive", 1, true, "!(a < a)", [](const Traits& t) { return t.less_comparable; }, not_less_than_itself,
       ""},
      {"print_does_not_throw", 1, true, "operator<< does not throw", [](const Traits& t) { return t.printable; },
       print_no_throw, "<sstream>"},
      {"destructor_does_not_throw", 1, false, "the destructor does not throw or crash",
       [](const Traits&) { return true; }, nothing, ""},
  };
  return contracts;
}

const std::vector<std::string>& contract_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const Contract& c : contract_catalog()) out.emplace_back(c.name);
    return out;
  }();
  return names;
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
  return c.assertion(c, use.type, variables);
}

std::vector<std::string> contract_check_includes(const ContractUse& use) {
  const Contract& c = contract_named(use.name);
  if (c.include.empty()) return {};
  return {std::string(c.include)};
}

}  // namespace palus::oracles
