// Covana's diagnosis (DESIGN §13): frontier branches found in per-line coverage, the never-run
// lines below each, the problem behind each condition, grouping, ranking, and the files on disk.

#include "palus/uncovered/diagnosis.hpp"

#include <gtest/gtest.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "palus/uncovered/branch_map.hpp"
#include "palus/uncovered/diagnosis_yaml.hpp"
#include "palus/uncovered/line_coverage.hpp"

namespace palus::uncovered {
namespace {

namespace fs = std::filesystem;

api::Callable method(const std::string& name, unsigned line, std::vector<std::string> writes = {}) {
  api::Callable c;
  c.id = "n::C::" + name + "(int)";
  c.name = name;
  c.owner = "n::C";
  c.file = "/lib/a.hpp";
  c.line = line;
  c.writes = std::move(writes);
  return c;
}

/// A class of one method, `name` (taking `param`), that writes `writes`.
api::Class class_of_one(const std::string& owner, const std::string& name, unsigned line,
                        std::vector<std::string> writes, const api::Param& param) {
  api::Class c;
  c.name = owner;
  api::Callable m = method(name, line, std::move(writes));
  m.owner = owner;
  m.id = owner + "::" + name + "(" + param.type.spelling + ")";
  m.params.push_back(param);
  c.methods.push_back(m);
  return c;
}

api::Param int_param(const std::string& name) {
  return {name, api::TypeRef{"int", "int", api::Passing::value, api::TypeCategory::integer}};
}

api::Param string_param(const std::string& name) {
  return {name, api::TypeRef{"const std::string &", "std::string", api::Passing::const_ref, api::TypeCategory::string}};
}

Source source(Source::Kind kind, std::string name, std::string type = "") {
  return Source{kind, std::move(name), std::move(type), ""};
}

BranchSite site(unsigned line, unsigned end, std::string function, unsigned declared_line, std::vector<Source> sources,
                std::vector<std::string> constants = {}) {
  BranchSite s;
  s.file = "/lib/a.cpp";
  s.line = s.condition_end = line;
  s.end_line = end;
  s.construct = "if";
  s.function = std::move(function);
  s.declared_file = declared_line < 20 ? "/lib/a.hpp" : "/lib/a.cpp";
  s.declared_line = declared_line;
  s.condition = "c" + std::to_string(line);
  s.sources = std::move(sources);
  s.constants = std::move(constants);
  return s;
}

class Diagnose : public ::testing::Test {
 protected:
  void SetUp() override {
    api::Class c;
    c.name = "n::C";
    c.methods = {method("get", 5), method("set", 6, {"n::C::mode_"}), method("load", 7),
                 method("never", 8, {"n::C::flag_"})};
    api_.classes.push_back(c);
    map_.functions = {
        {"n::C::get", "/lib/a.cpp", 10, 30, "/lib/a.hpp", 5, {"n::detail::helper"}, {}, {}, false, {}},
        {"n::C::set", "/lib/a.cpp", 32, 35, "/lib/a.hpp", 6, {}, {"n::C::mode_"}, {}, false, {}},
        {"n::C::load", "/lib/a.cpp", 40, 50, "/lib/a.hpp", 7, {}, {}, {}, false, {}},
        {"n::C::never", "/lib/a.cpp", 60, 65, "/lib/a.hpp", 8, {}, {"n::C::flag_"}, {}, false, {}},
        {"n::detail::helper", "/lib/a.cpp", 70, 80, "/lib/a.cpp", 70, {}, {}, {}, false, {}},
    };
    map_.sites = {
        site(12, 20, "n::C::get", 5, {source(Source::Kind::this_field, "n::C::mode_")}),
        site(14, 17, "n::C::get", 5, {source(Source::Kind::param, "x", "int")}, {"5"}),
        site(22, 23, "n::C::get", 5, {source(Source::Kind::this_field, "n::C::flag_")}),
        site(25, 26, "n::C::get", 5, {source(Source::Kind::global, "n::g_level")}),
        site(42, 44, "n::C::load", 7, {source(Source::Kind::external_call, "fopen")}),
        site(72, 73, "n::detail::helper", 70, {source(Source::Kind::param, "p", "const int &")}, {"3"}),
    };
    auto& lines = coverage_["/lib/a.cpp"];
    auto ran = [&](unsigned line, long count, std::vector<long> branches = {}) {
      lines[line] = LineCounts{count, true, std::move(branches)};
    };
    ran(10, 5);
    ran(12, 5, {5, 0});
    ran(13, 5);
    ran(14, 3, {3, 0});
    for (unsigned l : {15u, 16u, 18u, 19u, 23u, 26u, 43u, 44u, 61u, 62u, 63u, 64u, 73u}) ran(l, 0);
    lines[17] = LineCounts{0, false, {}};  // a closing brace: no code
    ran(22, 2, {2, 0});
    ran(25, 4, {0, 4});
    ran(30, 1, {1, 0});  // a branch the compiler made: no condition there
    ran(33, 1);
    ran(41, 1);
    ran(42, 1, {1, 0});
    ran(70, 1);
    ran(72, 1, {1, 0});
    diagnosis_ = diagnose(map_, coverage_, api_);
  }

  const FrontierBranch& at(unsigned line) const { return at(diagnosis_, line); }

  static const FrontierBranch& at(const Diagnosis& d, unsigned line) {
    for (const auto& b : d.branches) {
      if (b.line == line) return b;
    }
    throw std::runtime_error("no frontier branch at line " + std::to_string(line));
  }

  /// The diagnosis of a branch of get(int) at line 100 that depends on `sources` and ran one way.
  FrontierBranch diagnosed_in_get(std::vector<Source> sources) const {
    BranchMap map = map_;
    map.sites.push_back(site(100, 101, "n::C::get", 5, std::move(sources)));
    LineCoverage coverage = coverage_;
    coverage["/lib/a.cpp"][100] = LineCounts{1, true, {1, 0}};
    coverage["/lib/a.cpp"][101] = LineCounts{0, true, {}};
    const Diagnosis d = diagnose(map, coverage, api_);
    const auto b = std::find_if(d.branches.begin(), d.branches.end(), [](const auto& x) { return x.line == 100; });
    if (b == d.branches.end()) throw std::runtime_error("no frontier branch at line 100");
    return *b;
  }

