#pragma once
// The fixture of the random step, contract check and feedback tests: the small library's
// catalog and literals, a type-correctness check of sequences, and random steps run into a pool.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "palus/generation/catalog.hpp"
#include "palus/generation/literal_pool.hpp"
#include "palus/generation/pool.hpp"
#include "palus/generation/random.hpp"
#include "palus/generation/random_step.hpp"
#include "unit/palus/generation/generation_fixtures.hpp"

namespace palus::generation::fixtures {

using harness::protocol::InputKind;

struct StepFixture : ::testing::Test {
  Library lib;
  Catalog catalog = make_catalog(lib.api, lib.ids);
  LiteralPool literals{lib.api};

  std::set<std::uint32_t> callable_set(const std::vector<const CallableInfo*>& infos) {
    std::set<std::uint32_t> out;
    for (const auto* c : infos) out.insert(c->index);
    return out;
  }

  /// A(5): the sequence that makes an ns::A.
  static Sequence make_a() { return make({call(Library::kACtor, {Input::integer(5)})}); }

  /// Adds `sequence` to `pool` with what it yields.
  void add(Pool& pool, const Sequence& sequence, Random& random) {
    pool.add(sequence, yields_of(sequence, catalog), random);
  }

  /// Adds A(5) and Other() to `pool`: an object of each class.
  void add_a_and_other(Pool& pool, Random& random) {
    add(pool, make_a(), random);
    add(pool, make({call(Library::kOtherCtor)}), random);
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

}  // namespace palus::generation::fixtures
