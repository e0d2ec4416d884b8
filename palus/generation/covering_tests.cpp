#include "palus/generation/covering_tests.hpp"

#include <algorithm>
#include <queue>
#include <unordered_map>
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
  std::vector<std::size_t> picked;  // in the order taken
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
    picked.push_back(k);
    reached.insert(candidates[k].blocks.begin(), candidates[k].blocks.end());
  }
  // A test taken early can be wholly reached by tests taken after it (one reaching its first
  // half and a new block, another its second half and another): such a test goes, the first
  // taken first.
  std::unordered_map<std::uint32_t, std::size_t> reaching;  // kept tests reaching each block
  for (std::size_t k = 0; k < candidates.size(); ++k)
    if (kept[k])
      for (std::uint32_t b : candidates[k].blocks) ++reaching[b];
  for (std::size_t k : picked) {
    const auto& blocks = candidates[k].blocks;
    if (!std::all_of(blocks.begin(), blocks.end(), [&](std::uint32_t b) { return reaching[b] >= 2; })) continue;
    kept[k] = false;
    for (std::uint32_t b : blocks) --reaching[b];
  }
  return kept;
}

}  // namespace palus::generation
