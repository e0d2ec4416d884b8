// Scalar types and the literal pool: boundaries, mined literals, PALUS_PARAM_VALUES and PALUS_TYPE_VALUES.

#include "palus/generation/literal_pool.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "palus/generation/random.hpp"
#include "palus/generation/scalar_type.hpp"
#include "unit/palus/generation/generation_fixtures.hpp"

namespace palus::generation {
namespace {

using namespace fixtures;

// ---------------------------------------------------------------------------------------------
// scalar_type

TEST(ScalarType, Spellings) {
  struct Case {
    const char* spelling;
    unsigned bits;
    bool is_signed;
    bool is_floating;
  };
  for (const Case& c : std::vector<Case>{
           {"int", 32, true, false},
           {"unsigned int", 32, false, false},
           {"unsigned", 32, false, false},
           {"std::size_t", 64, false, false},
           {"size_t", 64, false, false},
           {"std::int8_t", 8, true, false},
           {"std::uint8_t", 8, false, false},
           {"std::uint16_t", 16, false, false},
           {"std::int64_t", 64, true, false},
           {"long long", 64, true, false},
           {"long", 64, true, false},
           {"long int", 64, true, false},
           {"unsigned long", 64, false, false},
           {"short", 16, true, false},
           {"short int", 16, true, false},
           {"unsigned short", 16, false, false},
           {"char", 8, true, false},
           {"signed char", 8, true, false},
           {"unsigned char", 8, false, false},
           {"double", 64, true, true},
           {"float", 32, true, true},
       }) {
    SCOPED_TRACE(c.spelling);
    const ScalarType t = scalar_type(c.spelling);
    EXPECT_TRUE(t.known);
    EXPECT_EQ(t.bits, c.bits);
    EXPECT_EQ(t.is_signed, c.is_signed);
    EXPECT_EQ(t.is_floating, c.is_floating);
  }
  const ScalarType unknown = scalar_type("ns::Weird_t");
  EXPECT_FALSE(unknown.known);
  EXPECT_EQ(unknown.bits, 32u);
  EXPECT_TRUE(unknown.is_signed);
  EXPECT_FALSE(unknown.is_floating);
}

TEST(ScalarType, Ranges) {
  EXPECT_EQ(scalar_type("int").min(), INT_MIN);
  EXPECT_EQ(scalar_type("int").max(), INT_MAX);
  EXPECT_EQ(scalar_type("std::int8_t").min(), -128);
  EXPECT_EQ(scalar_type("std::int8_t").max(), 127);
  EXPECT_EQ(scalar_type("short").min(), SHRT_MIN);
  EXPECT_EQ(scalar_type("short").max(), SHRT_MAX);
  EXPECT_EQ(scalar_type("long long").min(), LLONG_MIN);
  EXPECT_EQ(scalar_type("long long").max(), LLONG_MAX);
  EXPECT_EQ(scalar_type("unsigned char").umax(), 255u);
  EXPECT_EQ(scalar_type("unsigned int").umax(), UINT_MAX);
  EXPECT_EQ(scalar_type("std::size_t").umax(), UINT64_MAX);
}

// ---------------------------------------------------------------------------------------------
// LiteralPool

api::TypeRef scalar(const std::string& base, api::TypeCategory category = api::TypeCategory::integer) {
  return type(base, base, api::Passing::value, category);
}

bool contains_signed(const std::vector<Input>& values, std::int64_t v) {
  for (const auto& in : values)
    if (in.kind == InputKind::signed_integer && in.i == v) return true;
  return false;
}

bool contains_unsigned(const std::vector<Input>& values, std::uint64_t v) {
  for (const auto& in : values)
    if (in.kind == InputKind::unsigned_integer && in.u == v) return true;
  return false;
}

bool contains_floating(const std::vector<Input>& values, double v) {
  for (const auto& in : values)
    if (in.kind == InputKind::floating && same_input(in, Input::floating(v))) return true;
  return false;
}

/// The boundary values of `type` in the pool of an API with nothing mined.
std::vector<Input> boundaries(const api::TypeRef& type) {
  const api::Api api;
  return LiteralPool(api).boundary_values(type);
}

/// The boundary values of the signed integer type `spelling`: signed integers in [min, max],
/// min and max among them.
std::vector<Input> expect_signed_boundaries(const std::string& spelling, std::int64_t min, std::int64_t max) {
  SCOPED_TRACE(spelling);
  const auto values = boundaries(scalar(spelling));
  for (const auto& in : values) {
    EXPECT_EQ(in.kind, InputKind::signed_integer);
    EXPECT_GE(in.i, min);
    EXPECT_LE(in.i, max);
  }
  EXPECT_TRUE(contains_signed(values, min));
  EXPECT_TRUE(contains_signed(values, max));
  return values;
}

/// The boundary values of the unsigned integer type `spelling`: unsigned integers up to max, 0
/// and max among them.
std::vector<Input> expect_unsigned_boundaries(const std::string& spelling, std::uint64_t max) {
  SCOPED_TRACE(spelling);
  const auto values = boundaries(scalar(spelling));
  EXPECT_FALSE(values.empty());
  for (const auto& in : values) {
    EXPECT_EQ(in.kind, InputKind::unsigned_integer);
    EXPECT_LE(in.u, max);
  }
  EXPECT_TRUE(contains_unsigned(values, 0));
  EXPECT_TRUE(contains_unsigned(values, max));
  return values;
}

TEST(LiteralPool, IntBoundaries) {
  const auto values = expect_signed_boundaries("int", INT_MIN, INT_MAX);
  for (const std::int64_t v : {0, 1, -1}) EXPECT_TRUE(contains_signed(values, v)) << v;
  expect_signed_boundaries("long long", LLONG_MIN, LLONG_MAX);
}

TEST(LiteralPool, NothingOutOfRangeForNarrowTypes) {
  expect_unsigned_boundaries("std::uint8_t", 255);
  expect_signed_boundaries("std::int8_t", -128, 127);
  expect_signed_boundaries("short", SHRT_MIN, SHRT_MAX);
}

TEST(LiteralPool, UnsignedTypesGiveUnsignedInputsIncludingMax) {
  for (const auto& [spelling, max] :
       std::vector<std::pair<std::string, std::uint64_t>>{{"unsigned int", UINT_MAX},
                                                          {"std::size_t", UINT64_MAX},
                                                          {"unsigned char", 255},
                                                          {"unsigned long long", ULLONG_MAX}}) {
    EXPECT_TRUE(contains_unsigned(expect_unsigned_boundaries(spelling, max), 1)) << spelling;
  }
}

TEST(LiteralPool, DoubleBoundaries) {
  const auto values = boundaries(scalar("double", api::TypeCategory::floating));
  for (const auto& in : values) EXPECT_EQ(in.kind, InputKind::floating);
  bool nan = false;
  for (const auto& in : values) nan = nan || std::isnan(in.d);
  EXPECT_TRUE(nan);
  for (const double v :
       {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(), -0.0, 0.0, DBL_MAX})
    EXPECT_TRUE(contains_floating(values, v)) << v;
}

TEST(LiteralPool, FloatMaxIsFltMax) {
  const auto values = boundaries(scalar("float", api::TypeCategory::floating));
  EXPECT_TRUE(contains_floating(values, static_cast<double>(FLT_MAX)));
  EXPECT_FALSE(contains_floating(values, DBL_MAX));
  for (const auto& in : values) {
    ASSERT_EQ(in.kind, InputKind::floating);
    // Every finite value is representable as a float.
    if (std::isfinite(in.d)) {
      EXPECT_LE(std::fabs(in.d), static_cast<double>(FLT_MAX));
    }
  }
}

TEST(LiteralPool, StringsIncludeEmptyAndLong) {
  for (auto category : {api::TypeCategory::string, api::TypeCategory::cstring}) {
    const auto values = boundaries(type("const std::string &", "std::string", api::Passing::const_ref, category));
    bool empty = false, long_one = false;
    for (const auto& in : values) {
      ASSERT_EQ(in.kind, InputKind::string);
      empty = empty || in.s.empty();
      long_one = long_one || in.s.size() >= 256;
    }
    EXPECT_TRUE(empty);
    EXPECT_TRUE(long_one);
  }
}

TEST(LiteralPool, BooleansAreFalseAndTrue) {
  const auto values = boundaries(scalar("bool", api::TypeCategory::boolean));
  ASSERT_EQ(values.size(), 2u);
  EXPECT_TRUE(same_input(values[0], Input::boolean(false)) || same_input(values[1], Input::boolean(false)));
  EXPECT_TRUE(same_input(values[0], Input::boolean(true)) || same_input(values[1], Input::boolean(true)));
}

TEST(LiteralPool, AnEnumsCountSentinelIsNoValue) {
  api::Api api;
  api::Enum placement, size;
  placement.name = "Json::CommentPlacement";
  placement.values = {{"commentBefore", 0}, {"commentAfter", 1}, {"numberOfCommentPlacement", 2}};
  size.name = "ns::Size";  // "max" that is no count: its value is not the number of enumerators before it
  size.values = {{"small", 1}, {"medium", 2}, {"max", 10}};
  api::Enum stat;  // a lone "Max" is a value, even where it equals the count before it
  stat.name = "ns::Stat";
  stat.values = {{"Min", 0}, {"Mean", 1}, {"Max", 2}};
  api.enums = {placement, size, stat};
  const LiteralPool literals(api);
  auto values = [&](const std::string& name) {
    std::set<std::int64_t> got;
    for (const auto& in : literals.boundary_values(scalar(name, api::TypeCategory::enumeration))) got.insert(in.i);
    return got;
  };
  EXPECT_EQ(values("Json::CommentPlacement"), (std::set<std::int64_t>{0, 1}));
  EXPECT_EQ(values("ns::Size"), (std::set<std::int64_t>{1, 2, 10}));
  EXPECT_EQ(values("ns::Stat"), (std::set<std::int64_t>{0, 1, 2}));
}

TEST(LiteralPool, EnumGivesExactlyItsEnumerators) {
  api::Api api;
  api::Enum e;
  e.name = "ns::Color";
  e.values = {{"red", 1}, {"green", 5}, {"blue", -3}};
  api.enums.push_back(e);
  const LiteralPool literals(api);
  const api::TypeRef color = scalar("ns::Color", api::TypeCategory::enumeration);
  const auto values = literals.boundary_values(color);
  std::multiset<std::int64_t> got;
  for (const auto& in : values) {
    ASSERT_EQ(in.kind, InputKind::signed_integer);
    got.insert(in.i);
  }
  EXPECT_EQ(got, (std::multiset<std::int64_t>{1, 5, -3}));
  // pick, with or without a callable, draws only enumerators.
  const api::Callable f =
      callable("ns::paint(ns::Color)", "paint", "", api::CallableKind::function, {param("c", color)});
  Random random(5);
  for (int i = 0; i < 200; ++i) {
    const Input in = literals.pick(color, i % 2 ? &f : nullptr, random);
    ASSERT_EQ(in.kind, InputKind::signed_integer);
    EXPECT_TRUE(in.i == 1 || in.i == 5 || in.i == -3) << in.i;
  }
}

TEST(LiteralPool, PickWithoutMinedLiteralsDrawsBoundaryValues) {
  const api::Api api;
  const LiteralPool literals(api);
  Random random(2);
  const auto boundaries = literals.boundary_values(scalar("std::uint8_t"));
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 500; ++i) {
    const Input in = literals.pick(scalar("std::uint8_t"), nullptr, random);
    ASSERT_EQ(in.kind, InputKind::unsigned_integer);
    EXPECT_TRUE(contains_unsigned(boundaries, in.u));
    seen.insert(in.u);
  }
  EXPECT_EQ(seen.size(), boundaries.size());  // every boundary value comes up
}

api::Literal literal(api::Literal::Kind kind, std::string value) {
  api::Literal l;
  l.kind = kind;
  l.value = std::move(value);
  return l;
}

TEST(LiteralPool, MinedLiteralsOfTheCallableComeUpMoreOften) {
  api::Api api;
  api::Class k;
  k.name = "ns::K";
  api::Callable own = callable("ns::K::f(int)", "f", "ns::K", api::CallableKind::method, {param("n", int_type())});
  own.literals = {literal(api::Literal::Kind::integer, "4242"), literal(api::Literal::Kind::string, "SELECT")};
  k.methods.push_back(own);
  api::Callable sibling = callable("ns::K::h(int)", "h", "ns::K", api::CallableKind::method, {param("n", int_type())});
  sibling.literals = {literal(api::Literal::Kind::integer, "5555")};
  k.methods.push_back(sibling);
  api::Class j;
  j.name = "ns::J";
  api::Callable elsewhere =
      callable("ns::J::g(int)", "g", "ns::J", api::CallableKind::method, {param("n", int_type())});
  elsewhere.literals = {literal(api::Literal::Kind::integer, "7777"),
                        literal(api::Literal::Kind::integer, "99999999999"),  // out of int's range
                        literal(api::Literal::Kind::floating, "2.5")};
  j.methods.push_back(elsewhere);
  api.classes = {j, k};
  const LiteralPool literals(api);

  Random random(12345);
  constexpr int kDraws = 4000;
  std::map<std::int64_t, int> counts;
  for (int i = 0; i < kDraws; ++i) {
    const Input in = literals.pick(int_type(), &api.classes[1].methods[0], random);
    ASSERT_EQ(in.kind, InputKind::signed_integer);
    ASSERT_GE(in.i, INT_MIN);
    ASSERT_LE(in.i, INT_MAX);  // 99999999999 never offered for an int
    ++counts[in.i];
  }
  // Own literal: from the callable, its class and the library (about 45% of the draws); a
  // sibling method's literal from the class and the library (about 11%); another class's only
  // from the library (about 3%); a boundary value about 1 in 25.
  EXPECT_GT(counts[4242], kDraws * 3 / 10);
  EXPECT_GT(counts[4242], 3 * counts[5555]);
  EXPECT_GT(counts[5555], 2 * counts[7777]);
  EXPECT_GT(counts[7777], 0);
  EXPECT_LT(counts[7777], kDraws / 10);
  EXPECT_GT(counts[0], 0);  // boundary values still come up
  EXPECT_EQ(counts.count(99999999999), 0u);

  // Strings and floats are mined the same way.
  Random random2(6);
  int select = 0;
  bool two_and_a_half = false;
  const api::TypeRef str =
      type("const std::string &", "std::string", api::Passing::const_ref, api::TypeCategory::string);
  const api::TypeRef dbl = scalar("double", api::TypeCategory::floating);
  for (int i = 0; i < 1000; ++i) {
    if (literals.pick(str, &api.classes[1].methods[0], random2).s == "SELECT") ++select;
    const Input d = literals.pick(dbl, &api.classes[0].methods[0], random2);
    two_and_a_half = two_and_a_half || (d.kind == InputKind::floating && d.d == 2.5);
  }
  EXPECT_GT(select, 300);
  EXPECT_TRUE(two_and_a_half);
  // Without a callable, nothing mined.
  for (int i = 0; i < 500; ++i) {
    const Input in = literals.pick(int_type(), nullptr, random);
    EXPECT_NE(in.i, 4242);
    EXPECT_NE(in.i, 7777);
  }
}

TEST(LiteralPool, MinedIntegersRespectUnsignedWidth) {
  api::Api api;
  api::Callable f =
      callable("ns::f(unsigned char)", "f", "", api::CallableKind::function, {param("c", scalar("unsigned char"))});
  f.literals = {literal(api::Literal::Kind::integer, "200"), literal(api::Literal::Kind::integer, "300"),
                literal(api::Literal::Kind::integer, "-5")};
  api.functions.push_back(f);
  const LiteralPool literals(api);
  Random random(9);
  int two_hundred = 0;
  for (int i = 0; i < 2000; ++i) {
    const Input in = literals.pick(scalar("unsigned char"), &api.functions[0], random);
    ASSERT_EQ(in.kind, InputKind::unsigned_integer);
    ASSERT_LE(in.u, 255u);
    if (in.u == 200) ++two_hundred;
  }
  EXPECT_GT(two_hundred, 400);
}

TEST(LiteralPool, AddedValuesAreDrawn) {
  api::Api api;
  api.functions.push_back(callable("ns::f(int)", "f", "", api::CallableKind::function, {param("n", int_type())}));
  LiteralPool literals(api);
  literals.add_values("ns::f(int)", "n", {Input::integer(31337)});
  Random random(4);
  int hits = 0;
  for (int i = 0; i < 1000; ++i)
    if (literals.pick(int_type(), &api.functions[0], random, "n").i == 31337) ++hits;
  EXPECT_GT(hits, 300);
  // Another callable with a parameter of the same type does not get them.
  const api::Callable g = callable("ns::g(int)", "g", "", api::CallableKind::function, {param("n", int_type())});
  for (int i = 0; i < 500; ++i) EXPECT_NE(literals.pick(int_type(), &g, random, "n").i, 31337);
}

// LiteralPool and PALUS_PARAM_VALUES / PALUS_TYPE_VALUES.

api::Literal integer_literal(std::int64_t v) { return literal(api::Literal::Kind::integer, std::to_string(v)); }

api::ParamValues param_values(std::string callable, std::string param, std::vector<api::Literal> values) {
  api::ParamValues p;
  p.callable = std::move(callable);
  p.param = std::move(param);
  p.values = std::move(values);
  return p;
}

api::ParamValues type_values(std::string type, std::vector<api::Literal> values) {
  api::ParamValues p;
  p.type = std::move(type);
  p.values = std::move(values);
  return p;
}

/// How many of `draws` picks for `callable`'s parameter `param` (of type `t`) satisfy `hit`.
template <typename Hit>
int hits(const LiteralPool& literals, const api::Callable& callable, const std::string& param, const api::TypeRef& t,
         Hit hit, int draws = 1000, std::uint64_t seed = 8) {
  Random random(seed);
  int n = 0;
  for (int i = 0; i < draws; ++i) n += hit(literals.pick(t, &callable, random, param)) ? 1 : 0;
  return n;
}

const api::TypeRef kStringRef =
    type("const std::string &", "std::string", api::Passing::const_ref, api::TypeCategory::string);

bool is_select(const Input& in) { return in.kind == InputKind::string && in.s.rfind("select ", 0) == 0; }

TEST(LiteralPool, ParamValuesGoToEveryOverloadWithTheParameter) {
  api::Api api;
  api::Class k;
  k.name = "ns::K";
  k.methods.push_back(callable("ns::K::run(const std::string &)", "run", "ns::K", api::CallableKind::method,
                               {param("sql", kStringRef)}));
  k.methods.push_back(callable("ns::K::run(const std::string &, int)", "run", "ns::K", api::CallableKind::method,
                               {param("sql", kStringRef), param("limit", int_type())}));
  k.methods.push_back(callable("ns::K::run(int)", "run", "ns::K", api::CallableKind::method, {param("n", int_type())}));
  k.methods.push_back(callable("ns::K::other(const std::string &)", "other", "ns::K", api::CallableKind::method,
                               {param("sql", kStringRef)}));
  api::Class l;
  l.name = "ns::L";
  l.methods.push_back(callable("ns::L::run(const std::string &)", "run", "ns::L", api::CallableKind::method,
                               {param("sql", kStringRef)}));
  api.classes = {k, l};
  api.functions.push_back(
      callable("ns::run(const std::string &)", "run", "", api::CallableKind::function, {param("sql", kStringRef)}));
  api.param_values = {
      param_values("ns::K::run", "sql",
                   {literal(api::Literal::Kind::string, "select 1"), literal(api::Literal::Kind::string, "select 2")})};
  const LiteralPool literals(api);
  const auto& methods = api.classes[0].methods;
  // Both overloads of ns::K::run with a parameter `sql`: about half of the draws.
  EXPECT_GT(hits(literals, methods[0], "sql", kStringRef, is_select), 400);
  EXPECT_GT(hits(literals, methods[1], "sql", kStringRef, is_select), 400);
  // Both values come up.
  Random random(3);
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) seen.insert(literals.pick(kStringRef, &methods[0], random, "sql").s);
  EXPECT_TRUE(seen.count("select 1"));
  EXPECT_TRUE(seen.count("select 2"));
  // Not another parameter, another method, the same name in another class or namespace.
  EXPECT_EQ(hits(literals, methods[1], "limit", kStringRef, is_select), 0);
  EXPECT_EQ(hits(literals, methods[3], "sql", kStringRef, is_select), 0);
  EXPECT_EQ(hits(literals, api.classes[1].methods[0], "sql", kStringRef, is_select), 0);
  EXPECT_EQ(hits(literals, api.functions[0], "sql", kStringRef, is_select), 0);
  // Nor a pick that names no parameter.
  EXPECT_EQ(hits(literals, methods[0], "", kStringRef, is_select), 0);
}

