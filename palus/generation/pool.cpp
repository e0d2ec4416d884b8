#include "palus/generation/pool.hpp"

namespace palus::generation {
namespace {

std::string read_only_key(const std::string& type) { return type + " (read-only)"; }

}  // namespace

bool Pool::add(const Sequence& sequence, const std::vector<Yield>& yields, Random& random) {
  if (!hashes_.insert(sequence.hash()).second) return false;
  ++size_;
  std::map<std::string, std::map<std::uint32_t, std::vector<std::uint32_t>>> per_type;
  for (const auto& y : yields)
    per_type[y.read_only ? read_only_key(y.type) : y.type][sequence[y.statement].callable].push_back(y.statement);
  for (auto& [type, makers] : per_type) {
    Makers& listed = by_type_[type];
    for (auto& [maker, statements] : makers) {
      auto entry = std::make_shared<const Entry>(Entry{sequence, std::move(statements)});
      Entries& list = listed.by_maker[maker];
      if (listed.total < cap_) {
        list.push_back(std::move(entry));
        ++listed.total;
        continue;
      }
      // Full: the largest maker's list gives up a random entry, so that a rare maker's stay.
      auto largest = listed.by_maker.find(maker);
      for (auto other = listed.by_maker.begin(); other != listed.by_maker.end(); ++other)
        if (other->second.size() > largest->second.size()) largest = other;
      Entries& from = largest->second;
      const std::size_t at = random.below(from.size());
      if (&from == &list) {
        list[at] = std::move(entry);
        continue;
      }
      from[at] = std::move(from.back());
      from.pop_back();
      if (from.empty()) listed.by_maker.erase(largest);  // no maker is listed without an entry
      list.push_back(std::move(entry));
    }
  }
  return true;
}

const Pool::Makers* Pool::listed(const std::string& type, bool read_only) const {
  auto found = by_type_.find(read_only ? read_only_key(type) : type);
  return found == by_type_.end() || found->second.total == 0 ? nullptr : &found->second;
}

bool Pool::has(const std::string& type, bool writable) const {
  return listed(type, false) != nullptr || (!writable && listed(type, true) != nullptr);
}

std::optional<Pool::Pick> Pool::pick(const std::string& type, Random& random, bool writable) const {
  std::vector<const Makers*> from;
  for (const Makers* m : {listed(type, false), writable ? nullptr : listed(type, true)})
    if (m != nullptr) from.push_back(m);
  if (from.empty()) return std::nullopt;
  // The k-th maker's list (a maker listed for changing and for reading only counts twice), or the
  // k-th entry.
  const bool by_maker = random.chance(0.5);
  std::size_t total = 0;
  for (const Makers* m : from) total += by_maker ? m->by_maker.size() : m->total;
  std::size_t k = random.below(total);
  for (const Makers* m : from)
    for (const auto& [maker, entries] : m->by_maker) {
      const std::size_t weight = by_maker ? 1 : entries.size();
      if (k < weight) {
        const Entry& entry = by_maker ? *random.one_of(entries) : *entries[k];
        return Pick{entry.sequence, random.one_of(entry.statements)};
      }
      k -= weight;
    }
  return std::nullopt;  // not reached: k < total
}

}  // namespace palus::generation
