#pragma once
// Coverage-guided mutation, a sequence source beside the random and model-guided ones (the corpus
// and energy of AFL and libFuzzer, GRT's coverage-guided selection). Every executed candidate
// whose run reached blocks no earlier one did joins a bounded corpus; a new candidate is a corpus
// sequence, drawn by energy, with one to four of its literal inputs mutated (InputMutator). The
// energy of a sequence grows with what it reached and with what its mutants found, and falls as
// it is drawn, so the search dwells where coverage is still being found. Which input of it changes
// is drawn by that callable input's yield over the run, so the search also dwells on the inputs
// whose changes find (a parser's text) rather than on those beside them (a key, a count).

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "palus/generation/generator.hpp"
#include "palus/generation/input_mutator.hpp"

namespace palus::generation {

struct MutationStats {
  std::uint64_t made = 0;        ///< candidates made
  std::uint64_t executed = 0;    ///< of those, executed (the rest were duplicates or not run)
  std::uint64_t found = 0;       ///< executed mutants that reached new blocks
  std::uint64_t new_blocks = 0;  ///< blocks those mutants reached first
  std::size_t corpus = 0;        ///< sequences in the corpus now
};

class MutationSource : public SequenceSource {
 public:
  MutationSource(const Catalog& catalog, const InputMutator& mutator, std::size_t capacity = 2048)
      : catalog_(catalog), mutator_(mutator), capacity_(capacity) {}

  /// nullopt while the corpus is empty.
  std::optional<Sequence> next(const Pool& pool, Random& random) override;
  /// Learns from every executed candidate, whichever source made it.
  void executed(const Sequence& candidate, Verdict verdict, const harness::protocol::RunResult& result) override;

  bool ready() const override { return !corpus_.empty(); }
  MutationStats stats() const;

 private:
  struct Slot {
    std::uint32_t statement = 0, input = 0;
  };
  struct Entry {
    Sequence sequence;
    std::vector<Slot> slots;  ///< its mutable literal inputs
    std::uint64_t stamp = 0;  ///< tells an entry from the one that replaced it
    double reached = 0;       ///< new blocks its own run reached
    std::uint32_t picked = 0, children_found = 0;
    double energy = 0;  ///< what the counts above give (energy_of), kept as they change
  };
  /// An input of a callable (its index in the catalog, the input's), whichever sequence holds it.
  using InputKey = std::uint64_t;
  struct Parent {
    std::size_t index = 0;
    std::uint64_t stamp = 0;
    /// The input every change of this mutant picked, when they all picked one (it may have come
    /// out unchanged, a length after it set to fit): only then does its yield learn from it.
    std::optional<InputKey> only_input;
  };
  /// How often a mutant that changed only this input of a callable was executed (tried), and how
  /// often such a mutant reached new blocks (found). Mutants dropped before they ran count for nothing.
  struct Yield {
    std::uint32_t tried = 0, found = 0;
  };

  std::vector<Slot> slots_of(const Sequence& sequence) const;
  static double energy_of(const Entry& entry);
  static InputKey key_of(const Sequence& sequence, const Slot& slot);
  /// A slot of `entry` to change, drawn by the yield of its callable's input: one that keeps
  /// finding (a parser's text) is drawn far more often than one that never did (a map's key).
  const Slot& pick_slot(const Entry& entry, Random& random) const;
  /// Recomputes `entry`'s energy after its counts changed, and the corpus total with it.
  void refresh(Entry& entry);
  void add(const Sequence& sequence, std::size_t new_blocks);
  std::size_t draw(Random& random) const;

  const Catalog& catalog_;
  const InputMutator& mutator_;
  std::size_t capacity_;
  std::vector<Entry> corpus_;
  double total_energy_ = 0;  ///< of corpus_, so that a draw is one pass over it
  std::uint64_t next_stamp_ = 1;
  std::unordered_map<std::uint64_t, Parent> parents_;  ///< by candidate hash, until it is executed
  std::unordered_map<InputKey, Yield> yields_;         ///< by callable input, over the run
  std::vector<std::string> strings_;                   ///< string inputs of corpus sequences, to splice
  std::size_t next_string_ = 0;
  MutationStats stats_;
};

}  // namespace palus::generation
