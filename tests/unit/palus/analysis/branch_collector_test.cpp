// Covana's static half (DESIGN §13): which branch conditions the library has, and what each
// depends on through the function's local variables.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "unit/palus/analysis/analysis_test_util.hpp"

namespace palus::testing {
namespace {

using uncovered::BranchMap;
using uncovered::BranchSite;
using uncovered::Source;

constexpr const char* kHeader = R"(
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>
#define BIG(n) ((n) > 100)
namespace b {
class View {
 public:
  View(const char* s) : s_(s) {}
  const char* data() const { return s_; }
  int size() const { return 1; }
 private:
  const char* s_;
};
inline int viewed(const View& v) { return v.size(); }
inline int counted(int n) { return n; }
enum class Mode { fast, safe, slow };
class Box {
 public:
  bool empty() const { return items_.empty(); }
  int field(int limit) const {
    if (count_ > limit) return 1;
    return 0;
  }
  int local(const Box& other) const {
    int n = other.count_;
    n += 1;
    if (n > 3) return 1;
    return 0;
  }
  int environment() const {
    const char* home = std::getenv("HOME");
    if (home != nullptr) return 1;
    return 0;
  }
  int method() const {
    if (empty()) return 0;
    return 1;
  }
  int invariant(int n) const {
    if (n < 0) {
      std::abort();
    }
    if (n == 7) throw std::invalid_argument("seven");
    if (n == 8) {
      parseInternal(n);
    }
    return n;
  }
  void parseInternal(int) const {}
  Mode pick(Mode given, int x) const {
    if (given == Mode::fast) return Mode::slow;
    Mode m = x > 3 ? Mode::safe : Mode::fast;
    switch (m) {
      case Mode::slow: return m;
      default: break;
    }
    return m;
  }
  int choose(Mode mode) const {
    switch (mode) {
      case Mode::fast: return 1;
      case Mode::safe:
      case Mode::slow: return 2;
    }
    return 0;
  }
  int loop(const std::vector<int>& values) const {
    int sum = 0;
    for (int v : values) {
      if (v == 7) sum += v;
    }
    return sum;
  }
  bool both(int a) const { return a > 0 && count_ < 10; }
  int init(int a) const {
    if (int k = a * 2; k > 8) return k;
    return 0;
  }
  int flag(int a) const {
    bool big = false;
    if (a > 10) big = true;
    return big ? 1 : 0;
  }
  int later(int p) const {
    int n = 0;
    if (n > 1) return 1;
    n = p;
    return n;
  }
  int looped(const std::vector<int>& values) const {
    int previous = 0;
    for (int v : values) {
      if (previous > 1) return 1;
      previous = v;
    }
    return 0;
  }
  int filled() const {
    int out = 0;
    fill(out);
    if (out > 2) return 1;
    return 0;
  }
  void fill(int& out) const { out = count_; }
  Box copy() const { return *this; }
  int assigned() const {
    Box b;
    b = copy();
    if (b.count_ > 1) return 1;
    return 0;
  }
  int chooseOr(Mode mode) const {
    switch (mode) {
      case Mode::fast: return 1;
      default: return 2;
    }
  }
  int guarded(int a) const {
    int size = 0;
    if (a > 2) size = count_;
    return size > 5 ? 1 : 0;
  }
  bool flagged(bool strict) const { return strict; }
  int literal() const { return flagged(true) ? 1 : 0; }
  void add(int x) { items_.push_back(x); count_ = count_ + 1; bump(); }
  int counted(const std::vector<int>& values) const {
    int big = 0;
    std::for_each(values.begin(), values.end(), [&big](int v) { if (v > 4) ++big; });
    return big;
  }
  bool decode(int& out) const {
    out = count_;
    if (out > 3) return true;
    return false;
  }
  int gathered(const std::vector<int>& values) const {
    std::vector<int> kept;
    for (int v : values) kept.push_back(v);
    if (kept.size() > 2) return 1;
    return 0;
  }
  std::size_t appended(const std::string& text) const {
    std::string kept;
    std::size_t last = std::string::npos;
    for (char c : text) {
      kept += c;
      last = kept.size();
    }
    if (last != std::string::npos) return last;
    return 0;
  }
  bool maybe(bool reset, int& inout) const {
    while (reset) {
      inout = 0;
      reset = false;
    }
    return inout > 3 ? true : false;
  }
  bool advanced(int& pos) const {
    pos += count_;
    if (pos > 3) return true;
    return false;
  }
  void visit(Box* box) const;
  bool checked(Box* box) const {
    visit(box);
    if (box == nullptr) return false;
    return true;
  }
  bool given(int& inout) const {
    if (inout > 3)
      inout = 0;
    return true;
  }
  static const int kMost = 65536;
  bool bounded(int n) const {
    if (n < 1 || (n > kMost && !empty())) return false;
    return true;
  }
  bool found(const std::string& t) const { return t.find('x') != std::string::npos && count_ > 0; }
  bool macro(int n) const { return BIG(n) && count_ > 0; }
  bool nested(int n) const {
    if (n > 1 && (n > 2 ? count_ : 0) > 3) return false;
    return true;
  }
  bool assigned(int n) const {
    bool ok = false;
    ok = (n > 1 && count_ > 0);
    return ok;
  }
  int compared(int n) const { return (n > 1 || count_ > 0) == empty() ? 1 : 2; }
  int picked(int n) const { return n > 5 ? (n > 1 && count_ > 0) : 3; }
  int decided(int n) const { return (n > 1 && count_ > 0) ? 1 : 2; }
  bool negated(int n) const {
    if (!(n > 1 && count_ > 0)) return false;
    return true;
  }

