#include "collections/bag.hpp"

#include <climits>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace collections {

void Bag::add(const std::string& item) { add(item, 1); }

void Bag::add(const std::string& item, int copies) {
    if (copies < 1) throw std::invalid_argument("copies must be at least 1");
    if (copies > INT_MAX - size_) throw std::length_error("bag would hold more than INT_MAX items");
    counts_[item] += copies;
    size_ += copies;
}

bool Bag::remove(const std::string& item) { return remove(item, 1) == 1; }

int Bag::remove(const std::string& item, int copies) {
    if (copies < 1) throw std::invalid_argument("copies must be at least 1");
    auto found = counts_.find(item);
    if (found == counts_.end()) return 0;
    const int removed = copies < found->second ? copies : found->second;
    found->second -= removed;
    if (found->second == 0) counts_.erase(found);
    size_ -= removed;
    return removed;
}

int Bag::count(const std::string& item) const {
    auto found = counts_.find(item);
    return found == counts_.end() ? 0 : found->second;
}

bool Bag::contains(const std::string& item) const { return counts_.count(item) > 0; }

bool Bag::containsAll(const Bag& other) const {
    for (const auto& entry : other.counts_) {
        if (count(entry.first) < entry.second) return false;
    }
    return true;
}

void Bag::addAll(const Bag& other) {
    if (other.size_ > INT_MAX - size_) throw std::length_error("bag would hold more than INT_MAX items");
    const std::map<std::string, int> counts = other.counts_;  // other may be this bag
    for (const auto& entry : counts) counts_[entry.first] += entry.second;
    size_ += other.size_;
}

int Bag::size() const { return size_; }
int Bag::uniqueCount() const { return static_cast<int>(counts_.size()); }
bool Bag::isEmpty() const { return size_ == 0; }

void Bag::clear() {
    counts_.clear();
    size_ = 0;
}

std::vector<std::string> Bag::uniqueItems() const {
    std::vector<std::string> items;
    for (const auto& entry : counts_) items.push_back(entry.first);
    return items;
}

std::string Bag::toString() const {
    std::ostringstream out;
    out << '[';
    bool first = true;
    for (const auto& entry : counts_) {
        out << (first ? "" : ", ") << entry.first << ':' << entry.second;
        first = false;
    }
    out << ']';
    return out.str();
}

std::size_t Bag::hashCode() const {
    std::size_t h = 0;
    for (const auto& entry : counts_) {
        h = h * 31 + (std::hash<std::string>{}(entry.first) ^ static_cast<std::size_t>(entry.second));
    }
    return h;
}

bool Bag::operator==(const Bag& other) const { return size_ == other.size_ && counts_ == other.counts_; }
bool Bag::operator!=(const Bag& other) const { return !(*this == other); }

std::ostream& operator<<(std::ostream& out, const Bag& bag) { return out << bag.toString(); }

}  // namespace collections

std::size_t std::hash<collections::Bag>::operator()(const collections::Bag& bag) const noexcept {
    return bag.hashCode();
}
