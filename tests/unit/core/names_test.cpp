#include "core/names.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace palus::names {
namespace {

std::vector<std::string> strings(const std::vector<std::string_view>& views) { return {views.begin(), views.end()}; }

using Parts = std::vector<std::string>;

TEST(NamesTest, WordsOfAnIdentifier) {
  EXPECT_EQ(words_of("beginDoc"), (Parts{"begin", "doc"}));
  EXPECT_EQ(words_of("a_pFun"), (Parts{"a", "p", "fun"}));
  EXPECT_EQ(words_of("XMLEnd"), (Parts{"xml", "end"}));
  EXPECT_EQ(words_of("max_len2"), (Parts{"max", "len2"}));
  EXPECT_EQ(words_of("legend"), (Parts{"legend"}));
  EXPECT_EQ(words_of("__end__"), (Parts{"end"}));
  EXPECT_EQ(words_of(""), Parts{});
}

TEST(NamesTest, ComponentsIgnoreColonsInsideTemplateArgumentsAndParentheses) {
  EXPECT_EQ(strings(components("f")), Parts{"f"});
  EXPECT_EQ(strings(components("ns::inner::f")), (Parts{"ns", "inner", "f"}));
  EXPECT_EQ(strings(components("::ns::f")), (Parts{"ns", "f"}));
  EXPECT_EQ(strings(components("ns::Box<std::string>::size")), (Parts{"ns", "Box<std::string>", "size"}));
  EXPECT_EQ(strings(components("ns::Box<std::map<std::string, std::vector<int>>>")),
            (Parts{"ns", "Box<std::map<std::string, std::vector<int>>>"}));
  EXPECT_EQ(strings(components("(anonymous namespace)::Hidden::f")), (Parts{"(anonymous namespace)", "Hidden", "f"}));
  EXPECT_EQ(strings(components("ns::Holder<void (*)(ns::A::B)>::get")),
            (Parts{"ns", "Holder<void (*)(ns::A::B)>", "get"}));
  EXPECT_EQ(strings(components("ns::Holder<int (ns::C::*)(int) const>")),
            (Parts{"ns", "Holder<int (ns::C::*)(int) const>"}));
}

TEST(NamesTest, AnOperatorsNameIsOneComponentWhateverItsPunctuation) {
  EXPECT_EQ(strings(components("ns::C::operator<")), (Parts{"ns", "C", "operator<"}));
  EXPECT_EQ(strings(components("ns::C::operator<<")), (Parts{"ns", "C", "operator<<"}));
  EXPECT_EQ(strings(components("ns::C::operator>")), (Parts{"ns", "C", "operator>"}));
  EXPECT_EQ(strings(components("ns::C::operator->")), (Parts{"ns", "C", "operator->"}));
  EXPECT_EQ(strings(components("ns::C::operator()")), (Parts{"ns", "C", "operator()"}));
  EXPECT_EQ(strings(components("ns::C::operator std::basic_string<char>")),
            (Parts{"ns", "C", "operator std::basic_string<char>"}));
  EXPECT_EQ(strings(components("ns::operator==")), (Parts{"ns", "operator=="}));
  EXPECT_EQ(strings(components("ns::C::operatorCount")), (Parts{"ns", "C", "operatorCount"}));
  EXPECT_EQ(last_component("ns::Box<int>::operator std::vector<ns::Item>"), "operator std::vector<ns::Item>");
  EXPECT_EQ(scope_of("ns::Box<int>::operator std::vector<ns::Item>"), "ns::Box<int>");
}

TEST(NamesTest, LastComponentScopeAndFirstComponent) {
  EXPECT_EQ(last_component("ns::Box<std::string>"), "Box<std::string>");
  EXPECT_EQ(last_component("Widget"), "Widget");
  EXPECT_EQ(scope_of("ns::inner::f"), "ns::inner");
  EXPECT_EQ(scope_of("f"), "");
  EXPECT_EQ(scope_of("ns::Box<a::b>::f"), "ns::Box<a::b>");
  EXPECT_EQ(first_component("ns::inner::f"), "ns");
  EXPECT_EQ(first_component("::ns::f"), "ns");
  EXPECT_EQ(first_component("f"), "f");
}

TEST(NamesTest, TemplateArgumentsAreDroppedOnlyAtTheEnd) {
  EXPECT_EQ(without_template_arguments("Box<int>"), "Box");
  EXPECT_EQ(without_template_arguments("ns::Box<std::pair<int, int>>"), "ns::Box");
  EXPECT_EQ(without_template_arguments("ns::Box<int>::Item"), "ns::Box<int>::Item");
  EXPECT_EQ(without_template_arguments("operator>>"), "operator>>");
  EXPECT_EQ(without_template_arguments("ns::C::operator>"), "ns::C::operator>");
  EXPECT_EQ(unqualified("ns::Box<int, ns::A>"), "Box");
  EXPECT_EQ(unqualified("tinysql::ResultSet"), "ResultSet");
  EXPECT_EQ(unqualified("ns::Box<std::string>"), "Box");
}

TEST(NamesTest, TemplateArgumentsSplitAtTopLevelCommas) {
  EXPECT_EQ(strings(template_arguments("std::map<K, std::pair<A, B>>")), (Parts{"K", "std::pair<A, B>"}));
  EXPECT_EQ(strings(template_arguments("std::function<void (int, int)>")), (Parts{"void (int, int)"}));
  EXPECT_EQ(strings(template_arguments("Box<>")), Parts{});
  EXPECT_EQ(strings(template_arguments("Box")), Parts{});
  EXPECT_EQ(strings(template_arguments("Box<int>::Item")), Parts{});
}

TEST(NamesTest, ParameterListsAndQualifiersComeOff) {
  EXPECT_EQ(without_parameters("ns::C::f(int) const"), "ns::C::f");
  EXPECT_EQ(without_parameters("ns::C::operator()(int)"), "ns::C::operator()");
  EXPECT_EQ(without_parameters("ns::C::operator()() const &"), "ns::C::operator()");
  EXPECT_EQ(without_parameters("ns::f(void (*)(int), std::function<void (int)>)"), "ns::f");
  EXPECT_EQ(without_parameters("ns::C::operator std::string() const"), "ns::C::operator std::string");
  EXPECT_EQ(without_parameters("ns::f"), "ns::f");
}

TEST(NamesTest, OperatorSymbols) {
  EXPECT_EQ(operator_symbol("operator=="), "==");
  EXPECT_EQ(operator_symbol("ns::C::operator()"), "()");
  EXPECT_EQ(operator_symbol("operator new[]"), "new[]");
  EXPECT_EQ(operator_symbol("ns::C::operator std::string"), "std::string");
  EXPECT_EQ(operator_symbol("operator\"\"_km"), "\"\"_km");
  EXPECT_EQ(operator_symbol("operatorCount"), "");
  EXPECT_EQ(operator_symbol("ns::operator_helper"), "");
  EXPECT_EQ(operator_symbol("size"), "");
  EXPECT_TRUE(is_symbolic("=="));
  EXPECT_TRUE(is_symbolic("()"));
  EXPECT_TRUE(is_symbolic("<=>"));
  EXPECT_TRUE(is_symbolic(","));
  EXPECT_FALSE(is_symbolic("new[]"));
  EXPECT_FALSE(is_symbolic("bool"));
  EXPECT_FALSE(is_symbolic("\"\"_km"));
  EXPECT_FALSE(is_symbolic("co_await"));
  EXPECT_FALSE(is_symbolic(""));
}

TEST(NamesTest, SmartPointees) {
  EXPECT_EQ(smart_pointee("std::unique_ptr<ns::Widget>"), "ns::Widget");
  EXPECT_EQ(smart_pointee("std::shared_ptr<const ns::Widget>"), "const ns::Widget");
  EXPECT_EQ(smart_pointee("std::unique_ptr<ns::Box<int, int>, ns::Deleter<ns::Box<int, int>>>"), "ns::Box<int, int>");
  EXPECT_EQ(smart_pointee("std::unique_ptr<FILE, int (*)(FILE *)>"), "FILE");
  EXPECT_EQ(smart_pointee("std::vector<int>"), "");
  EXPECT_EQ(smart_pointee("ns::Widget *"), "");
}

}  // namespace
}  // namespace palus::names
