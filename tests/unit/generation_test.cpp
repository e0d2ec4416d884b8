// Unit tests of palus/generation: sequences, the pool, literals, scalar types, the catalog, the
// random step, contract checks, theory and invariant checks, feedback and minimisation (DESIGN §6,
// §8). The generator loop itself needs a harness and is covered end to end.

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/api.hpp"
#include "generation_fixtures.hpp"
#include "harness/executor/outcome.hpp"
#include "palus/generation/catalog.hpp"
#include "palus/generation/contract_checks.hpp"
#include "palus/generation/feedback.hpp"
#include "palus/generation/literal_pool.hpp"
#include "palus/generation/minimise.hpp"
#include "palus/generation/pool.hpp"
#include "palus/generation/random.hpp"
#include "palus/generation/random_step.hpp"
#include "palus/generation/scalar_type.hpp"
#include "palus/generation/sequence.hpp"
#include "palus/generation/theory_checks.hpp"

namespace palus::generation {
namespace {

using namespace fixtures;

using harness::Outcome;
using harness::OutcomeKind;
using harness::protocol::Input;
using harness::protocol::InputKind;
using harness::protocol::Statement;

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

TEST(Pool, SequenceYieldingNothingIsCountedButNotListed) {
  Pool pool;
  Random random(1);
  EXPECT_TRUE(pool.add(make({call(6)}), {}, random));
  EXPECT_EQ(pool.size(), 1u);
  EXPECT_EQ(pool.types(), 0u);
}

// ---------------------------------------------------------------------------------------------
// scalar_type

TEST(ScalarType, Spellings) {
  struct Case {
    const char* spelling;
    unsigned bits;
    bool is_signed;
    bool is_floating;
  };
  for (const Case& c : std::vector<Case>{
           {"int", 32, true, false},
           {"unsigned int", 32, false, false},
           {"unsigned", 32, false, false},
           {"std::size_t", 64, false, false},
           {"size_t", 64, false, false},
           {"std::int8_t", 8, true, false},
           {"std::uint8_t", 8, false, false},
           {"std::uint16_t", 16, false, false},
           {"std::int64_t", 64, true, false},
           {"long long", 64, true, false},
           {"long", 64, true, false},
           {"long int", 64, true, false},
           {"unsigned long", 64, false, false},
           {"short", 16, true, false},
           {"short int", 16, true, false},
           {"unsigned short", 16, false, false},
           {"char", 8, true, false},
           {"signed char", 8, true, false},
           {"unsigned char", 8, false, false},
           {"double", 64, true, true},
           {"float", 32, true, true},
       }) {
    SCOPED_TRACE(c.spelling);
    const ScalarType t = scalar_type(c.spelling);
    EXPECT_TRUE(t.known);
    EXPECT_EQ(t.bits, c.bits);
    EXPECT_EQ(t.is_signed, c.is_signed);
    EXPECT_EQ(t.is_floating, c.is_floating);
  }
  const ScalarType unknown = scalar_type("ns::Weird_t");
  EXPECT_FALSE(unknown.known);
  EXPECT_EQ(unknown.bits, 32u);
  EXPECT_TRUE(unknown.is_signed);
  EXPECT_FALSE(unknown.is_floating);
}

TEST(ScalarType, Ranges) {
  EXPECT_EQ(scalar_type("int").min(), INT_MIN);
  EXPECT_EQ(scalar_type("int").max(), INT_MAX);
  EXPECT_EQ(scalar_type("std::int8_t").min(), -128);
  EXPECT_EQ(scalar_type("std::int8_t").max(), 127);
  EXPECT_EQ(scalar_type("short").min(), SHRT_MIN);
  EXPECT_EQ(scalar_type("short").max(), SHRT_MAX);
  EXPECT_EQ(scalar_type("long long").min(), LLONG_MIN);
  EXPECT_EQ(scalar_type("long long").max(), LLONG_MAX);
  EXPECT_EQ(scalar_type("unsigned char").umax(), 255u);
  EXPECT_EQ(scalar_type("unsigned int").umax(), UINT_MAX);
  EXPECT_EQ(scalar_type("std::size_t").umax(), UINT64_MAX);
}

// ---------------------------------------------------------------------------------------------
// LiteralPool

api::TypeRef scalar(const std::string& base, api::TypeCategory category = api::TypeCategory::integer) {
  return type(base, base, api::Passing::value, category);
}

bool contains_signed(const std::vector<Input>& values, std::int64_t v) {
  for (const auto& in : values)
    if (in.kind == InputKind::signed_integer && in.i == v) return true;
  return false;
}

bool contains_unsigned(const std::vector<Input>& values, std::uint64_t v) {
  for (const auto& in : values)
    if (in.kind == InputKind::unsigned_integer && in.u == v) return true;
  return false;
}

bool contains_floating(const std::vector<Input>& values, double v) {
  for (const auto& in : values)
    if (in.kind == InputKind::floating && same_input(in, Input::floating(v))) return true;
  return false;
}

TEST(LiteralPool, IntBoundaries) {
  const api::Api api;
  const LiteralPool literals(api);
  const auto values = literals.boundary_values(scalar("int"));
  EXPECT_TRUE(contains_signed(values, INT_MIN));
  EXPECT_TRUE(contains_signed(values, INT_MAX));
  EXPECT_TRUE(contains_signed(values, 0));
  EXPECT_TRUE(contains_signed(values, 1));
  EXPECT_TRUE(contains_signed(values, -1));
  for (const auto& in : values) {
    ASSERT_EQ(in.kind, InputKind::signed_integer);
    EXPECT_GE(in.i, INT_MIN);
    EXPECT_LE(in.i, INT_MAX);
  }
  const auto wide = literals.boundary_values(scalar("long long"));
  EXPECT_TRUE(contains_signed(wide, LLONG_MIN));
  EXPECT_TRUE(contains_signed(wide, LLONG_MAX));
}

TEST(LiteralPool, NothingOutOfRangeForNarrowTypes) {
  const api::Api api;
  const LiteralPool literals(api);
  const auto u8 = literals.boundary_values(scalar("std::uint8_t"));
  ASSERT_FALSE(u8.empty());
  for (const auto& in : u8) {
    ASSERT_EQ(in.kind, InputKind::unsigned_integer);
    EXPECT_LE(in.u, 255u);
  }
  EXPECT_TRUE(contains_unsigned(u8, 0));
  EXPECT_TRUE(contains_unsigned(u8, 255));

  const auto i8 = literals.boundary_values(scalar("std::int8_t"));
  for (const auto& in : i8) {
    ASSERT_EQ(in.kind, InputKind::signed_integer);
    EXPECT_GE(in.i, -128);
    EXPECT_LE(in.i, 127);
  }
  EXPECT_TRUE(contains_signed(i8, -128));
  EXPECT_TRUE(contains_signed(i8, 127));

  const auto shorts = literals.boundary_values(scalar("short"));
  for (const auto& in : shorts) {
    ASSERT_EQ(in.kind, InputKind::signed_integer);
    EXPECT_GE(in.i, SHRT_MIN);
    EXPECT_LE(in.i, SHRT_MAX);
  }
  EXPECT_TRUE(contains_signed(shorts, SHRT_MIN));
  EXPECT_TRUE(contains_signed(shorts, SHRT_MAX));
}

TEST(LiteralPool, UnsignedTypesGiveUnsignedInputsIncludingMax) {
  const api::Api api;
  const LiteralPool literals(api);
  for (const auto& [spelling, max] :
       std::vector<std::pair<std::string, std::uint64_t>>{{"unsigned int", UINT_MAX},
                                                          {"std::size_t", UINT64_MAX},
                                                          {"unsigned char", 255},
                                                          {"unsigned long long", ULLONG_MAX}}) {
    SCOPED_TRACE(spelling);
    const auto values = literals.boundary_values(scalar(spelling));
    ASSERT_FALSE(values.empty());
    for (const auto& in : values) {
      EXPECT_EQ(in.kind, InputKind::unsigned_integer);
      EXPECT_LE(in.u, max);
    }
    EXPECT_TRUE(contains_unsigned(values, 0));
    EXPECT_TRUE(contains_unsigned(values, 1));
    EXPECT_TRUE(contains_unsigned(values, max));
  }
}

TEST(LiteralPool, DoubleBoundaries) {
  const api::Api api;
  const LiteralPool literals(api);
  const auto values = literals.boundary_values(scalar("double", api::TypeCategory::floating));
  for (const auto& in : values) EXPECT_EQ(in.kind, InputKind::floating);
  bool nan = false;
  for (const auto& in : values) nan = nan || std::isnan(in.d);
  EXPECT_TRUE(nan);
  EXPECT_TRUE(contains_floating(values, std::numeric_limits<double>::infinity()));
  EXPECT_TRUE(contains_floating(values, -std::numeric_limits<double>::infinity()));
  EXPECT_TRUE(contains_floating(values, -0.0));
  EXPECT_TRUE(contains_floating(values, 0.0));
  EXPECT_TRUE(contains_floating(values, DBL_MAX));
}

TEST(LiteralPool, FloatMaxIsFltMax) {
  const api::Api api;
  const LiteralPool literals(api);
  const auto values = literals.boundary_values(scalar("float", api::TypeCategory::floating));
  EXPECT_TRUE(contains_floating(values, static_cast<double>(FLT_MAX)));
  EXPECT_FALSE(contains_floating(values, DBL_MAX));
  for (const auto& in : values) {
    ASSERT_EQ(in.kind, InputKind::floating);
    // Every finite value is representable as a float.
    if (std::isfinite(in.d)) {
      EXPECT_LE(std::fabs(in.d), static_cast<double>(FLT_MAX));
    }
  }
}

TEST(LiteralPool, StringsIncludeEmptyAndLong) {
  const api::Api api;
  const LiteralPool literals(api);
  for (auto category : {api::TypeCategory::string, api::TypeCategory::cstring}) {
    const auto values =
        literals.boundary_values(type("const std::string &", "std::string", api::Passing::const_ref, category));
    bool empty = false, long_one = false;
    for (const auto& in : values) {
      ASSERT_EQ(in.kind, InputKind::string);
      empty = empty || in.s.empty();
      long_one = long_one || in.s.size() >= 256;
    }
    EXPECT_TRUE(empty);
    EXPECT_TRUE(long_one);
  }
}

TEST(LiteralPool, BooleansAreFalseAndTrue) {
  const api::Api api;
  const LiteralPool literals(api);
  const auto values = literals.boundary_values(scalar("bool", api::TypeCategory::boolean));
  ASSERT_EQ(values.size(), 2u);
  EXPECT_TRUE(same_input(values[0], Input::boolean(false)) || same_input(values[1], Input::boolean(false)));
  EXPECT_TRUE(same_input(values[0], Input::boolean(true)) || same_input(values[1], Input::boolean(true)));
}

TEST(LiteralPool, EnumGivesExactlyItsEnumerators) {
  api::Api api;
  api::Enum e;
  e.name = "ns::Color";
  e.values = {{"red", 1}, {"green", 5}, {"blue", -3}};
  api.enums.push_back(e);
  const LiteralPool literals(api);
  const api::TypeRef color = scalar("ns::Color", api::TypeCategory::enumeration);
  const auto values = literals.boundary_values(color);
  std::multiset<std::int64_t> got;
  for (const auto& in : values) {
    ASSERT_EQ(in.kind, InputKind::signed_integer);
    got.insert(in.i);
  }
  EXPECT_EQ(got, (std::multiset<std::int64_t>{1, 5, -3}));
  // pick, with or without a callable, draws only enumerators.
  const api::Callable f =
      callable("ns::paint(ns::Color)", "paint", "", api::CallableKind::function, {param("c", color)});
  Random random(5);
  for (int i = 0; i < 200; ++i) {
    const Input in = literals.pick(color, i % 2 ? &f : nullptr, random);
    ASSERT_EQ(in.kind, InputKind::signed_integer);
    EXPECT_TRUE(in.i == 1 || in.i == 5 || in.i == -3) << in.i;
  }
}

TEST(LiteralPool, PickWithoutMinedLiteralsDrawsBoundaryValues) {
  const api::Api api;
  const LiteralPool literals(api);
  Random random(2);
  const auto boundaries = literals.boundary_values(scalar("std::uint8_t"));
  std::set<std::uint64_t> seen;
  for (int i = 0; i < 500; ++i) {
    const Input in = literals.pick(scalar("std::uint8_t"), nullptr, random);
    ASSERT_EQ(in.kind, InputKind::unsigned_integer);
    EXPECT_TRUE(contains_unsigned(boundaries, in.u));
    seen.insert(in.u);
  }
  EXPECT_EQ(seen.size(), boundaries.size());  // every boundary value comes up
}

api::Literal literal(api::Literal::Kind kind, std::string value) {
  api::Literal l;
  l.kind = kind;
  l.value = std::move(value);
  return l;
}

TEST(LiteralPool, MinedLiteralsOfTheCallableComeUpMoreOften) {
  api::Api api;
  api::Class k;
  k.name = "ns::K";
  api::Callable own = callable("ns::K::f(int)", "f", "ns::K", api::CallableKind::method, {param("n", int_type())});
  own.literals = {literal(api::Literal::Kind::integer, "4242"), literal(api::Literal::Kind::string, "SELECT")};
  k.methods.push_back(own);
  api::Callable sibling = callable("ns::K::h(int)", "h", "ns::K", api::CallableKind::method, {param("n", int_type())});
  sibling.literals = {literal(api::Literal::Kind::integer, "5555")};
  k.methods.push_back(sibling);
  api::Class j;
  j.name = "ns::J";
  api::Callable elsewhere =
      callable("ns::J::g(int)", "g", "ns::J", api::CallableKind::method, {param("n", int_type())});
  elsewhere.literals = {literal(api::Literal::Kind::integer, "7777"),
                        literal(api::Literal::Kind::integer, "99999999999"),  // out of int's range
                        literal(api::Literal::Kind::floating, "2.5")};
  j.methods.push_back(elsewhere);
  api.classes = {j, k};
  const LiteralPool literals(api);

  Random random(12345);
  constexpr int kDraws = 4000;
  std::map<std::int64_t, int> counts;
  for (int i = 0; i < kDraws; ++i) {
    const Input in = literals.pick(int_type(), &api.classes[1].methods[0], random);
    ASSERT_EQ(in.kind, InputKind::signed_integer);
    ASSERT_GE(in.i, INT_MIN);
    ASSERT_LE(in.i, INT_MAX);  // 99999999999 never offered for an int
    ++counts[in.i];
  }
  // Own literal: from the callable, its class and the library (about 45% of the draws); a
  // sibling method's literal from the class and the library (about 11%); another class's only
  // from the library (about 3%); a boundary value about 1 in 25.
  EXPECT_GT(counts[4242], kDraws * 3 / 10);
  EXPECT_GT(counts[4242], 3 * counts[5555]);
  EXPECT_GT(counts[5555], 2 * counts[7777]);
  EXPECT_GT(counts[7777], 0);
  EXPECT_LT(counts[7777], kDraws / 10);
  EXPECT_GT(counts[0], 0);  // boundary values still come up
  EXPECT_EQ(counts.count(99999999999), 0u);

  // Strings and floats are mined the same way.
  Random random2(6);
  int select = 0;
  bool two_and_a_half = false;
  const api::TypeRef str =
      type("const std::string &", "std::string", api::Passing::const_ref, api::TypeCategory::string);
  const api::TypeRef dbl = scalar("double", api::TypeCategory::floating);
  for (int i = 0; i < 1000; ++i) {
    if (literals.pick(str, &api.classes[1].methods[0], random2).s == "SELECT") ++select;
    const Input d = literals.pick(dbl, &api.classes[0].methods[0], random2);
    two_and_a_half = two_and_a_half || (d.kind == InputKind::floating && d.d == 2.5);
  }
  EXPECT_GT(select, 300);
  EXPECT_TRUE(two_and_a_half);
  // Without a callable, nothing mined.
  for (int i = 0; i < 500; ++i) {
    const Input in = literals.pick(int_type(), nullptr, random);
    EXPECT_NE(in.i, 4242);
    EXPECT_NE(in.i, 7777);
  }
}

TEST(LiteralPool, MinedIntegersRespectUnsignedWidth) {
  api::Api api;
  api::Callable f =
      callable("ns::f(unsigned char)", "f", "", api::CallableKind::function, {param("c", scalar("unsigned char"))});
  f.literals = {literal(api::Literal::Kind::integer, "200"), literal(api::Literal::Kind::integer, "300"),
                literal(api::Literal::Kind::integer, "-5")};
  api.functions.push_back(f);
  const LiteralPool literals(api);
  Random random(9);
  int two_hundred = 0;
  for (int i = 0; i < 2000; ++i) {
    const Input in = literals.pick(scalar("unsigned char"), &api.functions[0], random);
    ASSERT_EQ(in.kind, InputKind::unsigned_integer);
    ASSERT_LE(in.u, 255u);
    if (in.u == 200) ++two_hundred;
  }
  EXPECT_GT(two_hundred, 400);
}

TEST(LiteralPool, AddedValuesAreDrawn) {
  api::Api api;
  api.functions.push_back(callable("ns::f(int)", "f", "", api::CallableKind::function, {param("n", int_type())}));
  LiteralPool literals(api);
  literals.add_values("ns::f(int)", "n", {Input::integer(31337)});
  Random random(4);
  int hits = 0;
  for (int i = 0; i < 1000; ++i)
    if (literals.pick(int_type(), &api.functions[0], random, "n").i == 31337) ++hits;
  EXPECT_GT(hits, 300);
  // Another callable with a parameter of the same type does not get them.
  const api::Callable g = callable("ns::g(int)", "g", "", api::CallableKind::function, {param("n", int_type())});
  for (int i = 0; i < 500; ++i) EXPECT_NE(literals.pick(int_type(), &g, random, "n").i, 31337);
}

// ---------------------------------------------------------------------------------------------
// Catalog

TEST(Catalog, MatchesApiCallablesAndContracts) {
  const Library lib;
  const Catalog catalog = make_catalog(lib.api, lib.ids);
  EXPECT_EQ(catalog.api, &lib.api);
  ASSERT_EQ(catalog.callables.size(), lib.ids.size());
  for (std::uint32_t i = 0; i < lib.ids.size(); ++i) {
    EXPECT_EQ(catalog.callables[i].index, i);
    EXPECT_EQ(catalog.callables[i].id, lib.ids[i]);
  }

  const CallableInfo& ctor = catalog.callables[Library::kACtor];
  EXPECT_TRUE(ctor.usable);
  EXPECT_FALSE(ctor.is_method);
  EXPECT_FALSE(ctor.contract.has_value());
  ASSERT_NE(ctor.callable, nullptr);
  EXPECT_EQ(ctor.callable->id, "ns::A::A(int)");
  ASSERT_EQ(ctor.inputs.size(), 1u);
  EXPECT_TRUE(ctor.inputs[0].literal);
  EXPECT_EQ(ctor.inputs[0].type.base, "int");
  EXPECT_EQ(ctor.inputs[0].param, &ctor.callable->params[0]);
  EXPECT_EQ(ctor.yields, (std::vector<std::string>{"ns::A"}));

  const CallableInfo& use = catalog.callables[Library::kUse];
  EXPECT_TRUE(use.usable);
  EXPECT_TRUE(use.is_method);
  ASSERT_EQ(use.inputs.size(), 2u);
  EXPECT_FALSE(use.inputs[0].literal);
  EXPECT_EQ(use.inputs[0].record, "ns::A");  // the receiver
  EXPECT_EQ(use.inputs[0].param, nullptr);
  EXPECT_FALSE(use.inputs[0].null_allowed);
  EXPECT_FALSE(use.inputs[1].literal);
  EXPECT_EQ(use.inputs[1].record, "ns::Other");
  EXPECT_FALSE(use.inputs[1].null_allowed);
  EXPECT_TRUE(use.yields.empty());

  const CallableInfo& make_other = catalog.callables[Library::kMake];
  EXPECT_TRUE(make_other.usable);
  EXPECT_EQ(std::set<std::string>(make_other.yields.begin(), make_other.yields.end()),
            (std::set<std::string>{"ns::Other", "std::unique_ptr<ns::Other>"}));
  EXPECT_EQ(make_other.yields.size(), 2u);

  const CallableInfo& peek = catalog.callables[Library::kPeek];
  EXPECT_TRUE(peek.usable);
  ASSERT_EQ(peek.inputs.size(), 2u);
  EXPECT_EQ(peek.inputs[1].record, "ns::Other");
  EXPECT_TRUE(peek.inputs[1].null_allowed);

  const CallableInfo& take = catalog.callables[Library::kTake];
  ASSERT_EQ(take.inputs.size(), 2u);
  EXPECT_EQ(take.inputs[1].record, "std::unique_ptr<ns::Other>");
  EXPECT_TRUE(take.inputs[1].moves) << "a unique_ptr by value is moved from";
  EXPECT_TRUE(take.inputs[1].may_change);
  EXPECT_FALSE(use.inputs[1].moves);
  EXPECT_FALSE(use.inputs[1].may_change) << "const ns::Other &";
  EXPECT_FALSE(peek.inputs[0].moves);

  const CallableInfo& free_fn = catalog.callables[Library::kFree];
  EXPECT_TRUE(free_fn.usable);
  EXPECT_FALSE(free_fn.is_method);
  ASSERT_EQ(free_fn.inputs.size(), 2u);
  EXPECT_TRUE(free_fn.inputs[0].literal);
  EXPECT_TRUE(free_fn.inputs[1].literal);
  EXPECT_TRUE(free_fn.yields.empty());  // int is not a record

  const CallableInfo& reflexive = catalog.callables[Library::kReflexive];
  EXPECT_TRUE(reflexive.usable);
  EXPECT_EQ(reflexive.callable, nullptr);
  ASSERT_TRUE(reflexive.contract.has_value());
  EXPECT_EQ(reflexive.contract->name, "equals_reflexive");
  EXPECT_EQ(reflexive.contract->type, "ns::A");
  EXPECT_EQ(reflexive.contract->arity, 1u);
  ASSERT_EQ(reflexive.inputs.size(), 1u);
  EXPECT_EQ(reflexive.inputs[0].record, "ns::A");
  EXPECT_FALSE(reflexive.inputs[0].literal);
  EXPECT_TRUE(reflexive.yields.empty());

  const CallableInfo& pair = catalog.callables[Library::kHashConsistent];
  ASSERT_TRUE(pair.contract.has_value());
  EXPECT_EQ(pair.contract->arity, 2u);
  EXPECT_EQ(pair.contract->type, "ns::A");
  EXPECT_EQ(pair.inputs.size(), 2u);

  const CallableInfo& unknown = catalog.callables[Library::kUnknown];
  EXPECT_FALSE(unknown.usable);
  EXPECT_EQ(unknown.callable, nullptr);
  EXPECT_FALSE(unknown.contract.has_value());

  EXPECT_FALSE(catalog.callables[Library::kRaw].usable);  // void * cannot be supplied
}

TEST(Catalog, SubjectOf) {
  const Library lib;
  const Catalog catalog = make_catalog(lib.api, lib.ids);
  EXPECT_EQ(subject_of(catalog.callables[Library::kACtor]), "A");
  EXPECT_EQ(subject_of(catalog.callables[Library::kUse]), "A");
  EXPECT_EQ(subject_of(catalog.callables[Library::kOtherCtor]), "Other");
  EXPECT_EQ(subject_of(catalog.callables[Library::kFree]), "functions");
  EXPECT_EQ(subject_of(catalog.callables[Library::kReflexive]), "A");
  CallableInfo templated;
  api::Callable c = callable("ns::Box<ns::a::B>::get()", "get", "ns::Box<ns::a::B>", api::CallableKind::method);
  templated.callable = &c;
  EXPECT_EQ(subject_of(templated), "Box_ns__a__B_");
}

TEST(Catalog, NothingCallableThrows) {
  const Library lib;
  EXPECT_THROW(make_catalog(lib.api, {"ns::gone(int)", "palus::contract::equals_reflexive(ns::A)"}),
               std::runtime_error);
  EXPECT_THROW(make_catalog(lib.api, {}), std::runtime_error);
  EXPECT_NO_THROW(make_catalog(lib.api, {"ns::gone(int)", "ns::Other::Other()"}));
}

// ---------------------------------------------------------------------------------------------
// RandomStep

struct StepFixture : ::testing::Test {
  Library lib;
  Catalog catalog = make_catalog(lib.api, lib.ids);
  LiteralPool literals{lib.api};