TEST(LiteralPool, ParamValuesOfATheory) {
  api::Api api;
  api::Oracle theory;
  theory.kind = api::Oracle::Kind::theory;
  theory.function = callable("th::at_most(ns::K &, int)", "at_most", "", api::CallableKind::function,
                             {param("k", record_type("ns::K", api::Passing::ref)), param("bound", int_type())});
  api.oracles = {theory};
  api.param_values = {param_values("th::at_most", "bound", {integer_literal(4242), integer_literal(17)})};
  const LiteralPool literals(api);
  const api::Callable& f = api.oracles[0].function;
  const int given = hits(literals, f, "bound", int_type(), [](const Input& in) {
    return in.kind == InputKind::signed_integer && (in.i == 4242 || in.i == 17);
  });
  EXPECT_GT(given, 400);
  EXPECT_LT(given, 700);  // the other half from the pool
  // Another theory's parameter of the same name does not get them.
  const api::Callable g =
      callable("th::other(int)", "other", "", api::CallableKind::function, {param("bound", int_type())});
  EXPECT_EQ(hits(literals, g, "bound", int_type(), [](const Input& in) { return in.i == 4242; }), 0);
}

TEST(LiteralPool, TypeValuesGoToEveryParameterOfTheType) {
  api::Api api;
  api.functions.push_back(callable("ns::f(int, const std::string &, long)", "f", "", api::CallableKind::function,
                                   {param("n", int_type()), param("s", kStringRef), param("l", scalar("long"))}));
  api.functions.push_back(callable("ns::g(int)", "g", "", api::CallableKind::function, {param("m", int_type())}));
  api.param_values = {
      type_values("int", {integer_literal(31337), integer_literal(99999999999)}),  // the second not an int
      type_values("std::string", {literal(api::Literal::Kind::string, "PALUS")})};
  const LiteralPool literals(api);
  const api::Callable& f = api.functions[0];
  const api::Callable& g = api.functions[1];
  EXPECT_GT(hits(literals, f, "n", int_type(), [](const Input& in) { return in.i == 31337; }), 400);
  EXPECT_GT(hits(literals, g, "m", int_type(), [](const Input& in) { return in.i == 31337; }), 400);
  EXPECT_GT(hits(literals, g, "", int_type(), [](const Input& in) { return in.i == 31337; }), 400);  // unnamed too
  EXPECT_EQ(hits(literals, g, "m", int_type(), [](const Input& in) { return in.i == 99999999999; }), 0);
  EXPECT_GT(hits(literals, f, "s", kStringRef, [](const Input& in) { return in.s == "PALUS"; }), 400);
  // Another type does not get them.
  EXPECT_EQ(hits(literals, f, "l", scalar("long"), [](const Input& in) { return in.i == 31337; }), 0);
}

