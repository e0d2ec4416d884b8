#include "palus/generation/mutation_source.hpp"

#include <algorithm>
#include <cmath>

#include "palus/generation/legal_inputs.hpp"

namespace palus::generation {
namespace {

constexpr std::size_t kMaxStrings = 512;             // strings kept for splicing
constexpr std::size_t kMaxPendingParents = 1 << 16;  // candidates made but not yet executed

}  // namespace

double MutationSource::energy_of(const Entry& entry) {
  return (1.0 + std::log2(1.0 + entry.reached) + 2.0 * entry.children_found) / std::sqrt(1.0 + entry.picked);
}

void MutationSource::refresh(Entry& entry) {
  total_energy_ -= entry.energy;
  entry.energy = energy_of(entry);
  total_energy_ += entry.energy;
}

std::vector<MutationSource::Slot> MutationSource::slots_of(const Sequence& sequence) const {
  std::vector<Slot> out;
  for (std::uint32_t k = 0; k < sequence.size(); ++k) {
    const CallableInfo& info = catalog_.callables[sequence[k].callable];
    const auto& inputs = sequence[k].inputs;
    for (std::uint32_t j = 0; j < inputs.size() && j < info.inputs.size(); ++j)
      if (InputMutator::mutable_input(inputs[j], info.inputs[j])) out.push_back({k, j});
  }
  return out;
}

void MutationSource::add(const Sequence& sequence, std::size_t new_blocks) {
  std::vector<Slot> slots = slots_of(sequence);
  if (slots.empty()) return;
  for (const Slot& s : slots) {
    const Input& in = sequence[s.statement].inputs[s.input];
    if (in.kind != InputKind::string || in.s.empty()) continue;
    if (strings_.size() < kMaxStrings) {
      strings_.push_back(in.s);
    } else {
      strings_[next_string_] = in.s;
      next_string_ = (next_string_ + 1) % kMaxStrings;
    }
  }
  Entry entry{sequence, std::move(slots), next_stamp_++, static_cast<double>(new_blocks), 0, 0, 0};
  if (corpus_.size() < capacity_) {
    refresh(corpus_.emplace_back(std::move(entry)));
    return;
  }
  // Full: the entry with the least energy makes room.
  auto weakest = std::min_element(corpus_.begin(), corpus_.end(),
                                  [](const Entry& a, const Entry& b) { return a.energy < b.energy; });
  total_energy_ -= weakest->energy;
  *weakest = std::move(entry);
  refresh(*weakest);
}

std::size_t MutationSource::draw(Random& random) const {
  double at = random.unit() * total_energy_;
  for (std::size_t k = 0; k < corpus_.size(); ++k) {
    at -= corpus_[k].energy;
    if (at < 0) return k;
  }
  return corpus_.size() - 1;  // the total's rounding left a sliver past the last entry
}

MutationSource::InputKey MutationSource::key_of(const Sequence& sequence, const Slot& slot) {
  return (InputKey{sequence[slot.statement].callable} << 32) | slot.input;
}

const MutationSource::Slot& MutationSource::pick_slot(const Entry& entry, Random& random) const {
  // The mean of a Beta(1, 1) prior updated by the tries: an input never tried draws as one that
  // found every other time, so each gets tried before its count can sink it.
  auto weight = [&](const Slot& slot) {
    auto it = yields_.find(key_of(entry.sequence, slot));
    const Yield y = it == yields_.end() ? Yield{} : it->second;
    return (y.found + 1.0) / (y.tried + 2.0);
  };
  double total = 0;
  for (const Slot& slot : entry.slots) total += weight(slot);
  double at = random.unit() * total;
  for (const Slot& slot : entry.slots) {
    at -= weight(slot);
    if (at < 0) return slot;
  }
  return entry.slots.back();
}

std::optional<Sequence> MutationSource::next(const Pool& /*pool*/, Random& random) {
  if (corpus_.empty()) return std::nullopt;
  const std::size_t index = draw(random);
  Entry& entry = corpus_[index];
  ++entry.picked;
  refresh(entry);
  Sequence candidate = entry.sequence;
  // Havoc: one change most often, up to four stacked.
  const std::size_t changes = 1 + (random.chance(0.5) ? 0 : random.below(4));
  std::optional<InputKey> only;  // the one input every change picked, if they all picked one
  bool several = false;
  for (std::size_t n = 0; n < changes; ++n) {
    const Slot& slot = pick_slot(entry, random);
    const InputKey key = key_of(entry.sequence, slot);
    several = several || (only && *only != key);
    only = key;
    const CallableInfo& info = catalog_.callables[candidate[slot.statement].callable];
    const Input& before = candidate[slot.statement].inputs[slot.input];
    candidate = candidate.with_input(slot.statement, slot.input,
                                     mutator_.mutate(before, info.inputs[slot.input], info, random, strings_));
  }
  candidate = with_legal_lengths(candidate, catalog_);  // as the generator would: the parent is found by hash
  if (candidate == entry.sequence) return std::nullopt;
  if (parents_.size() >= kMaxPendingParents) parents_.clear();  // made, then dropped as duplicates
  parents_[candidate.hash()] = Parent{index, entry.stamp, several ? std::nullopt : only};
  ++stats_.made;
  return candidate;
}

void MutationSource::executed(const Sequence& candidate, Verdict verdict, const harness::protocol::RunResult& result) {
  const std::size_t found = result.new_blocks.size();
  if (auto parent = parents_.find(candidate.hash()); parent != parents_.end()) {
    ++stats_.executed;
    // Only a mutant that changed one input says what that input is worth: one that changed a
    // parser's text and a count beside it would credit the count with the text's finds.
    if (parent->second.only_input) {
      Yield& y = yields_[*parent->second.only_input];
      ++y.tried;
      y.found += found > 0 ? 1 : 0;
    }
    if (found > 0) {
      ++stats_.found;
      stats_.new_blocks += found;
      const Parent& p = parent->second;
      if (p.index < corpus_.size() && corpus_[p.index].stamp == p.stamp) {
        ++corpus_[p.index].children_found;
        refresh(corpus_[p.index]);
      }
    }
    parents_.erase(parent);
  }
  // What a sequence that ends in an exception reached counts too: a changed input may take it on.
  if (found > 0 && (verdict == Verdict::normal || verdict == Verdict::exception)) add(candidate, found);
}

MutationStats MutationSource::stats() const {
  MutationStats out = stats_;
  out.corpus = corpus_.size();
  return out;
}

}  // namespace palus::generation
