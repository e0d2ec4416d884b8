// The GoogleTest writer: literals, one test's text, the files of a suite; and a suite over the
// tiny library tests/data/writer/gadgets.hpp compiled and run with GoogleTest.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "oracles/contracts/contract_id.hpp"
#include "palus/generation/catalog.hpp"
#include "palus/writer/literal.hpp"
#include "palus/writer/oracle_selection.hpp"
#include "palus/writer/suite_writer.hpp"
#include "palus/writer/test_renderer.hpp"
#include "test_files.hpp"
#include "unit/core/api_builders.hpp"

namespace palus::writer {
namespace {

namespace fs = std::filesystem;
using api::Passing;
using api::TypeCategory;
using api::TypeRef;
using generation::Sequence;
using generation::TestCase;
using generation::TestKind;
using namespace harness::protocol;
using namespace palus::testing;

// ---------------------------------------------------------------------------------------------
// An api.yaml for gadgets.hpp, written by hand, and its catalog.

TypeRef type(const std::string& base, TypeCategory category, Passing passing = Passing::value) {
  TypeRef t;
  t.base = base;
  t.category = category;
  t.passing = passing;
  t.spelling = spelled(base, passing);
  return t;
}

const TypeRef kVoid = type("void", TypeCategory::void_type);
const TypeRef kInt = type("int", TypeCategory::integer);
const TypeRef kBool = type("bool", TypeCategory::boolean);
const TypeRef kDouble = type("double", TypeCategory::floating);
const TypeRef kString = type("std::string", TypeCategory::string);
const TypeRef kSize = type("std::size_t", TypeCategory::integer);
const TypeRef kColor = type("gadgets::Color", TypeCategory::enumeration);
const TypeRef kCString = [] {
  TypeRef t = type("char", TypeCategory::cstring, Passing::const_pointer);
  t.spelling = "const char *";
  return t;
}();

TypeRef record(const std::string& name, Passing passing = Passing::value) {
  return type(name, TypeCategory::record, passing);
}

struct Gadgets {
  api::Api api;
  generation::Catalog catalog;
  std::map<std::string, std::uint32_t> index;  ///< "Widget::size" -> harness callable index

