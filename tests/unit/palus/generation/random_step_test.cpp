// The random step and the contract checks appended to its candidates.

#include "palus/generation/random_step.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "palus/generation/contract_checks.hpp"
#include "unit/palus/generation/generation_fixtures.hpp"
#include "unit/palus/generation/step_fixture.hpp"

namespace palus::generation {
namespace {

using namespace fixtures;

// ---------------------------------------------------------------------------------------------
// RandomStep

TEST_F(StepFixture, EmptyPoolOffersOnlyWhatNeedsNoObjects) {
  RandomStep step(catalog, literals, {});
  const Pool pool;
  // Constructors and free functions with literal inputs; no method (no receiver yet), no
  // contract, nothing unusable.
  EXPECT_EQ(callable_set(step.callable_now(pool)),
            (std::set<std::uint32_t>{Library::kACtor, Library::kOtherCtor, Library::kFree}));
  Random random(3);
  std::set<std::uint32_t> chosen;
  for (int i = 0; i < 200; ++i) {
    auto s = step.next(pool, random);
    ASSERT_TRUE(s.has_value());
    ASSERT_EQ(s->size(), 1u);
    chosen.insert((*s)[0].callable);
    expect_type_correct(*s);
  }
  EXPECT_EQ(chosen, (std::set<std::uint32_t>{Library::kACtor, Library::kOtherCtor, Library::kFree}));
}

TEST_F(StepFixture, InstantiationsOfOneTemplateShareOneChance) {
  // as<int>, as<double>, as<bool>, as<std::string> (one template) beside one plain callable.
  std::vector<api::Callable> callables(5);
  Catalog menu;
  for (std::uint32_t i = 0; i < callables.size(); ++i) {
    callables[i].id = "c" + std::to_string(i);
    callables[i].file = "node.h";
    callables[i].line = i < 4 ? 10 : 20;
    callables[i].is_instantiation = i < 4;
    CallableInfo info;
    info.index = i;
    info.id = callables[i].id;
    info.callable = &callables[i];
    menu.callables.push_back(info);
  }
  RandomStep step(menu, literals, {});
  std::vector<const CallableInfo*> all;
  for (const auto& c : menu.callables) all.push_back(&c);
  Random random(5);
  int plain = 0;
  for (int i = 0; i < 4000; ++i) plain += step.pick(all, random).index == 4 ? 1 : 0;
  EXPECT_GT(plain, 1600);  // about half (2000), where a uniform choice gives a fifth (800)
  EXPECT_LT(plain, 2400);
}

TEST_F(StepFixture, CallableNowFollowsThePool) {
  RandomStep step(catalog, literals, {});
  Pool pool;
  Random random(1);
  pool.add(make({call(Library::kACtor, {Input::integer(1)})}), {{0, "ns::A"}}, random);
  // With an A: its methods whose other inputs are literals or null-allowed pointers.
  EXPECT_EQ(
      callable_set(step.callable_now(pool)),
      (std::set<std::uint32_t>{Library::kACtor, Library::kOtherCtor, Library::kFree, Library::kMake, Library::kPeek}));
  pool.add(make({call(Library::kOtherCtor)}), {{0, "ns::Other"}}, random);
  EXPECT_EQ(callable_set(step.callable_now(pool)),
            (std::set<std::uint32_t>{Library::kACtor, Library::kOtherCtor, Library::kFree, Library::kMake,
                                     Library::kPeek, Library::kUse}));
  // A unique_ptr<Other> only comes from make().
  const Sequence made = make({call(Library::kACtor, {Input::integer(1)}), call(Library::kMake, {ref(0)})});
  add(pool, made, random);
  EXPECT_TRUE(callable_set(step.callable_now(pool)).count(Library::kTake));
  // Contracts, the unknown id and raw(void *) are never candidates.
  for (std::uint32_t never : {Library::kReflexive, Library::kHashConsistent, Library::kUnknown, Library::kRaw})
    EXPECT_FALSE(callable_set(step.callable_now(pool)).count(never));
}

TEST_F(StepFixture, YieldsOf) {
  const Sequence s = make({call(Library::kACtor, {Input::integer(1)}), call(Library::kMake, {ref(0)}),
                           call(Library::kFree, {Input::integer(0), Input::string("")})});
  const auto yields = yields_of(s, catalog);
  std::set<std::pair<std::uint32_t, std::string>> got;
  for (const auto& y : yields) got.emplace(y.statement, y.type);
  EXPECT_EQ(got, (std::set<std::pair<std::uint32_t, std::string>>{
                     {0, "ns::A"}, {1, "ns::Other"}, {1, "std::unique_ptr<ns::Other>"}}));
}

TEST_F(StepFixture, CallBuildsOnPoolSequences) {
  RandomStep step(catalog, literals, {});
  Pool pool;
  Random random(8);
  add_a_and_other(pool, random);
  for (int i = 0; i < 50; ++i) {
    auto s = step.call(catalog.callables[Library::kUse], pool, random);
    ASSERT_TRUE(s.has_value());
    expect_type_correct(*s);
    ASSERT_EQ(s->size(), 3u);  // A, Other (some order), use
    EXPECT_EQ((*s)[2].callable, Library::kUse);
  }
  // Nothing to supply: nullopt.
  EXPECT_FALSE(step.call(catalog.callables[Library::kTake], pool, random).has_value());
  // A pointer parameter with no object of its type gets nullptr.
  Pool only_a;
  add(only_a, make_a(), random);
  auto peek = step.call(catalog.callables[Library::kPeek], only_a, random);
  ASSERT_TRUE(peek.has_value());
  EXPECT_EQ(peek->statements().back().inputs[1].kind, InputKind::null_pointer);
}

TEST_F(StepFixture, NullProbabilityIsRespected) {
  Pool pool;
  Random random(8);
  add_a_and_other(pool, random);
  StepOptions never;
  never.null_probability = 0;
  StepOptions always;
  always.null_probability = 1;
  RandomStep no_null(catalog, literals, never), all_null(catalog, literals, always);
  for (int i = 0; i < 50; ++i) {
    auto s = no_null.call(catalog.callables[Library::kPeek], pool, random);
    ASSERT_TRUE(s.has_value());
    expect_type_correct(*s);
    EXPECT_EQ(s->statements().back().inputs[1].kind, InputKind::ref);
    auto t = all_null.call(catalog.callables[Library::kPeek], pool, random);
    ASSERT_TRUE(t.has_value());
    EXPECT_EQ(t->statements().back().inputs[1].kind, InputKind::null_pointer);
    EXPECT_EQ(t->size(), 2u);  // no Other brought in
  }
}

TEST_F(StepFixture, GeneratedCandidatesAreTypeCorrectAndBounded) {
  StepOptions options;
  options.max_statements = 6;
  const auto sequences = run(42, 600, options);
  ASSERT_GT(sequences.size(), 300u);
  std::set<std::uint32_t> last_callables;
  std::size_t longest = 0;
  for (const auto& s : sequences) {
    ASSERT_FALSE(s.empty());
    ASSERT_LE(s.size(), options.max_statements);
    longest = std::max(longest, s.size());
    expect_type_correct(s);
    if (::testing::Test::HasFatalFailure()) return;
    last_callables.insert(s.statements().back().callable);
  }
  EXPECT_GE(longest, 4u);  // sequences do grow
  // Every usable callable was reached.
  EXPECT_EQ(last_callables, (std::set<std::uint32_t>{Library::kACtor, Library::kUse, Library::kMake, Library::kPeek,
                                                     Library::kTake, Library::kOtherCtor, Library::kFree}));
}

TEST_F(StepFixture, ObjectsAreReusedWithinASequence) {
  // use(A, Other) needs two objects; with reuse_probability 1 and a sequence making both, the
  // second input may come from the part brought in for the first.
  StepOptions options;
  options.reuse_probability = 1;
  RandomStep step(catalog, literals, options);
  Pool pool;
  Random random(5);
  const Sequence both = make({call(Library::kACtor, {Input::integer(5)}), call(Library::kMake, {ref(0)})});
  add(pool, both, random);
  for (int i = 0; i < 20; ++i) {
    auto s = step.call(catalog.callables[Library::kUse], pool, random);
    ASSERT_TRUE(s.has_value());
    expect_type_correct(*s);
    EXPECT_EQ(s->size(), 3u);  // one copy of `both` serves both inputs
    EXPECT_EQ(s->statements().back().inputs[0].ref, 0u);
    EXPECT_EQ(s->statements().back().inputs[1].ref, 1u);
  }
  options.reuse_probability = 0;
  RandomStep fresh(catalog, literals, options);
  auto s = fresh.call(catalog.callables[Library::kUse], pool, random);
  ASSERT_TRUE(s.has_value());
  expect_type_correct(*s);
  EXPECT_EQ(s->size(), 5u);  // a copy of `both` for each input
}

TEST_F(StepFixture, AnInputMayBeTheVeryObjectAnEarlierInputOfItsTypeIs) {
  // A call with two ns::A inputs (a == b's shape): aliased, both are the one A.
  const CallableInfo& pair = catalog.callables[Library::kHashConsistent];
  ASSERT_EQ(pair.inputs.size(), 2u);
  ASSERT_EQ(pair.inputs[0].record, pair.inputs[1].record);
  Pool pool;
  Random random(3);
  add(pool, make_a(), random);
  StepOptions options;
  options.reuse_probability = 0;
  options.alias_probability = 1;
  const auto aliased = RandomStep(catalog, literals, options).call(pair, pool, random);
  ASSERT_TRUE(aliased.has_value());
  EXPECT_EQ(aliased->size(), 2u);
  EXPECT_EQ(aliased->statements().back().inputs[0].ref, aliased->statements().back().inputs[1].ref);
  options.alias_probability = 0;
  const auto apart = RandomStep(catalog, literals, options).call(pair, pool, random);
  ASSERT_TRUE(apart.has_value());
  EXPECT_EQ(apart->size(), 3u);  // an A for each input
}

TEST_F(StepFixture, MaxStatementsRefusesLongCandidates) {
  StepOptions options;
  options.max_statements = 2;
  Pool pool;
  Random random(5);
  add_a_and_other(pool, random);
  StepOptions no_reuse = options;
  no_reuse.reuse_probability = 0;
  RandomStep strict(catalog, literals, no_reuse);
  EXPECT_FALSE(strict.call(catalog.callables[Library::kUse], pool, random).has_value());  // would be 3
  auto make_call = strict.call(catalog.callables[Library::kMake], pool, random);
  ASSERT_TRUE(make_call.has_value());
  EXPECT_EQ(make_call->size(), 2u);
}

TEST_F(StepFixture, DeterministicForASeed) {
  const auto a = run(2024, 300);
  const auto b = run(2024, 300);
  const auto c = run(2025, 300);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i], b[i]) << i;
  bool differ = a.size() != c.size();
  for (std::size_t i = 0; !differ && i < a.size(); ++i) differ = !(a[i] == c[i]);
  EXPECT_TRUE(differ);
}

