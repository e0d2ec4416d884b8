#include "core/api_rules.hpp"

#include <gtest/gtest.h>

namespace palus::api {
namespace {

TypeRef record(const std::string& base, Passing passing) { return {base, base, passing, TypeCategory::record}; }

/// A callable with these parameters, by name.
Callable named(std::vector<std::pair<std::string, TypeRef>> params) {
  Callable f;
  for (auto& [name, type] : params) f.params.push_back({name, type});
  return f;
}

Class move_only() {
  Class c;
  c.name = "ns::Handle";
  c.traits.move_constructible = true;
  return c;
}

Class copyable() {
  Class c = move_only();
  c.traits.copy_constructible = true;
  return c;
}

TEST(ApiRulesTest, RvalueReferencesUniquePointersAndMoveOnlyClassesByValueAreMovedFrom) {
  const Class handle = move_only(), plain = copyable();
  EXPECT_TRUE(moves_from(record("ns::Widget", Passing::rvalue_ref), nullptr));
  EXPECT_TRUE(moves_from(record("std::unique_ptr<ns::Widget>", Passing::value), nullptr));
  EXPECT_TRUE(moves_from(record("ns::Handle", Passing::value), &handle));
  EXPECT_FALSE(moves_from(record("ns::Handle", Passing::value), &plain));
  EXPECT_FALSE(moves_from(record("std::shared_ptr<ns::Widget>", Passing::value), nullptr));
  EXPECT_FALSE(moves_from(record("ns::Handle", Passing::ref), &handle));
  EXPECT_FALSE(moves_from(record("std::unique_ptr<ns::Widget>", Passing::const_ref), nullptr));
}

TEST(ApiRulesTest, NonConstReferencesPointersAndMovesMayChangeTheObject) {
  const Class handle = move_only(), plain = copyable();
  EXPECT_TRUE(may_change(record("ns::Handle", Passing::ref), &plain));
  EXPECT_TRUE(may_change(record("ns::Handle", Passing::pointer), &plain));
  EXPECT_TRUE(may_change(record("ns::Handle", Passing::rvalue_ref), &plain));
  EXPECT_TRUE(may_change(record("ns::Handle", Passing::value), &handle));
  EXPECT_FALSE(may_change(record("ns::Handle", Passing::value), &plain));
  EXPECT_FALSE(may_change(record("ns::Handle", Passing::const_ref), &plain));
  EXPECT_FALSE(may_change(record("ns::Handle", Passing::const_pointer), &plain));
}

Callable with_params(std::vector<TypeRef> types) {
  Callable f;
  for (std::size_t k = 0; k < types.size(); ++k) f.params.push_back({"p" + std::to_string(k), types[k]});
  return f;
}

TEST(ApiRulesTest, APointerToNumbersFollowedByALengthIsABuffer) {
  const TypeRef chars{"char *", "char", Passing::pointer, TypeCategory::character};
  const TypeRef doubles{"const double *", "double", Passing::const_pointer, TypeCategory::floating};
  const TypeRef length{"size_t", "size_t", Passing::value, TypeCategory::integer};
  const TypeRef text{"const char *", "char", Passing::const_pointer, TypeCategory::cstring};
  const TypeRef flags{"bool *", "bool", Passing::pointer, TypeCategory::boolean};
  EXPECT_TRUE(is_buffer(with_params({chars, length}), 0));
  EXPECT_TRUE(is_buffer(with_params({doubles, length}), 0));
  EXPECT_FALSE(is_buffer(with_params({chars, length}), 1)) << "the length is no buffer";
  EXPECT_FALSE(is_buffer(with_params({chars}), 0)) << "no length after it";
  EXPECT_FALSE(is_buffer(with_params({text, length}), 0)) << "a C string";
  EXPECT_FALSE(is_buffer(with_params({flags, length}), 0)) << "std::vector<bool> has no data()";
  EXPECT_FALSE(is_buffer(with_params({record("ns::A", Passing::pointer), length}), 0));
}

TEST(ApiRulesTest, ALengthAfterACStringIsAnIntegerNamedAsOne) {
  const TypeRef text{"const char *", "char", Passing::const_pointer, TypeCategory::cstring};
  const TypeRef size{"size_t", "size_t", Passing::value, TypeCategory::integer};
  const TypeRef options{"unsigned int", "unsigned int", Passing::value, TypeCategory::integer};
  const TypeRef character{"char", "char", Passing::value, TypeCategory::character};
  EXPECT_TRUE(is_string_length(named({{"str", text}, {"len", size}}), 1));
  EXPECT_TRUE(is_string_length(named({{"arg0", text}, {"arg1", size}}), 1)) << "unnamed and unsigned";
  EXPECT_FALSE(is_string_length(named({{"contents", text}, {"options", options}}), 1)) << "flags";
  EXPECT_FALSE(is_string_length(named({{"path", text}, {"delimiter", character}}), 1)) << "a character";
  EXPECT_FALSE(is_string_length(named({{"str", text}, {"len", size}}), 0));
}

TEST(ApiRulesTest, TwoCStringsNamedBeginAndEndAreOneRange) {
  const TypeRef text{"const char *", "char", Passing::const_pointer, TypeCategory::cstring};
  EXPECT_TRUE(is_string_end(named({{"begin", text}, {"end", text}}), 1));
  EXPECT_TRUE(is_string_end(named({{"beginDoc", text}, {"endDoc", text}}), 1));
  EXPECT_TRUE(is_string_end(named({{"first", text}, {"last", text}}), 1));
  EXPECT_FALSE(is_string_end(named({{"begin", text}, {"end", text}}), 0)) << "the begin is no end";
  EXPECT_FALSE(is_string_end(named({{"key", text}, {"value", text}}), 1)) << "two strings";
  EXPECT_FALSE(is_string_end(named({{"end", text}, {"endAgain", text}}), 1)) << "both ends";
  EXPECT_TRUE(is_string_end(named({{"str", text}, {"end", text}}), 1));
  EXPECT_FALSE(is_string_end(named({{"firstName", text}, {"lastName", text}}), 1)) << "two names";
  EXPECT_FALSE(is_string_end(named({{"title", text}, {"legend", text}}), 1));
  EXPECT_FALSE(is_string_end(named({{"text", text}, {"append", text}}), 1));
  EXPECT_FALSE(is_string_end(named({{"message", text}, {"lastError", text}}), 1));
  EXPECT_FALSE(is_string_end(named({{"url", text}, {"endpoint", text}}), 1));
}

TEST(ApiRulesTest, APointerToAClassWithItsCountIsAnArrayOfObjects) {
  Api api;
  Class piece, base;
  piece.name = "re2::StringPiece";
  piece.traits.default_constructible = piece.traits.destructible = true;
  base.name = "ns::Base";
  base.is_abstract = true;
  base.traits.destructible = true;
  api.classes = {piece, base};
  const TypeRef count{"int", "int", Passing::value, TypeCategory::integer};
  const TypeRef pieces = record("re2::StringPiece", Passing::pointer);
  EXPECT_TRUE(is_object_array(api, named({{"submatch", pieces}, {"nsubmatch", count}}), 0));
  EXPECT_TRUE(is_object_array(api, named({{"out", pieces}, {"count", count}}), 0));
  EXPECT_FALSE(is_object_array(api, named({{"node", pieces}, {"index", count}}), 0)) << "an index is no count";
  EXPECT_FALSE(is_object_array(api, named({{"b", record("ns::Base", Passing::pointer)}, {"n", count}}), 0))
      << "an abstract class makes no objects";
  EXPECT_FALSE(is_object_array(api, named({{"p", record("ns::Unknown", Passing::pointer)}, {"n", count}}), 0));
  EXPECT_FALSE(is_object_array(api, named({{"p", record("re2::StringPiece", Passing::ref)}, {"n", count}}), 0));
}

TEST(ApiRulesTest, AFilePathStaysBelowTheWorkingDirectory) {
  const TypeRef text{"const char *", "char", Passing::const_pointer, TypeCategory::cstring};
  Callable f;
  f.params = {{"path", text}, {"indent", text}, {"fileName", text}, {"profile", text}};
  EXPECT_TRUE(is_file_path(f, 0));
  EXPECT_FALSE(is_file_path(f, 1));
  EXPECT_TRUE(is_file_path(f, 2));
  EXPECT_FALSE(is_file_path(f, 3)) << "a whole word: profile is no file";
  EXPECT_EQ(relative_path("//Tool[contains(Description, 'build system')]"),
            "Tool[contains(Description, 'build system')]");
  EXPECT_EQ(relative_path("../../etc/passwd"), "etc/passwd");
  EXPECT_EQ(relative_path("a/../../b"), "a/b") << "no step up";
  EXPECT_EQ(relative_path("doc.xml"), "doc.xml");
}

TEST(ApiRulesTest, ABufferIsNeverLongerThanTheMost) {
  EXPECT_EQ(buffer_length(std::int64_t{-3}), 0u);
  EXPECT_EQ(buffer_length(std::int64_t{10}), 10u);
  EXPECT_EQ(buffer_length(std::uint64_t{1} << 40), kMaxBufferLength);
  EXPECT_EQ(buffer_length(std::uint64_t{kMaxBufferLength}), kMaxBufferLength);
}

TEST(ApiRulesTest, AConversionIsCalledByItsWholeResultType) {
  Callable conversion;
  conversion.kind = CallableKind::method;
  conversion.is_operator = true;
  conversion.name = "operator basic_string_view";
  conversion.result.spelling = "std::basic_string_view<char, re2::StringPiece::traits_type>";
  EXPECT_EQ(called_name(conversion), "operator std::basic_string_view<char, re2::StringPiece::traits_type>");
  Callable equals = conversion;
  equals.name = "operator==";
  equals.result.spelling = "bool";
  EXPECT_EQ(called_name(equals), "operator==");
  Callable plain;
  plain.kind = CallableKind::method;
  plain.name = "size";
  EXPECT_EQ(called_name(plain), "size");
}

TEST(ApiRulesTest, AConstMethodHasAMutableTwinWhenItsClassDeclaresANonConstOneOfTheSameName) {
  auto method = [](const std::string& name, bool is_const, std::vector<std::pair<std::string, TypeRef>> params) {
    Callable m = named(std::move(params));
    m.name = name;
    m.kind = CallableKind::method;
    m.is_const = is_const;
    return m;
  };
  const TypeRef index{"unsigned int", "unsigned int", Passing::value, TypeCategory::integer};
  const TypeRef key{"const char *", "char", Passing::const_pointer, TypeCategory::cstring};
  Class value;
  value.name = "Json::Value";
  value.methods = {method("operator[]", true, {{"index", index}}), method("operator[]", false, {{"index", index}}),
                   method("operator[]", true, {{"key", key}}),     method("size", true, {}),
                   method("get", true, {{"index", index}}),        method("get", false, {{"key", key}})};
  EXPECT_TRUE(has_mutable_twin(value, value.methods[0]));
  EXPECT_FALSE(has_mutable_twin(value, value.methods[1])) << "not const itself";
  EXPECT_TRUE(has_mutable_twin(value, value.methods[2])) << "a conversion may reach the non-const one";
  EXPECT_FALSE(has_mutable_twin(value, value.methods[3]));
  EXPECT_TRUE(has_mutable_twin(value, value.methods[4])) << "get(key) may compete, or make the call ambiguous";
}

}  // namespace
}  // namespace palus::api