  std::set<std::uint32_t> callable_set(const std::vector<const CallableInfo*>& infos) {
    std::set<std::uint32_t> out;
    for (const auto* c : infos) out.insert(c->index);
    return out;
  }

  /// Every ref points to an earlier statement that yields the record the input needs; literal
  /// inputs are literals; null only where allowed.
  void expect_type_correct(const Sequence& s) {
    for (std::size_t k = 0; k < s.size(); ++k) {
      const CallableInfo& info = catalog.callables[s[k].callable];
      ASSERT_TRUE(info.usable) << info.id;
      ASSERT_FALSE(info.contract.has_value()) << info.id;
      ASSERT_EQ(s[k].inputs.size(), info.inputs.size()) << info.id;
      for (std::size_t i = 0; i < info.inputs.size(); ++i) {
        const Input& in = s[k].inputs[i];
        const InputNeed& need = info.inputs[i];
        if (need.literal) {
          ASSERT_NE(in.kind, InputKind::ref) << info.id;
          ASSERT_NE(in.kind, InputKind::null_pointer) << info.id;
          continue;
        }
        if (in.kind == InputKind::null_pointer) {
          ASSERT_TRUE(need.null_allowed) << info.id;
          continue;
        }
        ASSERT_EQ(in.kind, InputKind::ref) << info.id;
        ASSERT_LT(in.ref, k) << info.id;
        const auto& yields = catalog.callables[s[in.ref].callable].yields;
        ASSERT_NE(std::find(yields.begin(), yields.end(), need.record), yields.end())
            << info.id << " input " << i << " wants " << need.record << " from statement " << in.ref;
      }
    }
  }

