// Theories, invariants and parameter values that `palus analyze` finds in a theories header, and
// their sections of api.yaml.

#include <gtest/gtest.h>

#include "core/api_yaml.hpp"
#include "core/api_yaml_read.hpp"
#include "core/error.hpp"
#include "test_files.hpp"
#include "unit/palus/analysis/analysis_test_util.hpp"

namespace palus::testing {
namespace {

using api::Literal;

const std::string kLibrary = "/palus-test/lib.hpp";
const std::string kTheories = "/palus-test/theories.hpp";

const std::string kLibraryText = R"(#pragma once
#include <string>
namespace lib {
class Stack {
 public:
  void push(int value) { items_[size_++] = value; }
  int pop() { return items_[--size_]; }
  int size() const { return size_; }
  void label(const std::string& text) { label_ = text; }
 private:
  int items_[16] = {};
  int size_ = 0;
  std::string label_;
};
int count(int n);
}
)";

/// Analyses kLibraryText with `theories` as the one theories header.
api::Api analyze_theories(const std::string& theories) {
  analysis::AnalysisInput input;
  input.headers = {kLibrary};
  input.theories = {kTheories};
  input.unsaved[kLibrary] = kLibraryText;
  input.unsaved[kTheories] = "#pragma once\n#include <palus/theory.hpp>\n#include \"lib.hpp\"\n" + theories;
  input.flags_for = [](const std::string&) { return std::vector<std::string>{"-std=c++17", "-I/palus-test"}; };
  input.oracles_include = PALUS_SOURCE_ROOT "/oracles/include";
  input.scratch_dir = "/palus-test";
  return analysis::analyze(input);
}

/// The 1-based line of the theories header holding `part` (three lines come before `theories`).
unsigned line_of(const std::string& theories, const std::string& part) {
  const auto pos = theories.find(part);
  EXPECT_NE(pos, std::string::npos) << part;
  return static_cast<unsigned>(std::count(theories.begin(), theories.begin() + static_cast<long>(pos), '\n')) + 4;
}

/// The UserError message analysing `theories` gives.
std::string error_for(const std::string& theories) {
  return palus::testing::error_message<UserError>([&] { analyze_theories(theories); }, "(no error)");
}

std::string at(const std::string& theories, const std::string& part) {
  return kTheories + ":" + std::to_string(line_of(theories, part)) + ": ";
}

TEST(Oracles, TheoriesAndInvariantsAreFunctionsWithTheirParameters) {
  const std::string theories = R"(
namespace lib_theories {
PALUS_THEORY(push_then_pop, lib::Stack& stack, int value) {
  stack.push(value);
  PALUS_CHECK_EQ(stack.pop(), value);
}
PALUS_INVARIANT(lib::Stack, stack) { PALUS_CHECK(stack.size() >= 0); }
}
)";
  const api::Api api = analyze_theories(theories);
  ASSERT_EQ(api.oracles.size(), 2u);
  const api::Oracle& invariant = api.oracles[0];  // sorted by id
  EXPECT_EQ(invariant.kind, api::Oracle::Kind::invariant);
  EXPECT_EQ(invariant.function.id, "lib_theories::palus_invariant(lib::Stack &)");
  EXPECT_EQ(invariant.function.line, line_of(theories, "PALUS_INVARIANT"));
  const api::Oracle& theory = api.oracles[1];
  EXPECT_EQ(theory.kind, api::Oracle::Kind::theory);
  const api::Callable& f = theory.function;
  EXPECT_EQ(f.id, "lib_theories::push_then_pop(lib::Stack &, int)");
  EXPECT_EQ(f.name, "push_then_pop");
  EXPECT_EQ(f.kind, api::CallableKind::function);
  EXPECT_EQ(f.owner, "");
  EXPECT_EQ(f.result.category, api::TypeCategory::void_type);
  EXPECT_EQ(f.file, kTheories);
  EXPECT_EQ(f.line, line_of(theories, "PALUS_THEORY"));
  ASSERT_EQ(f.params.size(), 2u);
  EXPECT_EQ(f.params[0].name, "stack");
  EXPECT_EQ(f.params[0].type.spelling, "lib::Stack &");
  EXPECT_EQ(f.params[0].type.base, "lib::Stack");
  EXPECT_EQ(f.params[0].type.passing, api::Passing::ref);
  EXPECT_EQ(f.params[0].type.category, api::TypeCategory::record);
  EXPECT_EQ(f.params[1].name, "value");
  EXPECT_EQ(f.params[1].type.spelling, "int");
  EXPECT_EQ(f.params[1].type.category, api::TypeCategory::integer);
  EXPECT_TRUE(f.literals.empty());
  EXPECT_TRUE(api.param_values.empty());
}

