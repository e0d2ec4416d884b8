// Sequences, the seeded random source and the pool of sequences that ran normally.

#include "palus/generation/sequence.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <vector>

#include "palus/generation/pool.hpp"
#include "palus/generation/random.hpp"
#include "unit/palus/generation/generation_fixtures.hpp"

namespace palus::generation {
namespace {

using namespace fixtures;

// ---------------------------------------------------------------------------------------------
// Sequence

TEST(Sequence, ExtendedLeavesTheOriginalUnchanged) {
  const Sequence one = make({call(0, {Input::integer(1)})});
  const std::uint64_t hash_before = one.hash();
  const Sequence two = one.extended(call(1, {ref(0)}));
  EXPECT_EQ(one.size(), 1u);
  EXPECT_EQ(one.hash(), hash_before);
  EXPECT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].callable, 0u);
  EXPECT_EQ(two[1].callable, 1u);
  ASSERT_EQ(two[1].inputs.size(), 1u);
  EXPECT_EQ(two[1].inputs[0].kind, InputKind::ref);
  EXPECT_EQ(two[1].inputs[0].ref, 0u);
  EXPECT_FALSE(one == two);
  // A second extension of the same original is independent of the first.
  const Sequence other = one.extended(call(2));
  EXPECT_EQ(two[1].callable, 1u);
  EXPECT_EQ(other[1].callable, 2u);
  EXPECT_TRUE(Sequence().empty());
}

TEST(Sequence, ConcatenationMovesRefsByTheirOffset) {
  const Sequence a = make({call(0), call(1, {ref(0), Input::integer(7)})});
  const Sequence b = make({call(2), call(3, {ref(0)}), call(4, {ref(1), ref(0), Input::null()})});
  std::vector<std::uint32_t> offsets{99, 98};  // cleared by concatenated
  const Sequence ab = Sequence::concatenated({&a, &b}, offsets);
  ASSERT_EQ(offsets, (std::vector<std::uint32_t>{0, 2}));
  ASSERT_EQ(ab.size(), 5u);
  EXPECT_EQ(ab[1].inputs[0].ref, 0u);
  EXPECT_EQ(ab[1].inputs[1].kind, InputKind::signed_integer);
  EXPECT_EQ(ab[1].inputs[1].i, 7);  // literals untouched
  EXPECT_EQ(ab[2].callable, 2u);
  EXPECT_EQ(ab[3].inputs[0].ref, 2u);
  EXPECT_EQ(ab[4].inputs[0].ref, 3u);
  EXPECT_EQ(ab[4].inputs[1].ref, 2u);
  EXPECT_EQ(ab[4].inputs[2].kind, InputKind::null_pointer);
  // The same sequence twice: the second copy refers to itself, not to the first.
  const Sequence bb = Sequence::concatenated({&b, &b}, offsets);
  ASSERT_EQ(offsets, (std::vector<std::uint32_t>{0, 3}));
  EXPECT_EQ(bb[4].inputs[0].ref, 3u);
  EXPECT_EQ(bb[5].inputs[0].ref, 4u);
  EXPECT_EQ(bb[5].inputs[1].ref, 3u);
  // Parts are unchanged.
  EXPECT_EQ(b[2].inputs[0].ref, 1u);
}

TEST(Sequence, WithoutRenumbersLaterRefsAndRefusesUsedStatements) {
  // 0: A()  1: B()  2: f(ref 1)  3: g(ref 0, ref 2)
  const Sequence s = make({call(0), call(1), call(2, {ref(1)}), call(3, {ref(0), ref(2)})});
  EXPECT_TRUE(s.is_used(0));
  EXPECT_TRUE(s.is_used(1));
  EXPECT_TRUE(s.is_used(2));
  EXPECT_FALSE(s.is_used(3));
  EXPECT_FALSE(s.without(0).has_value());
  EXPECT_FALSE(s.without(1).has_value());
  EXPECT_FALSE(s.without(2).has_value());
  EXPECT_FALSE(s.without(4).has_value());  // out of range

  // 0: A()  1: unused()  2: B()  3: f(ref 0, ref 2)
  const Sequence t = make({call(0), call(9), call(1), call(3, {ref(0), ref(2), Input::integer(2)})});
  EXPECT_FALSE(t.is_used(1));
  auto shorter = t.without(1);
  ASSERT_TRUE(shorter.has_value());
  ASSERT_EQ(shorter->size(), 3u);
  EXPECT_EQ((*shorter)[0].callable, 0u);
  EXPECT_EQ((*shorter)[1].callable, 1u);
  EXPECT_EQ((*shorter)[2].inputs[0].ref, 0u);  // before the removed one: unchanged
  EXPECT_EQ((*shorter)[2].inputs[1].ref, 1u);  // after it: one less
  EXPECT_EQ((*shorter)[2].inputs[2].i, 2);     // a literal 2 is not a ref to renumber
  EXPECT_EQ(*shorter, make({call(0), call(1), call(3, {ref(0), ref(1), Input::integer(2)})}));
  EXPECT_EQ(t.size(), 4u);  // the original is unchanged
  // The last statement can always go.
  auto no_last = t.without(3);
  ASSERT_TRUE(no_last.has_value());
  EXPECT_EQ(*no_last, t.prefix(3));
}

