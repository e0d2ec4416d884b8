// Theories and invariants: the catalog, the checks appended to sequences, and their feedback.

#include "palus/generation/theory_checks.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "harness/executor/outcome.hpp"
#include "palus/generation/feedback.hpp"
#include "palus/generation/random_step.hpp"
#include "unit/palus/generation/generation_fixtures.hpp"

namespace palus::generation {
namespace {

using namespace fixtures;

// ---------------------------------------------------------------------------------------------
// Theories and invariants: the catalog, TheoryChecks, classify, the literals of their parameters

api::Oracle oracle(api::Oracle::Kind kind, std::string id, std::string name, std::vector<api::Param> params,
                   unsigned line) {
  return palus::testing::oracle(kind, std::move(id), std::move(name), std::move(params),
                                "/src/theories/ns_theories.hpp", line);
}

// The small library with one more method, ns::A::fill(ns::Other &) (changes its argument), and
// the theories header
//   PALUS_INVARIANT(ns::A)      a_valid(ns::A &)
//   PALUS_INVARIANT(ns::Other)  other_valid(ns::Other &)
//   PALUS_THEORY(pair, int bound, const ns::Other & other, ns::A & a)
//   PALUS_THEORY(a_only, const ns::A & a)
//   PALUS_THEORY(arith, int k, const std::string & s)       -- no objects
//   PALUS_PARAM_VALUES(ns_theories::pair, bound, 4242)
// in the harness's table after the small library's callables.
struct TheoryLibrary : Library {
  static constexpr std::uint32_t kFill = 11;
  static constexpr std::uint32_t kAValid = 12;
  static constexpr std::uint32_t kOtherValid = 13;
  static constexpr std::uint32_t kPair = 14;
  static constexpr std::uint32_t kAOnly = 15;
  static constexpr std::uint32_t kArith = 16;

  TheoryLibrary() {
    using api::Oracle;
    using api::Passing;
    api.classes[0].methods.push_back(callable("ns::A::fill(ns::Other &)", "fill", "ns::A", api::CallableKind::method,
                                              {param("o", record_type("ns::Other", Passing::ref))}));
    // Sorted by function id, as in api.yaml.
    api.oracles = {
        oracle(Oracle::Kind::theory, "ns_theories::a_only(const ns::A &)", "a_only",
               {param("a", record_type("ns::A", Passing::const_ref))}, 20),
        oracle(Oracle::Kind::invariant, "ns_theories::a_valid(ns::A &)", "a_valid",
               {param("a", record_type("ns::A", Passing::ref))}, 5),
        oracle(Oracle::Kind::theory, "ns_theories::arith(int, const std::string &)", "arith",
               {param("k", int_type()),
                param("s", type("const std::string &", "std::string", Passing::const_ref, api::TypeCategory::string))},
               30),
        oracle(Oracle::Kind::invariant, "ns_theories::other_valid(ns::Other &)", "other_valid",
               {param("o", record_type("ns::Other", Passing::ref))}, 8),
        oracle(Oracle::Kind::theory, "ns_theories::pair(int, const ns::Other &, ns::A &)", "pair",
               {param("bound", int_type()), param("other", record_type("ns::Other", Passing::const_ref)),
                param("a", record_type("ns::A", Passing::ref))},
               12),
    };
    api::ParamValues bound;
    bound.callable = "ns_theories::pair";
    bound.param = "bound";
    bound.values = {api::Literal{api::Literal::Kind::integer, "4242"}};
    api.param_values = {bound};
    for (const char* id :
         {"ns::A::fill(ns::Other &)", "ns_theories::a_valid(ns::A &)", "ns_theories::other_valid(ns::Other &)",
          "ns_theories::pair(int, const ns::Other &, ns::A &)", "ns_theories::a_only(const ns::A &)",
          "ns_theories::arith(int, const std::string &)"})
      ids.push_back(id);
  }

  const api::Oracle& oracle_of(const std::string& id) const {
    for (const auto& o : api.oracles)
      if (o.function.id == id) return o;
    throw std::out_of_range(id);
  }
};

using Checks = std::vector<std::pair<std::uint32_t, std::uint32_t>>;  // (check callable, object statement)

struct TheoryFixture : ::testing::Test {
  TheoryLibrary lib;
  Catalog catalog = make_catalog(lib.api, lib.ids);
  LiteralPool literals{lib.api};