 private:
  friend class Holder;
  void bump() {}
  std::vector<int> items_;
  int count_ = 0;
};
class Holder {
 public:
  int delegated() const {
    if (box_->empty()) return 0;
    return 1;
  }
  int owned() const {
    if (owned_->empty()) return 0;
    return 1;
  }
  int through() const { return box_->count_ > 2 ? 1 : 0; }
  int paired() const { return range_.first > 1 ? 1 : 0; }

 private:
  Box* box_ = nullptr;
  std::unique_ptr<Box> owned_;
  std::pair<int, int> range_;
};
}  // namespace b
)";

class BranchCollector : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    map_ = new BranchMap;
    analyze_snippet(kHeader, "", {}, map_);
  }
  static void TearDownTestSuite() { delete map_; }

  /// The one site of `construct` in `function` ("b::Box::field").
  static const BranchSite& site(const std::string& function, const std::string& construct) {
    const BranchSite* found = nullptr;
    for (const auto& s : map_->sites) {
      if (s.function != function || s.construct != construct) continue;
      EXPECT_EQ(found, nullptr) << "two " << construct << " in " << function;
      found = &s;
    }
    if (found == nullptr) throw std::runtime_error("no " + construct + " in " + function);
    return *found;
  }

  /// How many sites `function` has.
  static std::ptrdiff_t sites_in(const std::string& function) {
    return std::count_if(map_->sites.begin(), map_->sites.end(),
                         [&](const BranchSite& x) { return x.function == function; });
  }

  static bool has(const BranchSite& s, Source::Kind kind, const std::string& name, const std::string& via = "") {
    return std::any_of(s.sources.begin(), s.sources.end(), [&](const Source& source) {
      return source.kind == kind && source.name == name && (via.empty() || source.via == via);
    });
  }

  static BranchMap* map_;
};

BranchMap* BranchCollector::map_ = nullptr;

TEST_F(BranchCollector, AFieldOfTheObjectAndAParameter) {
  const BranchSite& s = site("b::Box::field", "if");
  EXPECT_TRUE(has(s, Source::Kind::this_field, "b::Box::count_"));
  EXPECT_TRUE(has(s, Source::Kind::param, "limit"));
  EXPECT_EQ(s.sources.size(), 2u);
  EXPECT_EQ(s.condition, "count_>limit");
  EXPECT_EQ(s.declared_line, s.line - 1) << "defined where declared, in the class";
  EXPECT_GT(s.end_line, s.line - 1);
}

TEST_F(BranchCollector, ALocalVariableIsFollowedToEveryAssignment) {
  const BranchSite& s = site("b::Box::local", "if");
  EXPECT_TRUE(has(s, Source::Kind::param_field, "b::Box::count_", "other"));
  EXPECT_EQ(s.sources.size(), 1u);
  EXPECT_EQ(s.constants, (Strings{"3"}));
}

TEST_F(BranchCollector, TheResultOfACallThatReadsTheEnvironment) {
  const BranchSite& s = site("b::Box::environment", "if");
  ASSERT_EQ(s.sources.size(), 1u) << s.condition;
  EXPECT_EQ(s.sources[0].kind, Source::Kind::external_call) << s.sources[0].name;
  EXPECT_EQ(s.sources[0].name, "getenv");
}

