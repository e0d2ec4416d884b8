#pragma once
// GenSequences of Palus Figure 7, as a sequence source for the generation loop. The guided phase
// either starts an object along a transition leaving a model's root or extends a sequence that
// reaches a node along one of the node's transitions (reachingSeqs); then, in palus mode, the
// unguided phase generates randomly for the callables no model covers. Modes (DESIGN §6):
//   model              guided phase only, inputs by recorded value and by type
//   model+constraints  plus dependence state and abstract profile for object inputs
//   palus              plus dependent methods and the unguided phase

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>

#include "palus/generation/generator.hpp"
#include "palus/generation/guided_step.hpp"
#include "palus/generation/random_step.hpp"

namespace palus::generation {

struct GuidedSourceOptions {
  GuidedStepOptions step;
  bool unguided_phase = true;    ///< palus mode
  double guided_fraction = 0.6;  ///< share of the budget for the guided phase (with an unguided phase)
  std::uint64_t max_steps = 0;   ///< when set, the budget is counted in executions, not time
  /// A shard's share of the unguided phase (palus run --shard K/N): the model-uncovered callables
  /// whose place in the catalog's order is K-1 modulo N, or all when that share is empty.
  std::uint32_t share_index = 0, share_count = 1;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct GuidedSourceStats {
  std::uint64_t from_root = 0, extended = 0, unguided = 0, failed = 0, reached = 0;
  std::uint64_t reached_again = 0;  ///< dropped as duplicates of candidates that reached their node
  GuidedStepCounts step;
};

class GuidedSource : public SequenceSource {
 public:
  GuidedSource(const Catalog& catalog, const ModelGuide& guide, const LiteralPool& literals, RandomStep& random_step,
               GuidedSourceOptions options);

  std::optional<Sequence> next(const Pool& pool, Random& random) override;
  void executed(const Sequence& candidate, Verdict verdict, const harness::protocol::RunResult& result) override;
  /// A candidate like one that ran and reached its node reaches it again (Figure 7 adds newSeq to
  /// reachingSeqs whether or not it is new: a root without inputs, `Parser()`, is made the same
  /// way every time, and without this its node would be extended once in a run); the sequence it
  /// extended is taken off its node's list, as Figure 7 does. Any other dropped candidate gives the
  /// sequence it extended back to its node.
  void dropped(const Sequence& candidate, bool duplicate) override;

  /// Whether the last candidate came from the guided share (with max_steps: the guided phase,
  /// the first guided_fraction of the steps; under a time limit: a turn of the running shares).
  bool guided_phase() const { return last_turn_guided_; }
  /// Moves the end of generation (a run's budget shortens it as tests are found); a deadline
  /// makes the guided and unguided shares alternate. Call it on the generator's thread.
  void set_deadline(std::chrono::steady_clock::time_point deadline) { options_.deadline = deadline; }
  GuidedSourceStats stats() const;
  /// Nodes with sequences waiting to be extended (reachingSeqs' keys with a non-empty list).
  std::size_t reaching_nodes() const;

 private:
  std::optional<Sequence> guided(const Pool& pool, Random& random);
  std::optional<Sequence> unguided(const Pool& pool, Random& random);
  /// The candidate for transition `t` made into `made`: with a dependent method appended in palus
  /// mode. Remembers that `made` reaches t's target once executed normally, and that `base`
  /// (taken from `from`'s list to be extended) goes back there if the transition's call fails.
  std::optional<Sequence> pending(const GuidedTransition& t, Tracked made, const Pool& pool, Random& random,
                                  std::optional<Tracked> base = std::nullopt, NodeKey from = {});
  /// The node Action 2 extends: drawn with weight 1 / (1 + times it was drawn before).
  NodeKey rarely_extended(const std::vector<NodeKey>& extendable, Random& random);
  std::map<NodeKey, std::uint32_t> extended_;  ///< times each node was drawn for Action 2
  /// Adds `tracked` to node's reachingSeqs (bounded).
  void reach(NodeKey node, Tracked tracked);
  void index_profiles(const Sequence& candidate, const harness::protocol::RunResult& result);

  const Catalog& catalog_;
  const ModelGuide& guide_;
  RandomStep& random_step_;
  GuidedSourceOptions options_;
  ObjectIndex index_;
  DependentMethods dependents_;
  GuidedStep step_;
  Random bookkeeping_{0};  ///< replacement choices of the bounded indexes; never a generation choice
  std::map<NodeKey, std::vector<Tracked>> reaching_;  ///< Figure 7's reachingSeqs
  struct Waiting {
    NodeKey node;
    std::uint32_t statement = 0;
    std::size_t transition_size = 0;  ///< the candidate's length without the dependent call
    std::optional<Tracked> base;      ///< the extended sequence, and the node it was taken from
    NodeKey from;
  };
  /// By candidate hash, until it runs or is dropped; more than one when the same candidate was
  /// drawn again before it ran.
  std::unordered_map<std::uint64_t, std::vector<Waiting>> waiting_;
  struct Ran {
    bool normal = false;            ///< every statement ran normally
    std::uint32_t normal_upto = 0;  ///< the statements before this one did
  };
  std::unordered_map<std::uint64_t, Ran> ran_;  ///< how each candidate that ran did, by hash (bounded)
  std::optional<std::uint64_t> last_pending_;   ///< the hash of the last draw's candidate, when guided
  /// Puts `candidate`, which ran as `ran`, at the node `waiting` is for when the transition's call
  /// got there, else gives back the sequence it extended; whether it got there.
  bool arrive(const Sequence& candidate, Ran ran, Waiting& waiting);
  std::vector<const CallableInfo*> unguided_targets_;  ///< this shard's share of the uncovered callables
  /// Whether the next candidate is guided, and it is counted so (see guided_turn() in the .cpp).
  bool guided_turn();

  std::uint64_t executed_ = 0;
  GuidedSourceStats stats_;
  bool last_turn_guided_ = true;
  double guided_s_ = 0, unguided_s_ = 0;                            ///< time since each turn began, summed per share
  std::optional<std::chrono::steady_clock::time_point> last_turn_;  ///< from the first turn on
};

}  // namespace palus::generation
