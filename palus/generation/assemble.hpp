#pragma once
// Putting a call together: the sequences its object inputs come from are concatenated, then the
// call is appended with its inputs pointing into them. Shared by the random step (Randoop) and the
// model-guided step (Palus Figure 8).

#include <cstdint>
#include <optional>
#include <vector>

#include "palus/generation/sequence.hpp"

namespace palus::generation {

/// One input of the call: a literal (part < 0) or the result of `statement` of parts[part].
struct ChosenInput {
  Input literal;
  int part = -1;
  std::uint32_t statement = 0;

  static ChosenInput of(Input literal) { return ChosenInput{std::move(literal), -1, 0}; }
  static ChosenInput from(int part, std::uint32_t statement) { return ChosenInput{Input{}, part, statement}; }
};

struct Assembled {
  Sequence sequence;
  std::vector<std::uint32_t> offsets;  ///< where each part starts in `sequence`
};

/// parts[0], parts[1], ... then a call of `callable` with `inputs`; nullopt when that would be
/// longer than `max_statements`.
std::optional<Assembled> assemble(const std::vector<Sequence>& parts, std::vector<ChosenInput> inputs,
                                  std::uint32_t callable, std::size_t max_statements);

}  // namespace palus::generation
