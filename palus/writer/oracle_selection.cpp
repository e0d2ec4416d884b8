#include "palus/writer/oracle_selection.hpp"

#include <fmt/format.h>

#include <algorithm>

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
  std::vector<bool> kept(candidates.size(), false);
  FaultSites observed;  // each place with the largest capability a kept candidate observes it with
  for (;;) {
    std::size_t best = candidates.size();
    double best_gain = 0;
    for (std::size_t k = 0; k < candidates.size(); ++k) {
      if (kept[k]) continue;
      double gain = 0;
      for (const auto& [site, capability] : candidates[k]) {
        const auto seen = observed.find(site);
        gain += std::max(0.0, capability - (seen == observed.end() ? 0.0 : seen->second));
      }
      if (gain > best_gain) {
        best_gain = gain;
        best = k;
      }
    }
    if (best == candidates.size() || best_gain < min_gain) return kept;
    kept[best] = true;
    merge_sites(observed, candidates[best]);
  }
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
