#include "palus/generation/pool.hpp"

namespace palus::generation {
namespace {

std::string read_only_key(const std::string& type) { return type + " (read-only)"; }

}  // namespace

bool Pool::add(const Sequence& sequence, const std::vector<Yield>& yields, Random& random) {
  if (!hashes_.insert(sequence.hash()).second) return false;
  ++size_;
  std::map<std::string, std::vector<std::uint32_t>> per_type;
  for (const auto& y : yields) per_type[y.read_only ? read_only_key(y.type) : y.type].push_back(y.statement);
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

const Pool::Entries* Pool::entries(const std::string& type, bool read_only) const {
  auto found = by_type_.find(read_only ? read_only_key(type) : type);
  return found == by_type_.end() || found->second.empty() ? nullptr : &found->second;
}

bool Pool::has(const std::string& type, bool writable) const {
  return entries(type, false) != nullptr || (!writable && entries(type, true) != nullptr);
}

std::optional<Pool::Pick> Pool::pick(const std::string& type, Random& random, bool writable) const {
  const Entries* changeable = entries(type, false);
  const Entries* read_only = writable ? nullptr : entries(type, true);
  const std::size_t first = changeable ? changeable->size() : 0;
  const std::size_t total = first + (read_only ? read_only->size() : 0);
  if (total == 0) return std::nullopt;
  const Entry* entry = nullptr;
  if (read_only == nullptr) {
    entry = random.one_of(*changeable).get();
  } else {
    const std::size_t at = random.below(total);
    entry = (at < first ? (*changeable)[at] : (*read_only)[at - first]).get();
  }
  return Pick{entry->sequence, random.one_of(entry->statements)};
}

}  // namespace palus::generation