TEST_F(BranchCollector, ALambdasParameterIsNoInputOfTheFunction) {
  const BranchSite& s = site("b::Box::counted", "if");
  EXPECT_FALSE(has(s, Source::Kind::param, "v")) << "std::for_each passes it, not the caller";
  EXPECT_TRUE(s.sources.empty());
}

TEST_F(BranchCollector, AnOutParameterWrittenBeforeTheConditionHoldsWhatWasWritten) {
  const BranchSite& decoded = site("b::Box::decode", "if");
  EXPECT_TRUE(has(decoded, Source::Kind::this_field, "b::Box::count_"));
  EXPECT_FALSE(has(decoded, Source::Kind::param, "out"));
  const BranchSite& given = site("b::Box::given", "if");
  EXPECT_TRUE(has(given, Source::Kind::param, "inout")) << "written only after: the caller's value";
  EXPECT_EQ(given.sources.size(), 1u);
  EXPECT_TRUE(has(site("b::Box::maybe", "?:"), Source::Kind::param, "inout")) << "written only when reset";
  const BranchSite& advanced = site("b::Box::advanced", "if");
  EXPECT_TRUE(has(advanced, Source::Kind::param, "pos")) << "+= adds to the caller's value";
  EXPECT_TRUE(has(advanced, Source::Kind::this_field, "b::Box::count_"));
  EXPECT_TRUE(has(site("b::Box::checked", "if"), Source::Kind::param, "box")) << "a pointer passed on is not written";
}

TEST_F(BranchCollector, ALocalObjectHoldsWhatItsMethodsAreGiven) {
  const BranchSite& s = site("b::Box::gathered", "if");
  EXPECT_TRUE(has(s, Source::Kind::param, "values")) << "kept.push_back(v), v from values";
}

TEST_F(BranchCollector, ALocalGrownByAnOperatorHoldsWhatItIsGivenAndAConstantIsNoSource) {
  // kept += c, c from text; std::string::npos is a constant no test could set.
  const BranchSite& s = site("b::Box::appended", "if");
  EXPECT_TRUE(has(s, Source::Kind::param, "text"));
  EXPECT_EQ(s.sources.size(), 1u);
}

TEST_F(BranchCollector, AMethodOfTheLibraryCalledOnTheObject) {
  EXPECT_TRUE(has(site("b::Box::method", "if"), Source::Kind::library_call, "b::Box::empty", "this"));
}

TEST_F(BranchCollector, AMethodOfTheLibraryCalledOnAFieldsObject) {
  const BranchSite& s = site("b::Holder::delegated", "if");
  EXPECT_TRUE(has(s, Source::Kind::library_call, "b::Box::empty", "this->box_"));
  EXPECT_EQ(s.sources.size(), 1u) << "the state empty() reads, not the pointer";
  EXPECT_TRUE(has(site("b::Holder::owned", "if"), Source::Kind::library_call, "b::Box::empty", "this->owned_"))
      << "through a smart pointer too";
  EXPECT_TRUE(has(site("b::Holder::through", "?:"), Source::Kind::this_field, "b::Box::count_", "this->box_"))
      << "a field of the object a field holds";
  EXPECT_TRUE(has(site("b::Holder::paired", "?:"), Source::Kind::this_field, "b::Holder::range_"))
      << "a standard type's field is its holder's state";
}

TEST_F(BranchCollector, ADefaultArmIsACaseButNoConstant) {
  const BranchSite& s = site("b::Box::chooseOr", "switch");
  ASSERT_EQ(s.cases.size(), 2u);
  EXPECT_EQ(s.cases[1].first, uncovered::kDefaultLabel);
  EXPECT_EQ(s.cases[1].second, s.cases[0].second + 1);
  EXPECT_EQ(s.constants, (Strings{"Mode::fast"}));
}

TEST_F(BranchCollector, AValueComputedUnderAConditionCarriesOnlyWhatItIsComputedFrom) {
  const BranchSite& s = site("b::Box::guarded", "?:");
  EXPECT_TRUE(has(s, Source::Kind::this_field, "b::Box::count_"));
  EXPECT_FALSE(has(s, Source::Kind::param, "a")) << "a guards the assignment; the flag idiom is another test";
}

TEST_F(BranchCollector, AFlagPassedToACallIsNoConstantTheConditionComparesWith) {
  EXPECT_TRUE(site("b::Box::literal", "?:").constants.empty());
}