TEST(Sequence, Prefix) {
  const Sequence s = make({call(0), call(1), call(2)});
  EXPECT_EQ(s.prefix(0).size(), 0u);
  EXPECT_EQ(s.prefix(2), make({call(0), call(1)}));
  EXPECT_EQ(s.prefix(3), s);
  EXPECT_EQ(s.prefix(10), s);
}

TEST(Sequence, EqualityAndHashAreBitExactForFloatingPoint) {
  const Sequence plus_zero = make({call(0, {Input::floating(0.0)})});
  const Sequence minus_zero = make({call(0, {Input::floating(-0.0)})});
  EXPECT_FALSE(plus_zero == minus_zero);
  EXPECT_NE(plus_zero.hash(), minus_zero.hash());
  EXPECT_FALSE(same_input(Input::floating(0.0), Input::floating(-0.0)));

  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Sequence nan1 = make({call(0, {Input::floating(nan)})});
  const Sequence nan2 = make({call(0, {Input::floating(nan)})});
  EXPECT_TRUE(nan1 == nan2);
  EXPECT_EQ(nan1.hash(), nan2.hash());
  EXPECT_TRUE(same_input(Input::floating(nan), Input::floating(nan)));
  EXPECT_FALSE(nan1 == plus_zero);
}

TEST(Sequence, EqualityAndHashDistinguishCallablesInputsAndOrder) {
  const Sequence base = make({call(0), call(1), call(2, {ref(0), ref(1)})});
  const Sequence same = make({call(0), call(1), call(2, {ref(0), ref(1)})});
  EXPECT_TRUE(base == same);
  EXPECT_EQ(base.hash(), same.hash());

  const Sequence other_callable = make({call(0), call(1), call(3, {ref(0), ref(1)})});
  const Sequence swapped_inputs = make({call(0), call(1), call(2, {ref(1), ref(0)})});
  const Sequence swapped_statements = make({call(1), call(0), call(2, {ref(0), ref(1)})});
  for (const Sequence* s : {&other_callable, &swapped_inputs, &swapped_statements}) {
    EXPECT_FALSE(base == *s);
    EXPECT_NE(base.hash(), s->hash());
  }
  // Same value, different input kinds.
  const Sequence signed_one = make({call(0, {Input::integer(1)})});
  const Sequence unsigned_one = make({call(0, {Input::unsigned_integer(1)})});
  const Sequence bool_one = make({call(0, {Input::boolean(true)})});
  const Sequence ref_one = make({call(0), call(0, {ref(0)})});
  EXPECT_FALSE(signed_one == unsigned_one);
  EXPECT_FALSE(signed_one == bool_one);
  EXPECT_NE(signed_one.hash(), unsigned_one.hash());
  EXPECT_NE(signed_one.hash(), bool_one.hash());
  EXPECT_FALSE(ref_one == make({call(0), call(0, {Input::integer(0)})}));
  // Strings: content, and where the inputs split.
  EXPECT_FALSE(make({call(0, {Input::string("ab"), Input::string("")})}) ==
               make({call(0, {Input::string("a"), Input::string("b")})}));
  EXPECT_NE(make({call(0, {Input::string("ab"), Input::string("")})}).hash(),
            make({call(0, {Input::string("a"), Input::string("b")})}).hash());
  // Where statements split.
  EXPECT_FALSE(make({call(0, {Input::integer(1)}), call(0)}) == make({call(0), call(0, {Input::integer(1)})}));
  EXPECT_NE(make({call(0, {Input::integer(1)}), call(0)}).hash(), make({call(0), call(0, {Input::integer(1)})}).hash());
  // The same words in a different statement structure: (0)(0 ref 0) and (0)(0)(0)(0).
  const Sequence nested = make({call(0), call(0, {ref(0)})});
  const Sequence flat = make({call(0), call(0), call(0), call(0)});
  EXPECT_FALSE(nested == flat);
  EXPECT_NE(nested.hash(), flat.hash());
}