  static TheoryCheckOptions options(std::size_t per_sequence, double objectless) {
    TheoryCheckOptions o;
    o.theories_per_sequence = per_sequence;
    o.objectless_chance = objectless;
    return o;
  }

  static Statement a_ctor(std::int64_t n) { return call(Library::kACtor, {Input::integer(n)}); }
  static Statement other_ctor() { return call(Library::kOtherCtor); }

  /// The statements appended after the first `main_size`.
  static std::vector<Statement> tail(const Sequence& checked, std::size_t main_size) {
    std::vector<Statement> out;
    for (std::size_t k = main_size; k < checked.size(); ++k) out.push_back(checked[k]);
    return out;
  }

  bool is_theory(std::uint32_t c) const {
    return catalog.callables[c].oracle && catalog.callables[c].oracle->kind == api::Oracle::Kind::theory;
  }

  /// The appended invariants as (invariant, object).
  Checks invariants(const TheoryChecks& checks, const Sequence& s, Random& random) const {
    const Sequence checked = checks.appended(s, s.size(), random);
    EXPECT_EQ(checked.prefix(s.size()), s);
    Checks out;
    for (const Statement& st : tail(checked, s.size())) {
      EXPECT_FALSE(is_theory(st.callable));
      EXPECT_EQ(st.inputs.size(), 1u);
      if (st.inputs.size() != 1) continue;
      EXPECT_EQ(st.inputs[0].kind, InputKind::ref);
      out.emplace_back(st.callable, st.inputs[0].ref);
    }
    return out;
  }