TEST(LiteralPool, TheSamplesTextsGoToStringParametersAndShortOnesAreTokens) {
  api::Api api;
  api.functions.push_back(callable("ns::f(int, const std::string &)", "f", "", api::CallableKind::function,
                                   {param("n", int_type()), param("s", kStringRef)}));
  LiteralPool literals(api);
  const std::string document = "{\"Age\": 20, \"Name\": \"colin\"}" + std::string(80, ' ');
  literals.add_sample_texts({document, "Name"});
  const api::Callable& f = api.functions[0];
  EXPECT_GT(hits(literals, f, "s", kStringRef, [&](const Input& in) { return in.s == document; }), 90)
      << "a document one time in ten or more";
  EXPECT_EQ(hits(literals, f, "n", int_type(), [](const Input& in) { return in.kind == InputKind::string; }), 0);
  const std::vector<std::string>& tokens = literals.dictionary(f, "s");
  EXPECT_NE(std::find(tokens.begin(), tokens.end(), "Name"), tokens.end());
  EXPECT_EQ(std::find(tokens.begin(), tokens.end(), document), tokens.end()) << "a long text is no token";
}

TEST(LiteralPool, ARecordedTextComesWithAnotherTokenOfItsKindInItSometimes) {
  api::Api api;
  api::Callable f =
      callable("ns::f(const std::string &)", "f", "", api::CallableKind::function, {param("s", kStringRef)});
  for (const char* token : {"+", "*", "<="}) f.literals.push_back(literal(api::Literal::Kind::string, token));
  api.functions.push_back(f);
  LiteralPool literals(api);
  literals.add_values(f.id, "s", {Input::string("a + b")});
  const int recorded =
      hits(literals, api.functions[0], "s", kStringRef, [](const Input& in) { return in.s == "a + b"; });
  const int swapped = hits(literals, api.functions[0], "s", kStringRef,
                           [](const Input& in) { return in.s == "a * b" || in.s == "a <= b"; });
  EXPECT_GT(recorded, 250) << "the recorded text itself, most times";
  EXPECT_GT(swapped, 100) << "its neighbour with another operator, one time in three";
}

