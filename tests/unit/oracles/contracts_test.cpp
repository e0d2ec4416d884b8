// The default contracts (DESIGN §8): each check header on small classes that keep and that break
// it, contract ids, applicability from ClassTraits, the GoogleTest rendering, and the contract,
// theory and invariant callables of the generated harness.

#include "oracles/contracts/contracts.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/codegen/harness_source.hpp"
#include "oracles/contracts/contract_catalog.hpp"
#include "palus/config/config.hpp"
#include "unit/core/api_builders.hpp"
#include "unit/oracles/contracts_cxx17.hpp"

namespace pc = palus::contracts;
namespace po = palus::oracles;
namespace api = palus::api;

namespace {

// ---- classes that keep or break the contracts ----

/// Keeps every contract.
struct Point {
  int x = 0, y = 0;
  bool operator==(const Point& o) const { return x == o.x && y == o.y; }
  bool operator!=(const Point& o) const { return !(*this == o); }
  bool operator<(const Point& o) const { return x < o.x || (x == o.x && y < o.y); }
};
std::ostream& operator<<(std::ostream& out, const Point& p) { return out << p.x << ',' << p.y; }

struct NeverEqual {
  bool operator==(const NeverEqual&) const { return false; }
  bool operator!=(const NeverEqual&) const { return true; }
};

struct ThrowingEquals {
  bool operator==(const ThrowingEquals&) const { throw std::runtime_error("boom"); }
};

struct ThrowsNonStandard {
  bool operator==(const ThrowsNonStandard&) const { throw 42; }
};

/// == ignores case, std::hash does not: tinysql::Properties's bug B4 in miniature.
struct Key {
  std::string text;
  bool operator==(const Key& o) const {
    return std::equal(text.begin(), text.end(), o.text.begin(), o.text.end(),
                      [](char a, char b) { return std::tolower(a) == std::tolower(b); });
  }
};

/// A copy is one larger than its original.
struct CopyDiffers {
  int v = 0;
  CopyDiffers() = default;
  CopyDiffers(const CopyDiffers& o) : v(o.v + 1) {}
  CopyDiffers& operator=(const CopyDiffers& o) = default;
  bool operator==(const CopyDiffers& o) const { return v == o.v; }
};

struct CopyThrows {
  CopyThrows() = default;
  CopyThrows(const CopyThrows&) { throw std::length_error("too long"); }
  bool operator==(const CopyThrows&) const { return true; }
};

/// Self-assignment releases its own value before copying it.
struct SelfAssignClears {
  std::string value = "kept";
  SelfAssignClears() = default;
  SelfAssignClears(const SelfAssignClears&) = default;
  SelfAssignClears& operator=(const SelfAssignClears& o) {
    value.clear();
    value += o.value;
    return *this;
  }
  bool operator==(const SelfAssignClears& o) const { return value == o.value; }
};

struct LessOrEqual {
  int v = 0;
  bool operator<(const LessOrEqual& o) const { return v <= o.v; }
};

struct ThrowingPrint {};
std::ostream& operator<<(std::ostream&, const ThrowingPrint&) { throw std::runtime_error("boom"); }

struct NoComparison {};

}  // namespace

namespace std {
template <>
struct hash<Point> {
  std::size_t operator()(const Point& p) const noexcept { return std::hash<int>{}(p.x * 31 + p.y); }
};
template <>
struct hash<Key> {
  std::size_t operator()(const Key& k) const noexcept { return std::hash<std::string>{}(k.text); }
};
}  // namespace std