  /// Runs `steps` random steps, adding every candidate to the pool as if it ran normally.
  std::vector<Sequence> run(std::uint64_t seed, int steps, StepOptions options = {}) {
    RandomStep step(catalog, literals, options);
    Pool pool;
    Random random(seed);
    std::vector<Sequence> out;
    for (int i = 0; i < steps; ++i) {
      auto candidate = step.next(pool, random);
      if (!candidate) continue;
      out.push_back(*candidate);
      pool.add(*candidate, yields_of(*candidate, catalog), random);
    }
    return out;
  }
};

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
  pool.add(made, yields_of(made, catalog), random);
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
  const Sequence a = make({call(Library::kACtor, {Input::integer(5)})});
  const Sequence other = make({call(Library::kOtherCtor)});
  pool.add(a, yields_of(a, catalog), random);
  pool.add(other, yields_of(other, catalog), random);
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
  only_a.add(a, yields_of(a, catalog), random);
  auto peek = step.call(catalog.callables[Library::kPeek], only_a, random);
  ASSERT_TRUE(peek.has_value());
  EXPECT_EQ(peek->statements().back().inputs[1].kind, InputKind::null_pointer);
}

TEST_F(StepFixture, NullProbabilityIsRespected) {
  Pool pool;
  Random random(8);
  const Sequence a = make({call(Library::kACtor, {Input::integer(5)})});
  const Sequence other = make({call(Library::kOtherCtor)});
  pool.add(a, yields_of(a, catalog), random);
  pool.add(other, yields_of(other, catalog), random);
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
  pool.add(both, yields_of(both, catalog), random);
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

TEST_F(StepFixture, MaxStatementsRefusesLongCandidates) {
  StepOptions options;
  options.max_statements = 2;
  Pool pool;
  Random random(5);
  const Sequence a = make({call(Library::kACtor, {Input::integer(5)})});
  const Sequence other = make({call(Library::kOtherCtor)});
  pool.add(a, yields_of(a, catalog), random);
  pool.add(other, yields_of(other, catalog), random);
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

// ---------------------------------------------------------------------------------------------
// feedback::classify

struct FeedbackFixture : StepFixture {
  FeedbackOptions options;

  // 0: A(1)  1: Other()  2: a.use(other)
  Sequence main = make(
      {call(Library::kACtor, {Input::integer(1)}), call(Library::kOtherCtor), call(Library::kUse, {ref(0), ref(1)})});

  static harness::protocol::StatementResult answer(std::string s = {}) {
    harness::protocol::StatementResult r;
    r.value.kind = harness::protocol::ValueKind::string;
    r.value.s = std::move(s);
    return r;
  }

  Outcome outcome(OutcomeKind kind, int statement) {
    Outcome o;
    o.kind = kind;
    o.statement = statement;
    return o;
  }

  Classified classify_main(const Outcome& o, const Sequence& s) { return classify(o, s, s.size(), catalog, options); }
};

TEST_F(FeedbackFixture, Normal) {
  Outcome o = outcome(OutcomeKind::normal, -1);
  o.result.statements.resize(3);
  const Classified c = classify_main(o, main);
  EXPECT_EQ(c.verdict, Verdict::normal);
  EXPECT_TRUE(c.key.empty());
}

TEST_F(FeedbackFixture, NormalWithContractChecksThatHold) {
  const Sequence checked = main.extended(call(Library::kReflexive, {ref(0)}));
  Outcome o = outcome(OutcomeKind::normal, -1);
  o.result.statements = {{}, {}, {}, answer("")};
  EXPECT_EQ(classify(o, checked, main.size(), catalog, options).verdict, Verdict::normal);
}

TEST_F(FeedbackFixture, ViolatedContractIsAFailure) {
  const Sequence checked =
      main.extended(call(Library::kReflexive, {ref(0)})).extended(call(Library::kHashConsistent, {ref(0), ref(0)}));
  Outcome o = outcome(OutcomeKind::normal, -1);
  o.result.statements = {{}, {}, {}, answer(""), answer("a == a is false")};
  const Classified c = classify(o, checked, main.size(), catalog, options);
  EXPECT_EQ(c.verdict, Verdict::failure);
  EXPECT_EQ(c.kind, "contract");
  EXPECT_EQ(c.statement, 4);
  EXPECT_EQ(c.message, "a == a is false");
  EXPECT_NE(c.key.find("contract"), std::string::npos);
  EXPECT_NE(c.key.find(lib.ids[Library::kHashConsistent]), std::string::npos);
  // A non-empty string answered by the sequence's own statement is just a value.
  const Sequence free_call = make({call(Library::kFree, {Input::integer(1), Input::string("x")})});
  Outcome own = outcome(OutcomeKind::normal, -1);
  own.result.statements = {answer("not a violation")};
  EXPECT_EQ(classify(own, free_call, 1, catalog, options).verdict, Verdict::normal);
}

TEST_F(FeedbackFixture, ExceptionAtTheLastStatementVersusEarlier) {
  Outcome last = outcome(OutcomeKind::exception, 2);
  last.message = "std::invalid_argument: nope";
  const Classified c = classify_main(last, main);
  EXPECT_EQ(c.verdict, Verdict::exception);
  EXPECT_EQ(c.statement, 2);
  EXPECT_EQ(c.message, "std::invalid_argument: nope");
  EXPECT_EQ(classify_main(outcome(OutcomeKind::exception, 1), main).verdict, Verdict::invalid);
  EXPECT_EQ(classify_main(outcome(OutcomeKind::exception, 0), main).verdict, Verdict::invalid);
}

TEST_F(FeedbackFixture, InvalidInputAndBadRequest) {
  EXPECT_EQ(classify_main(outcome(OutcomeKind::invalid_input, 2), main).verdict, Verdict::invalid);
  EXPECT_EQ(classify_main(outcome(OutcomeKind::bad_request, -1), main).verdict, Verdict::invalid);
}

TEST_F(FeedbackFixture, CrashAtTheLastStatementIsAFailure) {
  Outcome o = outcome(OutcomeKind::crash, 2);
  o.message = "SIGSEGV";
  o.top_frame = "ns::A::use(const ns::Other &) /src/a.cpp:12:3";
  o.phase = "call";
  const Classified c = classify_main(o, main);
  EXPECT_EQ(c.verdict, Verdict::failure);
  EXPECT_EQ(c.kind, "crash");
  EXPECT_EQ(c.statement, 2);
  EXPECT_EQ(c.message, "SIGSEGV");
  EXPECT_NE(c.key.find("crash"), std::string::npos);
  EXPECT_NE(c.key.find(lib.ids[Library::kUse]), std::string::npos);
  EXPECT_NE(c.key.find(o.top_frame), std::string::npos);
}

TEST_F(FeedbackFixture, CrashAtAnEarlierStatementIsInvalid) {
  EXPECT_EQ(classify_main(outcome(OutcomeKind::crash, 1), main).verdict, Verdict::invalid);
  EXPECT_EQ(classify_main(outcome(OutcomeKind::sanitizer, 0), main).verdict, Verdict::invalid);
  EXPECT_EQ(classify_main(outcome(OutcomeKind::hang, 1), main).verdict, Verdict::invalid);
}

TEST_F(FeedbackFixture, CrashAfterANullInputIsInvalidUnlessTurnedOff) {
  // 0: A(1)  1: a.peek(nullptr)
  const Sequence s = make({call(Library::kACtor, {Input::integer(1)}), call(Library::kPeek, {ref(0), Input::null()})});
  EXPECT_TRUE(makes_own_invalid_input(s, 1, catalog));
  EXPECT_FALSE(makes_own_invalid_input(s, 0, catalog));
  Outcome o = outcome(OutcomeKind::crash, 1);
  o.top_frame = "ns::A::peek(ns::Other *)";
  EXPECT_EQ(classify_main(o, s).verdict, Verdict::invalid);
  Outcome san = outcome(OutcomeKind::sanitizer, 1);
  san.sanitizer_kind = "SEGV";
  EXPECT_EQ(classify_main(san, s).verdict, Verdict::invalid);
  options.self_made_invalid_inputs = false;
  const Classified c = classify_main(o, s);
  EXPECT_EQ(c.verdict, Verdict::failure);
  EXPECT_EQ(c.kind, "crash");
  // A hang is a failure whatever the inputs.
  options.self_made_invalid_inputs = true;
  const Classified h = classify_main(outcome(OutcomeKind::hang, 1), s);
  EXPECT_EQ(h.verdict, Verdict::failure);
  EXPECT_EQ(h.kind, "hang");
  // The same crash with a real object is a failure.
  const Sequence real = make(
      {call(Library::kACtor, {Input::integer(1)}), call(Library::kOtherCtor), call(Library::kPeek, {ref(0), ref(1)})});
  EXPECT_FALSE(makes_own_invalid_input(real, 2, catalog));
  EXPECT_EQ(classify_main(outcome(OutcomeKind::crash, 2), real).verdict, Verdict::failure);
}

TEST_F(FeedbackFixture, UseOfAMovedFromUniquePtrIsInvalid) {
  // 0: A(1)  1: p = a.make()  2: a.take(p)  3: a.take(p)  -- p is moved from at 2
  const Sequence s = make({call(Library::kACtor, {Input::integer(1)}), call(Library::kMake, {ref(0)}),
                           call(Library::kTake, {ref(0), ref(1)}), call(Library::kTake, {ref(0), ref(1)})});
  EXPECT_FALSE(makes_own_invalid_input(s, 2, catalog));
  EXPECT_TRUE(makes_own_invalid_input(s, 3, catalog));
  EXPECT_EQ(classify_main(outcome(OutcomeKind::crash, 3), s).verdict, Verdict::invalid);
  options.self_made_invalid_inputs = false;
  EXPECT_EQ(classify_main(outcome(OutcomeKind::crash, 3), s).verdict, Verdict::failure);
  options.self_made_invalid_inputs = true;
  // Moving once and then using the object it came from is fine.
  const Sequence once = make({call(Library::kACtor, {Input::integer(1)}), call(Library::kMake, {ref(0)}),
                              call(Library::kTake, {ref(0), ref(1)}), call(Library::kUse, {ref(0), ref(1)})});
  // use(const Other &) after take(unique_ptr) moved statement 1: statement 1's object is moved-from.
  EXPECT_TRUE(makes_own_invalid_input(once, 3, catalog));
  const Sequence untouched = make({call(Library::kACtor, {Input::integer(1)}), call(Library::kMake, {ref(0)}),
                                   call(Library::kUse, {ref(0), ref(1)}), call(Library::kTake, {ref(0), ref(1)})});
  EXPECT_FALSE(makes_own_invalid_input(untouched, 3, catalog));
  EXPECT_EQ(classify_main(outcome(OutcomeKind::crash, 3), untouched).verdict, Verdict::failure);
}

/// ns::A with `const ns::Other & first() const` (a reference into A), `ns::A & self()` (a
/// builder's *this) and `void grow()` (a change of A that may move what first() points to).
struct ReferencesLibrary : Library {
  static constexpr std::uint32_t kFirst = 11, kSelf = 12, kGrow = 13, kCount = 14;
  ReferencesLibrary() {
    using api::CallableKind;
    using api::Passing;
    using api::TypeCategory;
    api::Callable first = callable("ns::A::first()", "first", "ns::A", CallableKind::method, {},
                                   type("const ns::Other &", "ns::Other", Passing::const_ref, TypeCategory::record));
    first.is_const = true;
    api::Callable count = callable("ns::A::count()", "count", "ns::A", CallableKind::method, {}, int_type());
    count.is_const = true;
    api.classes[0].methods.push_back(first);
    api.classes[0].methods.push_back(callable("ns::A::self()", "self", "ns::A", CallableKind::method, {},
                                              type("ns::A &", "ns::A", Passing::ref, TypeCategory::record)));
    api.classes[0].methods.push_back(callable("ns::A::grow()", "grow", "ns::A", CallableKind::method));
    api.classes[0].methods.push_back(count);
    ids.insert(ids.end(), {"ns::A::first()", "ns::A::self()", "ns::A::grow()", "ns::A::count()"});
  }
};

TEST(Feedback, AReferenceIntoAnObjectIsInvalidAfterTheObjectChanged) {
  const ReferencesLibrary lib;
  const Catalog catalog = make_catalog(lib.api, lib.ids);
  using L = ReferencesLibrary;
  // 0: a = A(1)  1: o = a.first()  2: a.grow()  3: a.use(o)  -- o may point into freed memory
  const Sequence grown = make({call(L::kACtor, {Input::integer(1)}), call(L::kFirst, {ref(0)}),
                               call(L::kGrow, {ref(0)}), call(L::kUse, {ref(0), ref(1)})});
  EXPECT_FALSE(makes_own_invalid_input(grown, 2, catalog));
  EXPECT_TRUE(makes_own_invalid_input(grown, 3, catalog));
  // A const call leaves the reference valid, and so does changing A before taking it.
  const Sequence looked = make({call(L::kACtor, {Input::integer(1)}), call(L::kFirst, {ref(0)}),
                                call(L::kCount, {ref(0)}), call(L::kUse, {ref(0), ref(1)})});
  EXPECT_FALSE(makes_own_invalid_input(looked, 3, catalog));
  const Sequence before = make({call(L::kACtor, {Input::integer(1)}), call(L::kGrow, {ref(0)}),
                                call(L::kFirst, {ref(0)}), call(L::kUse, {ref(0), ref(2)})});
  EXPECT_FALSE(makes_own_invalid_input(before, 3, catalog));
  // A reference to the object itself (a builder's *this) stays valid whatever the object does.
  const Sequence builder = make({call(L::kACtor, {Input::integer(1)}), call(L::kSelf, {ref(0)}),
                                 call(L::kGrow, {ref(0)}), call(L::kGrow, {ref(1)})});
  EXPECT_FALSE(makes_own_invalid_input(builder, 3, catalog));
}

TEST_F(FeedbackFixture, HangOomExitAreFailures) {
  for (const auto& [kind, name] : std::vector<std::pair<OutcomeKind, std::string>>{
           {OutcomeKind::hang, "hang"}, {OutcomeKind::oom, "oom"}, {OutcomeKind::exit, "exit"}}) {
    SCOPED_TRACE(name);
    const Classified c = classify_main(outcome(kind, 2), main);
    EXPECT_EQ(c.verdict, Verdict::failure);
    EXPECT_EQ(c.kind, name);
    EXPECT_NE(c.key.find(name), std::string::npos);
    EXPECT_NE(c.key.find(lib.ids[Library::kUse]), std::string::npos);
  }
  // Outside any statement (destroying the pool, or idle): still a failure of the sequence.
  Outcome destroy = outcome(OutcomeKind::crash, -1);
  destroy.phase = "destroy";
  const Classified c = classify_main(destroy, main);
  EXPECT_EQ(c.verdict, Verdict::failure);
  EXPECT_EQ(c.kind, "crash");
}

TEST_F(FeedbackFixture, AnOutOfMemoryIsOneFailureWhoeverNoticedIt) {
  // std::bad_alloc in the interpreter, the sanitizer's allocator, the OOM killer: one failure.
  Outcome bad_alloc = outcome(OutcomeKind::oom, 2);
  bad_alloc.phase = "call";
  Outcome sanitizer = bad_alloc;
  sanitizer.sanitizer_kind = "out-of-memory";
  sanitizer.top_frame = "operator new(unsigned long)";
  Outcome killed = bad_alloc;
  killed.message = "SIGKILL (out of memory: peak 900 MiB)";
  const std::string key = classify_main(bad_alloc, main).key;
  EXPECT_EQ(classify_main(sanitizer, main).key, key);
  EXPECT_EQ(classify_main(killed, main).key, key);
  Outcome hang = bad_alloc;
  hang.kind = OutcomeKind::hang;
  EXPECT_NE(classify_main(hang, main).key, key);
  Outcome destroying = bad_alloc;
  destroying.phase = "destroy";
  EXPECT_NE(classify_main(destroying, main).key, key);
}

TEST_F(FeedbackFixture, SanitizerKeysDifferByTopFrame) {
  Outcome a = outcome(OutcomeKind::sanitizer, 2);
  a.sanitizer_kind = "heap-use-after-free";
  a.top_frame = "ns::A::use(const ns::Other &) /src/a.cpp:12:3";
  Outcome b = a;
  b.top_frame = "ns::Other::get() const /src/other.cpp:40:7";
  Outcome a_again = a;
  a_again.message = "different pid in the message";
  const Classified ca = classify_main(a, main), cb = classify_main(b, main), ca2 = classify_main(a_again, main);
  EXPECT_EQ(ca.verdict, Verdict::failure);
  EXPECT_EQ(ca.kind, "sanitizer");
  EXPECT_NE(ca.key, cb.key);
  EXPECT_EQ(ca.key, ca2.key);
  // Same frame, different kind of failure: different keys.
  Outcome crash = a;
  crash.kind = OutcomeKind::crash;
  EXPECT_NE(classify_main(crash, main).key, ca.key);
  // Without a top frame the sanitizer kind tells them apart.
  Outcome no_frame1 = outcome(OutcomeKind::sanitizer, 2), no_frame2 = no_frame1;
  no_frame1.sanitizer_kind = "heap-buffer-overflow";
  no_frame2.sanitizer_kind = "stack-buffer-overflow";
  EXPECT_NE(classify_main(no_frame1, main).key, classify_main(no_frame2, main).key);
  // Same frame, different last callable: different keys.
  const Sequence peek = make(
      {call(Library::kACtor, {Input::integer(1)}), call(Library::kOtherCtor), call(Library::kPeek, {ref(0), ref(1)})});
  EXPECT_NE(classify_main(a, peek).key, ca.key);
}

// ---------------------------------------------------------------------------------------------
// Theories and invariants: the catalog, TheoryChecks, classify, the literals of their parameters

api::Oracle oracle(api::Oracle::Kind kind, std::string id, std::string name, std::vector<api::Param> params,
                   unsigned line) {
  api::Oracle o;
  o.kind = kind;
  o.function = callable(std::move(id), std::move(name), "", api::CallableKind::function, std::move(params));
  o.function.file = "/src/theories/ns_theories.hpp";
  o.function.line = line;
  return o;
}

api::TypeRef record_type(const std::string& base, api::Passing passing) {
  const std::string spelling = passing == api::Passing::const_ref ? "const " + base + " &"
                               : passing == api::Passing::ref     ? base + " &"
                                                                  : base;
  return type(spelling, base, passing, api::TypeCategory::record);
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

// LiteralPool and PALUS_PARAM_VALUES / PALUS_TYPE_VALUES.

api::Literal integer_literal(std::int64_t v) { return literal(api::Literal::Kind::integer, std::to_string(v)); }

api::ParamValues param_values(std::string callable, std::string param, std::vector<api::Literal> values) {
  api::ParamValues p;
  p.callable = std::move(callable);
  p.param = std::move(param);
  p.values = std::move(values);
  return p;
}

api::ParamValues type_values(std::string type, std::vector<api::Literal> values) {
  api::ParamValues p;
  p.type = std::move(type);
  p.values = std::move(values);
  return p;
}

/// How many of `draws` picks for `callable`'s parameter `param` (of type `t`) satisfy `hit`.
template <typename Hit>
int hits(const LiteralPool& literals, const api::Callable& callable, const std::string& param, const api::TypeRef& t,
         Hit hit, int draws = 1000, std::uint64_t seed = 8) {
  Random random(seed);
  int n = 0;
  for (int i = 0; i < draws; ++i) n += hit(literals.pick(t, &callable, random, param)) ? 1 : 0;
  return n;
}

const api::TypeRef kStringRef =
    type("const std::string &", "std::string", api::Passing::const_ref, api::TypeCategory::string);

bool is_select(const Input& in) { return in.kind == InputKind::string && in.s.rfind("select ", 0) == 0; }

TEST(LiteralPool, ParamValuesGoToEveryOverloadWithTheParameter) {
  api::Api api;
  api::Class k;
  k.name = "ns::K";
  k.methods.push_back(callable("ns::K::run(const std::string &)", "run", "ns::K", api::CallableKind::method,
                               {param("sql", kStringRef)}));
  k.methods.push_back(callable("ns::K::run(const std::string &, int)", "run", "ns::K", api::CallableKind::method,
                               {param("sql", kStringRef), param("limit", int_type())}));
  k.methods.push_back(callable("ns::K::run(int)", "run", "ns::K", api::CallableKind::method, {param("n", int_type())}));
  k.methods.push_back(callable("ns::K::other(const std::string &)", "other", "ns::K", api::CallableKind::method,
                               {param("sql", kStringRef)}));
  api::Class l;
  l.name = "ns::L";
  l.methods.push_back(callable("ns::L::run(const std::string &)", "run", "ns::L", api::CallableKind::method,
                               {param("sql", kStringRef)}));
  api.classes = {k, l};
  api.functions.push_back(
      callable("ns::run(const std::string &)", "run", "", api::CallableKind::function, {param("sql", kStringRef)}));
  api.param_values = {
      param_values("ns::K::run", "sql",
                   {literal(api::Literal::Kind::string, "select 1"), literal(api::Literal::Kind::string, "select 2")})};
  const LiteralPool literals(api);
  const auto& methods = api.classes[0].methods;
  // Both overloads of ns::K::run with a parameter `sql`: about half of the draws.
  EXPECT_GT(hits(literals, methods[0], "sql", kStringRef, is_select), 400);
  EXPECT_GT(hits(literals, methods[1], "sql", kStringRef, is_select), 400);
  // Both values come up.
  Random random(3);
  std::set<std::string> seen;
  for (int i = 0; i < 200; ++i) seen.insert(literals.pick(kStringRef, &methods[0], random, "sql").s);
  EXPECT_TRUE(seen.count("select 1"));
  EXPECT_TRUE(seen.count("select 2"));
  // Not another parameter, another method, the same name in another class or namespace.
  EXPECT_EQ(hits(literals, methods[1], "limit", kStringRef, is_select), 0);
  EXPECT_EQ(hits(literals, methods[3], "sql", kStringRef, is_select), 0);
  EXPECT_EQ(hits(literals, api.classes[1].methods[0], "sql", kStringRef, is_select), 0);
  EXPECT_EQ(hits(literals, api.functions[0], "sql", kStringRef, is_select), 0);
  // Nor a pick that names no parameter.
  EXPECT_EQ(hits(literals, methods[0], "", kStringRef, is_select), 0);
}

TEST(LiteralPool, ParamValuesOfATheory) {
  api::Api api;
  api::Oracle theory;
  theory.kind = api::Oracle::Kind::theory;
  theory.function = callable("th::at_most(ns::K &, int)", "at_most", "", api::CallableKind::function,
                             {param("k", record_type("ns::K", api::Passing::ref)), param("bound", int_type())});
  api.oracles = {theory};
  api.param_values = {param_values("th::at_most", "bound", {integer_literal(4242), integer_literal(17)})};
  const LiteralPool literals(api);
  const api::Callable& f = api.oracles[0].function;
  const int given = hits(literals, f, "bound", int_type(), [](const Input& in) {
    return in.kind == InputKind::signed_integer && (in.i == 4242 || in.i == 17);
  });
  EXPECT_GT(given, 400);
  EXPECT_LT(given, 700);  // the other half from the pool
  // Another theory's parameter of the same name does not get them.
  const api::Callable g =
      callable("th::other(int)", "other", "", api::CallableKind::function, {param("bound", int_type())});
  EXPECT_EQ(hits(literals, g, "bound", int_type(), [](const Input& in) { return in.i == 4242; }), 0);
}

TEST(LiteralPool, TypeValuesGoToEveryParameterOfTheType) {
  api::Api api;
  api.functions.push_back(callable("ns::f(int, const std::string &, long)", "f", "", api::CallableKind::function,
                                   {param("n", int_type()), param("s", kStringRef), param("l", scalar("long"))}));
  api.functions.push_back(callable("ns::g(int)", "g", "", api::CallableKind::function, {param("m", int_type())}));
  api.param_values = {
      type_values("int", {integer_literal(31337), integer_literal(99999999999)}),  // the second not an int
      type_values("std::string", {literal(api::Literal::Kind::string, "PALUS")})};
  const LiteralPool literals(api);
  const api::Callable& f = api.functions[0];
  const api::Callable& g = api.functions[1];
  EXPECT_GT(hits(literals, f, "n", int_type(), [](const Input& in) { return in.i == 31337; }), 400);
  EXPECT_GT(hits(literals, g, "m", int_type(), [](const Input& in) { return in.i == 31337; }), 400);
  EXPECT_GT(hits(literals, g, "", int_type(), [](const Input& in) { return in.i == 31337; }), 400);  // unnamed too
  EXPECT_EQ(hits(literals, g, "m", int_type(), [](const Input& in) { return in.i == 99999999999; }), 0);
  EXPECT_GT(hits(literals, f, "s", kStringRef, [](const Input& in) { return in.s == "PALUS"; }), 400);
  // Another type does not get them.
  EXPECT_EQ(hits(literals, f, "l", scalar("long"), [](const Input& in) { return in.i == 31337; }), 0);
}

TEST(LiteralPool, GivenValuesTakeTheParametersType) {
  api::Api api;
  const api::TypeRef boolean = scalar("bool", api::TypeCategory::boolean);
  const api::TypeRef dbl = scalar("double", api::TypeCategory::floating);
  api.functions.push_back(callable(
      "ns::f(bool, short, unsigned int, double)", "f", "", api::CallableKind::function,
      {param("flag", boolean), param("small", scalar("short")), param("u", scalar("unsigned int")), param("x", dbl)}));
  // bool values as palus analyze records them (integers); 70000 does not fit a short, -5 no unsigned.
  api.param_values = {param_values("ns::f", "flag", {integer_literal(0)}),
                      param_values("ns::f", "small", {integer_literal(1234), integer_literal(70000)}),
                      param_values("ns::f", "u", {integer_literal(-5), integer_literal(4000000000)}),
                      param_values("ns::f", "x", {integer_literal(3), literal(api::Literal::Kind::floating, "2.5")})};
  const LiteralPool literals(api);
  const api::Callable& f = api.functions[0];
  // Booleans, false much more often than true (half of the time given, half a boundary value).
  Random random(21);
  int falses = 0;
  for (int i = 0; i < 1000; ++i) {
    const Input in = literals.pick(boolean, &f, random, "flag");
    ASSERT_EQ(in.kind, InputKind::boolean);
    falses += in.i == 0 ? 1 : 0;
  }
  EXPECT_GT(falses, 650);
  // Values out of range are left out, the others drawn.
  EXPECT_GT(hits(literals, f, "small", scalar("short"), [](const Input& in) { return in.i == 1234; }), 400);
  EXPECT_EQ(hits(literals, f, "small", scalar("short"), [](const Input& in) { return in.i == 70000; }), 0);
  EXPECT_GT(hits(literals, f, "u", scalar("unsigned int"),
                 [](const Input& in) { return in.kind == InputKind::unsigned_integer && in.u == 4000000000u; }),
            400);
  EXPECT_EQ(hits(literals, f, "u", scalar("unsigned int"),
                 [](const Input& in) {
                   return in.kind == InputKind::signed_integer || in.u == static_cast<std::uint64_t>(-5);
                 }),
            0);
  // Integers for a floating parameter are floating inputs.
  EXPECT_GT(hits(literals, f, "x", dbl,
                 [](const Input& in) { return in.kind == InputKind::floating && (in.d == 3.0 || in.d == 2.5); }),
            400);
}

// A char parameter: PALUS_PARAM_VALUES(ns::f, c, 'a', 1000): 1000 does not fit a char and is left out.
TEST(LiteralPool, GivenValuesOutOfRangeForACharAreLeftOut) {
  api::Api api;
  const api::TypeRef ch = scalar("char", api::TypeCategory::character);
  api.functions.push_back(callable("ns::f(char)", "f", "", api::CallableKind::function, {param("c", ch)}));
  api.param_values = {
      param_values("ns::f", "c", {literal(api::Literal::Kind::character, "97"), integer_literal(1000)})};
  const LiteralPool literals(api);
  const api::Callable& f = api.functions[0];
  EXPECT_GT(hits(literals, f, "c", ch, [](const Input& in) { return in.i == 97; }), 400);
  EXPECT_EQ(hits(literals, f, "c", ch, [](const Input& in) { return in.i == 1000; }), 0);
}

// PALUS_PARAM_VALUES(ns::f, u, 18446744073709551615u) for a std::uint64_t parameter: above INT64_MAX,
// it still fits.
TEST(LiteralPool, GivenValuesAboveInt64MaxForAnUnsignedParameter) {
  api::Api api;
  const api::TypeRef u64 = scalar("std::uint64_t");
  api.functions.push_back(callable("ns::f(std::uint64_t)", "f", "", api::CallableKind::function, {param("u", u64)}));
  api.param_values = {param_values("ns::f", "u", {literal(api::Literal::Kind::integer, "18446744073709551615")})};
  const LiteralPool literals(api);
  EXPECT_GT(hits(literals, api.functions[0], "u", u64,
                 [](const Input& in) { return in.kind == InputKind::unsigned_integer && in.u == UINT64_MAX; }),
            400);  // about half given, plus the boundary value UINT64_MAX
}

// ---------------------------------------------------------------------------------------------
// minimise

TEST(Minimise, RemovesIrrelevantStatementsKeepsUsedOnesAndTheLast) {
  // 0: x()  1: noise(1)  2: y(ref 0)  3: noise(2)  4: fail(ref 2)
  const Sequence failing =
      make({call(1), call(9, {Input::integer(1)}), call(2, {ref(0)}), call(9, {Input::integer(2)}), call(7, {ref(2)})});
  std::size_t calls = 0;
  const auto still_fails = [&](const Sequence& s) {
    ++calls;
    // Fails as long as it ends with the failing call.
    return !s.empty() && s.statements().back().callable == 7;
  };
  const Sequence minimal = minimise(failing, 1, still_fails, 100);
  EXPECT_EQ(minimal, make({call(1), call(2, {ref(0)}), call(7, {ref(1)})}));
  EXPECT_GT(calls, 0u);
  EXPECT_LE(calls, 100u);
}

TEST(Minimise, KeepsWhatTheFailureNeeds) {
  // The failure needs noise(1) although nothing refers to it (global state, say).
  const Sequence failing = make({call(9, {Input::integer(1)}), call(9, {Input::integer(2)}), call(7)});
  const auto still_fails = [](const Sequence& s) {
    bool has_one = false;
    for (const auto& st : s.statements()) has_one = has_one || (st.callable == 9 && st.inputs[0].i == 1);
    return has_one && s.statements().back().callable == 7;
  };
  EXPECT_EQ(minimise(failing, 1, still_fails, 100), make({call(9, {Input::integer(1)}), call(7)}));
}

TEST(Minimise, KeepLastProtectsTheChecks) {
  // 0: a()  1: noise()  2: fail(ref 0)  3: check(ref 0)  4: unused_check()
  const Sequence failing = make({call(1), call(9), call(7, {ref(0)}), call(8, {ref(0)}), call(8)});
  std::vector<Sequence> tried;
  const auto still_fails = [&](const Sequence& s) {
    tried.push_back(s);
    return true;
  };
  const Sequence minimal = minimise(failing, 3, still_fails, 100);
  EXPECT_EQ(minimal, make({call(1), call(7, {ref(0)}), call(8, {ref(0)}), call(8)}));
  for (const auto& s : tried) {
    ASSERT_GE(s.size(), 3u);
    EXPECT_EQ(s[s.size() - 3].callable, 7u);
    EXPECT_EQ(s[s.size() - 1].callable, 8u);
  }
}

TEST(Minimise, RespectsMaxAttempts) {
  Sequence failing;
  for (int i = 0; i < 20; ++i) failing = failing.extended(call(9, {Input::integer(i)}));
  failing = failing.extended(call(7));
  std::size_t calls = 0;
  const auto never = [&](const Sequence&) {
    ++calls;
    return false;  // nothing can be removed
  };
  EXPECT_EQ(minimise(failing, 1, never, 5), failing);
  EXPECT_EQ(calls, 5u);
  calls = 0;
  const auto always = [&](const Sequence&) {
    ++calls;
    return true;
  };
  const Sequence partly = minimise(failing, 1, always, 3);
  EXPECT_EQ(calls, 3u);
  EXPECT_EQ(partly.size(), failing.size() - 3);
  EXPECT_EQ(partly.statements().back().callable, 7u);
  calls = 0;
  EXPECT_EQ(minimise(failing, 1, always, 0), failing);
  EXPECT_EQ(calls, 0u);
}

TEST(Minimise, RepeatsUntilNothingMoreGoes) {
  // b can only go once a is gone, and a is before b: a second pass removes b.
  const Sequence failing = make({call(1), call(2), call(7)});
  const auto has = [](const Sequence& s, std::uint32_t callable) {
    for (const auto& st : s.statements())
      if (st.callable == callable) return true;
    return false;
  };
  const auto still_fails = [&](const Sequence& s) {
    return !s.empty() && s.statements().back().callable == 7 && (!has(s, 1) || has(s, 2));
  };
  EXPECT_EQ(minimise(failing, 1, still_fails, 100), make({call(7)}));
}

TEST(Minimise, NothingToRemove) {
  const Sequence failing = make({call(1), call(7, {ref(0)})});
  std::size_t calls = 0;
  const auto still_fails = [&](const Sequence&) {
    ++calls;
    return true;
  };
  EXPECT_EQ(minimise(failing, 1, still_fails, 100), failing);  // statement 0 is used by the last
  EXPECT_EQ(calls, 0u);
  EXPECT_EQ(minimise(failing, 5, still_fails, 100), failing);  // keep_last beyond the size
}

}  // namespace
}  // namespace palus::generation