// ---------------------------------------------------------------------------------------------
// ContractChecks

TEST_F(StepFixture, ContractCheckAppendedForTheNewObject) {
  const ContractChecks checks(catalog);
  EXPECT_FALSE(checks.empty());
  Random random(1);
  const Sequence one = make({call(Library::kACtor, {Input::integer(1)})});
  const Sequence checked = checks.appended(one, random);
  // Only the one-object check: no other A to pair with.
  ASSERT_EQ(checked.size(), 2u);
  EXPECT_EQ(checked.prefix(1), one);
  EXPECT_EQ(checked[1].callable, Library::kReflexive);
  ASSERT_EQ(checked[1].inputs.size(), 1u);
  EXPECT_EQ(checked[1].inputs[0].kind, InputKind::ref);
  EXPECT_EQ(checked[1].inputs[0].ref, 0u);
}

TEST_F(StepFixture, TwoObjectChecksPairWithAnotherObjectOfTheType) {
  const ContractChecks checks(catalog);
  Random random(1);
  const Sequence two = make({call(Library::kACtor, {Input::integer(1)}), call(Library::kOtherCtor),
                             call(Library::kACtor, {Input::integer(2)})});
  const Sequence checked = checks.appended(two, random);
  ASSERT_EQ(checked.size(), 5u);
  EXPECT_EQ(checked.prefix(3), two);
  std::map<std::uint32_t, std::vector<std::uint32_t>> refs;
  for (std::size_t k = 3; k < 5; ++k) {
    for (const auto& in : checked[k].inputs) {
      ASSERT_EQ(in.kind, InputKind::ref);
      refs[checked[k].callable].push_back(in.ref);
    }
  }
  EXPECT_EQ(refs[Library::kReflexive], (std::vector<std::uint32_t>{2}));
  EXPECT_EQ(refs[Library::kHashConsistent], (std::vector<std::uint32_t>{2, 0}));  // the new one and the other A
}