TEST(Oracles, ParamValuesAreConstantsInHeaderOrder) {
  const std::string theories = R"cpp(
    namespace lib_theories {
    constexpr int kBig = 1 << 20;
    PALUS_PARAM_VALUES(lib::Stack::push, value, 1, -2, 'x', true, false, 2.5, -0.25, 1 + 2, kBig, (7))
    PALUS_PARAM_VALUES(lib::Stack::label, text, "a\n\"b\"", u8"c", R"(d\e)")
    PALUS_TYPE_VALUES(std::string, "x", "")
    PALUS_TYPE_VALUES(int, 7)
    }  // namespace lib_theories
  )cpp";
  const api::Api api = analyze_theories(theories);
  ASSERT_EQ(api.param_values.size(), 4u);
  const api::ParamValues& push = api.param_values[0];
  EXPECT_EQ(push.callable, "lib::Stack::push");
  EXPECT_EQ(push.param, "value");
  EXPECT_EQ(push.type, "");
  EXPECT_EQ(push.file, kTheories);
  EXPECT_EQ(push.line, line_of(theories, "PALUS_PARAM_VALUES(lib::Stack::push"));
  const std::vector<Literal> numbers{{Literal::Kind::integer, "1"},       {Literal::Kind::integer, "-2"},
                                     {Literal::Kind::character, "120"},   {Literal::Kind::integer, "1"},
                                     {Literal::Kind::integer, "0"},       {Literal::Kind::floating, "2.5"},
                                     {Literal::Kind::floating, "-0.25"},  {Literal::Kind::integer, "3"},
                                     {Literal::Kind::integer, "1048576"}, {Literal::Kind::integer, "7"}};
  EXPECT_EQ(push.values, numbers);
  const api::ParamValues& label = api.param_values[1];
  EXPECT_EQ(label.callable, "lib::Stack::label");
  EXPECT_EQ(label.param, "text");
  EXPECT_EQ(label.values,
            (std::vector<Literal>{
                {Literal::Kind::string, "a\n\"b\""}, {Literal::Kind::string, "c"}, {Literal::Kind::string, "d\\e"}}));
  const api::ParamValues& strings = api.param_values[2];
  EXPECT_EQ(strings.callable, "");
  EXPECT_EQ(strings.param, "");
  EXPECT_EQ(strings.type, "std::string");
  EXPECT_EQ(strings.line, line_of(theories, "PALUS_TYPE_VALUES(std::string"));
  EXPECT_EQ(strings.values, (std::vector<Literal>{{Literal::Kind::string, "x"}, {Literal::Kind::string, ""}}));
  EXPECT_EQ(api.param_values[3].type, "int");
  EXPECT_EQ(api.param_values[3].values, (std::vector<Literal>{{Literal::Kind::integer, "7"}}));
}

TEST(Oracles, CallablesAreLookedUpFromTheMacrosNamespaceOutwards) {
  const std::string theories = R"(
namespace lib {
PALUS_PARAM_VALUES(Stack::push, value, 1)
namespace tests {
PALUS_THEORY(count, lib::Stack& stack, int limit) { PALUS_CHECK(stack.size() <= limit); }
PALUS_PARAM_VALUES(count, limit, 2)
PALUS_PARAM_VALUES(Stack::push, value, 3)
PALUS_PARAM_VALUES(::lib::count, n, 4)
}
}
PALUS_PARAM_VALUES(lib::tests::count, limit, 5)
)";
  const api::Api api = analyze_theories(theories);
  std::vector<std::pair<std::string, std::string>> resolved;
  for (const auto& pv : api.param_values) resolved.emplace_back(pv.callable, pv.param);
  EXPECT_EQ(resolved, (std::vector<std::pair<std::string, std::string>>{{"lib::Stack::push", "value"},
                                                                        {"lib::tests::count", "limit"},
                                                                        {"lib::Stack::push", "value"},
                                                                        {"lib::count", "n"},
                                                                        {"lib::tests::count", "limit"}}));
  // As in C++, the innermost `count` hides lib::count, which has no parameter `limit`.
  const std::string hidden =
      "namespace lib::tests {\n"
      "PALUS_THEORY(count, lib::Stack& stack, int limit) {}\n"
      "PALUS_PARAM_VALUES(count, n, 1)\n}\n";
  EXPECT_TRUE(starts_with(error_for(hidden), at(hidden, "PALUS_PARAM_VALUES") +
                                                 "PALUS_PARAM_VALUES: lib::tests::count has no parameter n "
                                                 "(its parameters: limit, stack)"));
}

