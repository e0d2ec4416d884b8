// Field read/write rules (DESIGN §5) and the merge of private callees' effects (Palus §3.2.1).

#include <gtest/gtest.h>

#include "unit/palus/analysis/analysis_test_util.hpp"

namespace palus::testing {
namespace {

constexpr const char* kWriteRules = R"(
#include <string>
#include <vector>
namespace t {
struct Inner { int n = 0; void bump() { ++n; } };
class W {
 public:
  void assign() { a_ = 1; }
  void compound() { b_ += 2; }
  void increment() { ++c_; d_--; }
  void call_nonconst() { v_.push_back(1); }
  int call_const() const { return static_cast<int>(v_.size()); }
  void by_ref() { touch(e_); }
  void by_pointer() { poke(&f_); }
  int by_value() const { return twice(g_); }
  void chain() { inner_.n = 3; }
  void bind_ref() { int& alias = h_; alias = 2; }
  int& expose() { return i_; }
  int read_only() const { return a_ + b_; }
  void other_object(const W& o) { a_ = o.b_; }
 private:
  static void touch(int& x) { x = 0; }
  static void poke(int* x) { *x = 0; }
  static int twice(int x) { return 2 * x; }
  int a_ = 0, b_ = 0, c_ = 0, d_ = 0, e_ = 0, f_ = 0, g_ = 0, h_ = 0, i_ = 0;
  std::vector<int> v_;
  Inner inner_;
};
}  // namespace t
)";

class WriteRules : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { api_ = new api::Api(analyze_snippet(kWriteRules, "", {"t::W"})); }
  static void TearDownTestSuite() { delete api_; }
  const api::Callable& m(const std::string& name) { return method_named(class_named(*api_, "t::W"), name); }
  static api::Api* api_;
};
api::Api* WriteRules::api_ = nullptr;

TEST_F(WriteRules, PlainAssignmentWritesWithoutReading) {
  EXPECT_EQ(m("assign").writes, Strings{"t::W::a_"});
  EXPECT_EQ(m("assign").reads, Strings{});
}

TEST_F(WriteRules, CompoundAssignmentReadsAndWrites) {
  EXPECT_EQ(m("compound").writes, Strings{"t::W::b_"});
  EXPECT_EQ(m("compound").reads, Strings{"t::W::b_"});
}

TEST_F(WriteRules, IncrementAndDecrementReadAndWrite) {
  EXPECT_EQ(m("increment").writes, (Strings{"t::W::c_", "t::W::d_"}));
  EXPECT_EQ(m("increment").reads, (Strings{"t::W::c_", "t::W::d_"}));
}

TEST_F(WriteRules, NonConstMethodCallWritesConstCallReads) {
  EXPECT_EQ(m("call_nonconst").writes, Strings{"t::W::v_"});
  EXPECT_EQ(m("call_const").writes, Strings{});
  EXPECT_EQ(m("call_const").reads, Strings{"t::W::v_"});
}

TEST_F(WriteRules, PassingByNonConstReferenceOrPointerWrites) {
  EXPECT_EQ(m("by_ref").writes, Strings{"t::W::e_"});
  EXPECT_EQ(m("by_pointer").writes, Strings{"t::W::f_"});
  EXPECT_EQ(m("by_value").writes, Strings{});
  EXPECT_EQ(m("by_value").reads, Strings{"t::W::g_"});
}

TEST_F(WriteRules, MemberChainWritesEveryLink) {
  EXPECT_EQ(m("chain").writes, (Strings{"t::Inner::n", "t::W::inner_"}));
}

TEST_F(WriteRules, NonConstReferenceBindingAndReturnWrite) {
  EXPECT_EQ(m("bind_ref").writes, Strings{"t::W::h_"});
  EXPECT_EQ(m("expose").writes, Strings{"t::W::i_"});
}

TEST_F(WriteRules, ReadsOnlyWhenNothingChanges) {
  EXPECT_EQ(m("read_only").reads, (Strings{"t::W::a_", "t::W::b_"}));
  EXPECT_EQ(m("read_only").writes, Strings{});
}

TEST_F(WriteRules, FieldsOfAnotherObjectOfTheClassCount) {
  EXPECT_EQ(m("other_object").reads, Strings{"t::W::b_"});
  EXPECT_EQ(m("other_object").writes, Strings{"t::W::a_"});
}