TEST_F(BranchCollector, ASwitchComparesWithItsCaseLabels) {
  const BranchSite& s = site("b::Box::choose", "switch");
  EXPECT_TRUE(has(s, Source::Kind::param, "mode"));
  EXPECT_EQ(s.constants, (Strings{"Mode::fast", "Mode::safe", "Mode::slow"}));
  ASSERT_EQ(s.cases.size(), 3u);
  EXPECT_EQ(s.cases[0].second, s.line + 1);
  EXPECT_EQ(s.cases[1].second, s.line + 2);
  EXPECT_EQ(s.cases[2].second, s.line + 3);
}

TEST_F(BranchCollector, AFlagSetUnderAConditionCarriesWhatTheConditionDependsOn) {
  EXPECT_TRUE(has(site("b::Box::flag", "?:"), Source::Kind::param, "a"));
}

TEST_F(BranchCollector, AnAssignmentAfterTheConditionCountsOnlyInALoopAroundBoth) {
  EXPECT_TRUE(site("b::Box::later", "if").sources.empty());
  const BranchSite& looped = site("b::Box::looped", "if");
  EXPECT_TRUE(has(looped, Source::Kind::param, "values"));
}

TEST_F(BranchCollector, ALocalFilledByTheLibrarysCallComesFromThatCall) {
  const BranchSite& s = site("b::Box::filled", "if");
  EXPECT_TRUE(has(s, Source::Kind::library_call, "b::Box::fill")) << s.condition;
}

TEST_F(BranchCollector, AnObjectAssignedWithItsOperatorEqualsHoldsWhatTheRightSideGives) {
  const BranchSite& s = site("b::Box::assigned", "if");
  EXPECT_TRUE(has(s, Source::Kind::library_call, "b::Box::copy", "this")) << s.condition;
  EXPECT_FALSE(has(s, Source::Kind::library_call, "b::Box::operator=")) << "what operator= reads is no source";
}

TEST_F(BranchCollector, ARangeLoopVariableComesFromItsRange) {
  EXPECT_TRUE(has(site("b::Box::loop", "for"), Source::Kind::param, "values"));
  const BranchSite& inner = site("b::Box::loop", "if");
  EXPECT_TRUE(has(inner, Source::Kind::param, "values"));
  EXPECT_EQ(inner.constants, (Strings{"7"}));
}

TEST_F(BranchCollector, LogicalOperatorsOutsideAConditionAreBranchesToo) {
  const BranchSite& s = site("b::Box::both", "&&");
  EXPECT_TRUE(has(s, Source::Kind::param, "a"));
  EXPECT_TRUE(has(s, Source::Kind::this_field, "b::Box::count_"));
}

TEST_F(BranchCollector, TheOperandsOfAChainOfAndAndOrEachWithItsOwnSources) {
  const BranchSite& s = site("b::Box::bounded", "if");
  ASSERT_EQ(s.operands.size(), 3u) << "in the order they are evaluated, through parentheses and !";
  EXPECT_EQ(sites_in("b::Box::bounded"), 1) << "the parenthesised && is part of the if's condition, no site of its own";
  EXPECT_EQ(s.operands[0].text, "n<1");
  EXPECT_EQ(s.operands[1].text, "n>kMost");
  EXPECT_EQ(s.operands[2].text, "!empty()");
  EXPECT_EQ(s.operands[0].constants, Strings{"1"});
  EXPECT_EQ(s.operands[1].constants, Strings{"65536"}) << "a constant member is a value, not state";
  ASSERT_EQ(s.operands[1].sources.size(), 1u);
  EXPECT_EQ(s.operands[1].sources[0].name, "n");
  EXPECT_FALSE(has(s, Source::Kind::global, "b::Box::kMost"));
  EXPECT_EQ(s.operands[2].line, s.line);
}

TEST_F(BranchCollector, AChainWithAnOperandThatBranchesItselfHasNoOperands) {
  EXPECT_TRUE(site("b::Box::nested", "if").operands.empty()) << "the ?:'s branches would come between the chain's";
  EXPECT_TRUE(site("b::Box::field", "if").operands.empty()) << "a single comparison";
  EXPECT_TRUE(site("b::Box::macro", "&&").operands.empty()) << "a macro's operand has no text of its own";
}

TEST_F(BranchCollector, AChainAssignedOrComparedIsAConditionOfItsOwn) {
  const BranchSite& assigned = site("b::Box::assigned", "&&");
  EXPECT_TRUE(has(assigned, Source::Kind::param, "n"));
  EXPECT_EQ(assigned.operands.size(), 2u);
  const BranchSite& compared = site("b::Box::compared", "||");
  EXPECT_TRUE(has(compared, Source::Kind::this_field, "b::Box::count_"));
  EXPECT_EQ(site("b::Box::compared", "?:").line, compared.line) << "the ?: compares its value";
}