namespace {

// ---- the check headers ----

TEST(ContractChecks, HoldOnAWellBehavedClass) {
  Point a{1, 2}, b{1, 2};
  EXPECT_EQ("", pc::equals_reflexive(a));
  EXPECT_EQ("", pc::not_equals_irreflexive(a));
  EXPECT_EQ("", pc::equals_hash_consistent(a, b));
  EXPECT_EQ("", pc::copy_equals_original(a));
  EXPECT_EQ("", pc::self_assignment_keeps_value(a));
  EXPECT_EQ("", pc::less_irreflexive(a));
  EXPECT_EQ("", pc::print_does_not_throw(a));
  EXPECT_EQ((Point{1, 2}), a);
}

TEST(ContractChecks, EqualsReflexive) {
  EXPECT_EQ("a == a is false", pc::equals_reflexive(NeverEqual{}));
  EXPECT_EQ("a == a threw std::runtime_error: boom", pc::equals_reflexive(ThrowingEquals{}));
  EXPECT_EQ("a == a threw an exception that is not a std::exception", pc::equals_reflexive(ThrowsNonStandard{}));
}

TEST(ContractChecks, NotEqualsIrreflexive) {
  EXPECT_EQ("a != a is true", pc::not_equals_irreflexive(NeverEqual{}));
  // C++20 rewrites a != a as !(a == a), so a broken == shows here too.
  EXPECT_EQ("a != a threw std::runtime_error: boom", pc::not_equals_irreflexive(ThrowingEquals{}));
  EXPECT_EQ("", pc::not_equals_irreflexive(NoComparison{})) << "no != at all: nothing to check";
}

TEST(ContractChecks, EqualsHashConsistent) {
  EXPECT_EQ("", pc::equals_hash_consistent(Key{"user"}, Key{"user"}));
  EXPECT_EQ("", pc::equals_hash_consistent(Key{"user"}, Key{"password"})) << "unequal objects may hash alike or not";
  const std::string broken = pc::equals_hash_consistent(Key{"user"}, Key{"User"});
  EXPECT_EQ(0u, broken.rfind("a == b but std::hash differs: ", 0)) << broken;
  EXPECT_NE(std::string::npos, broken.find(std::to_string(std::hash<std::string>{}("User")))) << broken;
}

TEST(ContractChecks, CopyEqualsOriginal) {
  EXPECT_EQ("a copy of a is not == a", pc::copy_equals_original(CopyDiffers{}));
  EXPECT_EQ("copying a threw std::length_error: too long", pc::copy_equals_original(CopyThrows{}));
  EXPECT_EQ("copy == a threw std::runtime_error: boom", pc::copy_equals_original(ThrowingEquals{}));
}

TEST(ContractChecks, SelfAssignmentKeepsValue) {
  SelfAssignClears broken;
  EXPECT_EQ("after a = a, a is not == its value before", pc::self_assignment_keeps_value(broken));
  EXPECT_EQ("", broken.value) << "the check runs the real self-assignment";
  CopyDiffers copy_differs;  // `before` differs from `a` already: reported as the same violation
  EXPECT_EQ("after a = a, a is not == its value before", pc::self_assignment_keeps_value(copy_differs));
}

TEST(ContractChecks, LessIrreflexive) { EXPECT_EQ("a < a is true", pc::less_irreflexive(LessOrEqual{})); }

TEST(ContractChecks, PrintDoesNotThrow) {
  EXPECT_EQ("operator<< threw std::runtime_error: boom", pc::print_does_not_throw(ThrowingPrint{}));
}

TEST(ContractChecks, CompileAsCxx17) {
  EXPECT_EQ("", palus::testing::cxx17_not_equals_without_operator());
  EXPECT_EQ("", palus::testing::cxx17_all_checks_on_a_good_class());
}

// ---- contract ids ----

TEST(ContractId, RoundTrips) {
  for (const po::ContractUse& use : {po::ContractUse{"equals_reflexive", "tinysql::Properties", 1},
                                     po::ContractUse{"equals_hash_consistent", "tinysql::Properties", 2},
                                     po::ContractUse{"copy_equals_original", "ns::Map<int, std::string>", 1},
                                     po::ContractUse{"equals_hash_consistent", "ns::Map<int, std::string>", 2},
                                     po::ContractUse{"equals_hash_consistent", "std::pair<int, int>", 2}}) {
    const std::string id = po::contract_id(use);
    auto parsed = po::parse_contract_id(id);
    ASSERT_TRUE(parsed.has_value()) << id;
    EXPECT_EQ(use.name, parsed->name) << id;
    EXPECT_EQ(use.type, parsed->type) << id;
    EXPECT_EQ(use.arity, parsed->arity) << id;
  }
  EXPECT_EQ("palus::contract::equals_hash_consistent(tinysql::Properties, tinysql::Properties)",
            po::contract_id({"equals_hash_consistent", "tinysql::Properties", 2}));
}

TEST(ContractId, OneTemplateArgumentListIsOneObject) {
  auto parsed = po::parse_contract_id("palus::contract::equals_reflexive(std::pair<int, int>)");
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ("std::pair<int, int>", parsed->type);
  EXPECT_EQ(1u, parsed->arity);
}

TEST(ContractId, OtherIdsAreNotContracts) {
  EXPECT_FALSE(po::parse_contract_id("tinysql::Properties::Properties()"));
  EXPECT_FALSE(po::parse_contract_id("palus::contract::equals_reflexive"));
  EXPECT_FALSE(po::parse_contract_id("palus::contract::(tinysql::Properties)"));
  EXPECT_FALSE(po::parse_contract_id("palus::contract::equals_reflexive()"));
}

// ---- the catalogue ----

TEST(ContractCatalog, NamesAreTheConfigsInItsOrder) {
  std::vector<std::string> names;
  for (const auto& c : po::contract_catalog()) names.emplace_back(c.name);
  EXPECT_EQ(palus::oracles::contract_names(), names);
  EXPECT_EQ(2u, po::find_contract("equals_hash_consistent")->arity);
  EXPECT_FALSE(po::find_contract("destructor_does_not_throw")->harness_check);
  EXPECT_EQ(nullptr, po::find_contract("equals_reflexiv"));
}

api::Class class_with(api::ClassTraits traits) {
  api::Class c;
  c.name = "ns::C";
  traits.destructible = true;
  c.traits = traits;
  return c;
}

std::vector<std::string> applicable(const api::Class& c) {
  std::vector<std::string> names;
  for (const auto& contract : po::contract_catalog()) {
    if (contract.applies(c)) names.emplace_back(contract.name);
  }
  return names;
}

TEST(ContractCatalog, ApplicabilityFollowsTheTraits) {
  using V = std::vector<std::string>;
  EXPECT_EQ((V{"destructor_does_not_throw"}), applicable(class_with({})));
  EXPECT_EQ((V{"equals_reflexive", "not_equals_irreflexive", "destructor_does_not_throw"}),
            applicable(class_with({.equality_comparable = true})));
  EXPECT_EQ((V{"equals_reflexive", "not_equals_irreflexive", "equals_hash_consistent", "destructor_does_not_throw"}),
            applicable(class_with({.equality_comparable = true, .hashable = true})));
  EXPECT_EQ((V{"destructor_does_not_throw"}), applicable(class_with({.hashable = true}))) << "hash needs ==";
  EXPECT_EQ((V{"equals_reflexive", "not_equals_irreflexive", "copy_equals_original", "destructor_does_not_throw"}),
            applicable(class_with({.copy_constructible = true, .equality_comparable = true})));
  EXPECT_EQ((V{"equals_reflexive", "not_equals_irreflexive", "destructor_does_not_throw"}),
            applicable(class_with({.copy_assignable = true, .equality_comparable = true})))
      << "copying and self-assignment need a copy constructor";
  EXPECT_EQ((V{"equals_reflexive", "not_equals_irreflexive", "copy_equals_original", "self_assignment_keeps_value",
               "destructor_does_not_throw"}),
            applicable(class_with({.copy_constructible = true, .copy_assignable = true, .equality_comparable = true})));
  EXPECT_EQ((V{"destructor_does_not_throw"}),
            applicable(class_with({.copy_constructible = true, .copy_assignable = true})))
      << "copy checks compare with ==";
  EXPECT_EQ((V{"less_irreflexive", "print_does_not_throw", "destructor_does_not_throw"}),
            applicable(class_with({.less_comparable = true, .printable = true})));
}

TEST(ContractCatalog, AbstractOrIndestructibleClassesHaveNone) {
  api::ClassTraits all{true, true, true, true, true, true, true, true, true};
  api::Class abstract = class_with(all);
  abstract.is_abstract = true;
  EXPECT_TRUE(applicable(abstract).empty());
  api::Class indestructible = class_with(all);
  indestructible.traits.destructible = false;
  EXPECT_TRUE(applicable(indestructible).empty());
}

TEST(ContractCatalog, UsesAreTheEnabledHarnessChecks) {
  api::ClassTraits all{true, true, true, true, true, true, true, true, true};
  api::Class c = class_with(all);
  std::vector<std::string> ids;
  for (const auto& use : po::contract_uses(c, palus::oracles::contract_names())) ids.push_back(po::contract_id(use));
  EXPECT_EQ((std::vector<std::string>{
                "palus::contract::equals_reflexive(ns::C)", "palus::contract::not_equals_irreflexive(ns::C)",
                "palus::contract::equals_hash_consistent(ns::C, ns::C)", "palus::contract::copy_equals_original(ns::C)",
                "palus::contract::self_assignment_keeps_value(ns::C)", "palus::contract::less_irreflexive(ns::C)",
                "palus::contract::print_does_not_throw(ns::C)"}),
            ids);
  auto some = po::contract_uses(c, {"print_does_not_throw", "equals_reflexive", "destructor_does_not_throw"});
  ASSERT_EQ(2u, some.size());
  EXPECT_EQ("equals_reflexive", some[0].name);
  EXPECT_EQ("print_does_not_throw", some[1].name);
  EXPECT_TRUE(po::contract_uses(c, {}).empty());
  EXPECT_THROW(po::contract_uses(c, {"equals_reflexiv"}), std::invalid_argument);
}

// ---- rendering for generated tests ----

using Lines = std::vector<std::string>;
const std::string kType = "tinysql::Properties";

Lines render(const std::string& name, const Lines& variables, const std::string& type = kType) {
  const po::Contract* c = po::find_contract(name);
  return po::render_contract_check({name, type, c ? c->arity : 1}, variables);
}

TEST(ContractRendering, OneLineChecks) {
  EXPECT_EQ((Lines{"EXPECT_TRUE(properties == properties) << \"contract equals_reflexive: a == a\";"}),
            render("equals_reflexive", {"properties"}));
  EXPECT_EQ((Lines{"EXPECT_FALSE(properties != properties) << \"contract not_equals_irreflexive: !(a != a)\";"}),
            render("not_equals_irreflexive", {"properties"}));
  EXPECT_EQ((Lines{"EXPECT_FALSE(properties < properties) << \"contract less_irreflexive: !(a < a)\";"}),
            render("less_irreflexive", {"properties"}));
}

TEST(ContractRendering, HashConsistency) {
  EXPECT_EQ((Lines{"ASSERT_TRUE(properties1 == properties2) << \"contract equals_hash_consistent: the check needs "
                   "two equal objects\";",
                   "EXPECT_EQ(std::hash<tinysql::Properties>{}(properties1), "
                   "std::hash<tinysql::Properties>{}(properties2)) << \"contract equals_hash_consistent: a == b "
                   "implies equal std::hash\";"}),
            render("equals_hash_consistent", {"properties1", "properties2"}));
  Lines templated = render("equals_hash_consistent", {"m1", "m2"}, "ns::Map<int, int>");
  ASSERT_EQ(2u, templated.size());
  EXPECT_EQ(0u,
            templated[1].find("EXPECT_EQ((std::hash<ns::Map<int, int>>{}(m1)), (std::hash<ns::Map<int, int>>{}(m2)))"))
      << "a comma inside a macro argument needs parentheses: " << templated[1];
}

TEST(ContractRendering, CopyAndSelfAssignmentUseFreshNames) {
  EXPECT_EQ(
      (Lines{"{", "  const tinysql::Properties copy(properties);",
             "  EXPECT_TRUE(copy == properties) << \"contract copy_equals_original: a copy equals its original\";",
             "}"}),
      render("copy_equals_original", {"properties"}));
  EXPECT_EQ(
      (Lines{"{", "  const tinysql::Properties copy_(copy);",
             "  EXPECT_TRUE(copy_ == copy) << \"contract copy_equals_original: a copy equals its original\";", "}"}),
      render("copy_equals_original", {"copy"}));
  EXPECT_EQ((Lines{"{", "  const tinysql::Properties before(properties);",
                   "  const tinysql::Properties& same = properties;", "  properties = same;",
                   "  EXPECT_TRUE(properties == before) << \"contract self_assignment_keeps_value: a = a keeps the "
                   "value of a\";",
                   "}"}),
            render("self_assignment_keeps_value", {"properties"}));
}

TEST(ContractRendering, PrintAndDestructor) {
  EXPECT_EQ((Lines{"{", "  std::ostringstream out;",
                   "  EXPECT_NO_THROW(out << properties) << \"contract print_does_not_throw: operator<< does not "
                   "throw\";",
                   "}"}),
            render("print_does_not_throw", {"properties"}));
  EXPECT_TRUE(render("destructor_does_not_throw", {"properties"}).empty());
}

TEST(ContractRendering, Includes) {
  EXPECT_EQ((Lines{"<functional>"}), po::contract_check_includes({"equals_hash_consistent", kType, 2}));
  EXPECT_EQ((Lines{"<sstream>"}), po::contract_check_includes({"print_does_not_throw", kType, 1}));
  EXPECT_TRUE(po::contract_check_includes({"equals_reflexive", kType, 1}).empty());
}

TEST(ContractRendering, WrongUsesThrow) {
  EXPECT_THROW(render("equals_hash_consistent", {"properties"}), std::invalid_argument);
  EXPECT_THROW(render("no_such_contract", {"properties"}), std::invalid_argument);
}

// ---- contract callables in the generated harness ----

api::Api api_with_properties(bool abstract = false) {
  api::Class c;
  c.name = "tinysql::Properties";
  c.is_abstract = abstract;
  c.traits = {.default_constructible = true,
              .copy_constructible = true,
              .destructible = true,
              .equality_comparable = true,
              .hashable = true};
  api::Callable ctor;
  ctor.id = "tinysql::Properties::Properties()";
  ctor.name = "Properties";
  ctor.owner = c.name;
  ctor.kind = api::CallableKind::constructor;
  ctor.result.category = api::TypeCategory::void_type;
  c.constructors.push_back(ctor);
  api::Api a;
  a.classes.push_back(c);
  return a;
}

const std::string kHashId = "palus::contract::equals_hash_consistent(tinysql::Properties, tinysql::Properties)";

TEST(HarnessContracts, ChecksFollowTheOrdinaryCallables) {
  const api::Api a = api_with_properties();
  auto plain = palus::harness::generate_harness_source(a, {"p.hpp"});
  EXPECT_EQ((Lines{"tinysql::Properties::Properties()"}), plain.callables);
  EXPECT_EQ(std::string::npos, plain.text.find("oracles/contracts/contracts.hpp"));

  auto checked = palus::harness::generate_harness_source(a, {"p.hpp"}, {}, palus::oracles::contract_names());
  EXPECT_EQ((Lines{"tinysql::Properties::Properties()", "palus::contract::equals_reflexive(tinysql::Properties)",
                   "palus::contract::not_equals_irreflexive(tinysql::Properties)", kHashId,
                   "palus::contract::copy_equals_original(tinysql::Properties)"}),
            checked.callables);
  const std::string& text = checked.text;
  EXPECT_LT(text.find("#include \"p.hpp\""), text.find("#include \"oracles/contracts/contracts.hpp\""));
  EXPECT_NE(std::string::npos, text.find("// " + kHashId +
                                         "\nPALUS_UNCOUNTED\nstatic void thunk_3(palus::harness::Call& c) {\n"
                                         "  auto& a0 = c.object<tinysql::Properties>(0);\n"
                                         "  auto& a1 = c.object<tinysql::Properties>(1);\n"
                                         "  c.report(palus::contracts::equals_hash_consistent(a0, a1));\n}\n"))
      << text;
  EXPECT_NE(std::string::npos, text.find("{\"" + kHashId + "\", &thunk_3}"));
}

TEST(HarnessContracts, OnlyEnabledContractsOfProducedConcreteClasses) {
  auto some = palus::harness::generate_harness_source(api_with_properties(), {}, {}, {"equals_hash_consistent"});
  EXPECT_EQ((Lines{"tinysql::Properties::Properties()", kHashId}), some.callables);

  auto abstract = palus::harness::generate_harness_source(api_with_properties(true), {}, {}, {"equals_reflexive"});
  EXPECT_TRUE(abstract.callables.empty());

  api::Api unproduced = api_with_properties();
  unproduced.classes[0].constructors.clear();
  EXPECT_TRUE(palus::harness::generate_harness_source(unproduced, {}, {}, {"equals_reflexive"}).callables.empty());
}

TEST(HarnessContracts, DroppedChecksAreUncallable) {
  auto source = palus::harness::generate_harness_source(api_with_properties(), {}, {{kHashId, "does not compile"}},
                                                        {"equals_reflexive", "equals_hash_consistent"});
  EXPECT_EQ((Lines{"tinysql::Properties::Properties()", "palus::contract::equals_reflexive(tinysql::Properties)"}),
            source.callables);
  ASSERT_EQ(1u, source.uncallable.size());
  EXPECT_EQ(kHashId, source.uncallable[0].id);
  EXPECT_EQ("does not compile", source.uncallable[0].reason);
}

// ---- theories and invariants in the generated harness ----

api::Oracle oracle_of(api::Oracle::Kind kind, const std::string& id, const std::string& name,
                      std::vector<api::Param> params) {
  return palus::testing::oracle(kind, id, name, std::move(params), "/src/theories/props.hpp", 10);
}

const api::TypeRef kPropsRef =
    palus::testing::type("tinysql::Properties &", "tinysql::Properties", api::Passing::ref, api::TypeCategory::record);
const std::string kRoundTripId = "props_theories::round_trip(tinysql::Properties &, int, const std::string &)";
const std::string kValidId = "props_theories::valid(tinysql::Properties &)";
const std::string kCloseId = "props_theories::closed(tinysql::Connection &)";
const std::string kRawId = "props_theories::raw(void *)";

/// Properties with a theory and an invariant the harness can call, a theory on a class nothing
/// produces and one with a parameter that is neither an object nor a literal.
api::Api api_with_oracles() {
  api::Api a = api_with_properties();
  using K = api::Oracle::Kind;
  a.oracles = {
      oracle_of(K::theory, kCloseId, "closed",
                {{"c", palus::testing::type("tinysql::Connection &", "tinysql::Connection", api::Passing::ref,
                                            api::TypeCategory::record)}}),
      oracle_of(K::theory, kRawId, "raw",
                {{"p", palus::testing::type("void *", "void", api::Passing::pointer, api::TypeCategory::other)}}),
      oracle_of(K::theory, kRoundTripId, "round_trip",
                {{"props", kPropsRef},
                 {"n", palus::testing::type("int", "int", api::Passing::value, api::TypeCategory::integer)},
                 {"key", palus::testing::type("const std::string &", "std::string", api::Passing::const_ref,
                                              api::TypeCategory::string)}}),
      oracle_of(K::invariant, kValidId, "valid", {{"p", kPropsRef}}),
  };
  return a;
}

TEST(HarnessTheories, OracleThunksFollowTheContractChecks) {
  const api::Api a = api_with_oracles();
  auto source =
      palus::harness::generate_harness_source(a, {"p.hpp"}, {}, {"equals_reflexive"}, {}, {"theories/props.hpp"});
  EXPECT_EQ((Lines{"tinysql::Properties::Properties()", "palus::contract::equals_reflexive(tinysql::Properties)",
                   kRoundTripId, kValidId}),
            source.callables);
  const std::string& text = source.text;
  EXPECT_NE(
      std::string::npos,
      text.find("// theory " + kRoundTripId +
                "\nPALUS_UNCOUNTED\nstatic void thunk_2(palus::harness::Call& c) {\n"
                "  auto& a0 = c.object<tinysql::Properties>(0);\n"
                "  int a1 = c.scalar<int>(1);\n"
                "  std::string a2(c.text(2));\n"
                "  c.report(::palus::theory_detail::outcome([&] { ::props_theories::round_trip(a0, a1, a2); }));\n"
                "}\n"))
      << text;
  EXPECT_NE(std::string::npos,
            text.find("// invariant " + kValidId +
                      "\nPALUS_UNCOUNTED\nstatic void thunk_3(palus::harness::Call& c) {\n"
                      "  auto& a0 = c.object<tinysql::Properties>(0);\n"
                      "  c.report(::palus::theory_detail::outcome([&] { ::props_theories::valid(a0); }));\n"
                      "}\n"))
      << text;
  EXPECT_NE(std::string::npos, text.find("{\"" + kRoundTripId + "\", &thunk_2}")) << text;
  EXPECT_NE(std::string::npos, text.find("{\"" + kValidId + "\", &thunk_3}")) << text;
  // The theory header, then the user's theories headers, after the library and the contracts.
  const auto library = text.find("#include \"p.hpp\"");
  const auto contracts = text.find("#include \"oracles/contracts/contracts.hpp\"");
  const auto theory = text.find("#include <palus/theory.hpp>\n#include \"theories/props.hpp\"\n");
  ASSERT_NE(std::string::npos, theory) << text;
  EXPECT_LT(library, contracts);
  EXPECT_LT(contracts, theory);
  EXPECT_LT(theory, text.find("namespace {"));
}

TEST(HarnessTheories, OraclesWhoseInputsCannotBeSuppliedAreUncallable) {
  auto source =
      palus::harness::generate_harness_source(api_with_oracles(), {"p.hpp"}, {}, {}, {}, {"theories/props.hpp"});
  EXPECT_EQ((Lines{"tinysql::Properties::Properties()", kRoundTripId, kValidId}), source.callables);
  std::map<std::string, std::string> reasons;
  for (const auto& u : source.uncallable) reasons[u.id] = u.reason;
  ASSERT_TRUE(reasons.count(kCloseId)) << source.text;
  EXPECT_EQ("its parameter tinysql::Connection (no callable produces it)", reasons[kCloseId]);
  ASSERT_TRUE(reasons.count(kRawId));
  EXPECT_EQ("its parameter void * (not an object or a literal)", reasons[kRawId]);
  EXPECT_EQ(std::string::npos, source.text.find("closed(")) << source.text;
  EXPECT_EQ(std::string::npos, source.text.find("raw(")) << source.text;

  // Without the producer of Properties, its theory and invariant go too.
  api::Api unproduced = api_with_oracles();
  unproduced.classes[0].constructors.clear();
  auto none = palus::harness::generate_harness_source(unproduced, {}, {}, {}, {}, {"theories/props.hpp"});
  EXPECT_TRUE(none.callables.empty());
  std::map<std::string, std::string> why;
  for (const auto& u : none.uncallable) why[u.id] = u.reason;
  EXPECT_EQ("its parameter tinysql::Properties (no callable produces it)", why[kValidId]);
  EXPECT_EQ("its parameter tinysql::Properties (no callable produces it)", why[kRoundTripId]);
}

TEST(HarnessTheories, DroppedOraclesAreUncallable) {
  auto source = palus::harness::generate_harness_source(api_with_oracles(), {}, {{kValidId, "does not compile"}}, {},
                                                        {}, {"theories/props.hpp"});
  EXPECT_EQ((Lines{"tinysql::Properties::Properties()", kRoundTripId}), source.callables);
  bool found = false;
  for (const auto& u : source.uncallable) {
    if (u.id != kValidId) continue;
    found = true;
    EXPECT_EQ("does not compile", u.reason);
  }
  EXPECT_TRUE(found);
}

TEST(HarnessTheories, NoTheoriesNoTheoryHeader) {
  auto plain = palus::harness::generate_harness_source(api_with_properties(), {"p.hpp"});
  EXPECT_EQ(std::string::npos, plain.text.find("palus/theory.hpp"));
  EXPECT_EQ(std::string::npos, plain.text.find("theory_detail"));
}

}  // namespace