TEST_F(StepFixture, ReceiverOfTheLastStatementIsChecked) {
  const ContractChecks checks(catalog);
  Random random(1);
  const Sequence s = make(
      {call(Library::kACtor, {Input::integer(1)}), call(Library::kOtherCtor), call(Library::kUse, {ref(0), ref(1)})});
  const Sequence checked = checks.appended(s, random);
  ASSERT_EQ(checked.size(), 4u);
  EXPECT_EQ(checked[3].callable, Library::kReflexive);
  EXPECT_EQ(checked[3].inputs[0].ref, 0u);
}

// A contract that changes its object (a = a) is never given a const reference the library returned:
// jsoncpp's Json::Value::nullSingleton(), changed so, changed every member made after it.
TEST(ContractChecks, AContractThatChangesItsObjectSkipsAReadOnlyOne) {
  api::Api api;
  api::Class a;
  a.name = "ns::A";
  a.kind = "class";
  a.constructors.push_back(
      callable("ns::A::A(int)", "A", "ns::A", api::CallableKind::constructor, {param("n", int_type())}));
  api.classes = {a};
  api.functions.push_back(callable("ns::shared()", "shared", "", api::CallableKind::function, {},
                                   record_type("ns::A", api::Passing::const_ref)));
  const Catalog catalog =
      make_catalog(api, {"ns::A::A(int)", "ns::shared()", "palus::contract::self_assignment_keeps_value(ns::A)",
                         "palus::contract::equals_reflexive(ns::A)"});
  ASSERT_TRUE(catalog.callables[2].inputs[0].may_change);
  ASSERT_FALSE(catalog.callables[3].inputs[0].may_change);
  const ContractChecks checks(catalog);
  auto appended = [&](const Sequence& s) {
    Random random(1);
    std::set<std::uint32_t> out;
    const Sequence checked = checks.appended(s, random);
    for (std::size_t k = s.size(); k < checked.size(); ++k) out.insert(checked[k].callable);
    return out;
  };
  EXPECT_EQ(appended(make({call(1)})), (std::set<std::uint32_t>{3}));
  EXPECT_EQ(appended(make({call(0, {Input::integer(1)})})), (std::set<std::uint32_t>{2, 3}));
  Random random(2);
  EXPECT_FALSE(changes_read_only(catalog, checks.appended(make({call(1)}), random)));
}

TEST_F(StepFixture, NoCheckWhenNoContractApplies) {
  const ContractChecks checks(catalog);
  Random random(1);
  for (const Sequence& s :
       {make({call(Library::kOtherCtor)}), make({call(Library::kFree, {Input::integer(1), Input::string("")})}),
        make({call(Library::kACtor, {Input::integer(1)}), call(Library::kOtherCtor)}), Sequence()}) {
    EXPECT_EQ(checks.appended(s, random), s);
  }
  // A catalog without contracts appends nothing, ever.
  const Catalog bare = make_catalog(lib.api, {"ns::A::A(int)"});
  const ContractChecks none(bare);
  EXPECT_TRUE(none.empty());
  const Sequence a = make({call(0, {Input::integer(1)})});
  EXPECT_EQ(none.appended(a, random), a);
}

}  // namespace
}  // namespace palus::generation
