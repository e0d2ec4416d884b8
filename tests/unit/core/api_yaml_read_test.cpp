// api.yaml read back: round trip through api_to_yaml, and errors that name file and line.

#include "core/api_yaml_read.hpp"

#include <gtest/gtest.h>

#include "core/api_yaml.hpp"
#include "core/error.hpp"
#include "test_files.hpp"

namespace palus::testing {
namespace {

using namespace palus::api;

TypeRef type(const std::string& spelling, const std::string& base, Passing passing, TypeCategory category) {
  return {spelling, base, passing, category};
}

Callable callable(const std::string& id, const std::string& name, const std::string& owner, CallableKind kind,
                  TypeRef result, const std::string& file, unsigned line) {
  Callable c;
  c.id = id;
  c.name = name;
  c.owner = owner;
  c.kind = kind;
  c.result = std::move(result);
  c.file = file;
  c.line = line;
  return c;
}

Class cls(const std::string& name, const std::string& kind, const std::string& file, unsigned line) {
  Class c;
  c.name = name;
  c.kind = kind;
  c.file = file;
  c.line = line;
  return c;
}

/// Covers every field api.yaml holds; files under `base` are written relative to it.
Api sample_api(const std::filesystem::path& base) {
  const std::string header = (base / "include/shapes.hpp").string();
  const TypeRef void_type = type("void", "void", Passing::value, TypeCategory::void_type);
  const TypeRef int_type = type("int", "int", Passing::value, TypeCategory::integer);
  Api api;
  api.tfidf_formula = "W(f, g) = sum tfidf";

  Class shape = cls("shapes::Shape", "class", header, 10);
  shape.is_abstract = true;
  shape.subclasses = {"shapes::IntBox"};
  shape.traits.destructible = shape.traits.printable = true;
  shape.fields = {{"size_", type("int", "", Passing::value, TypeCategory::other), "protected", false}};
  Callable grow =
      callable("shapes::Shape::grow(int)", "grow", "shapes::Shape", CallableKind::method, void_type, header, 12);
  grow.is_virtual = grow.is_pure = true;
  grow.params = {{"by", int_type}};
  grow.writes = {"shapes::Shape::size_"};
  Callable size =
      callable("shapes::Shape::size() const", "size", "shapes::Shape", CallableKind::method, int_type, header, 13);
  size.is_const = size.is_noexcept = true;
  size.reads = {"shapes::Shape::size_"};
  shape.methods = {grow, size};
  shape.dependences = {{"size", "grow", true, false, {"shapes::Shape::size_"}, 0.6931471806},
                       {"size", "size", false, true, {"shapes::Shape::size_"}, 1.5}};

  Class box = cls("shapes::IntBox", "struct", header, 30);
  box.instantiates = "shapes::Box<int>";
  box.bases = {"shapes::Shape"};
  box.traits = {true, true, true, true, true, true, true, true, false};
  box.fields = {{"count", type("std::size_t", "", Passing::value, TypeCategory::other), "public", true}};
  Callable ctor =
      callable("shapes::IntBox::IntBox()", "IntBox", "shapes::IntBox", CallableKind::constructor, void_type, "", 0);
  ctor.is_implicit = true;
  ctor.constructor_kind = "default";
  box.constructors = {ctor};
  Callable put =
      callable("shapes::IntBox::put(const std::string &, int *&&)", "put", "shapes::IntBox", CallableKind::method,
               type("const char *", "char", Passing::const_pointer, TypeCategory::cstring), header, 33);
  put.params = {{"key", type("const std::string &", "std::string", Passing::const_ref, TypeCategory::string)},
                {"arg1", type("int *&&", "int *", Passing::rvalue_ref, TypeCategory::other)},
                {"c", type("shapes::Color *", "shapes::Color", Passing::pointer, TypeCategory::enumeration)},
                {"b", type("bool &", "bool", Passing::ref, TypeCategory::boolean)},
                {"f", type("double", "double", Passing::value, TypeCategory::floating)},
                {"ch", type("char", "char", Passing::value, TypeCategory::character)},
                {"o", type("shapes::Shape &", "shapes::Shape", Passing::ref, TypeCategory::record)}};
  put.literals = {{Literal::Kind::integer, "-42"},
                  {Literal::Kind::floating, "0.5"},
                  {Literal::Kind::string, "say \"hi\"\nnull: [x]"},
                  {Literal::Kind::character, "65"}};
  Callable make = callable("shapes::IntBox::make()", "make", "shapes::IntBox", CallableKind::static_method,
                           type("shapes::IntBox", "shapes::IntBox", Passing::value, TypeCategory::record), header, 40);
  box.methods = {put, make};
  api.classes = {shape, box};

  const TypeRef shape_ref = type("const shapes::Shape &", "shapes::Shape", Passing::const_ref, TypeCategory::record);
  Callable equal = callable("shapes::operator==(const shapes::Shape &, const shapes::Shape &)", "operator==", "",
                            CallableKind::function, type("bool", "bool", Passing::value, TypeCategory::boolean),
                            (base / "src/ops.cpp").string(), 3);
  equal.is_operator = true;
  equal.params = {{"a", shape_ref}, {"b", shape_ref}};
  // Instantiations of function templates: one that names its argument, one whose pack is empty.
  const TypeRef double_type = type("double", "double", Passing::value, TypeCategory::floating);
  Callable scale =
      callable("shapes::scale<double>(double)", "scale<double>", "", CallableKind::function, double_type, header, 30);
  scale.params = {{"v", double_type}};
  scale.is_instantiation = true;
  scale.template_args = "double";
  Callable count = callable("shapes::count()", "count", "", CallableKind::function, int_type, header, 31);
  count.is_instantiation = true;
  api.functions = {equal, scale, count};

  Enum color;
  color.name = "shapes::Color";
  color.underlying = "unsigned char";
  color.is_scoped = true;
  color.file = header;
  color.line = 5;
  color.values = {{"Red", 5}, {"Green", -1}, {"Blue", 2}};
  api.enums = {color};
  api.unsupported = {{"shapes::Box<T>::rebind", "member template", "/usr/include/other.hpp", 77}};
  return api;
}

class ApiYamlRead : public ::testing::Test {
 protected:
  std::filesystem::path base() const { return dir_.path() / "proj"; }
  std::filesystem::path file() const { return base() / ".palus/api.yaml"; }
  std::string written() const { return analysis::api_to_yaml(sample_api(base()), base(), "0.1.0"); }