  /// The appended theory statements.
  std::vector<Statement> theories(const Sequence& checked, std::size_t main_size) const {
    std::vector<Statement> out;
    for (const Statement& st : tail(checked, main_size))
      if (is_theory(st.callable)) out.push_back(st);
    return out;
  }
};

TEST_F(TheoryFixture, CatalogDescribesTheoriesAndInvariants) {
  ASSERT_EQ(catalog.callables.size(), lib.ids.size());
  const CallableInfo& pair = catalog.callables[TheoryLibrary::kPair];
  const api::Oracle& pair_oracle = lib.oracle_of(lib.ids[TheoryLibrary::kPair]);
  EXPECT_TRUE(pair.usable);
  EXPECT_EQ(pair.oracle, &pair_oracle);
  EXPECT_EQ(pair.callable, &pair_oracle.function);
  EXPECT_FALSE(pair.contract.has_value());
  EXPECT_TRUE(pair.is_check());
  EXPECT_EQ(pair.check_kind(), "theory");
  EXPECT_FALSE(pair.is_method);
  EXPECT_TRUE(pair.yields.empty());
  ASSERT_EQ(pair.inputs.size(), 3u);
  EXPECT_TRUE(pair.inputs[0].literal);
  EXPECT_EQ(pair.inputs[0].type.base, "int");
  EXPECT_EQ(pair.inputs[0].param, &pair_oracle.function.params[0]);
  EXPECT_FALSE(pair.inputs[1].literal);
  EXPECT_EQ(pair.inputs[1].record, "ns::Other");
  EXPECT_EQ(pair.inputs[1].type.passing, api::Passing::const_ref);
  EXPECT_EQ(pair.inputs[1].param, &pair_oracle.function.params[1]);
  EXPECT_FALSE(pair.inputs[2].literal);
  EXPECT_EQ(pair.inputs[2].record, "ns::A");
  EXPECT_EQ(pair.inputs[2].type.passing, api::Passing::ref);
  // Filed under the class of its first object parameter, not of its first parameter.
  EXPECT_EQ(subject_of(pair), "Other");

  const CallableInfo& a_valid = catalog.callables[TheoryLibrary::kAValid];
  EXPECT_EQ(a_valid.oracle, &lib.oracle_of(lib.ids[TheoryLibrary::kAValid]));
  EXPECT_TRUE(a_valid.is_check());
  EXPECT_EQ(a_valid.check_kind(), "invariant");
  ASSERT_EQ(a_valid.inputs.size(), 1u);
  EXPECT_EQ(a_valid.inputs[0].record, "ns::A");
  EXPECT_FALSE(a_valid.inputs[0].null_allowed);
  EXPECT_EQ(subject_of(a_valid), "A");
  EXPECT_EQ(subject_of(catalog.callables[TheoryLibrary::kOtherValid]), "Other");
  EXPECT_EQ(catalog.callables[TheoryLibrary::kOtherValid].check_kind(), "invariant");
  EXPECT_EQ(subject_of(catalog.callables[TheoryLibrary::kAOnly]), "A");

  const CallableInfo& arith = catalog.callables[TheoryLibrary::kArith];
  EXPECT_EQ(arith.check_kind(), "theory");
  ASSERT_EQ(arith.inputs.size(), 2u);
  EXPECT_TRUE(arith.inputs[0].literal);
  EXPECT_TRUE(arith.inputs[1].literal);
  EXPECT_EQ(subject_of(arith), "functions");  // no object parameter

  // The others: contracts are checks of kind "contract", library callables are no checks.
  EXPECT_TRUE(catalog.callables[Library::kReflexive].is_check());
  EXPECT_EQ(catalog.callables[Library::kReflexive].check_kind(), "contract");
  for (std::uint32_t c : {Library::kACtor, Library::kUse, Library::kFree, TheoryLibrary::kFill}) {
    EXPECT_FALSE(catalog.callables[c].is_check()) << lib.ids[c];
    EXPECT_EQ(catalog.callables[c].check_kind(), "") << lib.ids[c];
    EXPECT_EQ(catalog.callables[c].oracle, nullptr) << lib.ids[c];
  }
  // Theories alone are nothing to call.
  EXPECT_THROW(make_catalog(lib.api, {"ns_theories::a_valid(ns::A &)", "ns_theories::arith(int, const std::string &)"}),
               std::runtime_error);
}

TEST_F(TheoryFixture, TheoriesAndInvariantsAreNeverPartOfARandomSequence) {
  RandomStep step(catalog, literals, {});
  Pool pool;
  Random random(77);
  for (int i = 0; i < 300; ++i) {
    auto candidate = step.next(pool, random);
    if (!candidate) continue;
    for (const Statement& st : candidate->statements())
      ASSERT_FALSE(catalog.callables[st.callable].is_check()) << catalog.callables[st.callable].id;
    pool.add(*candidate, yields_of(*candidate, catalog), random);
  }
}

TEST_F(TheoryFixture, InvariantsOfTheObjectsTheLastStatementTouched) {
  const TheoryChecks checks(catalog, literals, options(0, 0));
  EXPECT_FALSE(checks.empty());
  Random random(1);
  using L = TheoryLibrary;
  // The object a constructor makes.
  EXPECT_EQ(invariants(checks, make({a_ctor(1)}), random), (Checks{{L::kAValid, 0}}));
  // Only what the last statement touched: the A made before is not checked again.
  EXPECT_EQ(invariants(checks, make({a_ctor(1), other_ctor()}), random), (Checks{{L::kOtherValid, 1}}));
  // The receiver; an argument passed by const reference is not changed.
  EXPECT_EQ(invariants(checks, make({a_ctor(1), other_ctor(), call(L::kUse, {ref(0), ref(1)})}), random),
            (Checks{{L::kAValid, 0}}));
  // Arguments by non-const reference and by pointer may be changed.
  EXPECT_EQ(invariants(checks, make({a_ctor(1), other_ctor(), call(L::kFill, {ref(0), ref(1)})}), random),
            (Checks{{L::kAValid, 0}, {L::kOtherValid, 1}}));
  EXPECT_EQ(invariants(checks, make({a_ctor(1), other_ctor(), call(L::kPeek, {ref(0), ref(1)})}), random),
            (Checks{{L::kAValid, 0}, {L::kOtherValid, 1}}));
  // A result and the receiver that made it.
  EXPECT_EQ(invariants(checks, make({a_ctor(1), call(L::kMake, {ref(0)})}), random),
            (Checks{{L::kAValid, 0}, {L::kOtherValid, 1}}));
  // Statement 0 touched by an earlier statement, not by the last one.
  EXPECT_EQ(invariants(checks, make({a_ctor(1), other_ctor(), call(L::kFill, {ref(0), ref(1)}), a_ctor(2)}), random),
            (Checks{{L::kAValid, 3}}));
  // An argument passed by value is the callee's copy.
  EXPECT_EQ(invariants(checks, make({a_ctor(1), call(L::kMake, {ref(0)}), call(L::kTake, {ref(0), ref(1)})}), random),
            (Checks{{L::kAValid, 0}}));
  // Nothing touched, nothing appended.
  const Sequence free_call = make({call(L::kFree, {Input::integer(1), Input::string("x")})});
  EXPECT_EQ(checks.appended(free_call, 1, random), free_call);
  EXPECT_EQ(checks.appended(Sequence(), 0, random), Sequence());
}

TEST_F(TheoryFixture, InvariantsFollowTheContractChecks) {
  const TheoryChecks checks(catalog, literals, options(0, 0));
  Random random(3);
  const Sequence with_contract = make({a_ctor(1), call(Library::kReflexive, {ref(0)})});
  const Sequence checked = checks.appended(with_contract, 1, random);
  ASSERT_EQ(checked.size(), 3u);
  EXPECT_EQ(checked.prefix(2), with_contract);
  EXPECT_EQ(checked[2].callable, TheoryLibrary::kAValid);
  ASSERT_EQ(checked[2].inputs.size(), 1u);
  EXPECT_EQ(checked[2].inputs[0].ref, 0u);
}

TEST_F(TheoryFixture, TheoriesNeedAllTheirObjectsAndOneTouched) {
  const TheoryChecks checks(catalog, literals, options(10, 0));
  using L = TheoryLibrary;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    SCOPED_TRACE(seed);
    Random random(seed);
    // An A: a_only on it; pair needs an Other too.
    {
      const Sequence s = make({a_ctor(1)});
      const auto t = theories(checks.appended(s, s.size(), random), s.size());
      ASSERT_EQ(t.size(), 1u);
      EXPECT_EQ(t[0].callable, L::kAOnly);
      ASSERT_EQ(t[0].inputs.size(), 1u);
      EXPECT_EQ(t[0].inputs[0].kind, InputKind::ref);
      EXPECT_EQ(t[0].inputs[0].ref, 0u);
    }
    // A new Other, an older A: pair (the Other is new), not a_only (its A is not).
    {
      const Sequence s = make({a_ctor(1), other_ctor()});
      const auto t = theories(checks.appended(s, s.size(), random), s.size());
      ASSERT_EQ(t.size(), 1u);
      EXPECT_EQ(t[0].callable, L::kPair);
      ASSERT_EQ(t[0].inputs.size(), 3u);
      EXPECT_EQ(t[0].inputs[0].kind, InputKind::signed_integer);
      EXPECT_EQ(t[0].inputs[1].kind, InputKind::ref);
      EXPECT_EQ(t[0].inputs[1].ref, 1u);
      EXPECT_EQ(t[0].inputs[2].kind, InputKind::ref);
      EXPECT_EQ(t[0].inputs[2].ref, 0u);
    }
    // A new A among two: both theories, on the new A.
    {
      const Sequence s = make({a_ctor(1), other_ctor(), a_ctor(2)});
      const auto t = theories(checks.appended(s, s.size(), random), s.size());
      ASSERT_EQ(t.size(), 2u);
      std::map<std::uint32_t, Statement> by_callable;
      for (const auto& st : t) by_callable[st.callable] = st;
      ASSERT_TRUE(by_callable.count(L::kAOnly));
      ASSERT_TRUE(by_callable.count(L::kPair));
      EXPECT_EQ(by_callable[L::kAOnly].inputs[0].ref, 2u);
      EXPECT_EQ(by_callable[L::kPair].inputs[1].ref, 1u);
      EXPECT_EQ(by_callable[L::kPair].inputs[2].ref, 2u);
    }
    // Only an Other: pair has no A.
    {
      const Sequence s = make({other_ctor()});
      const Sequence checked = checks.appended(s, s.size(), random);
      EXPECT_TRUE(theories(checked, s.size()).empty());
      EXPECT_EQ(checked.size(), 2u);  // the invariant of the Other
    }
    // The last statement touched no object: no theory on the older ones.
    {
      const Sequence s = make({a_ctor(1), other_ctor(), call(L::kFree, {Input::integer(1), Input::string("x")})});
      EXPECT_EQ(checks.appended(s, s.size(), random), s);
    }
  }
}

TEST_F(TheoryFixture, AtMostTheoriesPerSequence) {
  const Sequence s = make({a_ctor(1), other_ctor(), a_ctor(2)});  // a_only and pair both apply
  for (std::size_t cap : {0u, 1u, 2u, 5u}) {
    SCOPED_TRACE(cap);
    const TheoryChecks checks(catalog, literals, options(cap, 0));
    std::set<std::uint32_t> seen;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
      Random random(seed);
      const Sequence checked = checks.appended(s, s.size(), random);
      const auto t = theories(checked, s.size());
      EXPECT_EQ(t.size(), std::min<std::size_t>(cap, 2));
      for (const auto& st : t) seen.insert(st.callable);
      // The invariant of the new A whatever the cap, before the theories.
      ASSERT_GE(checked.size(), s.size() + 1);
      EXPECT_EQ(checked[s.size()].callable, TheoryLibrary::kAValid);
    }
    // Drawn in a random order: with one allowed, each comes up.
    if (cap > 0) {
      EXPECT_EQ(seen, (std::set<std::uint32_t>{TheoryLibrary::kAOnly, TheoryLibrary::kPair}));
    }
  }
}