  api::Api api_;
  BranchMap map_;
  LineCoverage coverage_;
  Diagnosis diagnosis_;
};

TEST_F(Diagnose, FrontierBranchesAreLinesThatRanWithABranchNeverTaken) {
  EXPECT_EQ(diagnosis_.frontier_lines, 7);
  EXPECT_EQ(diagnosis_.frontier_without_condition, 1);
  EXPECT_EQ(diagnosis_.branches.size(), 6u);
}

TEST_F(Diagnose, ANeverRunLineBelongsToTheInnermostFrontierAroundIt) {
  EXPECT_EQ(at(12).blocked, (std::vector<unsigned>{18, 19}));
  EXPECT_EQ(at(14).blocked, (std::vector<unsigned>{15, 16}));
  EXPECT_EQ(at(42).blocked, (std::vector<unsigned>{43, 44}));
}

TEST_F(Diagnose, EachConditionGetsTheProblemItDependsOn) {
  EXPECT_EQ(at(12).category, "object-creation");
  EXPECT_EQ(at(12).subject, "n::C::mode_");
  EXPECT_NE(at(12).suggestion.find("n::C::set"), std::string::npos) << at(12).suggestion;

  EXPECT_EQ(at(14).category, "input-value");
  EXPECT_EQ(at(14).subject, "n::C::get(x)");
  EXPECT_NE(at(14).suggestion.find("PALUS_PARAM_VALUES(n::C::get, x, 4, 5, 6)"), std::string::npos)
      << at(14).suggestion;

  EXPECT_EQ(at(22).category, "unreached-callable");
  EXPECT_EQ(at(22).subject, "n::C::flag_");
  EXPECT_NE(at(22).cause.find("n::C::never"), std::string::npos) << at(22).cause;

  EXPECT_EQ(at(25).category, "other");
  EXPECT_EQ(at(25).subject, "n::g_level");

  EXPECT_EQ(at(42).category, "external-call");
  EXPECT_EQ(at(42).subject, "fopen");

  EXPECT_EQ(at(72).category, "input-value");
  EXPECT_NE(at(72).suggestion.find("PALUS_TYPE_VALUES(int, 2, 3, 4)"), std::string::npos) << at(72).suggestion;
  EXPECT_NE(at(72).suggestion.find("n::C::get"), std::string::npos) << "the public caller: " << at(72).suggestion;
}

TEST_F(Diagnose, ProblemsAreRankedByTheLinesTheyBlock) {
  ASSERT_EQ(diagnosis_.problems.size(), 6u);
  std::vector<unsigned> order;
  for (const auto& p : diagnosis_.problems) order.push_back(p.line);
  EXPECT_EQ(order, (std::vector<unsigned>{12, 14, 42, 22, 25, 72}));
  EXPECT_EQ(diagnosis_.problems.front().blocked_lines, 2);
}

TEST_F(Diagnose, BranchesWithOneProblemAreOneEntry) {
  map_.sites.push_back(site(26, 26, "n::C::get", 5, {source(Source::Kind::this_field, "n::C::mode_")}));
  coverage_["/lib/a.cpp"][26] = LineCounts{4, true, {4, 0}};
  coverage_["/lib/a.cpp"][27] = LineCounts{0, true, {}};
  map_.sites.back().end_line = 28;
  const Diagnosis d = diagnose(map_, coverage_, api_);
  const auto mode =
      std::find_if(d.problems.begin(), d.problems.end(), [](const Problem& p) { return p.subject == "n::C::mode_"; });
  ASSERT_NE(mode, d.problems.end());
  EXPECT_EQ(mode->branches.size(), 2u);
  EXPECT_EQ(mode->blocked_lines, 3);
  EXPECT_EQ(mode->line, 12u) << "shown at its most blocking branch";
}

TEST_F(Diagnose, InternalStateMadeFromTextIsThatTextsInputValue) {
  api::Callable parse = method("parse", 9);
  parse.params.push_back(string_param("text"));
  api_.classes[0].methods.push_back(parse);
  map_.functions.push_back(
      {"n::C::parse", "/lib/a.cpp", 85, 88, "/lib/a.hpp", 9, {"n::detail::Lexer::advance"}, {}, {}, false, {}});
  map_.functions.push_back({"n::detail::Lexer::advance",
                            "/lib/a.cpp",
                            90,
                            91,
                            "/lib/a.cpp",
                            90,
                            {},
                            {"n::detail::Lexer::pos_"},
                            {},
                            false,
                            {}});
  map_.sites.push_back(site(95, 96, "n::detail::Lexer::next", 94,
                            {source(Source::Kind::this_field, "n::detail::Lexer::pos_")}, {"'<'"}));
  auto& lines = coverage_["/lib/a.cpp"];
  lines[86] = LineCounts{1, true, {}};
  lines[95] = LineCounts{1, true, {1, 0}};
  lines[96] = LineCounts{0, true, {}};
  const Diagnosis d = diagnose(map_, coverage_, api_);
  const auto b = std::find_if(d.branches.begin(), d.branches.end(), [](const auto& x) { return x.line == 95; });
  ASSERT_NE(b, d.branches.end());
  EXPECT_EQ(b->category, "input-value");
  EXPECT_EQ(b->subject, "n::C::parse(text)");
  EXPECT_NE(b->suggestion.find("PALUS_PARAM_VALUES(n::C::parse, text, ...)"), std::string::npos) << b->suggestion;
  EXPECT_NE(b->suggestion.find("'<'"), std::string::npos) << b->suggestion;
}

TEST_F(Diagnose, ACallableTheHarnessCannotCallIsUnreachedWhateverItsValues) {
  const std::map<std::string, std::string> uncallable{{"n::C::get(int)", "parameter 'f': type n::fn cannot be passed"}};
  const Diagnosis d = diagnose(map_, coverage_, api_, uncallable);
  const auto b = std::find_if(d.branches.begin(), d.branches.end(), [](const auto& x) { return x.line == 14; });
  ASSERT_NE(b, d.branches.end());
  EXPECT_EQ(b->category, "unreached-callable");
  EXPECT_EQ(b->subject, "n::C::get");
  EXPECT_NE(b->cause.find("which palus cannot call (parameter 'f'"), std::string::npos) << b->cause;
}

TEST_F(Diagnose, AnOverloadThatReadsTextIsNotTheInputOfTheOneTheBranchIsIn) {
  // get(const std::string& name) finds a column and calls get(int): a branch in get(int) on what
  // its private cell() gives is not decided by that name's text.
  api::Callable by_name = method("get", 11);
  by_name.id = "n::C::get(const std::string &)";
  by_name.params.push_back(
      {"name", api::TypeRef{"const std::string &", "std::string", api::Passing::const_ref, api::TypeCategory::string}});
  api_.classes[0].methods.push_back(by_name);
  Source cell = source(Source::Kind::library_call, "n::C::cell");
  cell.via = "this";
  const FrontierBranch b = diagnosed_in_get({cell});
  EXPECT_NE(b.category, "input-value") << b.cause;
  EXPECT_EQ(b.cause.find("n::C::get(name)"), std::string::npos) << b.cause;
  EXPECT_NE(b.cause.find("what n::C::cell gives"), std::string::npos) << b.cause;
}

TEST_F(Diagnose, AMethodBesideAFieldIsWhatItGivesNotAState) {
  Source cell = source(Source::Kind::library_call, "n::C::cell");
  cell.via = "this";
  const FrontierBranch b = diagnosed_in_get({source(Source::Kind::this_field, "n::C::mode_"), cell});
  EXPECT_EQ(b.subject, "n::C::mode_");
  EXPECT_NE(b.cause.find("the state of n::C::mode_ and on what n::C::cell gives"), std::string::npos) << b.cause;
}

TEST_F(Diagnose, AMethodCalledOnAFieldsObjectPointsAtTheStateItReads) {
  // `connection_->isReadOnly()`: D::readOnly_, which only D::setReadOnly writes.
  api::Class d;
  d.name = "n::D";
  api::Callable is_read_only = method("isReadOnly", 12);
  is_read_only.owner = "n::D";
  is_read_only.id = "n::D::isReadOnly()";
  is_read_only.reads = {"n::D::readOnly_"};
  api::Callable set_read_only = method("setReadOnly", 13, {"n::D::readOnly_"});
  set_read_only.owner = "n::D";
  set_read_only.id = "n::D::setReadOnly(bool)";
  d.methods = {is_read_only, set_read_only};
  api_.classes.push_back(d);
  Source call = source(Source::Kind::library_call, "n::D::isReadOnly");
  call.via = std::string(Source::kThisPrefix) + "connection_";
  const FrontierBranch b = diagnosed_in_get({call});
  EXPECT_EQ(b.category, "object-creation") << b.cause;
  EXPECT_EQ(b.subject, "n::D::readOnly_");
  EXPECT_NE(b.suggestion.find("n::D::setReadOnly"), std::string::npos) << b.suggestion;
}

TEST_F(Diagnose, ASwitchAsksForTheCasesNeverRun) {
  BranchSite& sw = map_.sites[1];  // line 14, a parameter
  sw.construct = "switch";
  sw.constants = {"Mode::a", "Mode::b"};
  sw.cases = {{"Mode::a", 15}, {"Mode::b", 18}};
  coverage_["/lib/a.cpp"][18] = LineCounts{3, true, {}};
  const Diagnosis d = diagnose(map_, coverage_, api_);
  const auto b = std::find_if(d.branches.begin(), d.branches.end(), [](const auto& x) { return x.line == 14; });
  ASSERT_NE(b, d.branches.end());
  EXPECT_NE(b->cause.find("(cases never run: Mode::a)"), std::string::npos) << b->cause;
}

TEST_F(Diagnose, ADefaultArmLeftWhenTheCasesNameEveryValueIsDefensiveCode) {
  api::Enum mode;
  mode.name = "n::Mode";
  mode.values = {{"a", 0}, {"b", 1}};
  api_.enums.push_back(mode);
  BranchSite sw = site(100, 104, "n::C::get", 5, {source(Source::Kind::param, "m", "n::Mode")}, {"Mode::a", "Mode::b"});
  sw.construct = "switch";
  sw.cases = {{"Mode::a", 101}, {"Mode::b", 102}, {std::string(kDefaultLabel), 103}};
  map_.sites.push_back(sw);
  auto& lines = coverage_["/lib/a.cpp"];
  lines[100] = LineCounts{3, true, {1, 2, 0}};
  lines[101] = LineCounts{1, true, {}};
  lines[102] = LineCounts{2, true, {}};
  lines[103] = LineCounts{0, true, {}};
  const auto diagnosed = [&] {
    const Diagnosis d = diagnose(map_, coverage_, api_);
    return *std::find_if(d.branches.begin(), d.branches.end(), [](const auto& x) { return x.line == 100; });
  };
  api::Enum twin = mode;  // the same value names, another enum: the labels' qualifier tells
  twin.name = "n::Twin";
  api_.enums.push_back(twin);
  FrontierBranch b = diagnosed();
  EXPECT_EQ(b.category, "other");
  EXPECT_NE(b.cause.find("every value of n::Mode"), std::string::npos) << b.cause;
  // Stacked labels share a line: with two outcomes never taken, a case may not have run.
  lines[100].branches = {0, 3, 0};
  EXPECT_NE(diagnosed().category, "other");
  lines[100].branches = {1, 2, 0};
  api_.enums.pop_back();
  // One value more, and the default arm is one a test can reach.
  api_.enums.back().values.push_back({"c", 2});
  b = diagnosed();
  EXPECT_EQ(b.category, "input-value");
  EXPECT_NE(b.cause.find("only the default arm never ran: it needs a value other than Mode::a, Mode::b"),
            std::string::npos)
      << b.cause;
  EXPECT_EQ(b.suggestion.find("Mode::a"), std::string::npos) << "values that ran are no suggestion: " << b.suggestion;
}

TEST_F(Diagnose, APrivateMethodInAConditionIsTheStateItsBodyReads) {
  map_.functions.push_back({"n::C::level", "/lib/a.cpp", 90, 92, "/lib/a.cpp", 90, {}, {}, {}, false, {"n::C::mode_"}});
  Source level = source(Source::Kind::library_call, "n::C::level");
  level.via = "this";
  const FrontierBranch b = diagnosed_in_get({level});
  EXPECT_EQ(b.category, "object-creation") << b.cause;
  EXPECT_EQ(b.subject, "n::C::mode_");
  EXPECT_NE(b.suggestion.find("n::C::set"), std::string::npos) << b.suggestion;
}

TEST_F(Diagnose, APrivateMethodThatFillsALocalFromTheTextIsWhatItGivesNotItsReads) {
  // `analyze(learnt); if (learnt...)`: the solver's state analyze's body reads.
  map_.functions.push_back({"n::C::level", "/lib/a.cpp", 90, 92, "/lib/a.cpp", 90, {}, {}, {}, false, {"n::C::mode_"}});
  FrontierBranch b = diagnosed_in_get({source(Source::Kind::library_call, "n::C::level")});
  EXPECT_EQ(b.subject, "n::C::mode_") << b.cause;
  // `skipCommentTokens(token); if (token.type_ ...)`: it calls what moves through the text
  // (readToken writes the position parse(text) sets), so the token, not the flags it reads.
  map_.functions.back().calls = {"n::C::advance"};
  map_.functions.push_back(
      {"n::C::advance", "/lib/a.cpp", 93, 94, "/lib/a.cpp", 93, {}, {"n::C::pos_"}, {}, false, {}});
  map_.functions.push_back({"n::C::parse", "/lib/a.cpp", 95, 96, "/lib/a.cpp", 95, {}, {"n::C::pos_"}, {}, true, {}});
  b = diagnosed_in_get({source(Source::Kind::library_call, "n::C::level")});
  EXPECT_NE(b.subject, "n::C::mode_") << b.cause;
  EXPECT_NE(b.cause.find("what n::C::level gives"), std::string::npos) << b.cause;
}

TEST_F(Diagnose, AConstMethodIsNoWayToBuildAState) {
  api::Callable peek = method("peek", 9, {"n::C::mode_"});
  peek.is_const = true;
  api_.classes[0].methods.push_back(peek);
  const Diagnosis d = diagnose(map_, coverage_, api_);
  const auto b = std::find_if(d.branches.begin(), d.branches.end(), [](const auto& x) { return x.line == 12; });
  ASSERT_NE(b, d.branches.end());
  EXPECT_EQ(b->suggestion.find("n::C::peek"), std::string::npos) << b->suggestion;
}

TEST_F(Diagnose, WritersWhoseOwnBodyWritesTheFieldComeFirst) {
  api_.classes[0].methods.push_back(method("apply", 10, {"n::C::mode_"}));  // through what it calls
  const Diagnosis d = diagnose(map_, coverage_, api_);
  const std::string& suggestion = d.branches.front().suggestion;
  ASSERT_NE(suggestion.find("n::C::apply"), std::string::npos) << suggestion;
  EXPECT_LT(suggestion.find("n::C::set"), suggestion.find("n::C::apply")) << suggestion;
}

TEST_F(Diagnose, OtherStatesAreOfTheFieldsClassNotOfWhatItsCalleesThrow) {
  map_.functions.push_back(
      {"n::C::level", "/lib/a.cpp", 90, 92, "/lib/a.cpp", 90, {}, {}, {}, false, {"n::C::count_", "n::Error::what_"}});
  Source level = source(Source::Kind::library_call, "n::C::level");
  level.via = "this";
  const FrontierBranch b = diagnosed_in_get({source(Source::Kind::this_field, "n::C::mode_"), level});
  EXPECT_EQ(b.subject, "n::C::mode_");
  EXPECT_NE(b.cause.find("the state of n::C::count_"), std::string::npos) << b.cause;
  EXPECT_EQ(b.cause.find("n::Error::what_"), std::string::npos) << b.cause;
}

TEST_F(Diagnose, AFlagAnInternalFunctionIsGivenIsItsCallersChoice) {
  map_.sites.push_back(
      site(74, 75, "n::detail::helper", 70, {source(Source::Kind::param, "strict", "bool")}, {"true"}));
  coverage_["/lib/a.cpp"][74] = LineCounts{1, true, {1, 0}};
  coverage_["/lib/a.cpp"][75] = LineCounts{0, true, {}};
  const Diagnosis d = diagnose(map_, coverage_, api_);
  const auto b = std::find_if(d.branches.begin(), d.branches.end(), [](const auto& x) { return x.line == 74; });
  ASSERT_NE(b, d.branches.end());
  EXPECT_NE(b->suggestion.find("its callers decide strict"), std::string::npos) << b->suggestion;
  EXPECT_EQ(b->suggestion.find("PALUS_TYPE_VALUES"), std::string::npos) << "both values of a bool are tried anyway";
}

TEST_F(Diagnose, ACallWithoutInputIsFedByTheCallsThatSetWhatItReads) {
  // helper's only public caller, get, takes no input: what it reads, set(int) writes.
  api_.classes[0].methods[0].reads = {"n::C::mode_"};
  api_.classes[0].methods[1].params.push_back(int_param("m"));
  const Diagnosis d = diagnose(map_, coverage_, api_);
  const FrontierBranch& b = at(d, 72);
  EXPECT_NE(b.suggestion.find("(n::C::set then n::C::get)"), std::string::npos) << b.suggestion;

  // A caller that takes input is its own entry.
  api_.classes[0].methods[0].params.push_back(int_param("x"));
  const Diagnosis with_input = diagnose(map_, coverage_, api_);
  const FrontierBranch& c = at(with_input, 72);
  EXPECT_NE(c.suggestion.find("(n::C::get)"), std::string::npos) << c.suggestion;
}

TEST_F(Diagnose, AnOverloadThatTakesInputAndSetsWhatItsTwinReadsIsAnEntryInItself) {
  // get() reads mode_; get(int) writes it (as solve(assumptions) feeds solve()).
  api_.classes[0].methods[0].reads = {"n::C::mode_"};
  api::Callable with_input = method("get", 4, {"n::C::mode_"});
  with_input.params.push_back(int_param("m"));
  api_.classes[0].methods.push_back(with_input);
  const Diagnosis d = diagnose(map_, coverage_, api_);
  const FrontierBranch& b = at(d, 72);
  EXPECT_NE(b.suggestion.find("(n::C::get)"), std::string::npos) << b.suggestion;
  EXPECT_EQ(b.suggestion.find("then n::C::get"), std::string::npos) << b.suggestion;
}

TEST_F(Diagnose, ASetterThatResetsItsObjectIsLeftOutWhenOthersTakeInput) {
  // n::detail::State::x_ is internal; set(int) and reset() both reach its writer fill().
  api_.classes[0].methods[1].params.push_back(int_param("m"));
  api_.classes[0].methods.push_back(method("reset", 9));
  map_.functions.push_back(
      {"n::detail::fill", "/lib/a.cpp", 114, 115, "/lib/a.cpp", 114, {}, {"n::detail::State::x_"}, {}, false, {}});
  map_.functions.push_back(
      {"n::C::reset", "/lib/a.cpp", 116, 117, "/lib/a.hpp", 9, {"n::detail::fill"}, {}, {}, false, {}});
  map_.functions[1].calls = {"n::detail::fill"};  // set
  const FrontierBranch b = diagnosed_in_get({source(Source::Kind::this_field, "n::detail::State::x_")});
  EXPECT_NE(b.suggestion.find("n::C::set"), std::string::npos) << b.suggestion;
  EXPECT_EQ(b.suggestion.find("n::C::reset"), std::string::npos) << b.suggestion;
}

TEST_F(Diagnose, AStateOnlyAnotherClassesCallBuildsFromInputIsBuiltThere) {
  // n::C's own set() takes nothing; n::S::query(sql) makes a C (through C's private constructor).
  api_.classes.push_back(class_of_one("n::S", "query", 12, {"n::C::mode_"}, string_param("sql")));
  const FrontierBranch b = diagnosed_in_get({source(Source::Kind::this_field, "n::C::mode_")});
  EXPECT_EQ(b.category, "object-creation");
  EXPECT_NE(b.suggestion.find("call n::S::query so that"), std::string::npos) << b.suggestion;
  EXPECT_EQ(b.suggestion.find("n::C::set"), std::string::npos) << b.suggestion;
}

TEST_F(Diagnose, WritersThatTakeNoInputAreShownWithWhatFeedsThem) {
  // pos_ is written only by advance(), which reads text_, which feed(int) writes.
  api::Callable advance = method("advance", 10, {"n::C::pos_"});
  advance.reads = {"n::C::text_"};
  api::Callable feed = method("feed", 11, {"n::C::text_"});
  feed.params.push_back(int_param("text"));
  api_.classes[0].methods.push_back(advance);
  api_.classes[0].methods.push_back(feed);
  const FrontierBranch b = diagnosed_in_get({source(Source::Kind::this_field, "n::C::pos_")});
  EXPECT_NE(b.suggestion.find("call n::C::feed then n::C::advance so that"), std::string::npos) << b.suggestion;
}

TEST_F(Diagnose, APointerIntoTextAsksForTheBytesOnBothSidesOfTheBoundary) {
  // `if (*s < 0xF0)` in helper(const char* s): 0xF0 itself takes the side already seen.
  BranchMap map = map_;
  map.sites.push_back(
      site(74, 75, "n::detail::helper", 70, {source(Source::Kind::param, "s", "const char *")}, {"0xF0"}));
  map.sites.back().condition = "*s<0xF0";
  LineCoverage coverage = coverage_;
  coverage["/lib/a.cpp"][74] = LineCounts{1, true, {0, 1}};
  coverage["/lib/a.cpp"][75] = LineCounts{0, true, {}};
  const FrontierBranch b = at(diagnose(map, coverage, api_), 74);
  EXPECT_EQ(b.category, "input-value");
  EXPECT_NE(b.suggestion.find("hold 0xEF, 0xF0, 0xF1 where"), std::string::npos) << b.suggestion;
  map.sites.back().condition = "s==nullptr";  // the pointer itself
  map.sites.back().constants = {"nullptr"};
  const FrontierBranch null = at(diagnose(map, coverage, api_), 74);
  EXPECT_NE(null.suggestion.find("with a null s in the sample program"), std::string::npos) << null.suggestion;
  map.sites.back().condition = "s<=kLast";  // the pointer itself, against another one
  map.sites.back().constants = {};
  const FrontierBranch itself = at(diagnose(map, coverage, api_), 74);
  EXPECT_NE(itself.suggestion.find("compares the pointer s itself"), std::string::npos) << itself.suggestion;
}

TEST_F(Diagnose, AnEqualityThatAlwaysHeldAsksForOtherValues) {
  // `if (*s == '-')` in helper(const char* s), its then-arm (line 75) run every time: text that
  // holds '-' is what the tests gave already.
  BranchMap map = map_;
  map.sites.push_back(
      site(74, 77, "n::detail::helper", 70, {source(Source::Kind::param, "s", "const char *")}, {"'-'"}));
  map.sites.back().condition = "*s=='-'";
  LineCoverage coverage = coverage_;
  coverage["/lib/a.cpp"][74] = LineCounts{3, true, {3, 0}};
  coverage["/lib/a.cpp"][75] = LineCounts{3, true, {}};
  coverage["/lib/a.cpp"][77] = LineCounts{0, true, {}};
  const FrontierBranch held = at(diagnose(map, coverage, api_), 74);
  EXPECT_TRUE(held.always_equal);
  EXPECT_NE(held.suggestion.find("hold something other than '-' where"), std::string::npos) << held.suggestion;
  // The then-arm never ran: the other way is the value itself.
  coverage["/lib/a.cpp"][75] = LineCounts{0, true, {}};
  coverage["/lib/a.cpp"][77] = LineCounts{3, true, {}};
  const FrontierBranch missed = at(diagnose(map, coverage, api_), 74);
  EXPECT_FALSE(missed.always_equal);
  EXPECT_NE(missed.suggestion.find("hold '-' where"), std::string::npos) << missed.suggestion;
  // An order, not an equality: which side ran says nothing about other values.
  map.sites.back().condition = "*s<='-'";
  coverage["/lib/a.cpp"][75] = LineCounts{3, true, {}};
  EXPECT_FALSE(at(diagnose(map, coverage, api_), 74).always_equal);
}

TEST_F(Diagnose, AParameterComparedWithStoredStateIsNamedBesideIt) {
  // `table_.find(name) != table_.end()`: the state set builds and the name get is given.
  const FrontierBranch b = diagnosed_in_get(
      {source(Source::Kind::this_field, "n::C::mode_"), source(Source::Kind::param, "name", "const std::string &")});
  EXPECT_EQ(b.category, "object-creation");
  EXPECT_EQ(b.subject, "n::C::mode_");
  EXPECT_NE(b.cause.find("and on the parameter name"), std::string::npos) << b.cause;
  EXPECT_NE(b.suggestion.find("n::C::set"), std::string::npos) << b.suggestion;
  EXPECT_NE(b.suggestion.find("passing name to match that state"), std::string::npos) << b.suggestion;
}

TEST_F(Diagnose, OfAChainOfAndAndOrTheOperandThatWentOneWayIsWhatBlocks) {
  // `if (mode_ > 2 || x > 65536)`: gcov counts a pair of branches for each operand, in order.
  BranchSite chain =
      site(100, 101, "n::C::get", 5,
           {source(Source::Kind::this_field, "n::C::mode_"), source(Source::Kind::param, "x", "int")}, {"2", "65536"});
  chain.operands = {{"mode_>2", 100, {source(Source::Kind::this_field, "n::C::mode_")}, {"2"}},
                    {"x>65536", 100, {source(Source::Kind::param, "x", "int")}, {"65536"}}};
  const auto diagnosed = [&](std::vector<long> taken) {
    BranchMap map = map_;
    map.sites.push_back(chain);
    LineCoverage coverage = coverage_;
    coverage["/lib/a.cpp"][100] = LineCounts{4, true, std::move(taken)};
    coverage["/lib/a.cpp"][101] = LineCounts{0, true, {}};
    return at(diagnose(map, coverage, api_), 100);
  };
  const FrontierBranch value = diagnosed({3, 1, 0, 3});
  EXPECT_EQ(value.category, "input-value");
  EXPECT_NE(value.suggestion.find("65537"), std::string::npos) << value.suggestion;
  EXPECT_EQ(value.suggestion.find(", 3"), std::string::npos) << "no values beside mode_'s 2: " << value.suggestion;
  EXPECT_NE(value.cause.find("`x>65536` always went the same way"), std::string::npos) << value.cause;
  const FrontierBranch state = diagnosed({0, 4, 2, 2});
  EXPECT_EQ(state.category, "object-creation") << "the first that went one way, as the last went both";
  EXPECT_EQ(state.subject, "n::C::mode_");
  const FrontierBranch last = diagnosed({0, 4, 0, 4});
  EXPECT_EQ(last.category, "input-value") << "the last evaluated went one way: what mode_ never was is no matter";
  EXPECT_EQ(diagnosed({0, 4, 0, 4, 0, 4}).category, "input-value") << "a pair for the whole after the operands'";
  chain.operands[1].sources.clear();  // x > 65536 from a local the collector did not follow
  EXPECT_EQ(diagnosed({3, 1, 0, 3}).cause.find("always went the same way"), std::string::npos)
      << "an operand of no known source says less than the whole condition";
  for (std::vector<long> other : {std::vector<long>{3, 1, 0}, std::vector<long>{4, 4, 0, 4, 0, 0, 4, 0}}) {
    // Other counts than the operands ask: other code on the line (a call that may throw), pairs unknown.
    const FrontierBranch unknown = diagnosed(other);
    EXPECT_EQ(unknown.cause.find("always went the same way"), std::string::npos) << unknown.cause;
  }
}

TEST_F(Diagnose, AnOperandAfterTheBlockingOneThatNeverRanIsOneMoreStep) {
  // `if (x > 65536 && mode_ > 2)`: x never went past 65536, so mode_ > 2 never ran; once x does,
  // mode_ must hold too, and set() is what sets it.
  BranchSite chain =
      site(100, 101, "n::C::get", 5,
           {source(Source::Kind::param, "x", "int"), source(Source::Kind::this_field, "n::C::mode_")}, {"65536", "2"});
  chain.operands = {{"x>65536", 100, {source(Source::Kind::param, "x", "int")}, {"65536"}},
                    {"mode_>2", 100, {source(Source::Kind::this_field, "n::C::mode_")}, {"2"}}};
  BranchMap map = map_;
  map.sites.push_back(chain);
  LineCoverage coverage = coverage_;
  coverage["/lib/a.cpp"][100] = LineCounts{4, true, {0, 4, 0, 0}};
  coverage["/lib/a.cpp"][101] = LineCounts{0, true, {}};
  const FrontierBranch b = at(diagnose(map, coverage, api_), 100);
  EXPECT_EQ(b.category, "input-value");
  EXPECT_NE(b.cause.find("`mode_>2` must hold too"), std::string::npos) << b.cause;
  EXPECT_NE(b.suggestion.find("; and make the sample program call n::C::set"), std::string::npos) << b.suggestion;
}

TEST_F(Diagnose, AValueTheLibraryGivesOnlyWhereNoTestWentIsBlockedByWhatKeptTestsOut) {
  // `switch (x)` in get(int), case kNaN never run. read() gives kNaN only under `if (allow_)`,
  // which never held; set() sets allow_. The switch waits for that setting, not for other x.
  BranchSite choice = site(100, 106, "n::C::get", 5, {source(Source::Kind::param, "x", "int")});
  choice.construct = "switch";
  choice.cases = {{"kA", 101}, {"kNaN", 103}};
  BranchMap map = map_;
  map.sites.push_back(choice);
  map.sites.push_back(site(113, 115, "n::C::read", 110, {source(Source::Kind::this_field, "n::C::allow_")}));
  map.functions.push_back({"n::C::read", "/lib/a.cpp", 110, 120, "/lib/a.cpp", 110, {}, {}, {}, false, {}});
  map.functions.back().makes = {{"n::Kind::kA", 111}, {"n::Kind::kNaN", 114}};
  api_.classes[0].methods[1].writes = {"n::C::allow_"};
  LineCoverage coverage = coverage_;
  auto& lines = coverage["/lib/a.cpp"];
  lines[100] = LineCounts{3, true, {3, 0}};
  lines[101] = LineCounts{3, true, {}};
  lines[103] = LineCounts{0, true, {}};
  lines[110] = LineCounts{3, true, {}};
  lines[111] = LineCounts{3, true, {}};
  lines[113] = LineCounts{3, true, {0, 3}};
  lines[114] = LineCounts{0, true, {}};
  const FrontierBranch gated = at(diagnose(map, coverage, api_), 100);
  EXPECT_EQ(gated.category, "object-creation") << gated.cause;
  EXPECT_EQ(gated.subject, "n::C::allow_");
  EXPECT_NE(gated.cause.find("waits for kNaN, which the library gives only where no test went: a.cpp:114"),
            std::string::npos)
      << gated.cause;
  EXPECT_NE(gated.suggestion.find("n::C::set"), std::string::npos) << gated.suggestion;

  // Given only by never(), a callable of the API no test called: that call.
  map.functions.back().makes = {{"n::Kind::kA", 111}};
  map.functions[3].makes = {{"n::Kind::kNaN", 62}};  // never
  const FrontierBranch uncalled = at(diagnose(map, coverage, api_), 100);
  EXPECT_EQ(uncalled.category, "unreached-callable") << uncalled.cause;
  EXPECT_EQ(uncalled.subject, "n::C::never");

  // Given also where a test went: the condition's own input decides, as before.
  map.functions.back().makes = {{"n::Kind::kA", 111}, {"n::Kind::kNaN", 111}};
  EXPECT_EQ(at(diagnose(map, coverage, api_), 100).category, "input-value");

  // Of a type a callable of the API takes: a test can give it too.
  map.functions.back().makes = {{"n::Kind::kA", 111}, {"n::Kind::kNaN", 114}};
  api_.classes[0].methods[2].params.push_back(
      {"kind", api::TypeRef{"n::Kind", "n::Kind", api::Passing::value, api::TypeCategory::enumeration}});
  EXPECT_EQ(at(diagnose(map, coverage, api_), 100).category, "input-value");
}

TEST_F(Diagnose, AnArmThatOnlyReportsABrokenInvariantAsksForNothing) {
  BranchMap map = map_;
  map.sites.push_back(site(100, 102, "n::C::get", 5, {source(Source::Kind::param, "x", "int")}, {"0"}));
  map.sites.back().invariant_arm = {101, 102};
  LineCoverage coverage = coverage_;
  coverage["/lib/a.cpp"][100] = LineCounts{4, true, {0, 4}};
  coverage["/lib/a.cpp"][101] = LineCounts{0, true, {}};
  const FrontierBranch b = at(diagnose(map, coverage, api_), 100);
  EXPECT_EQ(b.category, "other");
  EXPECT_NE(b.cause.find("only reports a broken invariant"), std::string::npos) << b.cause;
  EXPECT_NE(b.suggestion.find("nothing to add"), std::string::npos) << b.suggestion;
  // Once the arm ran, its condition held for some input: the branch left is the other way.
  coverage["/lib/a.cpp"][100] = LineCounts{4, true, {1, 0}};
  coverage["/lib/a.cpp"][101] = LineCounts{1, true, {}};
  EXPECT_EQ(at(diagnose(map, coverage, api_), 100).category, "input-value");
}

TEST_F(Diagnose, AStringViewClassOfTheLibraryIsText) {
  // parse(View text), View made from characters and handing them back (re2::StringPiece).
  api::Class view;
  view.name = "n::View";
  api::Callable from_characters = method("View", 20);
  from_characters.owner = view.name;
  from_characters.kind = api::CallableKind::constructor;
  from_characters.params.push_back(
      {"s", api::TypeRef{"const char *", "char", api::Passing::const_pointer, api::TypeCategory::cstring}});
  view.constructors.push_back(from_characters);
  for (const char* name : {"data", "size"}) {
    api::Callable m = method(name, name[0] == 'd' ? 21 : 22);
    m.owner = view.name;
    view.methods.push_back(m);
  }
  api_.classes.push_back(view);
  api::Callable parse = method("parse", 9, {"n::C::pos_"});
  parse.params.push_back(
      {"text", api::TypeRef{"const n::View &", "n::View", api::Passing::const_ref, api::TypeCategory::record}});
  api_.classes[0].methods.push_back(parse);
  const auto text = [&] { return diagnosed_in_get({source(Source::Kind::this_field, "n::C::pos_")}); };
  EXPECT_EQ(text().subject, "n::C::parse(text)") << text().cause;
  api_.classes.back().methods.pop_back();  // no size(): a class like any other
  EXPECT_NE(text().subject, "n::C::parse(text)") << text().cause;
}

TEST_F(Diagnose, AReaderInternalToTheLibraryMadeFromTextIsThatTextsInput) {
  // helper(Stream& in) asks `in.column()==0`; Stream, not the API's, is made only from an istream,
  // by a Scanner that C::load(text) makes (yaml-cpp's ScanScalar and Stream).
  api::Callable load = method("load", 7);
  load.id = "n::C::load(const std::string &)";
  load.params.push_back(string_param("text"));
  api_.classes[0].methods[2] = load;
  map_.functions.push_back({"n::detail::Stream::Stream", "/lib/a.cpp", 90, 92, "/lib/a.cpp", 90, {}, {}, {}, true, {}});
  map_.functions.push_back({"n::detail::Scanner::Scanner",
                            "/lib/a.cpp",
                            93,
                            95,
                            "/lib/a.cpp",
                            93,
                            {"n::detail::Stream::Stream"},
                            {},
                            {},
                            true,
                            {}});
  map_.functions[2].calls = {"n::detail::Scanner::Scanner"};  // C::load
  const std::vector<Source> sources{source(Source::Kind::param, "in", "Stream &"),
                                    {Source::Kind::library_call, "n::detail::Stream::column", "", "in"}};
  BranchMap map = map_;
  map.sites.push_back(site(74, 75, "n::detail::helper", 70, sources, {"0"}));
  LineCoverage coverage = coverage_;
  coverage["/lib/a.cpp"][74] = LineCounts{1, true, {1, 0}};
  coverage["/lib/a.cpp"][75] = LineCounts{0, true, {}};
  const FrontierBranch b = at(diagnose(map, coverage, api_), 74);
  EXPECT_EQ(b.category, "input-value");
  EXPECT_EQ(b.subject, "n::C::load(text)") << b.cause;
  EXPECT_NE(b.cause.find("a n::detail::Stream made from text"), std::string::npos) << b.cause;
  // A Stream some constructor makes without text is a state like any other.
  map.functions.push_back({"n::detail::Stream::Stream", "/lib/a.cpp", 96, 97, "/lib/a.cpp", 96, {}, {}, {}, false, {}});
  EXPECT_NE(at(diagnose(map, coverage, api_), 74).subject, "n::C::load(text)");
}

TEST_F(Diagnose, AnEnumParameterIsOfferedOnlyItsOwnValues) {
  // `if (state->setFlow(Group::Map, value))` compares no Group with value, an n::Manip.
  api::Enum manip;
  manip.name = "n::Manip";
  manip.values = {{"Flow", 0}, {"Block", 1}};
  api_.enums.push_back(manip);
  api::Callable set_format = method("setFormat", 9);
  set_format.params.push_back(
      {"value", api::TypeRef{"n::Manip", "n::Manip", api::Passing::value, api::TypeCategory::enumeration}});
  api_.classes[0].methods.push_back(set_format);
  BranchMap map = map_;
  map.functions.push_back({"n::C::setFormat", "/lib/a.cpp", 100, 102, "/lib/a.hpp", 9, {}, {}, {}, false, {}});
  map.sites.push_back(
      site(100, 101, "n::C::setFormat", 9, {source(Source::Kind::param, "value", "Manip")}, {"n::Group::Map"}));
  LineCoverage coverage = coverage_;
  coverage["/lib/a.cpp"][100] = LineCounts{1, true, {1, 0}};
  coverage["/lib/a.cpp"][101] = LineCounts{0, true, {}};
  const FrontierBranch other = at(diagnose(map, coverage, api_), 100);
  EXPECT_EQ(other.suggestion.find("n::Group::Map"), std::string::npos) << other.suggestion;
  map.sites.back().constants = {"n::Manip::Block"};
  const FrontierBranch own = at(diagnose(map, coverage, api_), 100);
  EXPECT_NE(own.suggestion.find("PALUS_PARAM_VALUES(n::C::setFormat, value, n::Manip::Block)"), std::string::npos)
      << own.suggestion;
}

TEST_F(Diagnose, ASetterTheTestsCalledButNeverWithTheValueAskedForIsAnInputValue) {
  // `switch (mode_)` waits for n::Mode::b; set(Mode m), which writes mode_, ran, with other modes.
  api::Enum mode;
  mode.name = "n::Mode";
  mode.values = {{"a", 0}, {"b", 1}};
  api_.enums.push_back(mode);
  api_.classes[0].methods[1].params.push_back(
      {"m", api::TypeRef{"n::Mode", "n::Mode", api::Passing::value, api::TypeCategory::enumeration}});
  BranchMap map = map_;
  map.sites.push_back(site(100, 101, "n::C::get", 5, {source(Source::Kind::this_field, "n::C::mode_")}, {"b"}));
  LineCoverage coverage = coverage_;
  coverage["/lib/a.cpp"][100] = LineCounts{1, true, {1, 0}};
  coverage["/lib/a.cpp"][101] = LineCounts{0, true, {}};
  const FrontierBranch b = at(diagnose(map, coverage, api_), 100);
  EXPECT_EQ(b.category, "input-value");
  EXPECT_EQ(b.subject, "n::C::set(m)");
  EXPECT_NE(b.suggestion.find("PALUS_PARAM_VALUES(n::C::set, m, n::Mode::b)"), std::string::npos) << b.suggestion;
  // Given already: set's own `switch (m)` ran its case b; what is missing is elsewhere.
  BranchMap given = map;
  BranchSite on_m = site(33, 35, "n::C::set", 6, {source(Source::Kind::param, "m", "Mode")}, {"b"});
  on_m.construct = "switch";
  on_m.cases = {{"b", 34}};
  given.sites.push_back(on_m);
  LineCoverage ran = coverage;
  ran["/lib/a.cpp"][34] = LineCounts{1, true, {}};
  EXPECT_NE(at(diagnose(given, ran, api_), 100).category, "input-value");
  // Never called: calling it is the step.
  coverage["/lib/a.cpp"][33] = LineCounts{0, true, {}};
  const FrontierBranch uncalled = at(diagnose(map, coverage, api_), 100);
  EXPECT_NE(uncalled.category, "input-value") << uncalled.suggestion;
}

TEST_F(Diagnose, AFieldOnlyConstructorsSetGivesWayToOneThatCallsChangeLater) {
  // `if (base_ != mode_)`: base_ is taken when the object is made; mode_ changes after.
  api::Callable made = method("C", 9, {"n::C::base_"});
  made.kind = api::CallableKind::constructor;
  api_.classes[0].constructors.push_back(made);
  const FrontierBranch b = diagnosed_in_get(
      {source(Source::Kind::this_field, "n::C::base_"), source(Source::Kind::this_field, "n::C::mode_")});
  EXPECT_EQ(b.subject, "n::C::mode_");
  EXPECT_NE(b.suggestion.find("n::C::set"), std::string::npos) << b.suggestion;
  EXPECT_NE(b.cause.find("the state of n::C::base_"), std::string::npos) << "still named beside it: " << b.cause;
}

TEST_F(Diagnose, AHeldObjectsStateIsBuiltByItsHoldersCalls) {
  // get() reads code_->ops_; only n::Code::add writes ops_, and C::set reaches it through a
  // private compile(): calling add on an n::Code of one's own would not reach this one.
  api_.classes.push_back(class_of_one("n::Code", "add", 12, {"n::Code::ops_"}, int_param("op")));
  map_.functions.push_back(
      {"n::Code::add", "/lib/a.cpp", 110, 111, "/lib/a.hpp", 12, {}, {"n::Code::ops_"}, {}, false, {}});
  map_.functions.push_back(
      {"n::C::compile", "/lib/a.cpp", 112, 113, "/lib/a.cpp", 112, {"n::Code::add"}, {}, {}, false, {}});
  map_.functions[1].calls = {"n::C::compile"};             // set
  coverage_["/lib/a.cpp"][110] = LineCounts{2, true, {}};  // add ran
  Source ops = source(Source::Kind::this_field, "n::Code::ops_");
  ops.via = "this->code_";
  const FrontierBranch b = diagnosed_in_get({ops});
  EXPECT_EQ(b.category, "object-creation");
  EXPECT_NE(b.suggestion.find("built by n::C's own calls"), std::string::npos) << b.suggestion;
  EXPECT_NE(b.suggestion.find("n::C::set"), std::string::npos) << b.suggestion;
  EXPECT_EQ(b.suggestion.find("n::Code::add"), std::string::npos) << b.suggestion;
}

TEST_F(Diagnose, StateBuiltWhileTheLibraryWalksTheTextItKeepsIsThatTextsInputValue) {
  // n::Lexer keeps the text reset(text) stores; next() walks it (moves pos_) and sets flags_,
  // which rewind() only resets. C::parse(expr) hands its text to a lexer, and the private compile() reads tokens
  // with next() and calls n::Code::add, which builds the bytecode get() reads. Both states are
  // made from the text parse(expr) was given, whatever calls are made.
  api::Class lexer = class_of_one("n::Lexer", "reset", 14, {"n::Lexer::text_"}, string_param("text"));
  api::Callable rewind = method("rewind", 15, {"n::Lexer::flags_"});
  rewind.owner = "n::Lexer";
  rewind.id = "n::Lexer::rewind()";
  lexer.methods.push_back(rewind);
  lexer.fields.push_back(
      {"text_", api::TypeRef{"std::string", "std::string", api::Passing::value, api::TypeCategory::string}, "private"});
  api_.classes.push_back(lexer);
  api_.classes.push_back(class_of_one("n::Code", "add", 12, {"n::Code::ops_"}, int_param("op")));
  api::Callable parse = method("parse", 16);
  parse.id = "n::C::parse(const std::string &)";
  parse.params.push_back(string_param("expr"));
  api_.classes[0].methods.push_back(parse);
  map_.functions.push_back(
      {"n::Lexer::reset", "/lib/a.cpp", 120, 121, "/lib/a.hpp", 14, {}, {"n::Lexer::text_"}, {}, true, {}});
  map_.functions.push_back(
      {"n::Lexer::rewind", "/lib/a.cpp", 122, 123, "/lib/a.hpp", 15, {}, {"n::Lexer::flags_"}, {}, false, {}});
  map_.functions.push_back({"n::Lexer::next",
                            "/lib/a.cpp",
                            124,
                            125,
                            "/lib/a.cpp",
                            124,
                            {},
                            {"n::Lexer::flags_", "n::Lexer::pos_"},
                            {},
                            false,
                            {"n::Lexer::pos_", "n::Lexer::text_"}});
  map_.functions.push_back(
      {"n::C::parse", "/lib/a.cpp", 126, 127, "/lib/a.hpp", 16, {"n::Lexer::reset"}, {}, {}, true, {}});
  map_.functions.push_back({"n::C::compile",
                            "/lib/a.cpp",
                            128,
                            129,
                            "/lib/a.cpp",
                            128,
                            {"n::Code::add", "n::Lexer::next"},
                            {},
                            {},
                            false,
                            {}});
  map_.functions.push_back(
      {"n::Code::add", "/lib/a.cpp", 110, 111, "/lib/a.hpp", 12, {}, {"n::Code::ops_"}, {}, false, {}});
  map_.functions[0].calls = {"n::C::compile", "n::detail::helper"};  // get
  for (unsigned line : {110u, 120u, 122u, 124u}) coverage_["/lib/a.cpp"][line] = LineCounts{2, true, {}};
  Source ops = source(Source::Kind::this_field, "n::Code::ops_");
  ops.via = "this->code_";
  const FrontierBranch held = diagnosed_in_get({ops});
  EXPECT_EQ(held.category, "input-value") << held.cause;
  EXPECT_EQ(held.subject, "n::C::parse(expr)");
  EXPECT_NE(held.suggestion.find("PALUS_PARAM_VALUES(n::C::parse, expr, ...)"), std::string::npos) << held.suggestion;
  Source flags = source(Source::Kind::this_field, "n::Lexer::flags_");
  flags.via = "this->lexer_";
  EXPECT_EQ(diagnosed_in_get({flags}).subject, "n::C::parse(expr)");

  // What a call walking the text gives (the next token): its text.
  Source token = source(Source::Kind::library_call, "n::Lexer::next");
  token.via = "this->lexer_";
  EXPECT_EQ(diagnosed_in_get({token}).subject, "n::C::parse(expr)");

  // What a getter of a setting gives (the lexer's mode, set by C::setMode(m)), though only the walk
  // calls it: that setting, not the text.
  api::Callable set_mode = method("setMode", 17, {"n::Lexer::mode_"});
  set_mode.params.push_back(int_param("m"));
  api_.classes[0].methods.push_back(set_mode);
  map_.functions.push_back(
      {"n::Lexer::mode", "/lib/a.cpp", 134, 135, "/lib/a.cpp", 134, {}, {}, {}, false, {"n::Lexer::mode_"}});
  map_.functions.push_back(
      {"n::C::setMode", "/lib/a.cpp", 136, 137, "/lib/a.hpp", 17, {}, {"n::Lexer::mode_"}, {}, false, {}});
  for (auto& f : map_.functions)
    if (f.function == "n::C::compile") f.calls.push_back("n::Lexer::mode");
  coverage_["/lib/a.cpp"][136] = LineCounts{1, true, {}};  // setMode ran, with other values
  Source mode = source(Source::Kind::library_call, "n::Lexer::mode");
  mode.via = "this->lexer_";
  const FrontierBranch setting = diagnosed_in_get({mode});
  EXPECT_EQ(setting.category, "object-creation") << setting.cause;
  EXPECT_NE(setting.suggestion.find("n::C::setMode"), std::string::npos) << setting.suggestion;

  // What the walk computes inside itself (the operator matched at the position): its text.
  map_.sites.push_back(site(124, 125, "n::Lexer::next", 124, {}));
  coverage_["/lib/a.cpp"][124] = LineCounts{2, true, {2, 0}};
  coverage_["/lib/a.cpp"][125] = LineCounts{0, true, {}};
  const FrontierBranch walked = at(diagnose(map_, coverage_, api_), 124);
  EXPECT_EQ(walked.category, "input-value") << walked.cause;
  EXPECT_EQ(walked.subject, "n::Lexer::reset(text)");

  // A parameter of an internal function only a walk calls holds what the walk made of the text;
  // a callable of the API keeps its own parameter (the harness calls it directly).
  map_.functions.push_back({"n::detail::fold", "/lib/a.cpp", 132, 133, "/lib/a.cpp", 132, {}, {}, {}, false, {}});
  std::find_if(map_.functions.begin(), map_.functions.end(), [](const auto& f) {
    return f.function == "n::C::compile";
  })->calls.push_back("n::detail::fold");
  map_.sites.push_back(site(132, 133, "n::detail::fold", 132, {source(Source::Kind::param, "op", "int")}, {"3"}));
  map_.sites.push_back(site(110, 111, "n::Code::add", 12, {source(Source::Kind::param, "op", "int")}, {"3"}));
  for (unsigned line : {110u, 132u}) {
    coverage_["/lib/a.cpp"][line] = LineCounts{2, true, {2, 0}};
    coverage_["/lib/a.cpp"][line + 1] = LineCounts{0, true, {}};
  }
  EXPECT_EQ(at(diagnose(map_, coverage_, api_), 132).subject, "n::C::parse(expr)");
  EXPECT_EQ(at(diagnose(map_, coverage_, api_), 110).subject, "n::Code::add(op)");

  // A state a call outside the walk builds from input of its own is the calls' to build.
  map_.functions.push_back(
      {"n::C::set_op", "/lib/a.cpp", 130, 131, "/lib/a.hpp", 17, {"n::Code::add"}, {}, {}, false, {}});
  EXPECT_EQ(diagnosed_in_get({ops}).category, "object-creation");
}

TEST_F(Diagnose, AListAMethodFillsBeforeItReadsItIsWhatItsArgumentHolds) {
  // get(item) asks the private scan(item), which clears list_ and fills it from the item before
  // it looks: what list_ holds is the Item's doing, and the Item is what to build.
  api::Class item;
  item.name = "n::Item";
  api_.classes.push_back(item);
  api_.classes[0].fields.push_back(
      {"list_", api::TypeRef{"std::vector<int>", "std::vector<int>", api::Passing::value, api::TypeCategory::other},
       "private"});
  map_.functions.push_back(
      {"n::C::scan", "/lib/a.cpp", 130, 131, "/lib/a.cpp", 130, {}, {"n::C::list_"}, {}, false, {"n::C::list_"}});
  const FrontierBranch b = diagnosed_in_get(
      {source(Source::Kind::library_call, "n::C::scan"), source(Source::Kind::param, "item", "const Item &")});
  EXPECT_EQ(b.category, "object-creation");
  EXPECT_EQ(b.subject, "n::Item") << b.cause;
  EXPECT_NE(b.suggestion.find("bring a n::Item into the state"), std::string::npos) << b.suggestion;

  // With the call alone there is nothing else to go on: what it gives.
  EXPECT_EQ(diagnosed_in_get({source(Source::Kind::library_call, "n::C::scan")}).subject, "n::C::scan");

  // A setting the condition reads itself decides first (`style_ == all || scan(item)`)...
  const auto with = [&](const std::string& field) {
    return diagnosed_in_get({source(Source::Kind::library_call, "n::C::scan"),
                             source(Source::Kind::param, "item", "const Item &"),
                             source(Source::Kind::this_field, field)});
  };
  EXPECT_EQ(with("n::detail::Style::all_").subject, "n::detail::Style::all_");
  // ...but one of the API's object, fixed when it was made (a right margin), gives way to the item.
  api::Callable make = method("C", 9, {"n::C::margin_"});
  make.kind = api::CallableKind::constructor;
  make.params.push_back(int_param("margin"));
  api_.classes[0].constructors.push_back(make);
  EXPECT_EQ(with("n::C::margin_").subject, "n::Item");
  EXPECT_EQ(with("n::C::mode_").subject, "n::C::mode_") << "set() changes it later";
}

TEST_F(Diagnose, APublicFieldIsSetByTheTest) {
  // Every writer of a public field may set the value already seen: the test sets it itself.
  api::Field mode;
  mode.name = "mode_";
  mode.access = "public";
  api_.classes[0].fields.push_back(mode);
  const FrontierBranch b = diagnosed_in_get({source(Source::Kind::this_field, "n::C::mode_")});
  EXPECT_NE(b.suggestion.find("n::C::mode_ is a public field"), std::string::npos) << b.suggestion;
}

TEST_F(Diagnose, AGlobalTheApiSetsIsSetThroughThatCall) {
  api_.classes[0].methods[1].writes.push_back("n::g_level");  // set
  const Diagnosis d = diagnose(map_, coverage_, api_);
  const FrontierBranch& b = at(d, 25);
  EXPECT_NE(b.suggestion.find("call n::C::set before the call (it sets n::g_level)"), std::string::npos)
      << b.suggestion;
}

TEST_F(Diagnose, AWriterWithoutInputIsLeftOutWhenOthersTakeSome) {
  // clear() makes one fixed state; set(int) builds the one asked for.
  api_.classes[0].methods[1].params.push_back(int_param("m"));
  api_.classes[0].methods.push_back(method("clear", 9, {"n::C::mode_"}));
  const FrontierBranch b = diagnosed_in_get({source(Source::Kind::this_field, "n::C::mode_")});
  EXPECT_NE(b.suggestion.find("n::C::set"), std::string::npos) << b.suggestion;
  EXPECT_EQ(b.suggestion.find("n::C::clear"), std::string::npos) << b.suggestion;
}

TEST_F(Diagnose, FunctionsNoTestRanAreListed) {
  ASSERT_EQ(diagnosis_.unreached.size(), 1u);
  EXPECT_EQ(diagnosis_.unreached[0].function, "n::C::never");
  EXPECT_EQ(diagnosis_.unreached[0].lines, 4);
}

TEST_F(Diagnose, TheDiagnosisReadsBackAndExplainsALine) {
  const fs::path file = fs::temp_directory_path() / ("palus-uncovered-" + std::to_string(getpid()) + ".yaml");
  std::ofstream(file) << diagnosis_to_yaml(diagnosis_, "/lib");
  const Diagnosis back = read_diagnosis(file, "/lib");
  fs::remove(file);
  ASSERT_EQ(back.branches.size(), diagnosis_.branches.size());
  for (std::size_t i = 0; i < back.branches.size(); ++i) {
    EXPECT_EQ(back.branches[i].file, "/lib/a.cpp");
    EXPECT_EQ(back.branches[i].blocked, diagnosis_.branches[i].blocked);
    EXPECT_EQ(back.branches[i].suggestion, diagnosis_.branches[i].suggestion);
  }
  const std::string below = explain_line(back, "/lib/a.cpp", 15, "/lib");
  EXPECT_NE(below.find("a.cpp:15: never run; it lies below the branch at a.cpp:14"), std::string::npos) << below;
  EXPECT_NE(below.find("input-value"), std::string::npos) << below;
  EXPECT_NE(explain_line(back, "/lib/a.cpp", 62, "/lib").find("n::C::never (60-65), which no test called"),
            std::string::npos);
  EXPECT_NE(explain_line(back, "/lib/a.cpp", 10, "/lib").find("not below a branch"), std::string::npos);
}

TEST_F(Diagnose, ReportYamlGetsTheTopProblemsWithFilesRelative) {
  const YAML::Node node = YAML::Load(problems_yaml(diagnosis_, "/lib", 2));
  ASSERT_EQ(node["uncovered"].size(), 2u);
  const YAML::Node first = node["uncovered"][0];
  EXPECT_EQ(first["file"].as<std::string>(), "a.cpp");
  EXPECT_EQ(first["line"].as<unsigned>(), 12u);
  EXPECT_EQ(first["category"].as<std::string>(), "object-creation");
  EXPECT_EQ(first["blocked_lines"].as<int>(), 2);
  EXPECT_FALSE(first["cause"].as<std::string>().empty());
  EXPECT_FALSE(first["suggestion"].as<std::string>().empty());
}

TEST(UncoveredKey, ReplacesAnEarlierReportsKeyAndKeepsTheRest) {
  const std::string block = "uncovered:\n  - {file: a.cpp}\n";
  EXPECT_EQ(with_uncovered_key("seed: 1\ncoverage: ~", block), "seed: 1\ncoverage: ~\n" + block);
  EXPECT_EQ(with_uncovered_key("seed: 1\nuncovered:\n  - {file: old.cpp}\n  - x\n", block), "seed: 1\n" + block);
  EXPECT_EQ(with_uncovered_key("seed: 1\nuncovered: []\nmerge: {}\n", block), "seed: 1\nmerge: {}\n" + block);
}

TEST(BranchMapFile, ReadsBackWhatItWrites) {
  BranchMap map;
  map.sites.push_back(site(3, 9, "n::f", 30, {source(Source::Kind::param, "x", "int")}, {"'a'", "\"b\\n\""}));
  map.sites[0].invariant_arm = {5, 6};
  map.sites[0].operands = {{"x>1", 3, {source(Source::Kind::param, "x", "int")}, {"1"}}, {"y", 4, {}, {}}};
  map.functions.push_back(
      {"n::f", "/lib/a.cpp", 1, 9, "/lib/a.cpp", 1, {"n::g"}, {"n::C::x_"}, {"n::Base::f"}, true, {"n::C::y_"}});
  map.functions[0].makes = {{"n::Kind::a", 4}, {"n::Kind::b", 7}};
  const fs::path file = fs::temp_directory_path() / ("palus-branches-" + std::to_string(getpid()) + ".yaml");
  std::ofstream(file) << branch_map_to_yaml(map, "/lib");
  const BranchMap back = read_branch_map(file, "/lib");
  fs::remove(file);
  ASSERT_EQ(back.sites.size(), 1u);
  EXPECT_EQ(back.sites[0].file, "/lib/a.cpp");
  EXPECT_EQ(back.sites[0].sources, map.sites[0].sources);
  EXPECT_EQ(back.sites[0].constants, map.sites[0].constants);
  ASSERT_EQ(back.sites[0].operands.size(), 2u);
  EXPECT_EQ(back.sites[0].operands[0].text, "x>1");
  EXPECT_EQ(back.sites[0].operands[0].sources, map.sites[0].operands[0].sources);
  EXPECT_EQ(back.sites[0].operands[0].constants, std::vector<std::string>{"1"});
  EXPECT_EQ(back.sites[0].operands[1].line, 4u);
  EXPECT_EQ(back.sites[0].invariant_arm, map.sites[0].invariant_arm);
  ASSERT_EQ(back.functions.size(), 1u);
  EXPECT_EQ(back.functions[0].calls, map.functions[0].calls);
  EXPECT_EQ(back.functions[0].writes, map.functions[0].writes);
  EXPECT_EQ(back.functions[0].overrides, map.functions[0].overrides);
  EXPECT_EQ(back.functions[0].reads, map.functions[0].reads);
  EXPECT_TRUE(back.functions[0].reads_text);
  EXPECT_EQ(back.functions[0].makes, map.functions[0].makes);
}

TEST(GcovrJson, LinesOfOneFileAddUpAndThrowBranchesAreLeftOut) {
  const fs::path file = fs::temp_directory_path() / ("palus-gcovr-" + std::to_string(getpid()) + ".json");
  std::ofstream(file) << R"({"gcovr/format_version": "0.3", "files": [{"file": "src/a.cpp", "functions": [], "lines": [
      {"line_number": 4, "count": 2, "gcovr/noncode": false, "branches": [{"count": 2, "fallthrough": true, "throw": false},
                                                                      {"count": 0, "fallthrough": false, "throw": true}]},
      {"line_number": 5, "count": 0, "gcovr/noncode": true, "branches": []},
      {"line_number": 4, "count": 1, "gcovr/noncode": false, "branches": [{"count": 0, "fallthrough": true, "throw": false}]}
    ]}]})";
  const LineCoverage coverage = read_gcovr_json(file, "/lib");
  fs::remove(file);
  const auto& lines = coverage.at("/lib/src/a.cpp");
  EXPECT_EQ(lines.at(4).count, 3);
  EXPECT_EQ(lines.at(4).branches, (std::vector<long>{2}));
  EXPECT_FALSE(is_frontier(lines.at(4)));
  EXPECT_FALSE(lines.at(5).code);
}

TEST(GcovrJson, AFileOfAnotherShapeIsAnErrorNamingIt) {
  const fs::path file = fs::temp_directory_path() / ("palus-gcovr-bad-" + std::to_string(getpid()) + ".json");
  std::ofstream(file) << R"({"files": [{"file": "a.cpp", "lines": [{"line_number": "x"}]}]})";
  try {
    read_gcovr_json(file, "/lib");
    ADD_FAILURE() << "no error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find(file.string() + ":1: expected"), std::string::npos) << e.what();
  }
  fs::remove(file);
}

}  // namespace
}  // namespace palus::uncovered