TEST(Oracles, TheoriesHeadersAddNoClassesFunctionsOrLiterals) {
  const std::string theories = R"(
namespace lib {
class Helper { public: int twice(int n) const { return n * 2 + 424242; } };
inline int helper(int n) { return n + 434343; }
PALUS_THEORY(pushes, Stack& stack) { stack.push(454545); }
}
)";
  const api::Api api = analyze_theories(theories);
  ASSERT_EQ(api.classes.size(), 1u);
  EXPECT_EQ(api.classes[0].name, "lib::Stack");
  ASSERT_EQ(api.functions.size(), 1u);
  EXPECT_EQ(api.functions[0].id, "lib::count(int)");
  for (const auto& method : api.classes[0].methods) {
    for (const auto& literal : method.literals) {
      EXPECT_TRUE(literal.value != "424242" && literal.value != "434343" && literal.value != "454545") << method.id;
    }
  }
  EXPECT_TRUE(api.unsupported.empty());
  ASSERT_EQ(api.oracles.size(), 1u);
  EXPECT_EQ(api.oracles[0].function.id, "lib::pushes(lib::Stack &)");
}

TEST(Oracles, UnknownCallableOrParameterIsAnErrorAtTheMacro) {
  const std::string unknown = "PALUS_PARAM_VALUES(lib::Stack::pop_all, n, 1)\n";
  EXPECT_TRUE(starts_with(error_for(unknown), at(unknown, "PALUS_PARAM") +
                                                  "PALUS_PARAM_VALUES: no callable lib::Stack::pop_all in the "
                                                  "library or the theories"));
  const std::string param = "\n\nPALUS_PARAM_VALUES(lib::Stack::push, amount, 1)\n";
  EXPECT_TRUE(starts_with(error_for(param), at(param, "PALUS_PARAM") +
                                                "PALUS_PARAM_VALUES: lib::Stack::push has no parameter amount "
                                                "(its parameters: value)"));
  // An invariant is no target for values; neither is a class.
  const std::string invariant = "PALUS_INVARIANT(lib::Stack, s) {}\nPALUS_PARAM_VALUES(palus_invariant, s, 1)\n";
  EXPECT_TRUE(contains(error_for(invariant), "no callable palus_invariant"));
}

TEST(Oracles, AValueThatIsNotAConstantIsAnErrorWhereItIsWritten) {
  const std::string theories =
      "inline int counter = 0;\n"
      "PALUS_PARAM_VALUES(lib::Stack::push, value, 1,\n"
      "                   counter + 1)\n";
  EXPECT_TRUE(starts_with(error_for(theories),
                          at(theories, "counter + 1") + "PALUS_PARAM_VALUES: value `counter + 1` is not a constant"));
  const std::string typed = "PALUS_TYPE_VALUES(std::string, std::string(\"x\"))\n";
  EXPECT_TRUE(
      starts_with(error_for(typed), at(typed, "PALUS_TYPE") + "PALUS_TYPE_VALUES: value `std :: string ( \"x\" )`"));
}

TEST(Oracles, ASyntaxErrorInATheoriesHeaderIsAParseError) {
  const std::string theories = "\nPALUS_THEORY(broken, lib::Stack& stack) { stack.push(1) }\n";
  const std::string where = kTheories + ":" + std::to_string(line_of(theories, "PALUS_THEORY")) + ":";
  const std::string message = error_for(theories);
  EXPECT_TRUE(starts_with(message, where));
  EXPECT_TRUE(contains(message, "expected ';'"));
}

