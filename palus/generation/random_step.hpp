#pragma once
// One step of Randoop's feedback-directed generation (random mode, DESIGN §6): pick a callable
// whose inputs the pool can supply, pick each input by type from the pool or the literal pool,
// concatenate the chosen sequences and append the call.

#include <optional>
#include <vector>

#include "palus/generation/assemble.hpp"
#include "palus/generation/catalog.hpp"
#include "palus/generation/literal_pool.hpp"
#include "palus/generation/pool.hpp"
#include "palus/generation/random.hpp"
#include "palus/generation/sequence.hpp"

namespace palus::generation {

struct StepOptions {
  std::size_t max_statements = 100;
  double null_probability = 0.05;  ///< a pointer parameter gets nullptr
  double reuse_probability = 0.4;  ///< an object input reuses one already in the sequence being built
  /// An object input is the very object an earlier input of its type is (Randoop's aliasing:
  /// `a == a`, `a.swap(a)`, `a.append(a)`, where self-comparison and self-assignment paths are).
  double alias_probability = 0.15;
};

class RandomStep {
 public:
  RandomStep(const Catalog& catalog, const LiteralPool& literals, StepOptions options);

  /// A new candidate ending in a call to a randomly chosen callable; nullopt when this attempt
  /// found nothing (the chosen callable would exceed max_statements).
  std::optional<Sequence> next(const Pool& pool, Random& random);

  /// A candidate ending in a call to `callable` (inputs as in next()); nullopt when the pool
  /// cannot supply an input or the sequence would be too long.
  std::optional<Sequence> call(const CallableInfo& callable, const Pool& pool, Random& random) const;

  /// Callables whose every object input the pool can supply (a null-allowed pointer always can).
  std::vector<const CallableInfo*> callable_now(const Pool& pool) const;

  /// One of `callables`, at random, where the instantiations of one function template together
  /// are as likely as one plain callable: trying a template with four types does not make it four
  /// times as likely as its neighbours.
  const CallableInfo& pick(const std::vector<const CallableInfo*>& callables, Random& random) const;

 private:
  /// For the next input of `callable` (the one after `chosen`), sometimes the object an earlier
  /// input of the same type got, when neither is moved from and a call that may change it gets a
  /// writable one.
  std::optional<ChosenInput> alias_of(const CallableInfo& callable, const std::vector<ChosenInput>& chosen,
                                      const std::vector<Sequence>& parts, Random& random) const;

  const Catalog& catalog_;
  const LiteralPool& literals_;
  StepOptions options_;
  std::vector<const CallableInfo*> candidates_;  ///< usable, not contracts
  std::vector<std::size_t> siblings_;            ///< by callable index: instantiations of its template (1 if none)
};

/// The record types each statement of `sequence` leaves in the pool (see CallableInfo::yields).
std::vector<Pool::Yield> yields_of(const Sequence& sequence, const Catalog& catalog);

}  // namespace palus::generation