TEST_F(TheoryFixture, LiteralInputsComeFromTheLiteralPoolWithTheGivenValues) {
  const Sequence s = make({a_ctor(1), other_ctor()});
  const TheoryChecks checks(catalog, literals, options(1, 0));
  api::Api plain_api = lib.api;
  plain_api.param_values.clear();
  const Catalog plain_catalog = make_catalog(plain_api, lib.ids);
  const LiteralPool plain_literals(plain_api);
  const TheoryChecks plain(plain_catalog, plain_literals, options(1, 0));
  Random random(11), plain_random(11);
  constexpr int kDraws = 600;
  int given = 0, plain_given = 0;
  std::set<std::int64_t> values;
  for (int i = 0; i < kDraws; ++i) {
    const auto t = theories(checks.appended(s, s.size(), random), s.size());
    ASSERT_EQ(t.size(), 1u);
    ASSERT_EQ(t[0].inputs[0].kind, InputKind::signed_integer);
    values.insert(t[0].inputs[0].i);
    if (t[0].inputs[0].i == 4242) ++given;
    const auto p = theories(plain.appended(s, s.size(), plain_random), s.size());
    ASSERT_EQ(p.size(), 1u);
    if (p[0].inputs[0].i == 4242) ++plain_given;
  }
  EXPECT_GT(given, kDraws * 4 / 10);  // PALUS_PARAM_VALUES half of the time
  EXPECT_GT(values.size(), 3u);       // and the pool's other values
  EXPECT_EQ(plain_given, 0);
}

