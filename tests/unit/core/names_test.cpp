#include "core/names.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace palus::names {
namespace {

using Parts = std::vector<std::string>;

/// Checks that `f` splits each input into the expected parts.
template <typename F>
void expect_parts(F f, const std::vector<std::pair<std::string_view, Parts>>& cases) {
  for (const auto& [input, expected] : cases) {
    const auto parts = f(input);
    EXPECT_EQ(Parts(parts.begin(), parts.end()), expected) << "for " << input;
  }
}

/// Checks that `f` maps each input to the expected result.
template <typename F>
void expect_results(F f, const std::vector<std::pair<std::string_view, std::string_view>>& cases) {
  for (const auto& [input, expected] : cases) EXPECT_EQ(f(input), expected) << "for " << input;
}

TEST(NamesTest, WordsOfAnIdentifier) {
  expect_parts(words_of, {{"beginDoc", {"begin", "doc"}},
                          {"a_pFun", {"a", "p", "fun"}},
                          {"XMLEnd", {"xml", "end"}},
                          {"max_len2", {"max", "len2"}},
                          {"legend", {"legend"}},
                          {"__end__", {"end"}},
                          {"", {}}});
}

TEST(NamesTest, ComponentsIgnoreColonsInsideTemplateArgumentsAndParentheses) {
  expect_parts(components, {{"f", {"f"}},
                            {"ns::inner::f", {"ns", "inner", "f"}},
                            {"::ns::f", {"ns", "f"}},
                            {"ns::Box<std::string>::size", {"ns", "Box<std::string>", "size"}},
                            {"ns::Box<std::map<std::string, std::vector<int>>>",
                             {"ns", "Box<std::map<std::string, std::vector<int>>>"}},
                            {"(anonymous namespace)::Hidden::f", {"(anonymous namespace)", "Hidden", "f"}},
                            {"ns::Holder<void (*)(ns::A::B)>::get", {"ns", "Holder<void (*)(ns::A::B)>", "get"}},
                            {"ns::Holder<int (ns::C::*)(int) const>", {"ns", "Holder<int (ns::C::*)(int) const>"}}});
}

TEST(NamesTest, AnOperatorsNameIsOneComponentWhateverItsPunctuation) {
  expect_parts(components,
               {{"ns::C::operator<", {"ns", "C", "operator<"}},
                {"ns::C::operator<<", {"ns", "C", "operator<<"}},
                {"ns::C::operator>", {"ns", "C", "operator>"}},
                {"ns::C::operator->", {"ns", "C", "operator->"}},
                {"ns::C::operator()", {"ns", "C", "operator()"}},
                {"ns::C::operator std::basic_string<char>", {"ns", "C", "operator std::basic_string<char>"}},
                {"ns::operator==", {"ns", "operator=="}},
                {"ns::C::operatorCount", {"ns", "C", "operatorCount"}}});
  EXPECT_EQ(last_component("ns::Box<int>::operator std::vector<ns::Item>"), "operator std::vector<ns::Item>");
  EXPECT_EQ(scope_of("ns::Box<int>::operator std::vector<ns::Item>"), "ns::Box<int>");
}

TEST(NamesTest, LastComponentScopeAndFirstComponent) {
  expect_results(last_component, {{"ns::Box<std::string>", "Box<std::string>"}, {"Widget", "Widget"}});
  expect_results(scope_of, {{"ns::inner::f", "ns::inner"}, {"f", ""}, {"ns::Box<a::b>::f", "ns::Box<a::b>"}});
  expect_results(first_component, {{"ns::inner::f", "ns"}, {"::ns::f", "ns"}, {"f", "f"}});
}

TEST(NamesTest, TemplateArgumentsAreDroppedOnlyAtTheEnd) {
  expect_results(without_template_arguments, {{"Box<int>", "Box"},
                                              {"ns::Box<std::pair<int, int>>", "ns::Box"},
                                              {"ns::Box<int>::Item", "ns::Box<int>::Item"},
                                              {"operator>>", "operator>>"},
                                              {"ns::C::operator>", "ns::C::operator>"}});
  expect_results(
      unqualified,
      {{"ns::Box<int, ns::A>", "Box"}, {"tinysql::ResultSet", "ResultSet"}, {"ns::Box<std::string>", "Box"}});
}

TEST(NamesTest, TemplateArgumentsSplitAtTopLevelCommas) {
  expect_parts(template_arguments, {{"std::map<K, std::pair<A, B>>", {"K", "std::pair<A, B>"}},
                                    {"std::function<void (int, int)>", {"void (int, int)"}},
                                    {"Box<>", {}},
                                    {"Box", {}},
                                    {"Box<int>::Item", {}}});
}

TEST(NamesTest, ParameterListsAndQualifiersComeOff) {
  expect_results(without_parameters, {{"ns::C::f(int) const", "ns::C::f"},
                                      {"ns::C::operator()(int)", "ns::C::operator()"},
                                      {"ns::C::operator()() const &", "ns::C::operator()"},
                                      {"ns::f(void (*)(int), std::function<void (int)>)", "ns::f"},
                                      {"ns::C::operator std::string() const", "ns::C::operator std::string"},
                                      {"ns::f", "ns::f"}});
}

TEST(NamesTest, OperatorSymbols) {
  expect_results(operator_symbol, {{"operator==", "=="},
                                   {"ns::C::operator()", "()"},
                                   {"operator new[]", "new[]"},
                                   {"ns::C::operator std::string", "std::string"},
                                   {"operator\"\"_km", "\"\"_km"},
                                   {"operatorCount", ""},
                                   {"ns::operator_helper", ""},
                                   {"size", ""}});
  for (const char* symbol : {"==", "()", "<=>", ","}) EXPECT_TRUE(is_symbolic(symbol)) << symbol;
  for (const char* text : {"new[]", "bool", "\"\"_km", "co_await", ""}) EXPECT_FALSE(is_symbolic(text)) << text;
}

TEST(NamesTest, SmartPointees) {
  expect_results(smart_pointee,
                 {{"std::unique_ptr<ns::Widget>", "ns::Widget"},
                  {"std::shared_ptr<const ns::Widget>", "const ns::Widget"},
                  {"std::unique_ptr<ns::Box<int, int>, ns::Deleter<ns::Box<int, int>>>", "ns::Box<int, int>"},
                  {"std::unique_ptr<FILE, int (*)(FILE *)>", "FILE"},
                  {"std::vector<int>", ""},
                  {"ns::Widget *", ""}});
}

}  // namespace
}  // namespace palus::names
