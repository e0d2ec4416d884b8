// Unit tests of the model-guided generation (Palus Figures 7 and 8, DESIGN §6): binding a model
// to the harness's callables, recorded values as inputs, dependent methods drawn by relevance,
// and the guided source's bookkeeping (root, extension, dependence state, unguided phase). The
// statistical comparison with random mode on tinysql is in tests/e2e/guided_e2e_test.cpp.

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <utility>

#include "palus/generation/catalog.hpp"
#include "palus/generation/dependent_methods.hpp"
#include "palus/generation/guided_source.hpp"
#include "palus/generation/literal_pool.hpp"
#include "palus/generation/model_guide.hpp"
#include "palus/generation/random_step.hpp"
#include "unit/palus/generation/generation_fixtures.hpp"

namespace palus::generation {
namespace {

using namespace fixtures;
using harness::protocol::InputKind;
using models::TraceValue;

TraceValue int_value(std::int64_t v) {
  TraceValue t;
  t.kind = TraceValue::Kind::signed_integer;
  t.i = v;
  return t;
}

TraceValue string_value(std::string s) {
  TraceValue t;
  t.kind = TraceValue::Kind::string;
  t.s = std::move(s);
  return t;
}

/// ns::A: root -A(7)-> 1 -use(Other in state Other#1)-> 2, and a transition palus cannot follow;
/// ns::Other: root -Other()-> 1.
models::Model library_model() {
  models::Model m;
  models::ClassModel a;
  a.cls = "ns::A";
  a.nodes = {{0, {}, 2}, {1, {}, 2}, {2, {}, 1}};
  models::Transition make_a{0, 1, "ns::A::A(int)", -1, false, false, 2, {{0, {int_value(7)}, {}, {}}}};
  models::Transition use{1, 2, "ns::A::use(const ns::Other &)", 0, false, false, 1, {{1, {}, {{"ns::Other", 1}}, {}}}};
  models::Transition gone{1, 2, "ns::gone(int)", 0, false, false, 1, {}};
  a.transitions = {make_a, use, gone};
  models::ClassModel other;
  other.cls = "ns::Other";
  other.nodes = {{0, {}, 1}, {1, {}, 1}};
  other.transitions = {{0, 1, "ns::Other::Other()", -1, false, false, 1, {}}};
  m.classes = {a, other};
  return m;
}

harness::protocol::RunResult normal_result(const Sequence& s) {
  harness::protocol::RunResult r;
  r.statements.resize(s.size());
  return r;
}

TEST(RecordedInput, ValuesFitTheParameterType) {
  const auto str = type("const std::string &", "std::string", api::Passing::const_ref, api::TypeCategory::string);
  auto in = recorded_input(str, string_value("SELECT 1"));
  ASSERT_TRUE(in);
  EXPECT_EQ(in->kind, InputKind::string);
  EXPECT_EQ(in->s, "SELECT 1");
  EXPECT_FALSE(recorded_input(str, int_value(3)));

  const auto size = type("std::size_t", "std::size_t", api::Passing::value, api::TypeCategory::integer);
  in = recorded_input(size, int_value(5));
  ASSERT_TRUE(in);
  EXPECT_EQ(in->kind, InputKind::unsigned_integer);
  EXPECT_EQ(in->u, 5u);

  in = recorded_input(int_type(), int_value(-4));
  ASSERT_TRUE(in);
  EXPECT_EQ(in->kind, InputKind::signed_integer);
  EXPECT_EQ(in->i, -4);

  TraceValue null;
  null.kind = TraceValue::Kind::null_pointer;
  const auto cstr = type("const char *", "char", api::Passing::const_pointer, api::TypeCategory::cstring);
  in = recorded_input(cstr, null);
  ASSERT_TRUE(in);
  EXPECT_EQ(in->kind, InputKind::null_pointer);
  EXPECT_FALSE(recorded_input(int_type(), null));
}

TEST(ModelGuide, FollowsTransitionsTheHarnessCanCallAndListsTheRest) {
  const Library lib;
  const Catalog catalog = make_catalog(lib.api, lib.ids);
  const models::Model model = library_model();
  const ModelGuide guide(model, catalog);
  EXPECT_EQ(guide.followable(), 3u);
  EXPECT_EQ(guide.unfollowable(), 1u);  // ns::gone(int) is not in api.yaml
  ASSERT_EQ(guide.rooted().size(), 2u);
  ASSERT_EQ(guide.outgoing({0, 1}).size(), 1u);
  EXPECT_EQ(guide.outgoing({0, 1})[0].callable->index, Library::kUse);
  EXPECT_TRUE(guide.outgoing({0, 2}).empty());
  std::set<std::uint32_t> uncovered;
  for (const auto* c : guide.uncovered()) uncovered.insert(c->index);
  EXPECT_FALSE(uncovered.count(Library::kACtor));
  EXPECT_FALSE(uncovered.count(Library::kUse));
  EXPECT_FALSE(uncovered.count(Library::kOtherCtor));
  EXPECT_TRUE(uncovered.count(Library::kMake));
  EXPECT_TRUE(uncovered.count(Library::kFree));
}

TEST(DependentMethods, DrawnInProportionToRelevance) {
  Library lib;
  api::Dependence peek_on_use{
      "ns::A::peek(ns::Other *)", "ns::A::use(const ns::Other &)", true, false, {"ns::A::x"}, 3.0};
  api::Dependence make_on_use{"ns::A::make()", "ns::A::use(const ns::Other &)", false, true, {"ns::A::y"}, 1.0};
  lib.api.classes[0].dependences = {peek_on_use, make_on_use};
  const Catalog catalog = make_catalog(lib.api, lib.ids);
  const DependentMethods dependents(catalog);
  Random random(3);
  std::map<std::uint32_t, int> drawn;
  for (int i = 0; i < 4000; ++i) ++drawn[dependents.pick("ns::A::use(const ns::Other &)", random)->index];
  EXPECT_EQ(drawn.size(), 2u);
  const double ratio = static_cast<double>(drawn[Library::kPeek]) / drawn[Library::kMake];
  EXPECT_GT(ratio, 2.5);
  EXPECT_LT(ratio, 3.6);
  EXPECT_EQ(dependents.pick("ns::A::make()", random), nullptr);
}

/// Tells `source` that candidate `s` ran normally, and adds it to `pool`.
void ran_normally(GuidedSource& source, const Sequence& s, Pool& pool, const Catalog& catalog, Random& random) {
  pool.add(s, yields_of(s, catalog), random);
  source.executed(s, Verdict::normal, normal_result(s));
}

/// Tells `source` that the last statement of candidate `s` threw, the ones before it ran normally.
void last_threw(GuidedSource& source, const Sequence& s) {
  harness::protocol::RunResult result = normal_result(s);
  result.statements.back().status = harness::protocol::StatementStatus::exception;
  source.executed(s, Verdict::exception, result);
}

/// Runs the source for `steps` candidates, every one executed "normally".
struct Driven {
  std::vector<Sequence> candidates;
};

Driven drive(GuidedSource& source, const Catalog& catalog, int steps, std::uint64_t seed) {
  Driven out;
  Pool pool;
  Random random(seed);
  for (int i = 0; i < steps; ++i) {
    auto candidate = source.next(pool, random);
    if (!candidate) continue;
    out.candidates.push_back(*candidate);
    ran_normally(source, *candidate, pool, catalog, random);
  }
  return out;
}

/// The library, its model bound to the harness's callables, and a random step: what a guided
/// source is made from.
struct GuidedFixture : ::testing::Test {
  explicit GuidedFixture(Library library = Library()) : lib(std::move(library)) {}
  const Library lib;
  const Catalog catalog = make_catalog(lib.api, lib.ids);
  const models::Model model = library_model();
  const ModelGuide guide{model, catalog};
  const LiteralPool literals{lib.api};
  RandomStep step{catalog, literals, StepOptions{}};