TEST_F(TheoryFixture, ObjectlessTheoriesByChance) {
  const Sequence free_call = make({call(Library::kFree, {Input::integer(1), Input::string("x")})});
  const Sequence a = make({a_ctor(1)});
  const TheoryChecks never(catalog, literals, options(10, 0));
  const TheoryChecks always(catalog, literals, options(10, 1));
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    SCOPED_TRACE(seed);
    Random random(seed);
    EXPECT_EQ(never.appended(free_call, 1, random), free_call);
    for (const auto& st : theories(never.appended(a, 1, random), 1)) {
      EXPECT_NE(st.callable, TheoryLibrary::kArith);
    }

    // Even after a statement that touched no object.
    const Sequence checked = always.appended(free_call, 1, random);
    ASSERT_EQ(checked.size(), 2u);
    EXPECT_EQ(checked[1].callable, TheoryLibrary::kArith);
    ASSERT_EQ(checked[1].inputs.size(), 2u);
    EXPECT_EQ(checked[1].inputs[0].kind, InputKind::signed_integer);
    EXPECT_EQ(checked[1].inputs[1].kind, InputKind::string);
    std::set<std::uint32_t> with_a;
    for (const auto& st : theories(always.appended(a, 1, random), 1)) with_a.insert(st.callable);
    EXPECT_EQ(with_a, (std::set<std::uint32_t>{TheoryLibrary::kAOnly, TheoryLibrary::kArith}));
  }
  // About half of the time with a chance of one half.
  const TheoryChecks half(catalog, literals, options(10, 0.5));
  Random random(5);
  int appended = 0;
  for (int i = 0; i < 400; ++i) appended += half.appended(free_call, 1, random).size() > 1 ? 1 : 0;
  EXPECT_GT(appended, 120);
  EXPECT_LT(appended, 280);
}

