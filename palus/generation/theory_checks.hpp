#pragma once
// Theories and invariants on the objects a sequence makes (DESIGN §8): their harness callables
// appended after the sequence's own statements (and its contract checks), so one execution runs
// all of them. Every prefix of a sequence was checked when it ran, so checking the objects the
// last statement touched is checking after every call.

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "palus/generation/catalog.hpp"
#include "palus/generation/literal_pool.hpp"
#include "palus/generation/random.hpp"
#include "palus/generation/sequence.hpp"

namespace palus::generation {

struct TheoryCheckOptions {
  std::size_t theories_per_sequence = 2;  ///< theory calls appended at most per sequence
  double objectless_chance = 0.05;        ///< chance to try a theory without object parameters
};

class TheoryChecks {
 public:
  /// `literals` gives the scalar and string inputs of theories (their PALUS_PARAM_VALUES first).
  TheoryChecks(const Catalog& catalog, const LiteralPool& literals, TheoryCheckOptions options = {});

  /// `checked` (whose first `main_size` statements are the sequence itself) followed by the
  /// invariant of every object the sequence's last statement made, changed or was called on, then
  /// by up to `theories_per_sequence` theories, drawn at random among those whose objects the
  /// sequence has, one of them such an object.
  Sequence appended(const Sequence& checked, std::size_t main_size, Random& random) const;

  bool empty() const { return invariants_.empty() && theories_.empty(); }

 private:
  /// (statement, record type) pairs the last statement of the first `main_size` touched.
  std::vector<std::pair<std::uint32_t, std::string>> subjects(const Sequence& sequence, std::size_t main_size) const;
  bool theory_call(const CallableInfo& theory, const Sequence& sequence, std::size_t main_size,
                   const std::vector<std::pair<std::uint32_t, std::string>>& subjects, Random& random,
                   Statement& out) const;

  const Catalog& catalog_;
  const LiteralPool& literals_;
  TheoryCheckOptions options_;
  std::map<std::string, const CallableInfo*> invariants_;  ///< by checked type
  std::vector<const CallableInfo*> theories_;
};

}  // namespace palus::generation