TEST(Oracles, ApiYamlSectionsRoundTrip) {
  const std::string theories = R"(
namespace lib_theories {
PALUS_THEORY(push_then_pop, lib::Stack& stack, int value) { stack.push(value); }
PALUS_INVARIANT(lib::Stack, stack) {}
PALUS_PARAM_VALUES(lib::Stack::push, value, 1, -2, 'x', 2.5)
PALUS_PARAM_VALUES(lib::Stack::label, text, "say \"hi\"\n", "")
PALUS_TYPE_VALUES(std::string, "x: [y]")
}
)";
  const api::Api api = analyze_theories(theories);
  const std::string text = analysis::api_to_yaml(api, "/palus-test", "0.1.0");
  EXPECT_TRUE(contains(text,
                       "\noracles:\n  - kind: invariant\n    function:\n      id: "
                       "lib_theories::palus_invariant(lib::Stack &)\n"));
  EXPECT_TRUE(contains(text,
                       "\nparam_values:\n  - callable: lib::Stack::push\n    param: value\n    type: \"\"\n"
                       "    values: [{integer: \"1\"}, {integer: \"-2\"}, {char: \"120\"}, {floating: \"2.5\"}]\n"
                       "    file: theories.hpp\n"));
  ScratchDir dir;
  write_text(dir.path() / "api.yaml", text);
  const api::Api back = analysis::read_api_yaml(dir.path() / "api.yaml", "/palus-test");
  EXPECT_EQ(analysis::api_to_yaml(back, "/palus-test", "0.1.0"), text);
  ASSERT_EQ(back.oracles.size(), 2u);
  EXPECT_EQ(back.oracles[1].kind, api::Oracle::Kind::theory);
  EXPECT_EQ(back.oracles[1].function.params[0].type.spelling, "lib::Stack &");
  EXPECT_EQ(back.oracles[1].function.file, kTheories);
  ASSERT_EQ(back.param_values.size(), 3u);
  EXPECT_EQ(back.param_values[1].values, api.param_values[1].values);
  EXPECT_EQ(back.param_values[2].type, "std::string");
  EXPECT_EQ(back.param_values[2].file, kTheories);
  EXPECT_EQ(back.param_values[2].line, api.param_values[2].line);
}

TEST(Oracles, ApiYamlWithoutTheoriesHasNoOracleSections) {
  api::Api api;
  api.tfidf_formula = "W";
  const std::string text = analysis::api_to_yaml(api, "/palus-test", "0.1.0");
  EXPECT_EQ(text,
            "palus_version: 0.1.0\nrelevance: W\nclasses:\n  []\nfunctions:\n  []\nenums:\n  []\n"
            "unsupported:\n  []\n");
}

TEST(Oracles, ApiYamlRejectsUnknownKeysInTheNewSections) {
  api::Api api;
  api::ParamValues pv;
  pv.type = "int";
  pv.values = {{Literal::Kind::integer, "1"}};
  pv.file = "/palus-test/theories.hpp";
  pv.line = 3;
  api.param_values = {pv};
  const std::string text = analysis::api_to_yaml(api, "/palus-test", "0.1.0");
  ScratchDir dir;
  const auto file = dir.path() / "api.yaml";
  const auto message = [&](const std::string& yaml) -> std::string {
    write_text(file, yaml);
    return palus::testing::error_message<UserError>([&] { analysis::read_api_yaml(file, "/palus-test"); },
                                                    "(no error)");
  };
  EXPECT_EQ(message(text), "(no error)");
  const auto pos = text.find("    line: 3");
  ASSERT_NE(pos, std::string::npos);
  const std::string extra = text.substr(0, pos) + "    lines: 4\n" + text.substr(pos);
  EXPECT_TRUE(
      contains(message(extra), "unknown key 'lines' (expected one of callable, param, type, values, file, line)"));
  EXPECT_TRUE(contains(message(text + "oracles:\n  - kind: axiom\n    function: {}\n"), "got 'axiom'"));
}

}  // namespace
}  // namespace palus::testing