  /// The message of the UserError reading `text` as api.yaml gives.
  std::string error_for(const std::string& text) const {
    write_text(file(), text);
    return palus::testing::error_message<UserError>([&] { analysis::read_api_yaml(file(), base()); }, "(no error)");
  }

  /// "api.yaml:N:" for the 1-based line of `text` holding `part`.
  static std::string at_line_of(const std::string& text, const std::string& part) {
    const auto pos = text.find(part);
    EXPECT_NE(pos, std::string::npos) << part;
    return "api.yaml:" + std::to_string(std::count(text.begin(), text.begin() + pos, '\n') + 1) + ":";
  }

  static std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto pos = text.find(from);
    EXPECT_NE(pos, std::string::npos) << from;
    return text.replace(pos, from.size(), to);
  }

  ScratchDir dir_;
};

TEST_F(ApiYamlRead, RoundTripGivesTheSameText) {
  const std::string text = written();
  write_text(file(), text);
  const Api api = analysis::read_api_yaml(file(), base());
  EXPECT_EQ(analysis::api_to_yaml(api, base(), "0.1.0"), text);

  ASSERT_EQ(api.classes.size(), 2u);
  const Class& shape = api.classes[0];
  EXPECT_EQ(shape.file, (base() / "include/shapes.hpp").string());
  EXPECT_TRUE(shape.is_abstract);
  EXPECT_EQ(shape.methods[0].owner, "shapes::Shape");
  EXPECT_TRUE(shape.methods[0].is_pure);
  EXPECT_TRUE(shape.methods[1].is_noexcept);
  ASSERT_EQ(shape.dependences.size(), 2u);
  EXPECT_EQ(shape.dependences[0].on, "grow");
  EXPECT_TRUE(shape.dependences[0].write_read);
  EXPECT_FALSE(shape.dependences[0].read_read);
  EXPECT_DOUBLE_EQ(shape.dependences[0].relevance, 0.6931471806);
  const Class& box = api.classes[1];
  EXPECT_EQ(box.instantiates, "shapes::Box<int>");
  EXPECT_TRUE(box.traits.hashable);
  EXPECT_FALSE(box.traits.printable);
  EXPECT_TRUE(box.fields[0].is_static);
  EXPECT_EQ(box.constructors[0].file, "");
  EXPECT_EQ(box.constructors[0].constructor_kind, "default");
  EXPECT_EQ(box.constructors[0].kind, CallableKind::constructor);
  const Callable& put = box.methods[0];
  EXPECT_EQ(put.result.passing, Passing::const_pointer);
  EXPECT_EQ(put.result.category, TypeCategory::cstring);
  EXPECT_EQ(put.params[1].type.passing, Passing::rvalue_ref);
  EXPECT_EQ(put.literals, sample_api(base()).classes[1].methods[0].literals);
  EXPECT_EQ(box.methods[1].kind, CallableKind::static_method);
  EXPECT_EQ(api.functions[0].owner, "");
  EXPECT_FALSE(api.functions[0].is_instantiation);
  EXPECT_TRUE(api.functions[1].is_instantiation);
  EXPECT_EQ(api.functions[1].template_args, "double");
  EXPECT_TRUE(api.functions[2].is_instantiation) << "an empty pack: template_args \"\"";
  EXPECT_EQ(api.functions[2].template_args, "");
  EXPECT_EQ(api.functions[0].file, (base() / "src/ops.cpp").string());
  EXPECT_EQ(api.enums[0].values,
            (std::vector<std::pair<std::string, std::int64_t>>{{"Red", 5}, {"Green", -1}, {"Blue", 2}}));
  EXPECT_EQ(api.unsupported[0].file, "/usr/include/other.hpp");
  EXPECT_EQ(api.tfidf_formula, "W(f, g) = sum tfidf");
}

TEST_F(ApiYamlRead, MissingKeyNamesTheMapsLine) {
  const std::string text = written();
  const std::string message = error_for(replaced(text, "    abstract: false\n", ""));
  EXPECT_TRUE(contains(message, at_line_of(text, "- name: shapes::IntBox")));
  EXPECT_TRUE(contains(message, "'abstract'"));
  EXPECT_TRUE(
      contains(error_for(replaced(text, "palus_version: 0.1.0\n", "")), "api.yaml:1: expected a key 'palus_version'"));
}

TEST_F(ApiYamlRead, BadEnumValueListsTheValidOnes) {
  const std::string text = written();
  const std::string message = error_for(replaced(text, "passing: const_ref", "passing: foo"));
  EXPECT_TRUE(contains(message, at_line_of(text, "passing: const_ref") +
                                    " expected 'passing' to be one of value, ref, const_ref, rvalue_ref, pointer, "
                                    "const_pointer, got 'foo'"));
  EXPECT_TRUE(contains(error_for(replaced(text, "[const, noexcept]", "[const, nothrow]")), "got 'nothrow'"));
  EXPECT_TRUE(contains(error_for(replaced(text, "line: 30", "line: -3")), at_line_of(text, "line: 30")));
}

TEST_F(ApiYamlRead, TruncatedFileGivesAnErrorNeverACrash) {
  const std::string text = written();
  const std::string cut = text.substr(0, text.find("passing: const_ref"));
  EXPECT_TRUE(contains(error_for(cut), at_line_of(text, "passing: const_ref")));
  EXPECT_TRUE(contains(error_for(""), "api.yaml:1: expected a map"));
  for (std::size_t size = 0; size < text.size(); size += 7) {
    write_text(file(), text.substr(0, size));
    try {
      analysis::read_api_yaml(file(), base());
    } catch (const UserError& error) {
      EXPECT_TRUE(contains(error.what(), "api.yaml:")) << "cut at " << size;
    }
  }
}

TEST_F(ApiYamlRead, MissingFileIsAUserError) {
  try {
    analysis::read_api_yaml(dir_.path() / "nowhere/api.yaml", base());
    FAIL() << "no error";
  } catch (const UserError& error) {
    EXPECT_TRUE(contains(error.what(), "nowhere/api.yaml: file not found"));
  }
}

}  // namespace
}  // namespace palus::testing
