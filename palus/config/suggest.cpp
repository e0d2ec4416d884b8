#include "palus/config/suggest.hpp"

#include <algorithm>

namespace palus {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the classic dynamic programme: the transposition case looks two rows back.
  std::vector<std::size_t> before_previous(b.size() + 1);
  std::vector<std::size_t> previous(b.size() + 1);
  std::vector<std::size_t> current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t substitution = a[i - 1] == b[j - 1] ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        current[j] = std::min(current[j], before_previous[j - 2] + 1);
      }
    }
    std::swap(before_previous, previous);
    std::swap(previous, current);
  }
  return previous[b.size()];
}

std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates) {
  const std::size_t limit = std::max<std::size_t>(1, word.size() / 3);
  std::optional<std::string> best;
  std::size_t best_distance = limit + 1;
  for (const std::string& candidate : candidates) {
    if (candidate == word) return std::nullopt;
    const std::size_t distance = edit_distance(word, candidate);
    if (distance < best_distance || (distance == best_distance && best && candidate < *best)) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace palus
