#include "palus/generation/guided_source.hpp"

#include "palus/generation/legal_inputs.hpp"

namespace palus::generation {
namespace {

constexpr std::size_t kReachingCap = 2000;   ///< sequences waiting per node
constexpr std::size_t kWaitingCap = 100000;  ///< waiting candidates never judged (quarantined), and ran_

}  // namespace

GuidedSource::GuidedSource(const Catalog& catalog, const ModelGuide& guide, const LiteralPool& literals,
                           RandomStep& random_step, GuidedSourceOptions options)
    : catalog_(catalog),
      guide_(guide),
      random_step_(random_step),
      options_(options),
      dependents_(catalog),
      step_(catalog, literals, guide, index_, dependents_, options.step) {
  const auto& uncovered = guide_.uncovered();
  for (std::size_t k = 0; k < uncovered.size(); ++k)
    if (options_.share_count <= 1 || k % options_.share_count == options_.share_index)
      unguided_targets_.push_back(uncovered[k]);
  if (unguided_targets_.empty()) unguided_targets_ = uncovered;
}

bool GuidedSource::guided_turn() {
  if (!options_.unguided_phase) return last_turn_guided_ = true;
  if (options_.max_steps) {
    last_turn_guided_ =
        static_cast<double>(executed_) < options_.guided_fraction * static_cast<double>(options_.max_steps);
    return last_turn_guided_;
  }
  if (options_.deadline == std::chrono::steady_clock::time_point::max()) return last_turn_guided_ = true;
  // Under a time limit the deadline moves earlier while found tests wait for their check, so a
  // phase boundary at a share of the time left would leave the unguided share little or nothing
  // (jsoncpp: 89 unguided candidates of 2,800). Guided and unguided candidates alternate instead,
  // keeping the time each took at the configured shares all along.
  const auto now = std::chrono::steady_clock::now();
  if (last_turn_)
    (last_turn_guided_ ? guided_s_ : unguided_s_) += std::chrono::duration<double>(now - *last_turn_).count();
  last_turn_ = now;
  last_turn_guided_ = guided_s_ <= options_.guided_fraction * (guided_s_ + unguided_s_);
  return last_turn_guided_;
}

std::optional<Sequence> GuidedSource::next(const Pool& pool, Random& random) {
  last_pending_.reset();
  if (!guide_.rooted().empty() && guided_turn()) return guided(pool, random);
  last_turn_guided_ = false;
  return unguided(pool, random);
}

std::optional<Sequence> GuidedSource::pending(const GuidedTransition& t, Tracked made, const Pool& pool, Random& random,
                                              std::optional<Tracked> base, NodeKey from) {
  Sequence candidate = made.sequence;
  if (auto longer = step_.with_dependent(made, t, pool, random)) candidate = std::move(*longer);
  if (waiting_.size() >= kWaitingCap) waiting_.clear();
  // Keyed as the loop will name it: after with_legal_lengths.
  last_pending_ = with_legal_lengths(candidate, catalog_).hash();
  waiting_[*last_pending_].push_back(Waiting{t.to(), made.statement, made.sequence.size(), std::move(base), from});
  return candidate;
}

void GuidedSource::reach(NodeKey node, Tracked tracked) {
  std::vector<Tracked>& list = reaching_[node];
  if (list.size() < kReachingCap)
    list.push_back(std::move(tracked));
  else
    list[bookkeeping_.below(list.size())] = std::move(tracked);
}

std::optional<Sequence> GuidedSource::guided(const Pool& pool, Random& random) {
  std::vector<NodeKey> extendable;
  for (const auto& [node, list] : reaching_)
    if (!list.empty() && !guide_.outgoing(node).empty()) extendable.push_back(node);
  if (extendable.empty() || random.chance(0.5)) {
    // Action 1: a new object along a transition leaving a model's root.
    const std::uint32_t model = random.one_of(guide_.rooted());
    const GuidedTransition& t = random.one_of(guide_.outgoing(NodeKey{model, 0}));
    auto made = step_.make(t, nullptr, pool, random);
    if (!made) {
      ++stats_.failed;
      return std::nullopt;
    }
    ++stats_.from_root;
    return pending(t, std::move(*made), pool, random);
  }
  // Action 2: extend a sequence reaching a node; it leaves the node's list (it is extended once).
  const NodeKey node = rarely_extended(extendable, random);
  std::vector<Tracked>& list = reaching_[node];
  const std::size_t at = random.below(list.size());
  Tracked seq = std::move(list[at]);
  list[at] = std::move(list.back());
  list.pop_back();
  const GuidedTransition& t = random.one_of(guide_.outgoing(node));
  auto made = step_.make(t, &seq, pool, random);
  if (!made) {
    ++stats_.failed;
    reach(node, std::move(seq));
    return std::nullopt;
  }
  ++stats_.extended;
  return pending(t, std::move(*made), pool, random, std::move(seq), node);
}

// Duplicates arrive again (see dropped()), so the nodes near a root always hold sequences; a
// uniform choice among the extendable nodes would seldom extend the deepest one just reached.
// Weighting each by 1 / (1 + times extended) takes a new node first, then evens the turns out.
NodeKey GuidedSource::rarely_extended(const std::vector<NodeKey>& extendable, Random& random) {
  const auto weight = [this](const NodeKey& node) { return 1.0 / (1.0 + static_cast<double>(extended_[node])); };
  double total = 0;
  for (const NodeKey& node : extendable) total += weight(node);
  double at = random.unit() * total;
  for (const NodeKey& node : extendable) {
    at -= weight(node);
    if (at < 0) {
      ++extended_[node];
      return node;
    }
  }
  ++extended_[extendable.back()];
  return extendable.back();
}

std::optional<Sequence> GuidedSource::unguided(const Pool& pool, Random& random) {
  ++stats_.unguided;
  if (unguided_targets_.empty() || !options_.unguided_phase) return random_step_.next(pool, random);
  // RandomGenerate(method) for a random model-uncovered method (Figure 7 lines 20-23).
  return random_step_.call(random_step_.pick(unguided_targets_, random), pool, random);
}

void GuidedSource::executed(const Sequence& candidate, Verdict verdict, const harness::protocol::RunResult& result) {
  ++executed_;
  if (verdict == Verdict::normal) index_profiles(candidate, result);
  std::uint32_t normal_upto = 0;
  while (normal_upto < result.statements.size() &&
         result.statements[normal_upto].status == harness::protocol::StatementStatus::normal)
    ++normal_upto;
  const Ran ran{verdict == Verdict::normal, normal_upto};
  if (ran_.size() >= kWaitingCap) ran_.clear();
  ran_[candidate.hash()] = ran;
  auto found = waiting_.find(candidate.hash());
  if (found == waiting_.end()) return;
  std::vector<Waiting> waitings = std::move(found->second);
  waiting_.erase(found);
  for (Waiting& waiting : waitings)
    if (arrive(candidate, ran, waiting)) ++stats_.reached;
}

void GuidedSource::dropped(const Sequence& candidate, bool duplicate) {
  // Only the draw just made: an unguided one may be like a guided one still waiting to run.
  if (last_pending_ != candidate.hash()) return;
  auto found = waiting_.find(candidate.hash());
  if (found == waiting_.end()) return;
  // The draw just made is the last one waiting under its hash; an identical one drawn before it
  // in the same batch is still waiting to run, and this one then arrives where that one does.
  if (duplicate && found->second.size() > 1) return;
  Waiting waiting = std::move(found->second.back());
  found->second.pop_back();
  if (found->second.empty()) waiting_.erase(found);
  auto known = duplicate ? ran_.find(candidate.hash()) : ran_.end();
  if (known == ran_.end()) {
    if (waiting.base) reach(waiting.from, std::move(*waiting.base));
    return;
  }
  if (arrive(candidate, known->second, waiting)) ++stats_.reached_again;
}

bool GuidedSource::arrive(const Sequence& candidate, Ran ran, Waiting& waiting) {
  // The transition's call reached its node when every statement up to it ran normally, even if
  // the dependent method appended after it did not.
  const std::size_t upto = waiting.transition_size;
  if (!ran.normal && !(upto < candidate.size() && ran.normal_upto >= upto)) {
    if (waiting.base) reach(waiting.from, std::move(*waiting.base));
    return false;
  }
  Tracked tracked{ran.normal ? candidate : candidate.prefix(upto), waiting.statement};
  index_.reached(waiting.node, tracked, bookkeeping_);
  reach(waiting.node, std::move(tracked));
  return true;
}

void GuidedSource::index_profiles(const Sequence& candidate, const harness::protocol::RunResult& result) {
  // The last profile reported for each object is its profile at the end of the sequence.
  std::map<std::uint32_t, const std::string*> last;
  for (const auto& answer : result.statements)
    for (const auto& p : answer.profiles)
      if (p.object < candidate.size()) last[p.object] = &p.profile;
  // Objects reached through a const reference are left out: profiles serve inputs a call may change.
  for (const auto& [statement, profile] : last) {
    if (read_only_at(catalog_, candidate, statement)) continue;
    for (const auto& type : catalog_.callables[candidate[statement].callable].yields)
      index_.profiled(type, *profile, Tracked{candidate, statement}, bookkeeping_);
  }
}

GuidedSourceStats GuidedSource::stats() const {
  GuidedSourceStats out = stats_;
  out.step = step_.counts();
  return out;
}

std::size_t GuidedSource::reaching_nodes() const {
  std::size_t n = 0;
  for (const auto& [node, list] : reaching_) n += !list.empty();
  return n;
}

}  // namespace palus::generation