TEST(StandardContainers, LookingUpOrReadingAnElementDoesNotWriteTheContainer) {
  const auto api = analyze_snippet(R"(
#include <algorithm>
#include <map>
#include <string>
#include <vector>
namespace t {
class S {
 public:
  bool has(const std::string& k) { return m_.find(k) != m_.end(); }
  int first() { return v_.at(0) + v_[1] + v_.front(); }
  void set_first(int x) { v_[0] = x; }
  void set_at(int x) { v_.at(1) = x; }
  void sort_all() { std::sort(v_.begin(), v_.end()); }
  void put(const std::string& k) { m_[k] = 1; }
  void grow_kid() { kids_[0].push_back(1); }
 private:
  std::map<std::string, int> m_;
  std::vector<int> v_;
  std::vector<std::vector<int>> kids_;
};
}
)",
                                   "", {"t::S"});
  const auto& s = class_named(api, "t::S");
  EXPECT_EQ(method_named(s, "has").writes, Strings{}) << "the non-const find and end only look";
  EXPECT_EQ(method_named(s, "has").reads, Strings{"t::S::m_"});
  EXPECT_EQ(method_named(s, "first").writes, Strings{}) << "an element read through at, [] or front";
  EXPECT_EQ(method_named(s, "set_first").writes, Strings{"t::S::v_"}) << "an element assigned through []";
  EXPECT_EQ(method_named(s, "set_at").writes, Strings{"t::S::v_"}) << "an element assigned through at";
  EXPECT_EQ(method_named(s, "sort_all").writes, Strings{"t::S::v_"}) << "iterators given to an algorithm";
  EXPECT_EQ(method_named(s, "put").writes, Strings{"t::S::m_"}) << "a map's [] inserts";
  EXPECT_EQ(method_named(s, "grow_kid").writes, Strings{"t::S::kids_"}) << "a non-const call on an element";
}

TEST(ReturnsThis, ABuilderReturnsItselfAMemberAccessReturnsAPart) {
  const auto api = analyze_snippet(R"(
#include <map>
#include <string>
namespace t {
class J {
 public:
  J& set(int v) { v_ = v; return *this; }
  J* self() { return (this); }
  J& at(const std::string& key) { return kids_[key]; }
  J& either(bool b) { if (b) return *this; return kids_[""]; }
  J& sorted();
  J& lambda_inside() { auto f = [this]() -> J& { return kids_["x"]; }; f(); return *this; }
 private:
  int v_ = 0;
  std::map<std::string, J> kids_;
};
}
)",
                                   R"(
namespace t {
J& J::sorted() { return *this; }
}
)");
  const auto& j = class_named(api, "t::J");
  EXPECT_TRUE(method_named(j, "set").returns_this);
  EXPECT_TRUE(method_named(j, "self").returns_this);
  EXPECT_TRUE(method_named(j, "sorted").returns_this) << "defined in the source file";
  EXPECT_TRUE(method_named(j, "lambda_inside").returns_this) << "a lambda's return is its own";
  EXPECT_FALSE(method_named(j, "at").returns_this);
  EXPECT_FALSE(method_named(j, "either").returns_this) << "one return gives a part";
}

TEST(MergePrivateCallees, PrivateEffectsReachPublicCallersRecursivelyButPublicOnesDoNot) {
  const auto api = analyze_snippet(R"(
namespace t {
class M {
 public:
  M();
  void run();
  void outer();
  int peek() const;
 private:
  void helper();
  void deeper();
  int x_ = 0, y_ = 0, z_ = 0;
};
}
)",
                                   R"(
namespace t {
M::M() { y_ = 5; }
void M::run() { helper(); }
void M::helper() { x_ = 1; deeper(); }
void M::deeper() { z_ = 2; helper(); }
void M::outer() { run(); }
int M::peek() const { return x_; }
}
)");
  const auto& m = class_named(api, "t::M");
  EXPECT_EQ(method_named(m, "run").writes, (Strings{"t::M::x_", "t::M::z_"}));
  EXPECT_EQ(method_named(m, "outer").writes, Strings{});
  ASSERT_EQ(m.constructors.size(), 2u);  // M() and the implicit copy constructor
  EXPECT_EQ(m.constructors[0].writes, (Strings{"t::M::x_", "t::M::y_", "t::M::z_"}));  // body + in-class initialisers
}

TEST(MergePrivateCallees, ConstructorsCalledFromAMethodAreMerged) {
  const auto api = analyze_snippet(R"(
namespace t {
class Child { public: explicit Child(int v) : v_(v) {} int v() const { return v_; } private: int v_; };
class Parent {
 public:
  Child make() const { return Child(n_); }
 private:
  int n_ = 1;
};
}
)");
  const auto& make = method_named(class_named(api, "t::Parent"), "make");
  EXPECT_EQ(make.reads, Strings{"t::Parent::n_"});
  EXPECT_EQ(make.writes, Strings{"t::Child::v_"});
}

}  // namespace
}  // namespace palus::testing
