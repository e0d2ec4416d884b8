#include "palus/generation/dependent_methods.hpp"

namespace palus::generation {

DependentMethods::DependentMethods(const Catalog& catalog) {
  std::map<std::string, const CallableInfo*> by_id;
  for (const auto& c : catalog.callables)
    if (c.usable && !c.is_check() && c.callable) by_id.emplace(c.id, &c);
  if (!catalog.api) return;
  for (const auto& cls : catalog.api->classes)
    for (const auto& d : cls.dependences) {
      auto found = by_id.find(d.method);
      if (found == by_id.end() || d.relevance <= 0) continue;
      by_target_[d.on].push_back({found->second, d.relevance});
    }
}

const std::vector<DependentMethods::Weighted>& DependentMethods::of(const std::string& callable_id) const {
  static const std::vector<Weighted> none;
  auto found = by_target_.find(callable_id);
  return found == by_target_.end() ? none : found->second;
}

const CallableInfo* DependentMethods::pick(const std::string& callable_id, Random& random) const {
  const auto& candidates = of(callable_id);
  if (candidates.empty()) return nullptr;
  double total = 0;
  for (const auto& w : candidates) total += w.relevance;
  double dice = random.unit() * total;
  for (const auto& w : candidates) {
    if (dice < w.relevance) return w.callable;
    dice -= w.relevance;
  }
  return candidates.back().callable;
}

}  // namespace palus::generation