TEST_F(TheoryFixture, DeterministicForASeed) {
  const TheoryChecks checks(catalog, literals, options(1, 0.5));
  const std::vector<Sequence> sequences = {make({a_ctor(1)}), make({a_ctor(1), other_ctor()}),
                                           make({a_ctor(1), other_ctor(), a_ctor(2)}),
                                           make({call(Library::kFree, {Input::integer(1), Input::string("x")})})};
  auto run = [&](std::uint64_t seed) {
    Random random(seed);
    std::vector<Sequence> out;
    for (int round = 0; round < 10; ++round)
      for (const Sequence& s : sequences) out.push_back(checks.appended(s, s.size(), random));
    return out;
  };
  EXPECT_EQ(run(42), run(42));
  EXPECT_NE(run(42), run(43));
}

// 0: a = A(1)  1: p = a.make()  2: a.take(p) -- take's unique_ptr parameter by value moved p, so the
// harness holds a null pointer for statement 1: a theory taking it would make the whole candidate
// invalid.
TEST_F(TheoryFixture, TheoriesDoNotTakeMovedFromObjects) {
  const TheoryChecks checks(catalog, literals, options(10, 0));
  const Sequence s = make({a_ctor(1), call(Library::kMake, {ref(0)}), call(Library::kTake, {ref(0), ref(1)})});
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Random random(seed);
    const Sequence checked = checks.appended(s, s.size(), random);
    for (const Statement& st : theories(checked, s.size()))
      for (const Input& in : st.inputs)
        if (in.kind == InputKind::ref) {
          EXPECT_NE(in.ref, 1u) << catalog.callables[st.callable].id << " takes the moved-from object";
        }
  }
}

// A theory or invariant that may change an object (a T& parameter) is never given a const T& the
// library returned; one that takes a const T& is.
TEST(TheoryChecksOfReadOnlyObjects, OnlyAConstParameterTakesAReadOnlyObject) {
  TheoryLibrary lib;
  lib.api.functions.push_back(callable("ns::shared()", "shared", "", api::CallableKind::function, {},
                                       record_type("ns::A", api::Passing::const_ref)));
  lib.ids.push_back("ns::shared()");
  const auto shared = static_cast<std::uint32_t>(lib.ids.size() - 1);
  const Catalog catalog = make_catalog(lib.api, lib.ids);
  ASSERT_TRUE(catalog.callables[shared].yields_read_only);
  const LiteralPool literals{lib.api};
  TheoryCheckOptions options;
  options.theories_per_sequence = 10;
  options.objectless_chance = 0;
  const TheoryChecks checks(catalog, literals, options);
  auto appended = [&](const Sequence& s) {
    std::set<std::uint32_t> out;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
      Random random(seed);
      const Sequence checked = checks.appended(s, s.size(), random);
      EXPECT_FALSE(changes_read_only(catalog, checked));
      for (std::size_t k = s.size(); k < checked.size(); ++k) out.insert(checked[k].callable);
    }
    return out;
  };
  const Sequence read_only = make({call(Library::kOtherCtor), call(shared)});
  EXPECT_EQ(appended(read_only), (std::set<std::uint32_t>{TheoryLibrary::kAOnly}));
  const Sequence own = make({call(Library::kOtherCtor), call(Library::kACtor, {Input::integer(1)})});
  const std::set<std::uint32_t> all = appended(own);
  EXPECT_TRUE(all.count(TheoryLibrary::kAValid) && all.count(TheoryLibrary::kPair) && all.count(TheoryLibrary::kAOnly));
}

TEST_F(TheoryFixture, NoOraclesNoChecks) {
  const Catalog bare = make_catalog(lib.api, std::vector<std::string>(lib.ids.begin(), lib.ids.begin() + 11));
  const TheoryChecks none(bare, literals, options(10, 1));
  EXPECT_TRUE(none.empty());
  Random random(1);
  const Sequence s = make({a_ctor(1), other_ctor(), call(Library::kUse, {ref(0), ref(1)})});
  EXPECT_EQ(none.appended(s, s.size(), random), s);
}

// feedback::classify on theory and invariant checks.

