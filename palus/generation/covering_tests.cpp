#include "palus/generation/covering_tests.hpp"

#include <algorithm>
#include <queue>
#include <unordered_set>
#include <utility>

namespace palus::generation {

std::vector<bool> covering_tests(const std::vector<CoverCandidate>& candidates) {
  std::vector<bool> kept(candidates.size(), false);
  std::unordered_set<std::uint32_t> reached;
  auto gain = [&](std::size_t k) {
    return static_cast<std::size_t>(std::count_if(candidates[k].blocks.begin(), candidates[k].blocks.end(),
                                                  [&](std::uint32_t b) { return reached.count(b) == 0; }));
  };
  for (std::size_t k = 0; k < candidates.size(); ++k) {
    if (!candidates[k].keep && !candidates[k].blocks.empty()) continue;
    kept[k] = true;
    reached.insert(candidates[k].blocks.begin(), candidates[k].blocks.end());
  }
  // Lazy greedy: a candidate's gain only shrinks as blocks are reached, so a stale gain is an
  // upper bound; the top is taken once its gain, brought up to date, still leads.
  using Entry = std::pair<std::size_t, std::size_t>;  // gain, then the earlier index first
  auto lower = [](const Entry& a, const Entry& b) {
    return a.first != b.first ? a.first < b.first : a.second > b.second;
  };
  std::priority_queue<Entry, std::vector<Entry>, decltype(lower)> queue(lower);
  for (std::size_t k = 0; k < candidates.size(); ++k)
    if (!kept[k]) queue.emplace(gain(k), k);
  while (!queue.empty()) {
    auto [stale, k] = queue.top();
    queue.pop();
    const std::size_t now = gain(k);
    if (now == 0) continue;
    if (now < stale && !queue.empty() && lower(Entry{now, k}, queue.top())) {
      queue.emplace(now, k);
      continue;
    }
    kept[k] = true;
    reached.insert(candidates[k].blocks.begin(), candidates[k].blocks.end());
  }
  return kept;
}

}  // namespace palus::generation
