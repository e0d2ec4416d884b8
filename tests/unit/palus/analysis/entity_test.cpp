// Which entities `palus analyze` finds, and how it names their types.

#include <gtest/gtest.h>

#include "core/api_rules.hpp"
#include "core/error.hpp"
#include "unit/palus/analysis/analysis_test_util.hpp"

namespace palus::testing {
namespace {

bool has_unsupported(const api::Api& api, const std::string& entity) {
  return std::any_of(api.unsupported.begin(), api.unsupported.end(),
                     [&](const api::Unsupported& u) { return u.entity == entity && !u.reason.empty(); });
}

const api::Callable* function_named(const api::Api& api, const std::string& prefix) {
  for (const auto& f : api.functions) {
    if (f.id.rfind(prefix, 0) == 0) return &f;
  }
  return nullptr;
}

TEST(Entities, TemplatesAreTestedThroughTheirAliases) {
  const auto api = analyze_snippet(R"(
namespace t {
template <typename T> class Box {
 public:
  void set(const T& v) { v_ = v; }
  T get() const { return v_; }
 private:
  T v_{};
};
template <typename T> class Lonely { public: void f() {} };
using IntBox = Box<int>;
}
)");
  const auto& box = class_named(api, "t::IntBox");
  EXPECT_EQ(box.instantiates, "t::Box<int>");
  EXPECT_EQ(method_named(box, "set").id, "t::IntBox::set(const int &)");
  EXPECT_EQ(method_named(box, "set").writes, Strings{"t::IntBox::v_"});
  EXPECT_EQ(method_named(box, "get").result.spelling, "int");
  EXPECT_EQ(method_named(box, "get").result.category, api::TypeCategory::integer);
  EXPECT_TRUE(box.traits.default_constructible);
  EXPECT_TRUE(has_unsupported(api, "t::Lonely"));
}

TEST(Entities, AbstractClassesAreReachedThroughSubclasses) {
  const auto api = analyze_snippet(R"(
namespace t {
struct Shape { virtual ~Shape() = default; virtual double area() const = 0; };
struct Square : Shape { double side = 1; double area() const override { return side * side; } };
}
)");
  const auto& shape = class_named(api, "t::Shape");
  EXPECT_TRUE(shape.is_abstract);
  EXPECT_TRUE(shape.constructors.empty());
  EXPECT_TRUE(method_named(shape, "area").is_pure);
  EXPECT_TRUE(method_named(shape, "area").is_virtual);
  EXPECT_EQ(shape.subclasses, Strings{"t::Square"});
  const auto& square = class_named(api, "t::Square");
  EXPECT_FALSE(square.is_abstract);
  EXPECT_EQ(square.bases, Strings{"t::Shape"});
  ASSERT_EQ(square.constructors.size(), 2u);
  EXPECT_EQ(square.constructors[0].id, "t::Square::Square()");
  EXPECT_TRUE(square.constructors[0].is_implicit);
  EXPECT_EQ(square.constructors[1].id, "t::Square::Square(const t::Square &)");
}

TEST(Entities, ImplicitConstructorsOnlyWhereTheCompilerWouldMakeThem) {
  const auto api = analyze_snippet(R"(
#include <memory>
namespace t {
class Owner { public: int get() const { return p_ ? *p_ : 0; } private: std::unique_ptr<int> p_; };
class Built { public: explicit Built(int n) : n_(n) {} private: int n_; };
class Hidden { Hidden() = default; public: static Hidden make() { return Hidden(); } };
}
)");
  const auto& owner = class_named(api, "t::Owner");
  ASSERT_EQ(owner.constructors.size(), 1u) << "unique_ptr member: no copy constructor";
  EXPECT_EQ(owner.constructors[0].constructor_kind, "default");
  EXPECT_FALSE(owner.traits.copy_constructible);
  EXPECT_TRUE(owner.traits.move_constructible);
  const auto& built = class_named(api, "t::Built");
  ASSERT_EQ(built.constructors.size(), 2u);
  EXPECT_EQ(built.constructors[0].id, "t::Built::Built(int)");
  EXPECT_EQ(built.constructors[1].constructor_kind, "copy");
  const auto& hidden = class_named(api, "t::Hidden");
  EXPECT_FALSE(hidden.traits.default_constructible) << "private default constructor";
  EXPECT_EQ(hidden.constructors.size(), 1u) << "only the implicit copy constructor is public";
  EXPECT_EQ(method_named(hidden, "make").kind, api::CallableKind::static_method);
}

TEST(Entities, OperatorsMembersFreeAndHiddenFriends) {
  const auto api = analyze_snippet(R"(
#include <functional>
#include <ostream>
namespace t {
struct P {
  int x = 0;
  bool operator==(const P& o) const { return x == o.x; }
  friend bool operator<(const P& a, const P& b) { return a.x < b.x; }
  explicit operator bool() const { return x != 0; }
};
P operator+(const P& a, const P& b);
std::ostream& operator<<(std::ostream& os, const P& p);
}
template <> struct std::hash<t::P> { std::size_t operator()(const t::P& p) const { return std::hash<int>()(p.x); } };
)");
  const auto& p = class_named(api, "t::P");
  EXPECT_TRUE(method_named(p, "operator==").is_operator);
  EXPECT_TRUE(method_named(p, "operator bool").is_operator);
  EXPECT_TRUE(p.traits.equality_comparable);
  EXPECT_TRUE(p.traits.less_comparable);
  EXPECT_TRUE(p.traits.hashable);
  EXPECT_TRUE(p.traits.printable);
  ASSERT_NE(function_named(api, "t::operator+("), nullptr);
  EXPECT_EQ(function_named(api, "t::operator+(")->id, "t::operator+(const t::P &, const t::P &)");
  ASSERT_NE(function_named(api, "t::operator<("), nullptr) << "hidden friend";
  ASSERT_NE(function_named(api, "t::operator<<("), nullptr);
  EXPECT_EQ(function_named(api, "t::operator<<(")->params[0].type.passing, api::Passing::ref);
}

TEST(Entities, FunctionPointersAreCallbacksByValue) {
  const auto api = analyze_snippet(R"(
namespace t {
typedef double (*fun_type2)(double, double);
class P {
 public:
  void define(const char* name, fun_type2 f);
  void raw(double (*f)(double));
  void reference(double (&f)(double));
};
}
)");
  const auto& p = class_named(api, "t::P");
  const api::TypeRef& named = method_named(p, "define").params.at(1).type;
  EXPECT_EQ(named.category, api::TypeCategory::function_pointer);
  EXPECT_EQ(named.base, "t::fun_type2");
  EXPECT_EQ(named.passing, api::Passing::value);
  const api::TypeRef& raw = method_named(p, "raw").params.at(0).type;
  EXPECT_EQ(raw.category, api::TypeCategory::function_pointer);
  EXPECT_EQ(raw.base, "double (*)(double)");
  EXPECT_NE(method_named(p, "reference").params.at(0).type.category, api::TypeCategory::function_pointer);
}

TEST(Entities, NarrowStreamsAreStreamsWideOnesAreNot) {
  const auto api = analyze_snippet(R"(
#include <istream>
#include <ostream>
namespace t {
using IStream = std::istream;
class R {
 public:
  bool read(IStream& in);
  void write(std::ostream* out) const;
  void wide(std::wistream& in);
};
std::ostream& operator<<(std::ostream& out, const R& r);
}
)");
  const auto& r = class_named(api, "t::R");
  EXPECT_EQ(method_named(r, "read").params.at(0).type.category, api::TypeCategory::istream);
  EXPECT_EQ(method_named(r, "read").params.at(0).type.passing, api::Passing::ref);
  EXPECT_EQ(method_named(r, "write").params.at(0).type.category, api::TypeCategory::ostream);
  EXPECT_EQ(method_named(r, "write").params.at(0).type.passing, api::Passing::pointer);
  EXPECT_EQ(method_named(r, "wide").params.at(0).type.category, api::TypeCategory::record);
  const api::Callable* shift = function_named(api, "t::operator<<");
  ASSERT_NE(shift, nullptr);
  EXPECT_EQ(shift->result.category, api::TypeCategory::ostream);
  EXPECT_EQ(api::written_stream(*shift), 0u) << "it returns the stream it writes: the text is its value";
  EXPECT_EQ(api::written_stream(method_named(r, "write")), 0u);
  EXPECT_EQ(api::written_stream(method_named(r, "read")), std::nullopt);
}

TEST(Entities, ParametersKeepTheirPassingModeAndCategory) {
  const auto api = analyze_snippet(R"(
#include <string>
namespace t {
enum class Color { red, green = 5 };
class Q {};
class S {
 public:
  void f(int a, const std::string& b, std::string& c, std::string&& d, Q* e, const Q* g, const char* h, Color k, double m);
};
}
)");
  const auto& f = method_named(class_named(api, "t::S"), "f");
  ASSERT_EQ(f.params.size(), 9u);
  const std::vector<std::pair<api::Passing, api::TypeCategory>> expected{
      {api::Passing::value, api::TypeCategory::integer},
      {api::Passing::const_ref, api::TypeCategory::string},
      {api::Passing::ref, api::TypeCategory::string},
      {api::Passing::rvalue_ref, api::TypeCategory::string},
      {api::Passing::pointer, api::TypeCategory::record},
      {api::Passing::const_pointer, api::TypeCategory::record},
      {api::Passing::const_pointer, api::TypeCategory::cstring},
      {api::Passing::value, api::TypeCategory::enumeration},
      {api::Passing::value, api::TypeCategory::floating}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(f.params[i].type.passing, expected[i].first) << f.params[i].name;
    EXPECT_EQ(f.params[i].type.category, expected[i].second) << f.params[i].name;
  }
  EXPECT_EQ(f.params[1].type.spelling, "const std::string &");
  EXPECT_EQ(f.params[4].type.spelling, "t::Q *");
  EXPECT_EQ(f.params[7].type.spelling, "t::Color");
  EXPECT_EQ(f.id,
            "t::S::f(int, const std::string &, std::string &, std::string &&, t::Q *, const t::Q *, const char *, "
            "t::Color, double)");
  ASSERT_EQ(api.enums.size(), 1u);
  EXPECT_TRUE(api.enums[0].is_scoped);
  EXPECT_EQ(api.enums[0].values, (std::vector<std::pair<std::string, std::int64_t>>{{"red", 0}, {"green", 5}}));
}

TEST(Entities, OnlyPlainCharPointersAreText) {
  // YAML::Binary(const unsigned char*, std::size_t): bytes and their count, not a C string.
  const auto api = analyze_snippet(R"(
#include <cstddef>
namespace t {
using byte = unsigned char;
class B {
 public:
  B(const unsigned char* data, std::size_t size);
  void f(const signed char* a, const wchar_t* b, const byte* c, const char* d, char* e);
  const unsigned char* data() const;
};
template <typename T>
class Box {
 public:
  void set(const T* text);
};
using CharBox = Box<char>;
}
)");
  const auto& b = class_named(api, "t::B");
  const auto& f = method_named(b, "f");
  ASSERT_EQ(f.params.size(), 5u);
  for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(f.params[i].type.category, api::TypeCategory::character) << i;
  EXPECT_EQ(f.params[3].type.category, api::TypeCategory::cstring);
  EXPECT_EQ(f.params[4].type.category, api::TypeCategory::character) << "writable: a buffer, not text";
  EXPECT_EQ(method_named(b, "data").result.category, api::TypeCategory::character);
  ASSERT_FALSE(b.constructors.empty());
  EXPECT_TRUE(api::is_buffer(b.constructors.front(), 0));
  // A template's `const T*` with T = char is text too.
  EXPECT_EQ(method_named(class_named(api, "t::CharBox"), "set").params.at(0).type.category, api::TypeCategory::cstring);
}

TEST(Entities, APrivateNestedResultIsNoTypeToHold) {
  // YAML::Node::iterator::operator->() returns iterator_base<V>::proxy, a private struct.
  const auto api = analyze_snippet(R"(
namespace t {
template <typename V>
class Iter {
  struct proxy {
    explicit proxy(const V& x) : ref(x) {}
    V ref;
  };

 public:
  struct Open {};
  proxy operator->() const { return proxy(value); }
  Open token() const { return {}; }
  Open open() const { return {}; }
  V value;
};
using IntIter = Iter<int>;
class User {
  using token_type = IntIter::Open;  // private: muparser's ParserTokenReader::token_type

 public:
  IntIter begin() const;
  token_type next() const;
};
}
)");
  int arrows = 0;
  for (const auto& c : api.classes) {
    for (const auto& m : c.methods) {
      if (m.name == "operator->") {
        EXPECT_EQ(m.result.category, api::TypeCategory::other) << m.id;
        ++arrows;
      }
      if (m.name == "open") {
        EXPECT_EQ(m.result.category, api::TypeCategory::record) << m.id;
      }
    }
  }
  EXPECT_GT(arrows, 0);
  // A private alias is spelled as what it stands for, which may be named.
  const auto& next = method_named(class_named(api, "t::User"), "next");
  EXPECT_EQ(next.result.spelling, "t::Iter<int>::Open");
  EXPECT_EQ(next.result.category, api::TypeCategory::record);
}

TEST(Entities, UnsupportedEntitiesAreListedWithAReason) {
  const auto api = analyze_snippet(R"(
namespace t {
int sum(int n, ...);
template <int N> int fixed() { return N; }
union U { int i; float f; };
class C { public: template <typename T> operator T() const { return T(); } void ok() {} };
}
)");
  EXPECT_TRUE(has_unsupported(api, "t::sum"));
  EXPECT_TRUE(has_unsupported(api, "t::fixed()"));
  EXPECT_TRUE(has_unsupported(api, "t::U"));
  EXPECT_TRUE(has_unsupported(api, "t::C::operator type-parameter-0-0()"));
  EXPECT_EQ(function_named(api, "t::sum"), nullptr);
  EXPECT_NO_THROW(method_named(class_named(api, "t::C"), "ok"));
}

std::vector<std::string> ids_of(const std::vector<api::Callable>& callables) {
  std::vector<std::string> ids;
  for (const auto& c : callables) ids.push_back(c.id);
  return ids;
}

TEST(Entities, FunctionTemplatesAreTriedWithAMenuOfTypes) {
  const auto api = analyze_snippet(R"(
#include <string>
namespace t {
template <typename T> T identity(T v) { return v; }
template <typename K, typename V> void put(const K&, const V&) {}
template <typename... A> bool match(const std::string& text, A&&... args) { return text.empty(); }
class Node {
 public:
  Node() = default;
  template <typename T> explicit Node(const T&) {}
  template <typename T> T as() const { return T(); }
  template <typename Key> Node operator[](const Key&) const { return *this; }
  template <typename T> T make();
};
template <typename T> T Node::make() { return T(); }
}
)");
  EXPECT_EQ(ids_of(api.functions),
            (Strings{"t::identity<bool>(bool)", "t::identity<double>(double)", "t::identity<int>(int)",
                     "t::identity<std::string>(std::string)", "t::match(const std::string &)",
                     "t::put<int, int>(const int &, const int &)",
                     "t::put<int, std::string>(const int &, const std::string &)",
                     "t::put<std::string, int>(const std::string &, const int &)",
                     "t::put<std::string, std::string>(const std::string &, const std::string &)"}));
  const api::Callable& identity = *function_named(api, "t::identity<int>");
  EXPECT_EQ(identity.name, "identity<int>");
  EXPECT_TRUE(identity.is_instantiation);
  EXPECT_EQ(identity.template_args, "int");
  EXPECT_EQ(identity.result.category, api::TypeCategory::integer);
  EXPECT_EQ(function_named(api, "t::match")->name, "match");  // the empty pack is deduced
  const auto& node = class_named(api, "t::Node");
  EXPECT_EQ(
      ids_of(node.constructors),
      (Strings{"t::Node::Node()", "t::Node::Node(const int &)", "t::Node::Node(const double &)",
               "t::Node::Node(const bool &)", "t::Node::Node(const std::string &)", "t::Node::Node(const t::Node &)"}));
  EXPECT_EQ(method_named(node, "as<std::string>").result.category, api::TypeCategory::string);
  EXPECT_EQ(method_named(node, "as<std::string>").id, "t::Node::as<std::string>() const");
  EXPECT_EQ(method_named(node, "operator[]").id, "t::Node::operator[](const int &) const");  // deduced, not named
  EXPECT_NO_THROW(method_named(node, "make<int>"));  // defined outside the class: listed once
  EXPECT_TRUE(api.unsupported.empty());
}

TEST(Entities, TemplatesThatCannotBeTriedSayWhyAndPlainOverloadsWin) {
  const auto api = analyze_snippet(R"(
#include <string>
namespace t {
template <typename... A, typename T> void after_pack(T, A...) {}
template <typename A, typename B, typename C> void three(A, B, C) {}
struct K {
  template <typename T> bool operator()() const { return true; }
  template <typename T> explicit K(const T&) {}
  explicit K(const std::string&) {}
};
template <typename T> void show(const T&) {}
void show(const std::string&) {}
template <typename V> class Box {
 public:
  template <typename U> V mix(U) const { return V(); }
};
using IntBox = Box<int>;
}
)");
  auto reason = [&](const std::string& entity) {
    for (const auto& u : api.unsupported)
      if (u.entity == entity) return u.reason;
    return std::string("(not listed)");
  };
  EXPECT_NE(reason("t::after_pack(T, A...)").find("cannot be given explicitly"), std::string::npos);
  EXPECT_NE(reason("t::three(A, B, C)").find("more than two"), std::string::npos);
  EXPECT_NE(reason("t::K::operator()()").find("cannot be deduced"), std::string::npos);
  const auto& k = class_named(api, "t::K");
  std::size_t string_constructors = 0;
  for (const auto& c : k.constructors) {
    if (c.id != "t::K::K(const std::string &)") continue;
    ++string_constructors;
    EXPECT_FALSE(c.is_instantiation) << "the plain constructor, declared after the template";
  }
  EXPECT_EQ(string_constructors, 1u);
  std::size_t shows = 0;
  for (const auto& f : api.functions) shows += f.id.rfind("t::show", 0) == 0 ? 1 : 0;
  EXPECT_EQ(shows, 5u);  // four instantiations, named explicitly (show<std::string>), and the plain one
  EXPECT_FALSE(function_named(api, "t::show(const std::string &)")->is_instantiation);
  const auto& box = class_named(api, "t::IntBox");
  EXPECT_EQ(method_named(box, "mix<double>").id, "t::IntBox::mix<double>(double) const");
  EXPECT_EQ(method_named(box, "mix<double>").result.spelling, "int") << "the class's own parameter too";
}

TEST(Entities, TargetsSelectByQualifiedName) {
  const auto api =
      analyze_snippet("namespace a { struct X {}; } namespace b { struct Y {}; } struct Z {};", "", {"a::.*"});
  ASSERT_EQ(api.classes.size(), 1u);
  EXPECT_EQ(api.classes[0].name, "a::X");
}

TEST(Entities, PrivateMembersAndInternalNamesAreNotTestable) {
  const auto api = analyze_snippet(R"(
namespace t {
class K { public: void pub() {} protected: void prot() {} private: void priv() {} };
namespace { struct Internal {}; }
}
)");
  const auto& k = class_named(api, "t::K");
  ASSERT_EQ(k.methods.size(), 1u);
  EXPECT_EQ(k.methods[0].name, "pub");
  EXPECT_EQ(api.classes.size(), 1u);
}

TEST(Entities, ParseErrorsNameFileLineAndColumn) {
  try {
    analyze_snippet("namespace t {\nclass Broken {\n  int x = ;\n};\n}\n");
    FAIL() << "expected a UserError";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("snippet.hpp:3:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("expected expression"), std::string::npos) << e.what();
  }
}

TEST(Literals, MinedFromBodiesWithSignsAndKinds) {
  const auto api = analyze_snippet(R"(
#include <cassert>
#include <string>
namespace t {
class L {
 public:
  int parse(const std::string& s) const {
    assert(!s.empty());
    if (s == "SELECT") return 42;
    if (s.size() > 1000u) return -7;
    double d = 2.5; char c = 'x';
    return static_cast<int>(d) + c + helper();
  }
 private:
  int helper() const { return 99; }
};
}
)");
  const auto& parse = method_named(class_named(api, "t::L"), "parse");
  using K = api::Literal::Kind;
  const std::vector<api::Literal> expected{{K::integer, "-7"},   {K::integer, "1000"}, {K::integer, "42"},
                                           {K::integer, "99"},   {K::floating, "2.5"}, {K::string, "SELECT"},
                                           {K::character, "120"}};
  EXPECT_EQ(parse.literals, expected);
}

TEST(Literals, TextsOfTheTablesABodyReadsAreItsOwn) {
  const auto api = analyze_snippet(R"(
#include <cstring>
namespace t {
const char* const kOperators[] = {"<=", ">=", "&&"};
static const int kWeights[] = {7, 8, 9};
class Lexer {
 public:
  static const char kQuotes[];
  bool is_operator(const char* s) const {
    for (const char* op : kOperators)
      if (std::strcmp(s, op) == 0) return true;
    return kWeights[0] > 0 && std::strchr(kQuotes, s[0]) != nullptr;
  }
  int plain(int x) const { const char* local[] = {"in-body"}; return x + (local[0][0] == 'i'); }
};
const char Lexer::kQuotes[] = {'"', '\''};
}
)");
  const auto& lexer = class_named(api, "t::Lexer");
  using K = api::Literal::Kind;
  const std::vector<api::Literal> expected{{K::integer, "0"}, {K::string, "&&"},    {K::string, "<="},
                                           {K::string, ">="}, {K::character, "34"}, {K::character, "39"}};
  EXPECT_EQ(method_named(lexer, "is_operator").literals, expected) << "no numbers of a table (7, 8, 9)";
  const std::vector<api::Literal> plain{{K::integer, "0"}, {K::string, "in-body"}, {K::character, "105"}};
  EXPECT_EQ(method_named(lexer, "plain").literals, plain);
}

TEST(Literals, ATableIsReadUpToABudget) {
  std::string table = "namespace t {\nconst char* const kWords[] = {";
  for (int i = 0; i < 600; ++i) table += "\"w" + std::to_string(i) + "\", ";
  table += "};\nstruct Words { static int count(const char* s) { return kWords[0] == s ? 1 : 0; } };\n}\n";
  const auto api = analyze_snippet(table);
  const auto& literals = method_named(class_named(api, "t::Words"), "count").literals;
  EXPECT_GE(literals.size(), 200u);
  EXPECT_LE(literals.size(), 260u) << "256 texts of a table at most, and the body's own";
}

}  // namespace
}  // namespace palus::testing