TEST(LiteralPool, GivenValuesTakeTheParametersType) {
  api::Api api;
  const api::TypeRef boolean = scalar("bool", api::TypeCategory::boolean);
  const api::TypeRef dbl = scalar("double", api::TypeCategory::floating);
  api.functions.push_back(callable(
      "ns::f(bool, short, unsigned int, double)", "f", "", api::CallableKind::function,
      {param("flag", boolean), param("small", scalar("short")), param("u", scalar("unsigned int")), param("x", dbl)}));
  // bool values as palus analyze records them (integers); 70000 does not fit a short, -5 no unsigned.
  api.param_values = {param_values("ns::f", "flag", {integer_literal(0)}),
                      param_values("ns::f", "small", {integer_literal(1234), integer_literal(70000)}),
                      param_values("ns::f", "u", {integer_literal(-5), integer_literal(4000000000)}),
                      param_values("ns::f", "x", {integer_literal(3), literal(api::Literal::Kind::floating, "2.5")})};
  const LiteralPool literals(api);
  const api::Callable& f = api.functions[0];
  // Booleans, false much more often than true (half of the time given, half a boundary value).
  Random random(21);
  int falses = 0;
  for (int i = 0; i < 1000; ++i) {
    const Input in = literals.pick(boolean, &f, random, "flag");
    ASSERT_EQ(in.kind, InputKind::boolean);
    falses += in.i == 0 ? 1 : 0;
  }
  EXPECT_GT(falses, 650);
  // Values out of range are left out, the others drawn.
  EXPECT_GT(hits(literals, f, "small", scalar("short"), [](const Input& in) { return in.i == 1234; }), 400);
  EXPECT_EQ(hits(literals, f, "small", scalar("short"), [](const Input& in) { return in.i == 70000; }), 0);
  EXPECT_GT(hits(literals, f, "u", scalar("unsigned int"),
                 [](const Input& in) { return in.kind == InputKind::unsigned_integer && in.u == 4000000000u; }),
            400);
  EXPECT_EQ(hits(literals, f, "u", scalar("unsigned int"),
                 [](const Input& in) {
                   return in.kind == InputKind::signed_integer || in.u == static_cast<std::uint64_t>(-5);
                 }),
            0);
  // Integers for a floating parameter are floating inputs.
  EXPECT_GT(hits(literals, f, "x", dbl,
                 [](const Input& in) { return in.kind == InputKind::floating && (in.d == 3.0 || in.d == 2.5); }),
            400);
}

