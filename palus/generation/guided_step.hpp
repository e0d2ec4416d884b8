#pragma once
// GuidedSeqGen of Palus Figure 8: one call along a model transition. Primitive and string inputs
// take a value the sample passed; object inputs come from a sequence whose object is in the
// transition's dependence state, else one with the recorded abstract profile, else any of the
// type; then, in palus mode, a method that depends on the called one is appended.

#include <optional>

#include "palus/generation/dependent_methods.hpp"
#include "palus/generation/literal_pool.hpp"
#include "palus/generation/model_guide.hpp"
#include "palus/generation/object_index.hpp"
#include "palus/generation/pool.hpp"

namespace palus::generation {

struct GuidedStepOptions {
  bool constraints = true;  ///< by dependence state and profile (model+constraints, palus)
  bool dependents = true;   ///< append a dependent method (palus)
  /// Chance that an input ignores the recorded values and the constraints (the literal pool, any
  /// object of the type): without it a model's roots repeat the sample's calls exactly and the
  /// constrained choices run out, so the generator has nothing new to run within seconds.
  double explore = 0.25;
  std::size_t max_statements = 100;
};

/// How the object inputs of the last step were found (for the run log and tests).
struct GuidedStepCounts {
  std::uint64_t by_state = 0, by_profile = 0, by_type = 0, recorded_values = 0, dependent_calls = 0;
};

class GuidedStep {
 public:
  GuidedStep(const Catalog& catalog, const LiteralPool& literals, const ModelGuide& guide, const ObjectIndex& index,
             const DependentMethods& dependents, GuidedStepOptions options);

  /// The call of `t`; with `base`, the model's object is base's tracked object (extending it),
  /// else the call creates it (a root transition). The result tracks the model's object.
  std::optional<Tracked> make(const GuidedTransition& t, const Tracked* base, const Pool& pool, Random& random);

  /// In palus mode, `made` (the result of make for `t`) with a call of a method depending on
  /// t's callable appended (Figure 8 lines 18-22); nullopt when none applies or fits.
  std::optional<Sequence> with_dependent(const Tracked& made, const GuidedTransition& t, const Pool& pool,
                                         Random& random);

  const GuidedStepCounts& counts() const { return counts_; }

 private:
  /// An object input: by state, by profile, by type (Figure 8 lines 6-14).
  std::optional<Tracked> object_for(const InputNeed& need, const models::SlotConstraint* constraint, const Pool& pool,
                                    Random& random);
  /// A literal input: a recorded value when there is one that fits, else the literal pool.
  Input literal_for(const CallableInfo& callable, const InputNeed& need, const models::SlotConstraint* constraint,
                    Random& random);
  const Catalog& catalog_;
  const LiteralPool& literals_;
  const ModelGuide& guide_;
  const ObjectIndex& index_;
  const DependentMethods& dependents_;
  GuidedStepOptions options_;
  GuidedStepCounts counts_;
};

}  // namespace palus::generation