harness::protocol::StatementResult check_answer(std::string s) {
  harness::protocol::StatementResult r;
  r.value.kind = harness::protocol::ValueKind::string;
  r.value.s = std::move(s);
  return r;
}

struct TheoryFeedbackFixture : TheoryFixture {
  FeedbackOptions feedback;
  // 0: A(1)  1: Other()  2: a.use(other)  3: a_valid(a)  4: other_valid(other)  5: pair(7, other, a)
  Sequence main = make({a_ctor(1), other_ctor(), call(Library::kUse, {ref(0), ref(1)})});
  Sequence checked = main.extended({call(TheoryLibrary::kAValid, {ref(0)}), call(TheoryLibrary::kOtherValid, {ref(1)}),
                                    call(TheoryLibrary::kPair, {Input::integer(7), ref(1), ref(0)})});

  Classified classify_checked(const Outcome& o) const { return classify(o, checked, main.size(), catalog, feedback); }

  static Outcome normal(std::vector<harness::protocol::StatementResult> answers) {
    Outcome o;
    o.kind = OutcomeKind::normal;
    o.result.statements = std::move(answers);
    return o;
  }
};

TEST_F(TheoryFeedbackFixture, HeldChecksAreNormal) {
  const Classified c = classify_checked(normal({{}, {}, {}, check_answer(""), check_answer(""), check_answer("")}));
  EXPECT_EQ(c.verdict, Verdict::normal);
  EXPECT_TRUE(c.key.empty());
  EXPECT_TRUE(c.kind.empty());
}

TEST_F(TheoryFeedbackFixture, ViolatedTheoryIsAFailureOfKindTheory) {
  const Classified c = classify_checked(
      normal({{}, {}, {}, check_answer(""), check_answer(""), check_answer("expected a throw at theories.hpp:14")}));
  EXPECT_EQ(c.verdict, Verdict::failure);
  EXPECT_EQ(c.kind, "theory");
  EXPECT_EQ(c.statement, 5);
  EXPECT_EQ(c.message, "expected a throw at theories.hpp:14");
  EXPECT_EQ(c.key, "theory\n" + lib.ids[TheoryLibrary::kPair]);
}

TEST_F(TheoryFeedbackFixture, ViolatedInvariantIsAFailureOfKindInvariant) {
  // The first violated check is the one reported.
  const Classified c =
      classify_checked(normal({{}, {}, {}, check_answer(""), check_answer("size() >= 0"), check_answer("later")}));
  EXPECT_EQ(c.verdict, Verdict::failure);
  EXPECT_EQ(c.kind, "invariant");
  EXPECT_EQ(c.statement, 4);
  EXPECT_EQ(c.message, "size() >= 0");
  EXPECT_EQ(c.key, "invariant\n" + lib.ids[TheoryLibrary::kOtherValid]);
  // Keys differ by the check, not by the message.
  const Classified again =
      classify_checked(normal({{}, {}, {}, check_answer(""), check_answer("another message"), check_answer("")}));
  EXPECT_EQ(again.key, c.key);
  const Classified a = classify_checked(normal({{}, {}, {}, check_answer("size() >= 0"), {}, {}}));
  EXPECT_EQ(a.kind, "invariant");
  EXPECT_EQ(a.statement, 3);
  EXPECT_NE(a.key, c.key);
}

TEST_F(TheoryFeedbackFixture, CrashInsideATheoryIsAFailure) {
  Outcome o;
  o.kind = OutcomeKind::crash;
  o.statement = 5;
  o.message = "SIGSEGV";
  o.top_frame = "ns_theories::pair(int, const ns::Other &, ns::A &) /src/theories/ns_theories.hpp:14:3";
  o.phase = "call";
  const Classified c = classify_checked(o);
  EXPECT_EQ(c.verdict, Verdict::failure);
  EXPECT_EQ(c.kind, "crash");
  EXPECT_EQ(c.statement, 5);
  EXPECT_EQ(c.message, "SIGSEGV");
  EXPECT_EQ(c.key, "crash\n" + lib.ids[TheoryLibrary::kPair] + "\n" + o.top_frame);
  // Inside an invariant: keyed by the invariant.
  o.statement = 3;
  EXPECT_EQ(classify_checked(o).key, "crash\n" + lib.ids[TheoryLibrary::kAValid] + "\n" + o.top_frame);
}

}  // namespace
}  // namespace palus::generation
