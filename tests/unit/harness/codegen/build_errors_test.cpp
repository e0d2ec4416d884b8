// What a failed harness build says: errors tied to harness.cpp lines, link errors tied to the
// function template instantiation the linker names.

#include "harness/codegen/build_errors.hpp"

#include <gtest/gtest.h>

namespace palus::harness {
namespace {

const std::filesystem::path kHarness = "/p/.palus/harness/harness.cpp";

TEST(HarnessErrors, AnInstantiationErrorIsTheCallsThatRequiredIt) {
  const std::string output = R"(FAILED: obj/harness.o
c++ -c /p/.palus/harness/harness.cpp -o obj/harness.o
In file included from /p/include/yaml.h:13,
                 from /p/.palus/harness/harness.cpp:5:
/p/include/stlemitter.h: In instantiation of 'Emitter& EmitSeq(Emitter&, const Seq&) [with Seq = bool]':
/p/.palus/harness/harness.cpp:1355:46:   required from here
/p/include/stlemitter.h:19:3: error: 'begin' was not declared in this scope
In file included from /usr/include/c++/12/string:52,
                 from /p/.palus/harness/harness.cpp:5:
/usr/include/c++/12/bits/range_access.h:114:37: note: 'std::begin' declared here
/p/include/stlemitter.h:19:3: error: 'end' was not declared in this scope
/p/.palus/harness/harness.cpp:1400:3: error: no matching function for call to 'f()'
)";
  const auto errors = harness_errors(output, kHarness);
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0].line, 1355u);
  EXPECT_EQ(errors[1].line, 1355u) << "an include chain names where a header came in, not a call";
  EXPECT_EQ(errors[2].line, 1400u);
  EXPECT_EQ(errors[2].message, "no matching function for call to 'f()'");
}

TEST(HarnessErrors, LinkErrorsKeepTheLinkersFunctionNotItsSummary) {
  const std::string output = R"(FAILED: palus-harness
c++ -o palus-harness obj/harness.o libsut.a
/usr/bin/ld: obj/harness.o: in function `re2::RE2::Hex<double>(double*)::{lambda(char const*, unsigned long, void*)#1}::operator()(char const*, unsigned long, void*) const':
/p/.palus/harness/harness.cpp:900: undefined reference to `bool re2::re2_internal::Parse<double>(char const*, unsigned long, double*, int)'
/usr/bin/ld: obj/harness.o: in function `thunk_12(palus::harness::Call&)':
/p/include/yaml.h:40: undefined reference to `YAML::IsNull(YAML::Node const&)'
collect2: error: ld returned 1 exit status
)";
  const auto errors = harness_errors(output, kHarness);
  ASSERT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors[0].line, 900u);
  EXPECT_NE(errors[0].function.find("re2::RE2::Hex<double>(double*)"), std::string::npos);
  EXPECT_EQ(errors[1].line, 0u) << "the linker placed it in a header: no harness line";
  EXPECT_EQ(errors[1].function, "thunk_12(palus::harness::Call&)");
}

TEST(HarnessErrors, TheLinkersNamesMatchApiYamls) {
  EXPECT_EQ(linker_name_as_api("re2::RE2::CRadix<std::__cxx11::basic_string<char, std::char_traits<char>, "
                               "std::allocator<char> > >(std::__cxx11::basic_string<char, std::char_traits<char>, "
                               "std::allocator<char> >*)"),
            "re2::RE2::CRadix<std::string>(std::string*)");
  EXPECT_EQ(linker_name_as_api("std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > "
                               "ns::name[abi:cxx11]<int>(int)"),
            "std::string ns::name<int>(int)");
}

TEST(HarnessErrors, ALinkErrorIsBlamedOnTheInstantiationTheLinkerNames) {
  const std::vector<InstantiationRef> made = {
      {"re2::RE2::Hex<int>(int *)", "re2::RE2::Hex", "int", 1},
      {"re2::RE2::Hex<double>(double *)", "re2::RE2::Hex", "double", 1},
      {"t::Node::Node(const int &)", "t::Node::Node", "int", 1},
      {"t::Node::as<double>() const", "t::Node::as", "double", 0},
      {"t::match(const std::string &)", "t::match", "", 1},
      {"ns::f<int>(int)", "ns::f", "int", 1},
  };
  auto blamed = [&](const std::string& symbol, const std::string& function = "") {
    return undefined_instantiation({0, "undefined reference to `" + symbol + "'", function}, made);
  };
  EXPECT_EQ(blamed("bool re2::re2_internal::Parse<double>(char const*, unsigned long, double*, int)",
                   "re2::RE2::Hex<double>(double*)::{lambda(char const*, unsigned long, void*)#1}::operator()(char "
                   "const*, unsigned long, void*) const"),
            "re2::RE2::Hex<double>(double *)");
  EXPECT_EQ(blamed("t::Node::Node<int>(int const&)"), "t::Node::Node(const int &)") << "a constructor's arguments";
  EXPECT_EQ(blamed("double t::Node::as<double>() const"), "t::Node::as<double>() const");
  EXPECT_EQ(blamed("bool t::match<>(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > "
                   "const&)"),
            "t::match(const std::string &)")
      << "an empty pack";
  EXPECT_EQ(blamed("my_ns::f<int>(int)"), "") << "a name boundary";
  EXPECT_EQ(blamed("YAML::IsNull(YAML::Node const&)"), "");
  EXPECT_EQ(undefined_instantiation({0, "no matching function", ""}, made), "");
}

}  // namespace
}  // namespace palus::harness