TEST(Sequence, RequestCarriesTheStatements) {
  const Sequence s = make({call(0, {Input::string("x")}), call(1, {ref(0)})});
  const auto r = s.request(42, false);
  EXPECT_EQ(r.sequence_id, 42u);
  EXPECT_FALSE(r.observe);
  ASSERT_EQ(r.statements.size(), 2u);
  EXPECT_EQ(r.statements[0].inputs[0].s, "x");
  EXPECT_EQ(r.statements[1].inputs[0].ref, 0u);
}

// ---------------------------------------------------------------------------------------------
// Random

TEST(Random, SameSeedSameChoices) {
  Random a(7), b(7), c(8);
  std::vector<std::uint64_t> va, vb, vc;
  for (int i = 0; i < 20; ++i) {
    va.push_back(a.below(1000));
    vb.push_back(b.below(1000));
    vc.push_back(c.below(1000));
  }
  EXPECT_EQ(va, vb);
  EXPECT_NE(va, vc);
  Random r(1);
  for (int i = 0; i < 1000; ++i) {
    const double u = r.unit();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    ASSERT_LT(r.below(3), 3u);
  }
  EXPECT_FALSE(r.chance(0.0));
  EXPECT_TRUE(r.chance(1.0));
}

// ---------------------------------------------------------------------------------------------
// Pool

TEST(Pool, PickReturnsASequenceYieldingTheTypeAndWhere) {
  Pool pool;
  Random random(1);
  EXPECT_FALSE(pool.has("ns::A"));
  EXPECT_FALSE(pool.pick("ns::A", random).has_value());

  const Sequence s = make({call(0), call(1, {ref(0)}), call(2, {ref(0)})});
  // Statement 0 makes an A, statement 2 makes an A and a B; statement 1 nothing.
  EXPECT_TRUE(pool.add(s, {{0, "ns::A"}, {2, "ns::A"}, {2, "ns::B"}}, random));
  EXPECT_TRUE(pool.has("ns::A"));
  EXPECT_TRUE(pool.has("ns::B"));
  EXPECT_FALSE(pool.has("ns::C"));
  EXPECT_EQ(pool.size(), 1u);
  EXPECT_EQ(pool.types(), 2u);

  std::set<std::uint32_t> a_statements;
  for (int i = 0; i < 200; ++i) {
    auto pick = pool.pick("ns::A", random);
    ASSERT_TRUE(pick.has_value());
    EXPECT_EQ(pick->sequence, s);
    a_statements.insert(pick->statement);
    auto b = pool.pick("ns::B", random);
    ASSERT_TRUE(b.has_value());
    EXPECT_EQ(b->statement, 2u);
  }
  EXPECT_EQ(a_statements, (std::set<std::uint32_t>{0, 2}));  // both, never statement 1
  EXPECT_FALSE(pool.pick("ns::C", random).has_value());
}

TEST(Pool, PickFindsEverySequenceOfTheType) {
  Pool pool;
  Random random(3);
  std::vector<Sequence> added;
  for (int v = 0; v < 4; ++v) {
    added.push_back(make({call(0, {Input::integer(v)})}));
    ASSERT_TRUE(pool.add(added.back(), {{0, "T"}}, random));
  }
  // Another type's sequences never come back for T.
  ASSERT_TRUE(pool.add(make({call(5)}), {{0, "U"}}, random));
  std::set<std::int64_t> seen;
  for (int i = 0; i < 400; ++i) {
    auto pick = pool.pick("T", random);
    ASSERT_TRUE(pick.has_value());
    ASSERT_EQ(pick->sequence.size(), 1u);
    ASSERT_EQ(pick->sequence[0].callable, 0u);
    seen.insert(pick->sequence[0].inputs[0].i);
  }
  EXPECT_EQ(seen, (std::set<std::int64_t>{0, 1, 2, 3}));
}

