#include "palus/writer/oracle_selection.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <queue>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace palus::writer {

namespace {

/// A fault that has to pass through more definitions than this is no longer followed.
constexpr double kNegligible = 0.1;

}  // namespace

double value_information(harness::protocol::ValueKind kind) {
  using harness::protocol::ValueKind;
  if (kind == ValueKind::string) return 1.0;
  if (kind == ValueKind::boolean) return 0.5;
  return 0.75;
}

void merge_sites(FaultSites& into, const FaultSites& from, double factor) {
  for (const auto& [site, capability] : from) {
    const double scaled = capability * factor;
    if (scaled < kNegligible) continue;
    double& kept = into[site];
    if (scaled > kept) kept = scaled;
  }
}

std::vector<bool> select_oracle_data(const std::vector<FaultSites>& candidates, double min_gain) {
  // The places as numbers, each candidate's in its map's order (so that a gain is summed as the
  // maps would sum it): a test may have hundreds of candidates over the same few hundred places.
  std::unordered_map<std::string_view, std::uint32_t> number;
  std::vector<std::vector<std::pair<std::uint32_t, double>>> sites(candidates.size());
  for (std::size_t k = 0; k < candidates.size(); ++k)
    for (const auto& [site, capability] : candidates[k])
      sites[k].emplace_back(number.try_emplace(site, static_cast<std::uint32_t>(number.size())).first->second,
                            capability);
  std::vector<double> observed(number.size(), 0.0);  // per place, the best kept capability (0: none)
  auto gain_of = [&](std::size_t k) {
    double gain = 0;
    for (const auto& [site, capability] : sites[k]) gain += std::max(0.0, capability - observed[site]);
    return gain;
  };
  // Lazy greedy: a candidate's gain only falls as others are kept, so a gain computed earlier
  // bounds it. The first of the largest gain is the one that, computed afresh, still ranks first
  // (larger gain, then smaller index) among the bounds of the others: the same pick as computing
  // every gain each round.
  struct Bound {
    double gain;
    std::size_t index;
    bool operator<(const Bound& o) const { return gain < o.gain || (gain == o.gain && index > o.index); }
  };
  std::priority_queue<Bound> bounds;
  for (std::size_t k = 0; k < candidates.size(); ++k) bounds.push({gain_of(k), k});
  std::vector<bool> kept(candidates.size(), false);
  while (!bounds.empty()) {
    const Bound top = bounds.top();
    bounds.pop();
    const Bound fresh{gain_of(top.index), top.index};
    if (!bounds.empty() && fresh < bounds.top()) {
      bounds.push(fresh);
      continue;
    }
    if (!(fresh.gain > 0) || fresh.gain < min_gain) break;
    kept[fresh.index] = true;
    for (const auto& [site, capability] : sites[fresh.index])
      if (capability >= kNegligible && capability > observed[site]) observed[site] = capability;
  }
  return kept;
}

void FieldDefinitions::define(std::uint32_t object, std::uint32_t callable, const std::vector<std::string>& reads,
                              const std::vector<std::string>& writes, const FaultSites& read_elsewhere) {
  FaultSites inputs = reaching(object, reads);
  merge_sites(inputs, read_elsewhere);
  Live& live = objects_[object];
  auto definition = [&](const std::string& field) {
    FaultSites d{{fmt::format("w{}:{}", callable, field), 1.0}};
    merge_sites(d, inputs, kSubstitutionTransfer);
    return d;
  };
  if (writes.empty()) {
    merge_sites(live.any, definition("*"));
    return;
  }
  for (const std::string& field : writes) live.field[field] = definition(field);
}

void FieldDefinitions::made(std::uint32_t object, std::uint32_t statement, const FaultSites& source) {
  Live& live = objects_[object];
  live = {};
  live.any[fmt::format("r{}", statement)] = 1.0;
  merge_sites(live.any, source, kSubstitutionTransfer);
}

FaultSites FieldDefinitions::reaching(std::uint32_t object, const std::vector<std::string>& fields) const {
  FaultSites sites;
  const auto found = objects_.find(object);
  if (found == objects_.end()) return sites;
  const Live& live = found->second;
  merge_sites(sites, live.any);
  if (fields.empty()) {
    for (const auto& entry : live.field) merge_sites(sites, entry.second);
    return sites;
  }
  for (const std::string& field : fields) {
    if (auto d = live.field.find(field); d != live.field.end()) merge_sites(sites, d->second);
  }
  return sites;
}

}  // namespace palus::writer