  std::uint32_t operator[](const std::string& key) const {
    auto found = index.find(key);
    if (found == index.end()) throw std::out_of_range("no callable " + key);
    return found->second;
  }
};

/// The parts of gadgets.hpp the tests use, as palus analyze would describe them.
const Gadgets& gadgets() {
  static const std::unique_ptr<Gadgets> g = [] {
    auto g = std::make_unique<Gadgets>();
    std::vector<std::string> order;  // keys in the order added
    auto add = [&](api::Class& cls, const std::string& key, api::CallableKind kind, const std::string& name,
                   TypeRef result, std::vector<std::pair<std::string, TypeRef>> params, bool is_const = false) {
      api::Callable c;
      c.kind = kind;
      c.owner = cls.name;
      c.name = kind == api::CallableKind::constructor ? cls.name.substr(cls.name.rfind(':') + 1) : name;
      c.result = result;
      c.is_const = is_const;
      c.is_operator = name.rfind("operator", 0) == 0;
      std::string id = cls.name + "::" + c.name + "(";
      for (std::size_t k = 0; k < params.size(); ++k) {
        c.params.push_back({params[k].first, params[k].second});
        id += (k ? ", " : "") + params[k].second.spelling;
      }
      c.id = id + ")" + (is_const ? " const" : "");
      auto& list = kind == api::CallableKind::constructor ? cls.constructors : cls.methods;
      list.push_back(c);
      order.push_back(key);
    };
    using K = api::CallableKind;
    api::Class widget;
    widget.name = "gadgets::Widget";
    widget.traits.copy_constructible = widget.traits.move_constructible = widget.traits.equality_comparable = true;
    widget.traits.default_constructible = widget.traits.destructible = true;
    add(widget, "Widget()", K::constructor, "", kVoid, {});
    add(widget, "Widget(int)", K::constructor, "", kVoid, {{"size", kInt}});
    add(widget, "Widget::size", K::method, "size", kInt, {}, true);
    add(widget, "Widget::resize", K::method, "resize", kVoid, {{"size", kInt}});
    add(widget, "Widget::empty", K::method, "empty", kBool, {}, true);
    add(widget, "Widget::ratio", K::method, "ratio", kDouble, {}, true);
    add(widget, "Widget::half", K::method, "half", type("float", TypeCategory::floating), {}, true);
    add(widget, "Widget::color", K::method, "color", kColor, {}, true);
    add(widget, "Widget::paint", K::method, "paint", kVoid, {{"color", kColor}});
    add(widget, "Widget::name", K::method, "name", kString, {}, true);
    add(widget, "Widget::rename", K::method, "rename", kVoid,
        {{"name", type("std::string", TypeCategory::string, Passing::const_ref)}});
    add(widget, "Widget::label", K::method, "label", kCString, {}, true);
    add(widget, "Widget::length", K::method, "length", kSize, {}, true);
    add(widget, "Widget::attach", K::method, "attach", kVoid, {{"other", record("gadgets::Widget", Passing::pointer)}});
    add(widget, "Widget::partner", K::method, "partner", record("gadgets::Widget", Passing::pointer), {});
    add(widget, "Widget::self", K::method, "self", record("gadgets::Widget", Passing::ref), {});
    add(widget, "Widget::view", K::method, "view", record("gadgets::Widget", Passing::const_ref), {}, true);
    add(widget, "Widget::adopt", K::method, "adopt", kVoid,
        {{"other", record("gadgets::Widget", Passing::rvalue_ref)}});
    add(widget, "Widget::grow", K::method, "grow", kVoid, {{"by", type("int", TypeCategory::integer, Passing::ref)}});
    add(widget, "Widget::make", K::static_method, "make", record("gadgets::Widget"), {{"size", kInt}});
    add(widget, "Widget::create", K::static_method, "create", record("std::unique_ptr<gadgets::Widget>"),
        {{"size", kInt}});
    add(widget, "Widget::copy_to", K::method, "copy_to", kSize,
        {{"buffer", type("char", TypeCategory::character, Passing::pointer)}, {"capacity", kSize}}, true);
    add(widget, "Widget::fail", K::method, "fail", kVoid, {}, true);
    add(widget, "Widget::crash", K::method, "crash", kVoid, {}, true);
    add(widget, "Widget::peek", K::method, "peek", kInt, {}, true);
    add(widget, "Widget::peek_mutable", K::method, "peek", kInt, {});

    api::Class echo;
    echo.name = "gadgets::Echo";
    auto echo_fn = [&](const std::string& name, TypeRef t) {
      add(echo, "Echo::" + name, K::static_method, name, t, {{"v", t}});
    };
    add(echo, "Echo::text", K::static_method, "text", kString,
        {{"s", type("std::string", TypeCategory::string, Passing::const_ref)}});
    add(echo, "Echo::text_size", K::static_method, "text_size", kSize,
        {{"s", type("std::string", TypeCategory::string, Passing::const_ref)}});
    add(echo, "Echo::c_text", K::static_method, "c_text", kString, {{"s", kCString}});
    add(echo, "Echo::range", K::static_method, "range", kSize, {{"begin", kCString}, {"end", kCString}});
    add(echo, "Echo::fill", K::static_method, "fill", kSize,
        {{"widgets", record("gadgets::Widget", Passing::pointer)}, {"nwidgets", kInt}});
    add(echo, "Echo::apply", K::static_method, "apply", kDouble,
        {{"f", type("gadgets::Binary", TypeCategory::function_pointer)}, {"x", kDouble}});
    add(echo, "Echo::slurp", K::static_method, "slurp", kString,
        {{"in", type("std::istream", TypeCategory::istream, Passing::ref)}});
    add(echo, "Echo::spill", K::static_method, "spill", kVoid,
        {{"out", type("std::ostream", TypeCategory::ostream, Passing::pointer)},
         {"s", type("std::string", TypeCategory::string, Passing::const_ref)}});
    echo_fn("real", kDouble);
    echo_fn("single", type("float", TypeCategory::floating));
    echo_fn("wide", type("long double", TypeCategory::floating));
    echo_fn("integer", kInt);
    echo_fn("long_integer", type("long", TypeCategory::integer));
    echo_fn("int64", type("std::int64_t", TypeCategory::integer));
    echo_fn("uint64", type("std::uint64_t", TypeCategory::integer));
    echo_fn("size", kSize);
    echo_fn("byte", type("unsigned char", TypeCategory::character));
    echo_fn("small", type("short", TypeCategory::integer));
    echo_fn("character", type("char", TypeCategory::character));
    echo_fn("flag", kBool);
    echo_fn("color", kColor);
    add(echo, "Echo::overloaded(long)", K::static_method, "overloaded", kInt,
        {{"v", type("long", TypeCategory::integer)}});
    add(echo, "Echo::overloaded(double)", K::static_method, "overloaded", kInt, {{"v", kDouble}});
    add(echo, "Echo::overloaded(bool)", K::static_method, "overloaded", kInt, {{"v", kBool}});

    api::Class token;
    token.name = "gadgets::Token";
    token.traits.move_constructible = true;  // not copy_constructible: passed by moving
    add(token, "Token(std::string)", K::constructor, "", kVoid, {{"text", kString}});
    add(token, "Token::text", K::method, "text", kString, {}, true);

    api::Class holder;
    holder.name = "gadgets::Holder";
    add(holder, "Holder()", K::constructor, "", kVoid, {});
    add(holder, "Holder::take", K::method, "take", kVoid, {{"token", record("gadgets::Token")}});
    add(holder, "Holder::taken", K::method, "taken", kString, {}, true);

    api::Class log;
    log.name = "gadgets::Log";
    add(log, "Log()", K::constructor, "", kVoid, {});
    add(log, "Log::stream", K::method, "stream", record("std::ostream", Passing::ref), {});
    add(log, "Log::text", K::method, "text", kString, {}, true);

    api::Class liar;
    liar.name = "gadgets::Liar";
    liar.traits.equality_comparable = true;
    add(liar, "Liar()", K::constructor, "", kVoid, {});

    api::Class knob;  // not in gadgets.hpp: only rendered, a Widget used as one
    knob.name = "gadgets::Knob";
    knob.bases = {"gadgets::Widget"};
    add(knob, "Knob()", K::constructor, "", kVoid, {});

    api::Class client;  // not in gadgets.hpp: only rendered, for variable names
    client.name = "gadgets::HTTPClient";
    add(client, "HTTPClient()", K::constructor, "", kVoid, {});
    api::Class keyword;
    keyword.name = "gadgets::Default";
    add(keyword, "Default()", K::constructor, "", kVoid, {});
    api::Class counter;  // not in gadgets.hpp: only rendered, with the fields its calls read and write
    counter.name = "gadgets::Counter";
    auto fields = [](std::vector<api::Callable>& list, std::vector<std::string> reads,
                     std::vector<std::string> writes) {
      list.back().reads = std::move(reads);
      list.back().writes = std::move(writes);
    };
    add(counter, "Counter()", K::constructor, "", kVoid, {});
    fields(counter.constructors, {}, {"gadgets::Counter::count_", "gadgets::Counter::name_"});
    add(counter, "Counter::add", K::method, "add", kVoid, {{"n", kInt}});
    fields(counter.methods, {"gadgets::Counter::count_"}, {"gadgets::Counter::count_"});
    add(counter, "Counter::reset", K::method, "reset", kVoid, {});
    fields(counter.methods, {"gadgets::Counter::limit_"}, {"gadgets::Counter::count_"});
    add(counter, "Counter::count", K::method, "count", kInt, {}, true);
    fields(counter.methods, {"gadgets::Counter::count_"}, {});
    add(counter, "Counter::empty", K::method, "empty", kBool, {}, true);
    fields(counter.methods, {"gadgets::Counter::count_"}, {});
    add(counter, "Counter::name", K::method, "name", kString, {}, true);
    fields(counter.methods, {"gadgets::Counter::name_"}, {});

    auto free_function = [&](const std::string& key, const std::string& name, TypeRef result,
                             std::vector<std::pair<std::string, TypeRef>> params) {
      api::Callable c;
      c.kind = K::function;
      c.name = name;
      c.result = result;
      c.is_operator = name.rfind("operator", 0) == 0;
      c.id = "gadgets::" + name + "(";
      for (std::size_t k = 0; k < params.size(); ++k) {
        c.params.push_back({params[k].first, params[k].second});
        c.id += (k ? ", " : "") + params[k].second.spelling;
      }
      c.id += ")";
      g->api.functions.push_back(c);
      order.push_back(key);
    };
    free_function(
        "operator==(Widget)", "operator==", kBool,
        {{"a", record("gadgets::Widget", Passing::const_ref)}, {"b", record("gadgets::Widget", Passing::const_ref)}});
    free_function(
        "operator<<(Widget)", "operator<<", record("std::ostream", Passing::ref),
        {{"out", record("std::ostream", Passing::ref)}, {"w", record("gadgets::Widget", Passing::const_ref)}});

    g->api.classes = {echo, holder, client, counter, keyword, knob, liar, log, token, widget};
    api::Enum color;
    color.name = "gadgets::Color";
    color.is_scoped = true;
    color.values = {{"red", 1}, {"green", 2}, {"blue", 4}};
    g->api.enums = {color};

    // Harness ids in the order the callables were added (per class: constructors, then methods).
    std::vector<std::string> harness_ids;
    std::map<std::string, std::size_t> next_of_owner;
    for (const std::string& key : order) {
      std::string owner = key.substr(0, key.find_first_of(":(<"));
      if (key.rfind("operator", 0) == 0) owner = "";
      const std::string qualified = owner.empty() ? "" : "gadgets::" + owner;
      std::string id;
      if (owner.empty()) {
        id = g->api.functions[next_of_owner[""]++].id;
      } else {
        for (const auto& cls : g->api.classes) {
          if (cls.name != qualified) continue;
          std::vector<const api::Callable*> all;
          for (const auto& c : cls.constructors) all.push_back(&c);
          for (const auto& c : cls.methods) all.push_back(&c);
          id = all[next_of_owner[owner]++]->id;
        }
      }
      g->index[key] = static_cast<std::uint32_t>(harness_ids.size());
      harness_ids.push_back(id);
    }
    oracles::ContractUse reflexive{"equals_reflexive", "gadgets::Liar", 1};
    g->index["contract:equals_reflexive(Liar)"] = static_cast<std::uint32_t>(harness_ids.size());
    harness_ids.push_back(oracles::contract_id(reflexive));
    g->catalog = generation::make_catalog(g->api, harness_ids);
    return g;
  }();
  return *g;
}

// ---------------------------------------------------------------------------------------------
// Building tests by hand.

Statement call(const std::string& key, std::vector<Input> inputs = {}) {
  Statement s;
  s.callable = gadgets()[key];
  s.inputs = std::move(inputs);
  return s;
}
Input ref(std::uint32_t statement) { return Input::result_of(statement); }

/// A value of `kind` holding `x` in `field`.
template <typename T>
Value value_of(ValueKind kind, T Value::*field, T x) {
  Value v;
  v.kind = kind;
  v.*field = std::move(x);
  return v;
}
Value v_int(std::int64_t i) { return value_of(ValueKind::signed_integer, &Value::i, i); }
Value v_uint(std::uint64_t u) { return value_of(ValueKind::unsigned_integer, &Value::u, u); }
Value v_bool(bool b) { return value_of(ValueKind::boolean, &Value::i, std::int64_t{b}); }
Value v_double(double d) { return value_of(ValueKind::floating, &Value::d, d); }
Value v_string(std::string s) { return value_of(ValueKind::string, &Value::s, std::move(s)); }
Value v_object(const std::string& type) { return value_of(ValueKind::object, &Value::s, type); }
Value v_none() { return Value{}; }

StatementResult answer(Value value, std::vector<Observation> observations = {}) {
  StatementResult r;
  r.value = std::move(value);
  r.observations = std::move(observations);
  return r;
}
StatementResult thrown(const std::string& type) {
  StatementResult r;
  r.status = StatementStatus::exception;
  r.exception_type = type;
  return r;
}
Observation observed(const std::string& observer, std::uint32_t object, Value value) {
  Observation o;
  o.callable = gadgets()[observer];
  o.object = object;
  o.value = std::move(value);
  return o;
}

TestCase make_test(TestKind kind, const std::string& subject, const std::vector<Statement>& statements,
                   std::vector<StatementResult> results) {
  TestCase t;
  t.kind = kind;
  t.subject = subject;
  for (const auto& s : statements) t.sequence = t.sequence.extended(s);
  t.result.statements = std::move(results);
  return t;
}

/// A Liar, then the equals_reflexive contract on it failing; the check answered `answered`.
TestCase liar_breaks_equals_reflexive(const std::string& answered) {
  TestCase t = make_test(TestKind::failure, "Liar", {call("Liar()"), call("contract:equals_reflexive(Liar)", {ref(0)})},
                         {answer(v_object("gadgets::Liar")), answer(v_string(answered))});
  t.failure_kind = "contract";
  t.failing_statement = 1;
  t.message = "equals_reflexive: a == a does not hold";
  return t;
}

std::string render(const TestCase& test, const std::string& name = "Test_1", RenderOptions options = {}) {
  TestRenderer renderer(gadgets().catalog, options);
  return renderer.render(test, {suite_name(test), name}).text;
}

/// `text` holds `part`; the message shows the whole text.
#define EXPECT_HAS(text, part) EXPECT_NE((text).find(part), std::string::npos) << "in:\n" << (text)
#define EXPECT_HAS_NOT(text, part) EXPECT_EQ((text).find(part), std::string::npos) << "in:\n" << (text)

/// `text` holds each of `parts`.
void expect_has_all(const std::string& text, std::initializer_list<std::string_view> parts) {
  for (const std::string_view part : parts) EXPECT_HAS(text, part) << "missing: " << part;
}

// ---------------------------------------------------------------------------------------------
// Literals.

TEST(LiteralTest, IntegersOfEveryWidthCompile) {
  EXPECT_EQ(integer_literal(42), "42");
  EXPECT_EQ(integer_literal(-7), "-7");
  EXPECT_EQ(integer_literal(INT_MIN), "(-2147483647 - 1)");
  EXPECT_EQ(integer_literal(5000000000LL), "5000000000LL");
  EXPECT_EQ(integer_literal(INT64_MIN), "(-9223372036854775807LL - 1)");
  EXPECT_EQ(unsigned_literal(3), "3u");
  EXPECT_EQ(unsigned_literal(UINT64_MAX), "18446744073709551615ull");

  auto arg = [](std::int64_t i, const TypeRef& t) {
    return input_literal(Input::integer(i), t, LiteralUse::argument, nullptr);
  };
  auto cmp = [](const Value& v, const TypeRef& t) { return value_literal(v, t, LiteralUse::comparison, nullptr); };
  EXPECT_EQ(arg(INT_MIN, kInt), "std::numeric_limits<int>::min()");
  EXPECT_EQ(arg(5, kInt), "5");
  EXPECT_EQ(arg(5, type("long", TypeCategory::integer)), "5L");
  EXPECT_EQ(arg(5, type("long long int", TypeCategory::integer)), "5LL");
  EXPECT_EQ(arg(5, type("unsigned long", TypeCategory::integer)), "5ul");
  EXPECT_EQ(arg(3, kSize), "std::size_t{3}");
  EXPECT_EQ(arg(-1, kSize), "std::numeric_limits<std::size_t>::max()");
  EXPECT_EQ(arg(INT64_MIN, type("std::int64_t", TypeCategory::integer)), "std::numeric_limits<std::int64_t>::min()");
  EXPECT_EQ(arg(300, type("unsigned char", TypeCategory::character)), "static_cast<unsigned char>(44)");  // 300 mod 256
  EXPECT_EQ(arg(5, type("short", TypeCategory::integer)), "static_cast<short>(5)");
  EXPECT_EQ(arg(7, type("ns::Id", TypeCategory::integer)), "static_cast<ns::Id>(7)");
  EXPECT_EQ(input_literal(Input::unsigned_integer(UINT64_MAX), type("std::uint64_t", TypeCategory::integer),
                          LiteralUse::argument, nullptr),
            "std::numeric_limits<std::uint64_t>::max()");

  EXPECT_EQ(cmp(v_uint(3), kSize), "3u");
  EXPECT_EQ(cmp(v_uint(5000000000ull), kSize), "5000000000ull");
  EXPECT_EQ(cmp(v_int(INT_MIN), kInt), "std::numeric_limits<int>::min()");
  EXPECT_EQ(cmp(v_int(INT64_MIN), type("long", TypeCategory::integer)), "std::numeric_limits<long>::min()");
  EXPECT_EQ(cmp(v_uint(200), type("std::uint8_t", TypeCategory::character)), "200");  // promotes to int
}

TEST(LiteralTest, FloatingPointRoundTripsExactly) {
  EXPECT_EQ(double_literal(0.1), "0.1");
  EXPECT_EQ(double_literal(1.0), "1.0");
  EXPECT_EQ(double_literal(-0.0), "-0.0");
  EXPECT_EQ(double_literal(1e300), "1e+300");
  EXPECT_EQ(double_literal(std::nan("")), "std::numeric_limits<double>::quiet_NaN()");
  EXPECT_EQ(double_literal(HUGE_VAL), "std::numeric_limits<double>::infinity()");
  EXPECT_EQ(double_literal(-HUGE_VAL), "-std::numeric_limits<double>::infinity()");
  EXPECT_EQ(double_literal(0.30000000000000004), "0.30000000000000004");
  EXPECT_EQ(std::strtod(double_literal(4.9406564584124654e-324).c_str(), nullptr), 4.9406564584124654e-324);
  EXPECT_EQ(float_literal(0.1f), "0.1f");
  EXPECT_EQ(float_literal(2.0f), "2.0f");
  EXPECT_EQ(float_literal(-std::numeric_limits<float>::infinity()), "-std::numeric_limits<float>::infinity()");
  const TypeRef long_double = type("long double", TypeCategory::floating);
  EXPECT_EQ(input_literal(Input::floating(0.5), long_double, LiteralUse::argument, nullptr), "0.5L");
  EXPECT_EQ(input_literal(Input::floating(0.1), long_double, LiteralUse::argument, nullptr),
            "static_cast<long double>(0.1)");
  // The harness casts a double input to a float parameter; so does the literal.
  EXPECT_EQ(input_literal(Input::floating(0.1), type("float", TypeCategory::floating), LiteralUse::argument, nullptr),
            "0.1f");
  EXPECT_EQ(input_literal(Input::integer(3), kDouble, LiteralUse::argument, nullptr), "3.0");
}

TEST(LiteralTest, StringsEscapeEverythingThatIsNotPrintable) {
  EXPECT_EQ(string_literal("plain"), "\"plain\"");
  EXPECT_EQ(string_literal("a\"b\\c\n\t\r"), "\"a\\\"b\\\\c\\n\\t\\r\"");
  EXPECT_EQ(string_literal(std::string("\x01") + "2"), "\"\\0012\"");  // three octal digits: '2' stays a character
  EXPECT_EQ(string_literal(std::string("a\0b", 3)), "\"a\\000b\"");
  EXPECT_EQ(string_literal("\xff"), "\"\\377\"");
  EXPECT_EQ(string_literal("?"
                           "?="),
            "\"?\\?=\"");  // no trigraph
  EXPECT_EQ(string_expression("abc"), "std::string(\"abc\")");
  EXPECT_EQ(string_expression(std::string("a\0b", 3)), "std::string(\"a\\000b\", 3)");
  EXPECT_EQ(string_expression("x", "std::string_view"), "std::string_view(\"x\")");
  EXPECT_EQ(c_string_literal(std::string("ab\0c", 4)), "\"ab\"");
  EXPECT_EQ(string_literal(std::string(5000, 'x')).size(), 5002u);
}

TEST(LiteralTest, CharactersBooleansEnums) {
  EXPECT_EQ(char_literal('a'), "'a'");
  EXPECT_EQ(char_literal('\''), "'\\''");
  EXPECT_EQ(char_literal('\\'), "'\\\\'");
  EXPECT_EQ(char_literal(0), "'\\0'");
  EXPECT_EQ(char_literal(-128), "'\\x80'");
  EXPECT_EQ(input_literal(Input::boolean(true), kBool, LiteralUse::argument, nullptr), "true");
  EXPECT_EQ(input_literal(Input::integer(2), kColor, LiteralUse::argument, &gadgets().api), "gadgets::Color::green");
  EXPECT_EQ(input_literal(Input::integer(3), kColor, LiteralUse::argument, &gadgets().api),
            "static_cast<gadgets::Color>(3)");
  EXPECT_EQ(input_literal(Input::null(), kCString, LiteralUse::argument, nullptr), "nullptr");
  EXPECT_EQ(input_literal(Input::integer(65), type("char32_t", TypeCategory::character), LiteralUse::argument, nullptr),
            "U'A'");
}

// ---------------------------------------------------------------------------------------------
// One test.

TEST(TestRendererTest, VariablesAreNamedAfterTheirTypes) {
  TestCase one =
      make_test(TestKind::regression, "HTTPClient", {call("HTTPClient()")}, {answer(v_object("gadgets::HTTPClient"))});
  EXPECT_HAS(render(one), "[[maybe_unused]] gadgets::HTTPClient httpClient{};");

  TestCase two =
      make_test(TestKind::regression, "Widget",
                {call("Widget(int)", {Input::integer(1)}), call("Widget(int)", {Input::integer(2)}),
                 call("operator==(Widget)", {ref(0), ref(1)})},
                {answer(v_object("gadgets::Widget")), answer(v_object("gadgets::Widget")), answer(v_bool(false))});
  const std::string text = render(two);
  EXPECT_HAS(text, "gadgets::Widget widget1(1);");
  EXPECT_HAS(text, "gadgets::Widget widget2(2);");
  EXPECT_HAS(text, "EXPECT_FALSE(widget1 == widget2);");

  TestCase keyword =
      make_test(TestKind::regression, "Default", {call("Default()")}, {answer(v_object("gadgets::Default"))});
  EXPECT_HAS(render(keyword), "gadgets::Default default1{};");
}

TEST(TestRendererTest, EachStatementShape) {
  // create() returns a unique_ptr that stands for its Widget; partner() a raw pointer; self() a reference.
  TestCase t = make_test(
      TestKind::regression, "Widget",
      {call("Widget::create", {Input::integer(2)}), call("Widget::resize", {ref(0), Input::integer(5)}),
       call("Widget::make", {Input::integer(4)}), call("Widget::attach", {ref(2), ref(0)}),
       call("Widget::partner", {ref(2)}), call("Widget::attach", {ref(4), Input::null()}),
       call("Widget::adopt", {ref(2), ref(4)}), call("Widget::self", {ref(2)}),
       call("Widget::grow", {ref(7), Input::integer(3)}), call("Widget::paint", {ref(7), Input::integer(4)}),
       call("Token(std::string)", {Input::string("tok")}), call("Holder()"), call("Holder::take", {ref(11), ref(10)})},
      {answer(v_object("std::unique_ptr<gadgets::Widget>")), answer(v_none()), answer(v_object("gadgets::Widget")),
       answer(v_none()), answer(v_object("gadgets::Widget")), answer(v_none()), answer(v_none()),
       answer(v_object("gadgets::Widget")), answer(v_none()), answer(v_none()), answer(v_object("gadgets::Token")),
       answer(v_object("gadgets::Holder")), answer(v_none())});
  const std::string text = render(t);
  expect_has_all(
      text,
      {"auto widget1 = gadgets::Widget::create(2);", "widget1->resize(5);", "auto widget2 = gadgets::Widget::make(4);",
       "widget2.attach(widget1.get());", "auto* widget3 = widget2.partner();", "widget3->attach(nullptr);",
       "widget2.adopt(std::move(*widget3));", "auto& widget4 = widget2.self();", "int by = 3;\n  widget4.grow(by);",
       "widget4.paint(gadgets::Color::blue);", "gadgets::Token token(std::string(\"tok\"));",
       "holder.take(std::move(token));", "TEST_F(WidgetRegressionTest, Test_1) {\n"});
}

TEST(TestRendererTest, ABufferAndItsLengthGetARealArrayOfThatLength) {
  TestCase t =
      make_test(TestKind::regression, "Widget",
                {call("Widget()"), call("Widget::copy_to", {ref(0), Input::integer(32), Input::unsigned_integer(10)}),
                 call("Widget::copy_to", {ref(0), Input::integer(0), Input::unsigned_integer(std::uint64_t{1} << 40)})},
                {answer(v_object("gadgets::Widget")), answer(v_none()), answer(v_none())});
  const std::string text = render(t);
  EXPECT_HAS(text, "std::vector<char> buffer(10, ' ');\n  widget.copy_to(buffer.data(), std::size_t{10});");
  EXPECT_HAS(text, "std::vector<char> buffer2(4096, '\\0');\n  widget.copy_to(buffer2.data(), std::size_t{4096});")
      << "a length past the most is the most, as in the harness";
}

TEST(TestRendererTest, ACharacterRangeIsOneTextAndItsEnd) {
  TestCase t = make_test(TestKind::regression, "Echo",
                         {call("Echo::range", {Input::string("[1]"), Input::string("")}),
                          call("Echo::range", {Input::null(), Input::string("x")})},
                         {answer(v_none()), answer(v_none())});
  const std::string text = render(t);
  EXPECT_HAS(text, "const char* begin = \"[1]\";\n  gadgets::Echo::range(begin, begin + 3);");
  EXPECT_HAS(text, "gadgets::Echo::range(nullptr, nullptr);");
}

TEST(TestRendererTest, AnObjectOfADerivedClassIsCalledAsItsBase) {
  TestCase t =
      make_test(TestKind::regression, "Knob", {call("Knob()"), call("Widget::resize", {ref(0), Input::integer(3)})},
                {answer(v_object("gadgets::Knob")), answer(v_none())});
  const std::string text = render(t);
  EXPECT_HAS(text, "static_cast<gadgets::Widget&>(knob).resize(3);") << "as the harness upcasts it";
}

TEST(TestRendererTest, AConstMethodWithANonConstTwinIsCalledOnAConstView) {
  TestCase t = make_test(
      TestKind::regression, "Widget",
      {call("Widget(int)", {Input::integer(2)}), call("Widget::peek", {ref(0)}), call("Widget::view", {ref(0)}),
       call("Widget::peek", {ref(2)}), call("Widget::peek_mutable", {ref(0)})},
      {answer(v_object("gadgets::Widget")), answer(v_int(2)), answer(v_object("gadgets::Widget")), answer(v_int(2)),
       answer(v_int(3), {observed("Widget::peek", 0, v_int(3))})});
  const std::string text = render(t);
  EXPECT_HAS(text, "EXPECT_EQ(static_cast<const gadgets::Widget&>(widget1).peek(), 2);")
      << "as the harness calls it: on the widget itself the non-const peek would be chosen";
  EXPECT_HAS(text, "EXPECT_EQ(widget2.peek(), 2);") << "a const reference needs no view";
  EXPECT_HAS(text, "EXPECT_EQ(widget1.peek(), 3);") << "the twin itself";
  EXPECT_HAS(text, "EXPECT_EQ(static_cast<const gadgets::Widget&>(widget1).peek(), 3);") << "an observation of it";
}

TEST(TestRendererTest, AnObjectArrayIsAVectorOfThatManyObjects) {
  TestCase t = make_test(TestKind::regression, "Echo",
                         {call("Echo::fill", {Input::integer(0), Input::integer(3)}),
                          call("Echo::fill", {Input::integer(0), Input::integer(1000)})},
                         {answer(v_uint(3)), answer(v_uint(64))});
  const std::string text = render(t);
  EXPECT_HAS(text, "std::vector<gadgets::Widget> widgets(3);");
  EXPECT_HAS(text, "gadgets::Echo::fill(widgets.data(), 3)");
  EXPECT_HAS(text, "gadgets::Echo::fill(widgets2.data(), 64)") << "as many as the harness made, at most 64";
}

TEST(TestRendererTest, ACallbackIsAnyFunctionCastToItsType) {
  TestCase t = make_test(TestKind::regression, "Echo", {call("Echo::apply", {Input::string(""), Input::floating(2)})},
                         {answer(v_double(2))});
  const std::string text = render(t);
  EXPECT_HAS(text, "gadgets::Echo::apply(static_cast<gadgets::Binary>(palus_generated::AnyFunction{}), 2.0)");
}

TEST(TestRendererTest, StreamsAreStringStreamsAndWhatACallWroteIsAsserted) {
  TestCase t = make_test(
      TestKind::regression, "Echo",
      {call("Echo::slurp", {Input::string("<a/>")}), call("Echo::spill", {Input::string(""), Input::string("z")})},
      {answer(v_string("<a/>")), answer(v_string("[z]"))});
  const RenderedTest rendered = TestRenderer(gadgets().catalog).render(t, {suite_name(t), "Test_1"});
  const std::string& text = rendered.text;
  EXPECT_HAS(text, "std::istringstream in(std::string(\"<a/>\"));\n  EXPECT_EQ(gadgets::Echo::slurp(in), \"<a/>\");");
  EXPECT_HAS(
      text,
      "std::ostringstream out;\n  gadgets::Echo::spill(&out, std::string(\"z\"));\n  EXPECT_EQ(out.str(), \"[z]\");");
  EXPECT_TRUE(rendered.includes.count("<sstream>"));
}

TEST(TestRendererTest, ConstResultsThatLaterCallsChangeAreConstCast) {
  TestCase t = make_test(
      TestKind::regression, "Widget",
      {call("Widget(int)", {Input::integer(1)}), call("Widget::view", {ref(0)}), call("Widget::view", {ref(0)}),
       call("Widget::resize", {ref(1), Input::integer(6)}), call("Widget::size", {ref(2)})},
      {answer(v_object("gadgets::Widget")), answer(v_object("gadgets::Widget")), answer(v_object("gadgets::Widget")),
       answer(v_none()), answer(v_int(6))});
  const std::string text = render(t);
  EXPECT_HAS(text, "auto& widget2 = const_cast<gadgets::Widget&>(widget1.view());\n");
  EXPECT_HAS(text, "auto& widget3 = widget1.view();\n");
  EXPECT_HAS(text, "widget2.resize(6);\n  EXPECT_EQ(widget3.size(), 6);\n");
}

TEST(TestRendererTest, AssertionsPerValueKind) {
  TestCase t = make_test(
      TestKind::regression, "Echo",
      {call("Echo::real", {Input::floating(-0.0)}), call("Echo::real", {Input::floating(std::nan(""))}),
       call("Echo::real", {Input::floating(-HUGE_VAL)}), call("Echo::single", {Input::floating(0.5)}),
       call("Echo::text", {Input::string(std::string("a\0b", 3))}), call("Echo::flag", {Input::boolean(true)}),
       call("Echo::size", {Input::unsigned_integer(7)}), call("Echo::color", {Input::integer(2)}),
       call("Echo::character", {Input::integer('x')}), call("Echo::wide", {Input::floating(0.25)})},
      {answer(v_double(-0.0)), answer(v_double(std::nan(""))), answer(v_double(-HUGE_VAL)), answer(v_double(0.5)),
       answer(v_string(std::string("a\0b", 3))), answer(v_bool(true)), answer(v_uint(7)), answer(v_int(2)),
       answer(v_int('x')), answer(v_double(0.25))});
  const std::string text = render(t);
  expect_has_all(text,
                 {"EXPECT_DOUBLE_EQ(gadgets::Echo::real(-0.0), -0.0);",
                  "EXPECT_TRUE(std::isnan(gadgets::Echo::real(std::numeric_limits<double>::quiet_NaN())));",
                  "EXPECT_EQ(gadgets::Echo::real(-std::numeric_limits<double>::infinity()), "
                  "-std::numeric_limits<double>::infinity());",
                  "EXPECT_FLOAT_EQ(gadgets::Echo::single(0.5f), 0.5f);",
                  "EXPECT_EQ(gadgets::Echo::text(std::string(\"a\\000b\", 3)), std::string(\"a\\000b\", 3));",
                  "EXPECT_TRUE(gadgets::Echo::flag(true));", "EXPECT_EQ(gadgets::Echo::size(std::size_t{7}), 7u);",
                  "EXPECT_EQ(gadgets::Echo::color(gadgets::Color::green), gadgets::Color::green);",
                  "EXPECT_EQ(gadgets::Echo::character('x'), 'x');",
                  "EXPECT_DOUBLE_EQ(static_cast<double>(gadgets::Echo::wide(0.25L)), 0.25);"});
}

TEST(TestRendererTest, EveryStateAssertsObservationsWhenTheyChangeAndAtTheEnd) {
  TestCase t =
      make_test(TestKind::regression, "Widget",
                {call("Widget(int)", {Input::integer(3)}), call("Widget::rename", {ref(0), Input::string("w")}),
                 call("Widget::partner", {ref(0)})},
                {answer(v_object("gadgets::Widget"),
                        {observed("Widget::size", 0, v_int(3)), observed("Widget::name", 0, v_string(""))}),
                 answer(v_none(), {observed("Widget::size", 0, v_int(3)), observed("Widget::name", 0, v_string("w")),
                                   observed("Widget::label", 0, v_string("w"))}),
                 answer(v_object("gadgets::Widget"),
                        {observed("Widget::size", 0, v_int(3)), observed("Widget::empty", 0, v_bool(false))})});
  t.result.statements[2].observations.push_back(observed("Widget::length", 0, v_uint(1)));
  Observation threw = observed("Widget::ratio", 0, v_double(1));
  threw.threw = true;
  t.result.statements[2].observations.push_back(threw);
  RenderOptions every_state;
  every_state.every_state = true;
  const std::string text = render(t, "Test_1", every_state);
  // From rename on, every state asserts what the selected assertions do.
  const std::string from_rename =
      "  widget.rename(std::string(\"w\"));\n"
      "  EXPECT_EQ(widget.name(), \"w\");\n"
      "  EXPECT_STREQ(widget.label(), \"w\");\n"
      "  widget.partner();\n"
      "  EXPECT_EQ(widget.size(), 3);\n"
      "  EXPECT_FALSE(widget.empty());\n"
      "  EXPECT_EQ(widget.length(), 1u);\n"
      "}\n";
  EXPECT_HAS(text,
             "  gadgets::Widget widget(3);\n"
             "  EXPECT_EQ(widget.size(), 3);\n"
             "  EXPECT_EQ(widget.name(), \"\");\n" +
                 from_rename);
  EXPECT_HAS_NOT(text, "ratio");

  // By default (generate.assertions: selected) each observer once, where it sees the most: the
  // fields are unknown here, so each observation sees every call before it. name and label, not
  // observed after partner, are asserted after rename.
  EXPECT_HAS(render(t), "  gadgets::Widget widget(3);\n" + from_rename);
}

TEST(TestRendererTest, SelectedAssertionsFollowTheFieldsEachCallWritesAndEachObserverReads) {
  // add's write of count_ is overwritten by reset, which does not read it: only an observation
  // right after add shows it, and there count() (a number tells more than a bool) substitutes
  // for empty(). At the end, empty() shows reset's write and its own body, name() the
  // constructor's write; count(), already asserted, would add nothing.
  const std::vector<Observation> after_add = {observed("Counter::count", 0, v_int(5)),
                                              observed("Counter::empty", 0, v_bool(false)),
                                              observed("Counter::name", 0, v_string(""))};
  const std::vector<Observation> after_reset = {observed("Counter::count", 0, v_int(0)),
                                                observed("Counter::empty", 0, v_bool(true)),
                                                observed("Counter::name", 0, v_string(""))};
  const TestCase t = make_test(
      TestKind::regression, "Counter",
      {call("Counter()"), call("Counter::add", {ref(0), Input::integer(5)}), call("Counter::reset", {ref(0)})},
      {answer(v_object("gadgets::Counter"), after_reset), answer(v_none(), after_add), answer(v_none(), after_reset)});
  const std::string text = render(t);
  EXPECT_HAS(text,
             "  gadgets::Counter counter{};\n"
             "  counter.add(5);\n"
             "  EXPECT_EQ(counter.count(), 5);\n"
             "  counter.reset();\n"
             "  EXPECT_TRUE(counter.empty());\n"
             "  EXPECT_EQ(counter.name(), \"\");\n"
             "}\n");
  // With assertions: all, every observation but name() after add, which did not change it.
  RenderOptions all;
  all.every_state = true;
  TestRenderer renderer(gadgets().catalog, all);
  const RenderedTest every = renderer.render(t, {"CounterRegressionTest", "Test_1"});
  EXPECT_EQ(every.asserted.size(), 8u) << every.text;
  EXPECT_EQ(every.assertion_candidates, 9u);
  TestRenderer selecting(gadgets().catalog);
  const RenderedTest selected = selecting.render(t, {"CounterRegressionTest", "Test_1"});
  EXPECT_EQ(selected.asserted.size(), 3u);
  EXPECT_EQ(selected.assertion_candidates, 9u);
}

TEST(SelectOracleDataTest, KeepsTheCandidateObservingMostAndDropsThoseItSubstitutesFor) {
  // b observes all a does and more; c observes one place nobody else does; d only a place of
  // little capability (below the minimal gain).
  const std::vector<FaultSites> candidates = {
      {{"x", 1.0}}, {{"x", 1.0}, {"y", 1.0}}, {{"z", 1.0}, {"y", 0.5}}, {{"t", 0.25}}};
  EXPECT_EQ(select_oracle_data(candidates), (std::vector<bool>{false, true, true, false}));
  // A kept candidate lowers what others add to what they observe beyond it.
  EXPECT_EQ(select_oracle_data({{{"x", 0.5}, {"y", 1.0}}, {{"x", 1.0}}}), (std::vector<bool>{true, false}));
  EXPECT_EQ(select_oracle_data({{{"x", 0.5}, {"y", 1.0}}, {{"x", 1.0}}}, 0.5), (std::vector<bool>{true, true}));
  // Among equals, the first.
  EXPECT_EQ(select_oracle_data({{{"x", 1.0}}, {{"x", 1.0}}}), (std::vector<bool>{true, false}));
  EXPECT_EQ(select_oracle_data({}), std::vector<bool>{});
}

/// The selection as first written: every candidate's gain computed again in every round.
std::vector<bool> every_gain_every_round(const std::vector<FaultSites>& candidates, double min_gain) {
  std::vector<bool> kept(candidates.size(), false);
  FaultSites observed;
  for (;;) {
    std::size_t best = candidates.size();
    double best_gain = 0;
    for (std::size_t k = 0; k < candidates.size(); ++k) {
      if (kept[k]) continue;
      double gain = 0;
      for (const auto& [site, capability] : candidates[k]) {
        const auto seen = observed.find(site);
        gain += std::max(0.0, capability - (seen == observed.end() ? 0.0 : seen->second));
      }
      if (gain > best_gain) {
        best_gain = gain;
        best = k;
      }
    }
    if (best == candidates.size() || best_gain < min_gain) return kept;
    kept[best] = true;
    merge_sites(observed, candidates[best]);
  }
}

TEST(SelectOracleDataTest, PicksAsComputingEveryGainEveryRoundWould) {
  // Capabilities from a few values (ties are common, as in real tests), some below a tenth.
  std::uint64_t state = 12345;
  auto next = [&](std::uint64_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % bound;
  };
  const double values[] = {1.0, 0.75, 0.5, 0.375, 0.25, 0.125, 0.0625};
  for (int round = 0; round < 300; ++round) {
    std::vector<FaultSites> candidates(next(40));
    for (auto& c : candidates)
      for (std::uint64_t n = next(8); n > 0; --n) c["p" + std::to_string(next(30))] = values[next(7)];
    for (double min_gain : {1.0, 0.5, 0.0})
      ASSERT_EQ(select_oracle_data(candidates, min_gain), every_gain_every_round(candidates, min_gain))
          << "round " << round << ", min_gain " << min_gain;
  }
}

TEST(FieldDefinitionsTest, AReadSeesTheLastWriteOfAFieldAndWhatThatWriteRead) {
  FieldDefinitions defs;
  defs.define(0, 7, {}, {"C::a", "C::b"});  // a constructor: reads nothing known
  defs.define(0, 8, {"C::a"}, {"C::a"});    // a += ..., reading a
  FaultSites a = defs.reaching(0, {"C::a"});
  EXPECT_EQ(a.at("w8:C::a"), 1.0);
  EXPECT_EQ(a.at("w7:C::a"), kSubstitutionTransfer);
  EXPECT_FALSE(a.count("w7:C::b"));
  EXPECT_EQ(defs.reaching(0, {"C::b"}), (FaultSites{{"w7:C::b", 1.0}}));
  // Unknown writes stay possibly live beside the known ones; an unknown read sees them all.
  defs.define(0, 9, {"C::b"}, {});
  EXPECT_TRUE(defs.reaching(0, {"C::b"}).count("w9:*"));
  EXPECT_EQ(defs.reaching(0, {}).size(), 4u);
  EXPECT_TRUE(defs.reaching(1, {"C::a"}).empty());
  defs.made(1, 3, a);
  EXPECT_EQ(defs.reaching(1, {"C::a"}).at("r3"), 1.0);
}

TEST(TestRendererTest, AnObserverThatIsTheLastCallIsAssertedOnce) {
  TestCase t = make_test(
      TestKind::regression, "Widget", {call("Widget(int)", {Input::integer(3)}), call("Widget::size", {ref(0)})},
      {answer(v_object("gadgets::Widget")),
       answer(v_int(3), {observed("Widget::size", 0, v_int(3)), observed("Widget::empty", 0, v_bool(false))})});
  const std::string text = render(t);
  EXPECT_HAS(text,
             "  gadgets::Widget widget(3);\n  EXPECT_EQ(widget.size(), 3);\n  EXPECT_FALSE(widget.empty());\n}\n");
}

TEST(TestRendererTest, ExpectedExceptionEndsInExpectThrow) {
  TestCase ctor = make_test(TestKind::expected_exception, "Widget", {call("Widget(int)", {Input::integer(-1)})},
                            {thrown("std::invalid_argument")});
  ctor.failing_statement = 0;
  ctor.exception_type = "std::invalid_argument";
  EXPECT_HAS(render(ctor), "EXPECT_THROW((gadgets::Widget(-1)), std::invalid_argument);");

  TestCase method =
      make_test(TestKind::expected_exception, "Widget", {call("Widget()"), call("Widget::fail", {ref(0)})},
                {answer(v_object("gadgets::Widget"), {observed("Widget::size", 0, v_int(0))}), thrown("x")});
  method.failing_statement = 1;
  method.exception_type = "(anonymous namespace)::Oops";
  const std::string text = render(method);
  EXPECT_HAS(text, "gadgets::Widget widget{};\n  EXPECT_EQ(widget.size(), 0);\n  EXPECT_ANY_THROW(widget.fail());\n");
  EXPECT_TRUE(is_nameable_type("std::runtime_error"));
  EXPECT_TRUE(is_nameable_type("char const*"));
  EXPECT_FALSE(is_nameable_type("std::ios_base::failure[abi:cxx11]"));
  EXPECT_FALSE(is_nameable_type("ns::Error<int, int>"));
  EXPECT_FALSE(is_nameable_type("main::{lambda()#1}"));
  EXPECT_FALSE(is_nameable_type("std::__ios_failure"));
  method.exception_type = "gadgets::detail::Hidden";  // not in api.yaml: perhaps declared in a .cpp only
  EXPECT_HAS(render(method), "EXPECT_ANY_THROW(widget.fail());");
  method.exception_type = "gadgets::Widget";
  EXPECT_HAS(render(method), "EXPECT_THROW(widget.fail(), gadgets::Widget);");
}

TEST(TestRendererTest, FailureTestsCommentTheFailingStatementAndAssertNothing) {
  TestCase t = make_test(
      TestKind::failure, "Widget",
      {call("Widget(int)", {Input::integer(2)}), call("Widget::size", {ref(0)}), call("Widget::crash", {ref(0)})},
      {answer(v_object("gadgets::Widget"), {observed("Widget::size", 0, v_int(2))}), answer(v_int(2))});
  t.failure_kind = "crash";
  t.failing_statement = 2;
  t.message = "SIGABRT\nsecond line";
  const std::string text = render(t, "Widget_crash_1");
  EXPECT_HAS(text,
             "TEST_F(WidgetFailureTest, Widget_crash_1) {\n"
             "  gadgets::Widget widget(2);\n"
             "  widget.size();\n"
             "  // palus: crash: SIGABRT\n"
             "  widget.crash();\n"
             "}\n");

  const std::string checked = render(liar_breaks_equals_reflexive("a == a does not hold"));
  EXPECT_HAS(checked,
             "gadgets::Liar liar{};\n  // palus: contract: equals_reflexive: a == a does not hold\n  EXPECT_TRUE(liar "
             "== liar)");

  // A file of the project is named relative to its folder, wherever the project was.
  t.message = "SIGABRT: palus-harness: /home/me/gadgets/src/widget.cpp:67: Assertion `x' failed.";
  RenderOptions options;
  options.project_dir = "/home/me/gadgets";
  const TestRenderer renderer(gadgets().catalog, options);
  EXPECT_HAS(renderer.render(t, {suite_name(t), "Widget_crash_1"}).text,
             "  // palus: crash: SIGABRT: palus-harness: src/widget.cpp:67: Assertion `x' failed.\n");
}

TEST(TestRendererTest, ContractStatementsOutsideAContractFailureAreLeftOut) {
  TestCase t =
      make_test(TestKind::regression, "Liar", {call("Liar()"), call("contract:equals_reflexive(Liar)", {ref(0)})},
                {answer(v_object("gadgets::Liar")), answer(v_string(""))});
  const std::string text = render(t);
  EXPECT_HAS_NOT(text, "==");
  EXPECT_HAS(text, "[[maybe_unused]] gadgets::Liar liar{};");
  EXPECT_EQ(TestRenderer(gadgets().catalog).base_name(t), "Liar_Liar");
}

// gadgets with a theories header: the theory resize_keeps(gadgets::Widget &, int) and the
// invariant widget_ok(gadgets::Widget &) in /home/u/proj/theories/gadgets_theories.hpp, in the
// harness's table after gadgets' own callables (whose indices stay as in gadgets()).
struct TheoryGadgets {
  api::Api api;
  generation::Catalog catalog;
  std::uint32_t theory = 0;
  std::uint32_t invariant = 0;
};

const TheoryGadgets& theory_gadgets() {
  static const std::unique_ptr<TheoryGadgets> g = [] {
    auto g = std::make_unique<TheoryGadgets>();
    g->api = gadgets().api;
    auto oracle = [](api::Oracle::Kind kind, const std::string& id, const std::string& name,
                     std::vector<api::Param> params, unsigned line) {
      return palus::testing::oracle(kind, id, name, std::move(params), "/home/u/proj/theories/gadgets_theories.hpp",
                                    line);
    };
    g->api.oracles = {oracle(api::Oracle::Kind::theory, "gadgets_theories::resize_keeps(gadgets::Widget &, int)",
                             "resize_keeps", {{"w", record("gadgets::Widget", Passing::ref)}, {"n", kInt}}, 17),
                      oracle(api::Oracle::Kind::invariant, "gadgets_theories::widget_ok(gadgets::Widget &)",
                             "widget_ok", {{"w", record("gadgets::Widget", Passing::ref)}}, 30)};
    std::vector<std::string> ids;
    for (const auto& c : gadgets().catalog.callables) ids.push_back(c.id);
    g->theory = static_cast<std::uint32_t>(ids.size());
    ids.push_back(g->api.oracles[0].function.id);
    g->invariant = static_cast<std::uint32_t>(ids.size());
    ids.push_back(g->api.oracles[1].function.id);
    g->catalog = generation::make_catalog(g->api, ids);
    return g;
  }();
  return *g;
}

RenderedTest render_with_theories(const TestCase& test, const std::string& name = "Test_1") {
  RenderOptions options;
  options.theories_includes = {"\"theories/gadgets_theories.hpp\""};
  return TestRenderer(theory_gadgets().catalog, options).render(test, {suite_name(test), name});
}

Statement oracle_call(std::uint32_t callable, std::vector<Input> inputs) {
  Statement s;
  s.callable = callable;
  s.inputs = std::move(inputs);
  return s;
}

TEST(TestRendererTest, FailedTheoryIsCalledUnderItsNameAndPlace) {
  TestCase t = make_test(
      TestKind::failure, "Widget",
      {call("Widget(int)", {Input::integer(2)}), oracle_call(theory_gadgets().theory, {ref(0), Input::integer(5)})},
      {answer(v_object("gadgets::Widget")), answer(v_string("size() == n failed"))});
  t.failure_kind = "theory";
  t.failing_statement = 1;
  t.message = "size() == n failed at gadgets_theories.hpp:19";
  const RenderedTest rendered = render_with_theories(t, "Widget_resize_keeps_1");
  EXPECT_HAS(rendered.text,
             "TEST_F(WidgetFailureTest, Widget_resize_keeps_1) {\n"
             "  gadgets::Widget widget(2);\n"
             "  // palus: theory: size() == n failed at gadgets_theories.hpp:19\n"
             "  // theory resize_keeps, gadgets_theories.hpp:17\n"
             "  gadgets_theories::resize_keeps(widget, 5);\n"
             "}\n");
  EXPECT_TRUE(rendered.includes.count("\"theories/gadgets_theories.hpp\"")) << rendered.text;
  EXPECT_EQ(TestRenderer(theory_gadgets().catalog).base_name(t), "Widget_resize_keeps");

  TestCase inv =
      make_test(TestKind::failure, "Widget",
                {call("Widget(int)", {Input::integer(2)}), call("Widget::resize", {ref(0), Input::integer(-1)}),
                 oracle_call(theory_gadgets().invariant, {ref(0)})},
                {answer(v_object("gadgets::Widget")), answer(v_none()), answer(v_string("size() >= 0"))});
  inv.failure_kind = "invariant";
  inv.failing_statement = 2;
  inv.message = "size() >= 0";
  const RenderedTest checked = render_with_theories(inv);
  EXPECT_HAS(checked.text,
             "  widget.resize(-1);\n"
             "  // palus: invariant: size() >= 0\n"
             "  // invariant widget_ok, gadgets_theories.hpp:30\n"
             "  gadgets_theories::widget_ok(widget);\n");
  EXPECT_TRUE(checked.includes.count("\"theories/gadgets_theories.hpp\""));
}

TEST(TestRendererTest, TheoryStatementsOutsideTheirFailureAreLeftOut) {
  // A regression test whose sequence ran an invariant and a theory that held.
  TestCase t =
      make_test(TestKind::regression, "Widget",
                {call("Widget(int)", {Input::integer(2)}), call("Widget::size", {ref(0)}),
                 oracle_call(theory_gadgets().invariant, {ref(0)}),
                 oracle_call(theory_gadgets().theory, {ref(0), Input::integer(5)})},
                {answer(v_object("gadgets::Widget")), answer(v_int(2)), answer(v_string("")), answer(v_string(""))});
  const RenderedTest rendered = render_with_theories(t);
  EXPECT_HAS_NOT(rendered.text, "gadgets_theories");
  EXPECT_HAS_NOT(rendered.text, "// theory");
  EXPECT_HAS_NOT(rendered.text, "// invariant");
  EXPECT_HAS(rendered.text, "EXPECT_EQ(widget.size(), 2);");
  EXPECT_FALSE(rendered.includes.count("\"theories/gadgets_theories.hpp\""));
  EXPECT_EQ(TestRenderer(theory_gadgets().catalog).base_name(t), "Widget_size");

  // A failure elsewhere (a crash after the theory held) leaves the theory out too.
  TestCase crash =
      make_test(TestKind::failure, "Widget",
                {call("Widget(int)", {Input::integer(2)}),
                 oracle_call(theory_gadgets().theory, {ref(0), Input::integer(5)}), call("Widget::crash", {ref(0)})},
                {answer(v_object("gadgets::Widget")), answer(v_string(""))});
  crash.failure_kind = "crash";
  crash.failing_statement = 2;
  crash.message = "SIGABRT";
  const RenderedTest crashed = render_with_theories(crash);
  EXPECT_HAS_NOT(crashed.text, "resize_keeps");
  EXPECT_HAS(crashed.text, "  // palus: crash: SIGABRT\n  widget.crash();\n");
  EXPECT_FALSE(crashed.includes.count("\"theories/gadgets_theories.hpp\""));
}

TEST(TestRendererTest, NamesOfOperators) {
  api::Callable c;
  c.kind = api::CallableKind::function;
  c.is_operator = true;
  c.params.resize(2);
  for (auto [name, expected] :
       std::vector<std::pair<std::string, std::string>>{{"operator==", "equals"},
                                                        {"operator[]", "index"},
                                                        {"operator<=", "less_equal"},
                                                        {"operator bool", "to_bool"},
                                                        {"operator const std::string &", "to_string"},
                                                        {"operator()", "call"}}) {
    c.name = name;
    EXPECT_EQ(readable_name(c), expected) << name;
  }
  c.name = "operator<<";
  c.result = record("std::ostream", Passing::ref);
  EXPECT_EQ(readable_name(c), "print");
  c.params.resize(1);
  c.name = "operator-";
  EXPECT_EQ(readable_name(c), "negate");
}

// ---------------------------------------------------------------------------------------------
// The suite on disk.

TestCase widget_test(int size) {
  return make_test(TestKind::regression, "Widget",
                   {call("Widget(int)", {Input::integer(size)}), call("Widget::size", {ref(0)})},
                   {answer(v_object("gadgets::Widget")), answer(v_int(size))});
}

TestCase crash_test() {
  TestCase t = make_test(TestKind::failure, "Widget", {call("Widget()"), call("Widget::crash", {ref(0)})},
                         {answer(v_object("gadgets::Widget"))});
  t.failure_kind = "crash";
  t.failing_statement = 1;
  t.message = "SIGABRT";
  return t;
}

TestCase sanitizer_test(const std::string& report) {
  TestCase t = crash_test();
  t.failure_kind = "sanitizer";
  t.message = report;
  return t;
}

SuiteOptions options_for(const fs::path& dir, std::size_t per_file = 100) {
  SuiteOptions o;
  o.dir = dir;
  o.tests_per_file = per_file;
  o.header = {"0.3.0", 7, "random", "palus run --config palus.yaml --seed 7"};
  o.includes = {"<gadgets.hpp>"};
  return o;
}

TEST(SuiteWriterTest, NamesAreUniqueAndStable) {
  ScratchDir scratch;
  SuiteWriter writer(options_for(scratch.path() / "generated"), gadgets().catalog);
  const TestName a = writer.reserve_name(widget_test(1));
  const TestName b = writer.reserve_name(widget_test(2));
  EXPECT_EQ(a.full(), "WidgetRegressionTest.Widget_size_1");
  EXPECT_EQ(b.name, "Widget_size_2");
  EXPECT_EQ(writer.reserve_name(widget_test(3)).name, "Widget_size_3") << "a reserved name is never given again";
  const TestName f = writer.reserve_name(crash_test());
  EXPECT_EQ(f.full(), "WidgetFailureTest.Widget_crash_1");
  const FiledTest filed = writer.accept(crash_test(), f);
  EXPECT_EQ(filed.report_entry, "generated/Widget_failure_test.cpp:Widget_crash_1");
  EXPECT_EQ(writer.location(f), filed.report_entry);
  EXPECT_EQ(writer.failure_count(), 1u);
}

TEST(SuiteWriterTest, CandidatesCarryTheirLineRanges) {
  ScratchDir scratch;
  SuiteWriter writer(options_for(scratch.path()), gadgets().catalog);
  const std::vector<TestCase> tests{widget_test(1), crash_test(), widget_test(2)};
  std::vector<TestName> names;
  for (const auto& t : tests) names.push_back(writer.reserve_name(t));
  const CandidateFile file = writer.render_for_check(tests, names);
  ASSERT_EQ(file.tests.size(), 3u);
  std::vector<std::string> lines{""};  // 1-based
  for (std::size_t start = 0; start < file.text.size();) {
    std::size_t end = file.text.find('\n', start);
    lines.push_back(file.text.substr(start, end - start));
    start = end + 1;
  }
  for (const auto& e : file.tests) {
    EXPECT_EQ(lines[e.first_line], "TEST_F(" + e.name.suite + ", " + e.name.name + ") {");
    EXPECT_EQ(lines[e.last_line], "}");
    EXPECT_EQ(file.test_at(e.first_line + 1), &e);
  }
  EXPECT_EQ(file.test_at(1), nullptr);
  EXPECT_EQ(file.tests[1].name.name, "Widget_crash_1");
  EXPECT_HAS(file.text, "#include <gtest/gtest.h>");
  EXPECT_HAS(file.text, "#include <gadgets.hpp>");
}

TEST(SuiteWriterTest, AssertedLinesNameTheirCallableAndNeverAssertedValuesAreLeftOut) {
  ScratchDir scratch;
  SuiteWriter writer(options_for(scratch.path()), gadgets().catalog);
  TestCase test = widget_test(4);
  test.result.statements[1].observations.push_back(observed("Widget::name", 0, v_string("n")));
  const TestName name = writer.reserve_name(test);
  const CandidateFile file = writer.render_for_check({test}, {name});
  std::vector<std::string> lines{""};  // 1-based
  for (std::size_t start = 0; start < file.text.size();) {
    std::size_t end = file.text.find('\n', start);
    lines.push_back(file.text.substr(start, end - start));
    start = end + 1;
  }
  const auto& asserted = file.tests.at(0).asserted;
  ASSERT_EQ(asserted.size(), 2u) << file.text;
  std::map<std::uint32_t, std::string> by_callable;
  for (const auto& [line, callable] : asserted) by_callable[callable] = lines.at(line);
  EXPECT_EQ(by_callable[gadgets()["Widget::name"]], "  EXPECT_EQ(widget.name(), \"n\");");
  EXPECT_EQ(by_callable[gadgets()["Widget::size"]], "  EXPECT_EQ(widget.size(), 4);");

  EXPECT_TRUE(writer.never_assert(gadgets()["Widget::size"]));
  EXPECT_FALSE(writer.never_assert(gadgets()["Widget::size"]));
  const CandidateFile again = writer.render_for_check({test}, {name});
  EXPECT_HAS(again.text, "  widget.size();\n");
  EXPECT_HAS_NOT(again.text, "EXPECT_EQ(widget.size()");
  EXPECT_HAS(again.text, "EXPECT_EQ(widget.name(), \"n\");");
  EXPECT_EQ(again.tests.at(0).asserted.size(), 1u);
}

// A test is written as it was checked: a callable never asserted since its check (another test's
// failure taught it) would otherwise change which values the test asserts, unchecked.
TEST(SuiteWriterTest, AnAcceptedTestIsWrittenAsItWasChecked) {
  ScratchDir scratch;
  const fs::path dir = scratch.path() / "generated";
  SuiteWriter writer(options_for(dir), gadgets().catalog);
  TestCase test = widget_test(4);
  test.result.statements[1].observations.push_back(observed("Widget::name", 0, v_string("n")));
  const TestName name = writer.reserve_name(test);
  const CandidateFile file = writer.render_for_check({test}, {name});
  ASSERT_EQ(file.rendered.size(), 1u);
  EXPECT_HAS(file.text, file.rendered[0].text);
  EXPECT_HAS(file.text, "EXPECT_EQ(widget.size(), 4);");
  writer.never_assert(gadgets()["Widget::size"]);
  writer.accept(test, name, file.rendered[0]);
  writer.write_all();
  const std::string written = read_text(dir / "Widget_regression_test.cpp");
  EXPECT_HAS(written, file.rendered[0].text);
  EXPECT_HAS(written, "EXPECT_EQ(widget.size(), 4);");
}

TEST(SuiteWriterTest, FilesListTestsInTheOrderTheirNamesWereReservedWhateverTheOrderAccepted) {
  ScratchDir scratch;
  const fs::path dir = scratch.path() / "generated";
  SuiteWriter writer(options_for(dir, 2), gadgets().catalog);
  std::vector<TestName> names;
  for (int k = 0; k < 3; ++k) names.push_back(writer.reserve_name(widget_test(k)));
  const FiledTest last = writer.accept(widget_test(2), names[2]);
  EXPECT_EQ(last.file, "Widget_regression_test.cpp");
  writer.accept(widget_test(0), names[0]);
  writer.accept(widget_test(1), names[1]);
  EXPECT_EQ(writer.location(names[2]), "generated/Widget_regression_2_test.cpp:Widget_size_3")
      << "accepted first, reserved last: it moved behind the two reserved before it";
  writer.write_all();
  const std::string first = read_text(dir / "Widget_regression_test.cpp");
  EXPECT_LT(first.find("Widget_size_1)"), first.find("Widget_size_2)"));
  EXPECT_HAS(read_text(dir / "Widget_regression_2_test.cpp"), "Widget_size_3)");
}

TEST(SuiteWriterTest, ADroppedTestLeavesTheFolderAndItsFileWhenItWasTheLast) {
  ScratchDir scratch;
  const fs::path dir = scratch.path() / "generated";
  SuiteWriter writer(options_for(dir, 2), gadgets().catalog);
  std::vector<TestName> names;
  for (int k = 0; k < 3; ++k) {
    names.push_back(writer.reserve_name(widget_test(k)));
    writer.accept(widget_test(k), names.back());
  }
  writer.write_all();
  ASSERT_TRUE(fs::exists(dir / "Widget_regression_2_test.cpp"));
  EXPECT_TRUE(writer.drop(names[0]));
  EXPECT_FALSE(writer.drop(names[0]));
  EXPECT_EQ(writer.regression_count(), 2u);
  EXPECT_EQ(writer.location(names[0]), "");
  writer.write_all();
  const std::string first = read_text(dir / "Widget_regression_test.cpp");
  EXPECT_HAS_NOT(first, "Widget_size_1)");
  EXPECT_HAS(first, "Widget_size_2)");
  EXPECT_HAS(first, "Widget_size_3)");
  EXPECT_FALSE(fs::exists(dir / "Widget_regression_2_test.cpp"));
}

TEST(SuiteWriterTest, FilesSplitAtTestsPerFileWithHeaderAndFragments) {
  ScratchDir scratch;
  const fs::path dir = scratch.path() / "out" / "generated";
  SuiteWriter writer(options_for(dir, 2), gadgets().catalog);
  for (int k = 0; k < 5; ++k) writer.accept(widget_test(k), writer.reserve_name(widget_test(k)));
  writer.accept(crash_test(), writer.reserve_name(crash_test()));
  writer.write_all();
  for (const char* name : {"Widget_regression_test.cpp", "Widget_regression_2_test.cpp", "Widget_regression_3_test.cpp",
                           "Widget_failure_test.cpp", "meson.build", "CMakeLists.txt"}) {
    EXPECT_TRUE(fs::exists(dir / name)) << name;
  }
  const std::string first = read_text(dir / "Widget_regression_test.cpp");
  EXPECT_EQ(first.rfind("// Generated by palus 0.3.0: regression tests of Widget.\n// seed: 7, mode: random\n"
                        "// command: palus run --config palus.yaml --seed 7\n",
                        0),
            0u)
      << first;
  EXPECT_HAS(first, "#include <gtest/gtest.h>\n");
  EXPECT_HAS(first, "#include <gadgets.hpp>\n");
  EXPECT_HAS(first, "Widget_size_1)");
  EXPECT_HAS(first, "Widget_size_2)");
  EXPECT_HAS_NOT(first, "Widget_size_3)");
  EXPECT_HAS(read_text(dir / "Widget_regression_3_test.cpp"), "Widget_size_5)");

  const std::string meson = read_text(dir / "meson.build");
  EXPECT_HAS(meson, "palus_library_dep");
  EXPECT_HAS(meson, "gtest_main_dep");
  EXPECT_HAS(
      meson,
      "palus_Widget_regression_2_test = executable('palus_Widget_regression_2_test', 'Widget_regression_2_test.cpp',");
  EXPECT_HAS(meson, "test('Widget_failure_test', palus_Widget_failure_test, suite: 'palus-failure', timeout: 60)");
  const std::string cmake = read_text(dir / "CMakeLists.txt");
  EXPECT_HAS(cmake, "add_executable(palus_Widget_regression_test Widget_regression_test.cpp)");
  EXPECT_HAS(cmake, "target_link_libraries(palus_Widget_regression_test PRIVATE ${PALUS_LIBRARY} GTest::gtest_main)");
  EXPECT_HAS(cmake, "gtest_discover_tests(palus_Widget_failure_test PROPERTIES LABELS palus-failure TIMEOUT 60)");
}

TEST(SuiteWriterTest, FailureTestsASanitizerFoundAreBuiltWithIt) {
  ScratchDir scratch;
  const fs::path dir = scratch.path() / "generated";
  SuiteWriter writer(options_for(dir), gadgets().catalog);
  writer.accept(widget_test(1), writer.reserve_name(widget_test(1)));
  const TestCase asan = sanitizer_test("AddressSanitizer: heap-use-after-free on address 0x6020");
  writer.accept(asan, writer.reserve_name(asan));
  const TestCase ubsan = sanitizer_test("src/widget.cpp:9:5: runtime error: division by zero");
  writer.accept(ubsan, writer.reserve_name(ubsan));
  writer.write_all();
  const std::string failures = read_text(dir / "Widget_failure_test.cpp");
  EXPECT_HAS(failures, "// Failures that AddressSanitizer or UndefinedBehaviorSanitizer reported");
  EXPECT_HAS(failures, "(Meson: -Db_sanitize=address,undefined)");
  EXPECT_HAS_NOT(read_text(dir / "Widget_regression_test.cpp"), "-fsanitize");
  const std::string meson = read_text(dir / "meson.build");
  EXPECT_HAS(meson,
             "palus_Widget_failure_test = executable('palus_Widget_failure_test', 'Widget_failure_test.cpp',\n"
             "  cpp_args: ['-fsanitize=address,undefined', '-fno-sanitize-recover=all', '-fno-omit-frame-pointer'], "
             "link_args: ['-fsanitize=address,undefined'],\n");
  EXPECT_HAS(meson,
             "test('Widget_failure_test', palus_Widget_failure_test, suite: 'palus-failure', timeout: 60, "
             "env: ['UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1'])");
  EXPECT_HAS(meson,
             "palus_Widget_regression_test = executable('palus_Widget_regression_test', 'Widget_regression_test.cpp',\n"
             "  dependencies: [palus_library_dep, gtest_main_dep])");
  const std::string cmake = read_text(dir / "CMakeLists.txt");
  EXPECT_HAS(cmake,
             "target_compile_options(palus_Widget_failure_test PRIVATE -fsanitize=address,undefined "
             "-fno-sanitize-recover=all -fno-omit-frame-pointer)");
  EXPECT_HAS(cmake, "target_link_options(palus_Widget_failure_test PRIVATE -fsanitize=address,undefined)");
  EXPECT_HAS(cmake,
             "gtest_discover_tests(palus_Widget_failure_test PROPERTIES LABELS palus-failure TIMEOUT 60 "
             "ENVIRONMENT UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1)");
  EXPECT_HAS_NOT(cmake, "target_compile_options(palus_Widget_regression_test");
}

TEST(SuiteWriterTest, StaleFilesOfAnEarlierRunAreRemovedButNotTheUsers) {
  ScratchDir scratch;
  const fs::path dir = scratch.path() / "generated";
  write_text(dir / "Old_regression_test.cpp", "// Generated by palus 0.2.0: regression tests of Old.\n");
  write_text(dir / "mine_test.cpp", "// my own test\n");
  write_text(dir / "notes.txt", "// Generated by palus: not a kind palus writes\n");
  SuiteWriter writer(options_for(dir), gadgets().catalog);
  writer.accept(widget_test(1), writer.reserve_name(widget_test(1)));
  writer.write_all();
  EXPECT_FALSE(fs::exists(dir / "Old_regression_test.cpp"));
  EXPECT_TRUE(fs::exists(dir / "mine_test.cpp"));
  EXPECT_TRUE(fs::exists(dir / "notes.txt"));
  EXPECT_TRUE(fs::exists(dir / "Widget_regression_test.cpp"));

  // Writing again is a no-op for unchanged files, and the user's meson.build is never replaced.
  const auto stamp = fs::last_write_time(dir / "Widget_regression_test.cpp");
  writer.write_all();
  EXPECT_EQ(fs::last_write_time(dir / "Widget_regression_test.cpp"), stamp);
  const fs::path other = scratch.path() / "other";
  write_text(other / "meson.build", "project('mine', 'cpp')\n");
  SuiteWriter clash(options_for(other), gadgets().catalog);
  EXPECT_THROW(clash.write_all(), UserError);
  EXPECT_EQ(read_text(other / "meson.build"), "project('mine', 'cpp')\n");
}

// ---------------------------------------------------------------------------------------------
// Compiled and run: the written files are valid C++ that makes the calls the harness made.

int run_shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/// The tests of the compiled suite: every value below is what gadgets.hpp really returns.
std::vector<TestCase> compiled_suite() {
  std::vector<TestCase> tests;
  // Widget::peek const, as the harness calls it, then its non-const twin: 2, then 3.
  tests.push_back(
      make_test(TestKind::regression, "Widget",
                {call("Widget(int)", {Input::integer(2)}), call("Widget::peek", {ref(0)}),
                 call("Widget::peek", {ref(0)}), call("Widget::peek_mutable", {ref(0)})},
                {answer(v_object("gadgets::Widget")), answer(v_int(2)), answer(v_int(2)), answer(v_int(3))}));
  tests.push_back(
      make_test(TestKind::regression, "Widget",
                {call("Widget(int)", {Input::integer(3)}),
                 call("Widget::rename", {ref(0), Input::string(std::string("a\"b\\c\n\t\x01") + "2?\?=")}),
                 call("Widget::paint", {ref(0), Input::integer(2)})},
                {answer(v_object("gadgets::Widget"),
                        {observed("Widget::size", 0, v_int(3)), observed("Widget::empty", 0, v_bool(false)),
                         observed("Widget::ratio", 0, v_double(0.75)), observed("Widget::half", 0, v_double(1.5)),
                         observed("Widget::color", 0, v_int(1)), observed("Widget::name", 0, v_string("")),
                         observed("Widget::label", 0, v_none()), observed("Widget::length", 0, v_uint(0))}),
                 answer(v_none(), {observed("Widget::name", 0, v_string(std::string("a\"b\\c\n\t\x01") + "2?\?=")),
                                   observed("Widget::length", 0, v_uint(12))}),
                 answer(v_none(), {observed("Widget::color", 0, v_int(2))})}));
  tests.push_back(make_test(
      TestKind::regression, "Widget",
      {call("Widget::create", {Input::integer(2)}), call("Widget::resize", {ref(0), Input::integer(5)}),
       call("Widget(int)", {Input::integer(5)}), call("operator==(Widget)", {ref(0), ref(2)}),
       call("Widget::make", {Input::integer(4)}), call("Widget::attach", {ref(4), ref(2)}),
       call("Widget::partner", {ref(4)}), call("Widget::size", {ref(6)}),
       call("Widget::attach", {ref(4), Input::null()}), call("Widget::adopt", {ref(2), ref(4)}),
       call("Widget::self", {ref(2)}), call("Widget::grow", {ref(10), Input::integer(2)}),
       call("Widget::size", {ref(2)}), call("Widget::size", {ref(4)})},
      {answer(v_object("std::unique_ptr<gadgets::Widget>")), answer(v_none()), answer(v_object("gadgets::Widget")),
       answer(v_bool(true)), answer(v_object("gadgets::Widget")), answer(v_none()), answer(v_object("gadgets::Widget")),
       answer(v_int(5)), answer(v_none()), answer(v_none()), answer(v_object("gadgets::Widget")), answer(v_none()),
       answer(v_int(11)), answer(v_int(0))}));
  tests.push_back(make_test(TestKind::regression, "Widget",
                            {call("Widget(int)", {Input::integer(1)}), call("Widget::view", {ref(0)}),
                             call("Widget::resize", {ref(1), Input::integer(6)})},
                            {answer(v_object("gadgets::Widget")), answer(v_object("gadgets::Widget")),
                             answer(v_none(), {observed("Widget::size", 1, v_int(6))})}));
  std::string all_bytes;
  for (int c = 0; c < 256; ++c) all_bytes += static_cast<char>(c);
  all_bytes += "0123";  // digits right after the last escapes
  tests.push_back(make_test(TestKind::regression, "Echo",
                            {call("Echo::text", {Input::string(all_bytes)}),
                             call("Echo::text_size", {Input::string(std::string("a\0b", 3))}),
                             call("Echo::c_text", {Input::string("c")}),
                             call("Echo::c_text", {Input::null()}),
                             call("Echo::slurp", {Input::string(std::string("x\0y", 3))}),
                             call("Echo::spill", {Input::string(""), Input::string("z")}),
                             call("Echo::real", {Input::floating(-0.0)}),
                             call("Echo::real", {Input::floating(std::nan(""))}),
                             call("Echo::real", {Input::floating(HUGE_VAL)}),
                             call("Echo::real", {Input::floating(-HUGE_VAL)}),
                             call("Echo::real", {Input::floating(0.1)}),
                             call("Echo::real", {Input::floating(4.9406564584124654e-324)}),
                             call("Echo::real", {Input::floating(DBL_MAX)}),
                             call("Echo::single", {Input::floating(0.1)}),
                             call("Echo::wide", {Input::floating(0.1)}),
                             call("Echo::integer", {Input::integer(INT_MIN)}),
                             call("Echo::long_integer", {Input::integer(INT64_MIN)}),
                             call("Echo::int64", {Input::integer(INT64_MIN)}),
                             call("Echo::int64", {Input::integer(INT64_MAX)}),
                             call("Echo::uint64", {Input::unsigned_integer(UINT64_MAX)}),
                             call("Echo::size", {Input::unsigned_integer(SIZE_MAX)}),
                             call("Echo::byte", {Input::integer(200)}),
                             call("Echo::small", {Input::integer(-32768)}),
                             call("Echo::character", {Input::integer('\'')}),
                             call("Echo::character", {Input::integer(-128)}),
                             call("Echo::flag", {Input::boolean(false)}),
                             call("Echo::color", {Input::integer(4)}),
                             call("Echo::color", {Input::integer(3)}),
                             call("Echo::overloaded(long)", {Input::integer(5)}),
                             call("Echo::overloaded(double)", {Input::integer(5)}),
                             call("Echo::overloaded(bool)", {Input::boolean(true)})},
                            {answer(v_string(all_bytes)),
                             answer(v_uint(3)),
                             answer(v_string("c")),
                             answer(v_string("(null)")),
                             answer(v_string(std::string("x\0y", 3))),
                             answer(v_string("[z]")),
                             answer(v_double(-0.0)),
                             answer(v_double(std::nan(""))),
                             answer(v_double(HUGE_VAL)),
                             answer(v_double(-HUGE_VAL)),
                             answer(v_double(0.1)),
                             answer(v_double(4.9406564584124654e-324)),
                             answer(v_double(DBL_MAX)),
                             answer(v_double(static_cast<double>(0.1f))),
                             answer(v_double(0.1)),
                             answer(v_int(INT_MIN)),
                             answer(v_int(INT64_MIN)),
                             answer(v_int(INT64_MIN)),
                             answer(v_int(INT64_MAX)),
                             answer(v_uint(UINT64_MAX)),
                             answer(v_uint(SIZE_MAX)),
                             answer(v_uint(200)),
                             answer(v_int(-32768)),
                             answer(v_int('\'')),
                             answer(v_int(-128)),
                             answer(v_bool(false)),
                             answer(v_int(4)),
                             answer(v_int(3)),
                             answer(v_int(1)),
                             answer(v_int(2)),
                             answer(v_int(3))}));
  tests.push_back(make_test(
      TestKind::regression, "Holder",
      {call("Token(std::string)", {Input::string("tok")}), call("Holder()"), call("Holder::take", {ref(1), ref(0)})},
      {answer(v_object("gadgets::Token")), answer(v_object("gadgets::Holder")),
       answer(v_none(), {observed("Holder::taken", 1, v_string("tok"))})}));
  tests.push_back(make_test(
      TestKind::regression, "Log",
      {call("Log()"), call("Log::stream", {ref(0)}), call("Widget(int)", {Input::integer(7)}),
       call("operator<<(Widget)", {ref(1), ref(2)}), call("Log::text", {ref(0)})},
      {answer(v_object("gadgets::Log")), answer(v_object("std::ostream")), answer(v_object("gadgets::Widget")),
       answer(v_object("std::ostream")), answer(v_string("Widget(7)"))}));
  TestCase ctor = make_test(TestKind::expected_exception, "Widget", {call("Widget(int)", {Input::integer(-1)})},
                            {thrown("std::invalid_argument")});
  ctor.failing_statement = 0;
  ctor.exception_type = "std::invalid_argument";
  tests.push_back(ctor);
  TestCase fail = make_test(TestKind::expected_exception, "Widget", {call("Widget()"), call("Widget::fail", {ref(0)})},
                            {answer(v_object("gadgets::Widget")), thrown("std::runtime_error")});
  fail.failing_statement = 1;
  fail.exception_type = "std::runtime_error";
  tests.push_back(fail);
  fail.exception_type = "(anonymous namespace)::Oops";
  tests.push_back(fail);

  tests.push_back(crash_test());
  tests.push_back(liar_breaks_equals_reflexive("violated"));
  return tests;
}

TEST(CompiledSuiteTest, WrittenTestsCompileAndPassOrFailAsFound) {
  ScratchDir scratch;
  const fs::path dir = scratch.path() / "generated";
  SuiteWriter writer(options_for(dir), gadgets().catalog);
  for (const TestCase& t : compiled_suite()) writer.accept(t, writer.reserve_name(t));
  writer.write_all();

  const std::string compile =
      std::string(PALUS_TEST_CXX) + " -std=c++17 -Wall -Wextra -Werror -I" + PALUS_TEST_DATA + "/writer ";
  const std::string link = " -lgtest -lgtest_main -pthread";
  std::vector<std::string> regression = {"Widget_regression_test", "Echo_regression_test", "Holder_regression_test",
                                         "Log_regression_test"};
  // All regression files in one executable (GoogleTest registers the tests of every file).
  std::string sources;
  for (const auto& r : regression) {
    ASSERT_TRUE(fs::exists(dir / (r + ".cpp"))) << r;
    sources += " " + (dir / (r + ".cpp")).string();
  }
  const fs::path regression_exe = scratch.path() / "regression";
  ASSERT_EQ(run_shell(compile + sources + " -o " + regression_exe.string() + link + " > " +
                      (scratch.path() / "compile.log").string() + " 2>&1"),
            0)
      << read_text(scratch.path() / "compile.log") << "\n"
      << read_text(dir / "Widget_regression_test.cpp") << read_text(dir / "Echo_regression_test.cpp");
  EXPECT_EQ(run_shell(regression_exe.string() + " > " + (scratch.path() / "run.log").string() + " 2>&1"), 0)
      << read_text(scratch.path() / "run.log") << "\n"
      << read_text(dir / "Echo_regression_test.cpp") << read_text(dir / "Widget_regression_test.cpp");
  const std::string run_log = read_text(scratch.path() / "run.log");
  EXPECT_HAS(run_log, "[  PASSED  ] 10 tests.");

  const fs::path failure_exe = scratch.path() / "failure";
  ASSERT_EQ(
      run_shell(compile + (dir / "Widget_failure_test.cpp").string() + " " + (dir / "Liar_failure_test.cpp").string() +
                " -o " + failure_exe.string() + link + " > " + (scratch.path() / "compile2.log").string() + " 2>&1"),
      0)
      << read_text(scratch.path() / "compile2.log");
  for (const char* filter : {"WidgetFailureTest.Widget_crash_1", "LiarFailureTest.Liar_equals_reflexive_1"}) {
    EXPECT_NE(run_shell(failure_exe.string() + " --gtest_filter=" + filter + " > /dev/null 2>&1"), 0) << filter;
  }
}

}  // namespace
}  // namespace palus::writer
