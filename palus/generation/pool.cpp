#include "palus/generation/pool.hpp"

namespace palus::generation {

bool Pool::add(const Sequence& sequence, const std::vector<Yield>& yields, Random& random) {
  if (!hashes_.insert(sequence.hash()).second) return false;
  ++size_;
  std::map<std::string, std::vector<std::uint32_t>> per_type;
  for (const auto& y : yields) per_type[y.type].push_back(y.statement);
  for (auto& [type, statements] : per_type) {
    auto entry = std::make_shared<const Entry>(Entry{sequence, std::move(statements)});
    auto& list = by_type_[type];
    if (list.size() < cap_)
      list.push_back(std::move(entry));
    else
      list[random.below(list.size())] = std::move(entry);
  }
  return true;
}

bool Pool::has(const std::string& type) const {
  auto found = by_type_.find(type);
  return found != by_type_.end() && !found->second.empty();
}

std::optional<Pool::Pick> Pool::pick(const std::string& type, Random& random) const {
  auto found = by_type_.find(type);
  if (found == by_type_.end() || found->second.empty()) return std::nullopt;
  const Entry& entry = *random.one_of(found->second);
  return Pick{entry.sequence, random.one_of(entry.statements)};
}

}  // namespace palus::generation