// A char parameter: PALUS_PARAM_VALUES(ns::f, c, 'a', 1000): 1000 does not fit a char and is left out.
TEST(LiteralPool, GivenValuesOutOfRangeForACharAreLeftOut) {
  api::Api api;
  const api::TypeRef ch = scalar("char", api::TypeCategory::character);
  api.functions.push_back(callable("ns::f(char)", "f", "", api::CallableKind::function, {param("c", ch)}));
  api.param_values = {
      param_values("ns::f", "c", {literal(api::Literal::Kind::character, "97"), integer_literal(1000)})};
  const LiteralPool literals(api);
  const api::Callable& f = api.functions[0];
  EXPECT_GT(hits(literals, f, "c", ch, [](const Input& in) { return in.i == 97; }), 400);
  EXPECT_EQ(hits(literals, f, "c", ch, [](const Input& in) { return in.i == 1000; }), 0);
}

// PALUS_PARAM_VALUES(ns::f, u, 18446744073709551615u) for a std::uint64_t parameter: above INT64_MAX,
// it still fits.
TEST(LiteralPool, GivenValuesAboveInt64MaxForAnUnsignedParameter) {
  api::Api api;
  const api::TypeRef u64 = scalar("std::uint64_t");
  api.functions.push_back(callable("ns::f(std::uint64_t)", "f", "", api::CallableKind::function, {param("u", u64)}));
  api.param_values = {param_values("ns::f", "u", {literal(api::Literal::Kind::integer, "18446744073709551615")})};
  const LiteralPool literals(api);
  EXPECT_GT(hits(literals, api.functions[0], "u", u64,
                 [](const Input& in) { return in.kind == InputKind::unsigned_integer && in.u == UINT64_MAX; }),
            400);  // about half given, plus the boundary value UINT64_MAX
}

}  // namespace
}  // namespace palus::generation
