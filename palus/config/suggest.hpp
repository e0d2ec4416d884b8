#pragma once
// "Did you mean ...?" for misspelt keys and names.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace palus {

/// Edit distance between `a` and `b`: insertions, deletions, substitutions and transpositions
/// of adjacent characters each count 1 (optimal string alignment distance).
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The candidate closest to `word`, when it is close enough to be a plausible typo: at most
/// max(1, word.size() / 3) edits away. Ties go to the candidate that sorts first, so the answer
/// does not depend on the order of `candidates`. nullopt when none is close, or `word` is
/// itself a candidate.
std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace palus