TEST(Pool, AnObjectReachedThroughAConstReferenceIsNeverPickedForAChange) {
  Pool pool;
  Random random(5);
  const Sequence shared = make({call(0)});                     // e.g. const T& T::null_instance()
  const Sequence made = make({call(1, {Input::integer(1)})});  // e.g. T::T(int)
  ASSERT_TRUE(pool.add(shared, {{0, "T", /*read_only=*/true}}, random));
  EXPECT_TRUE(pool.has("T"));
  EXPECT_FALSE(pool.has("T", /*writable=*/true));
  EXPECT_FALSE(pool.pick("T", random, /*writable=*/true).has_value());
  ASSERT_TRUE(pool.add(made, {{0, "T"}}, random));
  std::set<std::uint32_t> for_reading, for_changing;
  for (int i = 0; i < 200; ++i) {
    for_reading.insert(pool.pick("T", random)->sequence[0].callable);
    for_changing.insert(pool.pick("T", random, true)->sequence[0].callable);
  }
  EXPECT_EQ(for_reading, (std::set<std::uint32_t>{0, 1}));
  EXPECT_EQ(for_changing, (std::set<std::uint32_t>{1}));
}

TEST(Pool, ExactDuplicatesAreRefused) {
  Pool pool;
  Random random(1);
  const Sequence s = make({call(0, {Input::floating(0.0)})});
  EXPECT_TRUE(pool.add(s, {{0, "T"}}, random));
  EXPECT_FALSE(pool.add(make({call(0, {Input::floating(0.0)})}), {{0, "T"}}, random));
  EXPECT_EQ(pool.size(), 1u);
  // -0.0 is a different input.
  EXPECT_TRUE(pool.add(make({call(0, {Input::floating(-0.0)})}), {{0, "T"}}, random));
  EXPECT_EQ(pool.size(), 2u);
}

TEST(Pool, CapKeepsEachTypeBounded) {
  Pool pool(5);
  Random random(11);
  for (int v = 0; v < 100; ++v) ASSERT_TRUE(pool.add(make({call(0, {Input::integer(v)})}), {{0, "T"}}, random));
  EXPECT_EQ(pool.size(), 100u);  // counts every sequence added
  std::set<std::int64_t> seen;
  for (int i = 0; i < 2000; ++i) seen.insert(pool.pick("T", random)->sequence[0].inputs[0].i);
  EXPECT_LE(seen.size(), 5u);  // at most cap sequences listed under T
  EXPECT_GE(seen.size(), 4u);  // and picks do spread over them
  // Replacement: the survivors are not simply the first five.
  EXPECT_NE(seen, (std::set<std::int64_t>{0, 1, 2, 3, 4}));
}

TEST(Pool, AnObjectOnlyARareCallMakesIsStillPickedOften) {
  Pool pool;
  Random random(7);
  // 99 objects made by callable 0 (T::T(int)), one by callable 1 (T::T(bool)).
  for (int v = 0; v < 99; ++v) ASSERT_TRUE(pool.add(make({call(0, {Input::integer(v)})}), {{0, "T"}}, random));
  ASSERT_TRUE(pool.add(make({call(1, {Input::boolean(true)})}), {{0, "T"}}, random));
  int rare = 0;
  for (int i = 0; i < 2000; ++i) rare += pool.pick("T", random)->sequence[0].callable == 1 ? 1 : 0;
  // Half the draws by maker (one in two of them the rare one), half by entry (one in a hundred):
  // about 510 in 2000, where drawing by entry alone would give about 20.
  EXPECT_GT(rare, 400);
  EXPECT_LT(rare, 620);
}

TEST(Pool, AFullTypeMakesRoomInItsLargestMakersList) {
  Pool pool(10);
  Random random(13);
  for (int v = 0; v < 100; ++v) ASSERT_TRUE(pool.add(make({call(0, {Input::integer(v)})}), {{0, "T"}}, random));
  ASSERT_TRUE(pool.add(make({call(1, {Input::boolean(true)})}), {{0, "T"}}, random));
  std::set<std::int64_t> made_by_0;
  int made_by_1 = 0;
  for (int i = 0; i < 2000; ++i) {
    const Sequence s = pool.pick("T", random)->sequence;
    if (s[0].callable == 1)
      ++made_by_1;
    else
      made_by_0.insert(s[0].inputs[0].i);
  }
  EXPECT_GT(made_by_1, 0) << "the one rare object stays listed";
  EXPECT_LE(made_by_0.size(), 9u) << "ten in all: it took the place of one of callable 0's";
}

TEST(Pool, SequenceYieldingNothingIsCountedButNotListed) {
  Pool pool;
  Random random(1);
  EXPECT_TRUE(pool.add(make({call(6)}), {}, random));
  EXPECT_EQ(pool.size(), 1u);
  EXPECT_EQ(pool.types(), 0u);
}

}  // namespace
}  // namespace palus::generation
