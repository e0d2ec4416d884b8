#include "palus/generation/object_index.hpp"

namespace palus::generation {

void ObjectIndex::keep(std::vector<Tracked>& list, Tracked tracked, Random& random) const {
  if (list.size() < cap_)
    list.push_back(std::move(tracked));
  else
    list[random.below(list.size())] = std::move(tracked);
}

void ObjectIndex::reached(NodeKey node, Tracked tracked, Random& random) {
  keep(by_state_[node], std::move(tracked), random);
}

std::optional<Tracked> ObjectIndex::by_state(NodeKey node, Random& random) const {
  auto found = by_state_.find(node);
  if (found == by_state_.end() || found->second.empty()) return std::nullopt;
  return random.one_of(found->second);
}

void ObjectIndex::profiled(const std::string& type, const std::string& profile, Tracked tracked, Random& random) {
  keep(by_profile_[{type, profile}], std::move(tracked), random);
}

std::optional<Tracked> ObjectIndex::by_profile(const std::string& type, const std::string& profile,
                                               Random& random) const {
  auto found = by_profile_.find({type, profile});
  if (found == by_profile_.end() || found->second.empty()) return std::nullopt;
  return random.one_of(found->second);
}

}  // namespace palus::generation
