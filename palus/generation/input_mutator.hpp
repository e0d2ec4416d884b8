#pragma once
// Changing one literal input of a sequence (the mutation strategy of the generation engine, after
// libFuzzer's mutation dispatcher and AFL's havoc stage). A string gets bytes erased, inserted or
// changed, a part of itself copied, a token of the library's own literals (what its bodies compare
// with: '{', "true", "<!--") inserted or swapped for another of its kind (token_swap.hpp), or
// another string spliced in; a number moves by a small
// step, flips a bit, or takes a boundary or mined value. The result has the input's kind and fits
// the parameter's type, so the call compiles as the test writer spells it.

#include <cstddef>
#include <string>
#include <vector>

#include "palus/generation/catalog.hpp"
#include "palus/generation/literal_pool.hpp"
#include "palus/generation/random.hpp"

namespace palus::generation {

class InputMutator {
 public:
  explicit InputMutator(const LiteralPool& literals, std::size_t max_string = 4096)
      : literals_(literals), max_string_(max_string) {}

  /// Whether `input`, given for `need`, is a literal this mutator changes (not a reference, not a
  /// null pointer).
  static bool mutable_input(const Input& input, const InputNeed& need);

  /// A changed copy of `input` (mutable_input) passed as `need` of `callable`. `others`: strings
  /// from elsewhere (other sequences' inputs) to splice in; may be empty. The result may equal
  /// `input` when no change applied.
  Input mutate(const Input& input, const InputNeed& need, const CallableInfo& callable, Random& random,
               const std::vector<std::string>& others) const;

  /// One havoc step on bytes `s`: what mutate does to a string. `dictionary`: tokens to insert.
  std::string mutate_bytes(std::string s, const std::vector<std::string>& dictionary,
                           const std::vector<std::string>& others, Random& random) const;

 private:
  Input fresh(const InputNeed& need, const CallableInfo& callable, Random& random) const;
  Input mutate_integer(const Input& input, const InputNeed& need, const CallableInfo& callable, Random& random) const;
  Input mutate_floating(const Input& input, const InputNeed& need, const CallableInfo& callable, Random& random) const;

  const LiteralPool& literals_;
  std::size_t max_string_;
};

}  // namespace palus::generation