  /// A source with the guided phase alone (the model modes), its steps set by `step_options`.
  GuidedSource guided_only(GuidedStepOptions step_options = {}) {
    GuidedSourceOptions options;
    options.step = step_options;
    options.unguided_phase = false;
    return GuidedSource(catalog, guide, literals, step, options);
  }
};

TEST_F(GuidedFixture, StartsAtRootsWithRecordedValuesThenExtendsWithObjectsInTheDependenceState) {
  GuidedSource source = guided_only({.explore = 0});
  const Driven driven = drive(source, catalog, 60, 1);
  bool extended = false;
  for (const auto& s : driven.candidates) {
    for (std::size_t k = 0; k < s.size(); ++k) {
      if (s[k].callable == Library::kACtor) {
        ASSERT_EQ(s[k].inputs[0].kind, InputKind::signed_integer);
        EXPECT_EQ(s[k].inputs[0].i, 7);  // the value the sample passed, every time
      }
      if (s[k].callable == Library::kUse) {
        extended = true;
        EXPECT_EQ(s[s[k].inputs[0].ref].callable, Library::kACtor);
        EXPECT_EQ(s[s[k].inputs[1].ref].callable, Library::kOtherCtor);
      }
      // Only model transitions in the guided phase of the model modes.
      EXPECT_TRUE(s[k].callable == Library::kACtor || s[k].callable == Library::kUse ||
                  s[k].callable == Library::kOtherCtor);
    }
  }
  EXPECT_TRUE(extended);
  const GuidedSourceStats stats = source.stats();
  EXPECT_GT(stats.from_root, 0u);
  EXPECT_GT(stats.extended, 0u);
  EXPECT_GT(stats.step.by_state, 0u);
  EXPECT_EQ(stats.step.by_type, 0u);  // Other always came by its dependence state
}

TEST_F(GuidedFixture, SomeInputsExploreBeyondTheRecordedValuesAndTheConstraints) {
  GuidedSource source = guided_only({.explore = 0.25});
  const Driven driven = drive(source, catalog, 400, 1);
  std::set<std::int64_t> values;
  for (const auto& s : driven.candidates)
    for (std::size_t k = 0; k < s.size(); ++k)
      if (s[k].callable == Library::kACtor) values.insert(s[k].inputs[0].i);
  EXPECT_TRUE(values.count(7));
  EXPECT_GT(values.size(), 1u);  // not only the value the sample passed
  const GuidedSourceStats stats = source.stats();
  EXPECT_GT(stats.step.by_state, 0u);
  EXPECT_GT(stats.step.by_type, 0u);  // and not only objects in the dependence state
  EXPECT_GT(stats.step.by_state, stats.step.by_type);
}

TEST_F(GuidedFixture, ASequenceIsExtendedOnceFromItsNode) {
  GuidedSource source = guided_only();
  const Driven driven = drive(source, catalog, 200, 5);
  // Each arrival at A#1 (a candidate ending in A's constructor) can be extended once: a sequence
  // leaves reachingSeqs when it is extended (Figure 7 line 17).
  int arrivals = 0, extensions = 0;
  for (const auto& s : driven.candidates) {
    const std::uint32_t last = s[s.size() - 1].callable;
    arrivals += last == Library::kACtor;
    extensions += last == Library::kUse;
  }
  EXPECT_GT(extensions, 0);
  EXPECT_LE(extensions, arrivals);
}

TEST_F(GuidedFixture, ARootMadeTheSameWayAgainReachesItsNodeAgain) {
  // The sample's value every time: A(7) is one sequence, which the loop runs once and drops
  // as a duplicate after. Each drop still puts it at A#1, so A#1 is extended again and again.
  // As in the loop, candidates are drawn in batches, duplicates dropped as they are drawn (the
  // first A(7) is drawn again before it has run), and the batch run after.
  GuidedSource source = guided_only({.explore = 0});
  Pool pool;
  Random random(2);
  std::set<std::uint64_t> ran;
  int drawn_uses = 0;
  for (int batch = 0; batch < 40; ++batch) {
    std::vector<Sequence> to_run;
    for (int i = 0; i < 8; ++i) {
      auto candidate = source.next(pool, random);
      if (!candidate) continue;
      drawn_uses += (*candidate)[candidate->size() - 1].callable == Library::kUse;
      if (!ran.insert(candidate->hash()).second)
        source.dropped(*candidate, true);
      else
        to_run.push_back(*candidate);
    }
    for (const Sequence& s : to_run) ran_normally(source, s, pool, catalog, random);
  }
  EXPECT_GT(source.stats().reached_again, 10u);
  EXPECT_GT(drawn_uses, 20);
}

/// ns::A along one deep walk, root -A(7)-> 1 -use-> 2 ... -use-> 10, beside eight
/// shallow ones, root -A(7)-> 1 -make()-> 2; ns::Other: root -Other()-> 1.
models::Model deep_and_wide_model() {
  models::Model m;
  const models::Transition make_a{0, 1, "ns::A::A(int)", -1, false, false, 2, {{0, {int_value(7)}, {}, {}}}};
  models::ClassModel deep;
  deep.cls = "ns::A";
  deep.transitions = {make_a};
  for (std::uint32_t node = 1; node < 10; ++node)
    deep.transitions.push_back(
        {node, node + 1, "ns::A::use(const ns::Other &)", 0, false, false, 1, {{1, {}, {{"ns::Other", 1}}, {}}}});
  for (std::uint32_t node = 0; node <= 10; ++node) deep.nodes.push_back({node, {}, 1});
  m.classes.push_back(deep);
  models::ClassModel other;
  other.cls = "ns::Other";
  other.nodes = {{0, {}, 1}, {1, {}, 1}};
  other.transitions = {{0, 1, "ns::Other::Other()", -1, false, false, 1, {}}};
  m.classes.push_back(other);
  models::ClassModel shallow;
  shallow.cls = "ns::A";
  shallow.nodes = {{0, {}, 1}, {1, {}, 1}, {2, {}, 1}};
  shallow.transitions = {make_a, {1, 2, "ns::A::make()", 0, false, false, 1, {}}};
  for (int k = 0; k < 8; ++k) m.classes.push_back(shallow);
  return m;
}

TEST_F(GuidedFixture, TheDeepestNodeReachedIsExtendedFirstWhileDuplicatesKeepArrivingNearTheRoots) {
  // Every candidate here is made the same way each time, so every node reached stays extendable
  // (duplicates arrive again). Drawn uniformly, the deep walk's frontier gets one draw in eight
  // and more (140 draws to its end, mean of the seeds); drawn by how seldom a node was extended,
  // a node just reached goes first (97).
  const models::Model wide = deep_and_wide_model();
  const ModelGuide wide_guide{wide, catalog};
  GuidedSourceOptions options;
  options.step.explore = 0;
  options.unguided_phase = false;
  int reached_in = 0, runs = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed, ++runs) {
    GuidedSource source(catalog, wide_guide, literals, step, options);
    Pool pool;
    Random random(seed);
    std::set<std::uint64_t> ran;
    int draws = 0;
    for (; draws < 400; ++draws) {
      auto candidate = source.next(pool, random);
      if (!candidate) continue;
      int uses = 0;
      for (std::size_t k = 0; k < candidate->size(); ++k) uses += (*candidate)[k].callable == Library::kUse;
      if (uses == 9) break;
      if (!ran.insert(candidate->hash()).second)
        source.dropped(*candidate, true);
      else
        ran_normally(source, *candidate, pool, catalog, random);
    }
    reached_in += draws;
  }
  EXPECT_LT(reached_in / runs, 120) << "draws until the deep walk's last transition, mean of " << runs << " seeds";
}

/// A library where peek depends on A's constructor, so palus mode appends `a.peek(...)` to each
/// new A.
struct DependentFixture : GuidedFixture {
  DependentFixture() : GuidedFixture(with_peek_on_constructor()) {}
  static Library with_peek_on_constructor() {
    Library lib;
    lib.api.classes[0].dependences = {{"ns::A::peek(ns::Other *)", "ns::A::A(int)", true, false, {"ns::A::x"}, 1.0}};
    return lib;
  }
};

TEST_F(DependentFixture, ATransitionReachesItsNodeWhenOnlyTheDependentCallAfterItThrows) {
  GuidedSource source = guided_only();
  Pool pool;
  Random random(4);
  int peeks = 0, uses = 0;
  for (int i = 0; i < 200; ++i) {
    auto candidate = source.next(pool, random);
    if (!candidate) continue;
    const Sequence& s = *candidate;
    if (s[s.size() - 1].callable == Library::kPeek) {
      // Every appended peek throws: the candidate is an exception, its prefix ran normally.
      ++peeks;
      last_threw(source, s);
      continue;
    }
    for (std::size_t k = 0; k < s.size(); ++k) uses += s[k].callable == Library::kUse;
    ran_normally(source, s, pool, catalog, random);
  }
  EXPECT_GT(peeks, 0);
  EXPECT_GT(uses, 0);  // A#1 was reached through the prefix before the throwing peek
  EXPECT_GT(source.stats().step.dependent_calls, 0u);
}

TEST_F(DependentFixture, AnExtensionWhoseTransitionFailsGivesItsBaseBack) {
  GuidedSource source = guided_only({.dependents = false});
  Pool pool;
  Random random(6);
  // Every use() throws; the one A that reached A#1 stays there to be extended again.
  int extensions_of_first = 0;
  std::optional<Sequence> first;
  for (int i = 0; i < 300; ++i) {
    auto candidate = source.next(pool, random);
    if (!candidate) continue;
    const Sequence& s = *candidate;
    if (s[s.size() - 1].callable == Library::kUse) {
      if (first && s.prefix(first->size()) == *first) ++extensions_of_first;
      last_threw(source, s);
      continue;
    }
    if (s[s.size() - 1].callable == Library::kACtor) {
      if (first) continue;  // only the first A reaches A#1
      first = s;
    }
    ran_normally(source, s, pool, catalog, random);
  }
  ASSERT_TRUE(first);
  EXPECT_GT(extensions_of_first, 1);
}

TEST_F(GuidedFixture, UnderATimeLimitGuidedAndUnguidedCandidatesAlternateFromTheStart) {
  // The deadline of a run moves earlier while found tests wait for their check: the unguided
  // share must not wait for a time that may never come.
  GuidedSourceOptions options;
  options.unguided_phase = true;
  options.guided_fraction = 0.6;
  options.deadline = std::chrono::steady_clock::now() + std::chrono::hours(1);
  GuidedSource source(catalog, guide, literals, step, options);
  drive(source, catalog, 10, 2);
  EXPECT_GT(source.stats().unguided, 0u) << "within the first 10 candidates of an hour's budget";
  EXPECT_GT(source.stats().from_root + source.stats().extended, 0u);
}

TEST_F(GuidedFixture, UnguidedPhaseCallsWhatTheModelDoesNotCover) {
  GuidedSourceOptions options;
  options.unguided_phase = true;
  options.guided_fraction = 0.5;
  options.max_steps = 40;
  GuidedSource source(catalog, guide, literals, step, options);
  const Driven driven = drive(source, catalog, 40, 2);
  EXPECT_FALSE(source.guided_phase());
  std::set<std::uint32_t> late;
  for (std::size_t i = 25; i < driven.candidates.size(); ++i) {
    const Sequence& s = driven.candidates[i];
    late.insert(s[s.size() - 1].callable);
  }
  EXPECT_FALSE(late.empty());
  for (std::uint32_t c : late) {
    EXPECT_NE(c, Library::kACtor);
    EXPECT_NE(c, Library::kUse);
  }
  EXPECT_GT(source.stats().unguided, 0u);
}

TEST_F(GuidedFixture, ShardsSplitTheUnguidedCallablesBetweenThem) {
  // palus run --shard K/N: in the unguided phase, shard K calls the model-uncovered callables at
  // places K-1 mod N only.
  const auto& uncovered = guide.uncovered();
  ASSERT_GE(uncovered.size(), 2u) << "the fixture's model leaves callables uncovered";
  for (std::uint32_t k = 0; k < 2; ++k) {
    GuidedSourceOptions options;
    options.unguided_phase = true;
    options.guided_fraction = 0.5;
    options.max_steps = 80;
    options.share_index = k;
    options.share_count = 2;
    GuidedSource source(catalog, guide, literals, step, options);
    const Driven driven = drive(source, catalog, 80, 5);
    std::set<std::uint32_t> late;
    for (std::size_t i = 45; i < driven.candidates.size(); ++i) {
      const Sequence& s = driven.candidates[i];
      late.insert(s[s.size() - 1].callable);
    }
    std::set<std::uint32_t> share;
    for (std::size_t p = k; p < uncovered.size(); p += 2) share.insert(uncovered[p]->index);
    EXPECT_FALSE(late.empty());
    for (std::uint32_t c : late)
      EXPECT_EQ(share.count(c), 1u) << catalog.callables[c].id << " is not shard " << k + 1 << "'s";
  }
}

}  // namespace
}  // namespace palus::generation