TEST_F(BranchCollector, AChainInABranchOfAConditionalIsItsOwnAndInItsConditionIsNot) {
  EXPECT_TRUE(has(site("b::Box::picked", "&&"), Source::Kind::this_field, "b::Box::count_"));
  EXPECT_TRUE(has(site("b::Box::decided", "?:"), Source::Kind::this_field, "b::Box::count_"));
  EXPECT_EQ(sites_in("b::Box::decided"), 1);
}

TEST_F(BranchCollector, ANegatedChainIsPartOfTheConditionAroundIt) {
  EXPECT_EQ(site("b::Box::negated", "if").operands.size(), 2u);
  EXPECT_EQ(sites_in("b::Box::negated"), 1);
}

TEST_F(BranchCollector, TheStandardLibrarysConstantsAreNoValuesToTestBeside) {
  const BranchSite& s = site("b::Box::found", "&&");
  ASSERT_EQ(s.operands.size(), 2u);
  EXPECT_EQ(s.operands[0].constants, Strings{"'x'"}) << "npos is a sentinel";
}

TEST_F(BranchCollector, AnIfWithAnInitStatement) {
  const BranchSite& s = site("b::Box::init", "if");
  EXPECT_TRUE(has(s, Source::Kind::param, "a"));
  EXPECT_EQ(s.condition, "int k=a*2;k>8");
}

TEST_F(BranchCollector, FunctionsKnowWhatTheyCallReadAndWrite) {
  const auto add = std::find_if(map_->functions.begin(), map_->functions.end(),
                                [](const auto& f) { return f.function == "b::Box::add"; });
  ASSERT_NE(add, map_->functions.end());
  EXPECT_EQ(add->calls, (Strings{"b::Box::bump"}));
  EXPECT_EQ(add->writes, (Strings{"b::Box::count_", "b::Box::items_"}));
  EXPECT_LE(add->line, add->end_line);
  const auto empty = std::find_if(map_->functions.begin(), map_->functions.end(),
                                  [](const auto& f) { return f.function == "b::Box::empty"; });
  ASSERT_NE(empty, map_->functions.end());
  EXPECT_EQ(empty->reads, (Strings{"b::Box::items_"})) << "what a private method's result depends on";
}

TEST_F(BranchCollector, AnArmThatOnlyReportsABrokenInvariantIsMarked) {
  std::map<std::string, const BranchSite*> by_condition;
  for (const auto& s : map_->sites) {
    if (s.function == "b::Box::invariant") by_condition[s.condition] = &s;
  }
  ASSERT_EQ(by_condition.size(), 3u);
  const BranchSite& aborts = *by_condition["n<0"];
  EXPECT_EQ(aborts.invariant_arm, std::make_pair(aborts.line + 1, aborts.line + 1)) << "the report, not the braces";
  EXPECT_EQ(by_condition["n==7"]->invariant_arm, std::make_pair(0u, 0u)) << "a rejected input is no broken invariant";
  EXPECT_EQ(by_condition["n==8"]->invariant_arm, std::make_pair(0u, 0u)) << "a name holding 'internal' is no report";
}

TEST_F(BranchCollector, AStringViewClassIsTextToRead) {
  const auto named = [](const std::string& name) {
    return std::find_if(map_->functions.begin(), map_->functions.end(),
                        [&](const auto& f) { return f.function == name; });
  };
  ASSERT_NE(named("b::viewed"), map_->functions.end());
  EXPECT_TRUE(named("b::viewed")->reads_text);
  ASSERT_NE(named("b::counted"), map_->functions.end());
  EXPECT_FALSE(named("b::counted")->reads_text);
}

TEST_F(BranchCollector, FunctionsKnowTheEnumeratorsTheyGiveButNotThoseTheyCompareWith) {
  const auto pick = std::find_if(map_->functions.begin(), map_->functions.end(),
                                 [](const auto& f) { return f.function == "b::Box::pick"; });
  ASSERT_NE(pick, map_->functions.end());
  ASSERT_EQ(pick->makes.size(), 3u);
  EXPECT_EQ(pick->makes[0], std::make_pair(std::string("b::Mode::slow"), pick->line + 1));
  EXPECT_EQ(pick->makes[1], std::make_pair(std::string("b::Mode::safe"), pick->line + 2));
  EXPECT_EQ(pick->makes[2], std::make_pair(std::string("b::Mode::fast"), pick->line + 2));
}

}  // namespace
}  // namespace palus::testing
