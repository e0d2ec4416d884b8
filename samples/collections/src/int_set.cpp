#include "collections/int_set.hpp"

#include <algorithm>
#include <ostream>
#include <sstream>

namespace collections {

namespace {
constexpr std::size_t initialBuckets = 4;
}

IntSet::IntSet() : buckets_(initialBuckets), size_(0) {}

IntSet::IntSet(const IntSet& other) : IntSet() {
    for (int value : other.toVector()) add(value);
}

IntSet& IntSet::operator=(const IntSet& other) {
    if (this == &other) return *this;
    IntSet copy(other);
    buckets_.swap(copy.buckets_);
    size_ = copy.size_;
    return *this;
}

std::size_t IntSet::bucketOf(int value) const { return static_cast<unsigned>(value) % buckets_.size(); }

void IntSet::rehash(std::size_t buckets) {
    std::vector<std::vector<int>> old(buckets);
    old.swap(buckets_);
    for (const auto& bucket : old) {
        for (int value : bucket) buckets_[bucketOf(value)].push_back(value);
    }
}

bool IntSet::add(int value) {
    if (contains(value)) return false;
    if (static_cast<std::size_t>(size_) + 1 > buckets_.size()) rehash(buckets_.size() * 2);
    buckets_[bucketOf(value)].push_back(value);
    ++size_;
    return true;
}

bool IntSet::remove(int value) {
    auto& bucket = buckets_[bucketOf(value)];
    auto found = std::find(bucket.begin(), bucket.end(), value);
    if (found == bucket.end()) return false;
    bucket.erase(found);
    --size_;
    return true;
}

bool IntSet::contains(int value) const {
    const auto& bucket = buckets_[bucketOf(value)];
    return std::find(bucket.begin(), bucket.end(), value) != bucket.end();
}

void IntSet::addAll(const IntSet& other) {
    for (int value : other.toVector()) add(value);  // a copy: other may be this set
}

void IntSet::retainAll(const IntSet& other) {
    for (int value : toVector()) {
        if (!other.contains(value)) remove(value);
    }
}

bool IntSet::containsAll(const IntSet& other) const {
    for (const auto& bucket : other.buckets_) {
        for (int value : bucket) {
            if (!contains(value)) return false;
        }
    }
    return true;
}

int IntSet::size() const { return size_; }
bool IntSet::isEmpty() const { return size_ == 0; }

void IntSet::clear() {
    for (auto& bucket : buckets_) bucket.clear();
    size_ = 0;
}

std::vector<int> IntSet::toVector() const {
    std::vector<int> values;
    values.reserve(static_cast<std::size_t>(size_));
    for (const auto& bucket : buckets_) values.insert(values.end(), bucket.begin(), bucket.end());
    std::sort(values.begin(), values.end());
    return values;
}

std::string IntSet::toString() const {
    std::ostringstream out;
    out << '{';
    bool first = true;
    for (int value : toVector()) {
        out << (first ? "" : ", ") << value;
        first = false;
    }
    out << '}';
    return out.str();
}

// Known bug B4 (BUGS.md): combines the elements in bucket order, so the hash depends on where
// they sit: on the order in which colliding elements were added, and on the number of buckets.
// A copy (built afresh, ascending) of an equal set can hash differently.
std::size_t IntSet::hashCode() const {
    std::size_t h = 1;
    for (const auto& bucket : buckets_) {
        for (int value : bucket) h = h * 31 + std::hash<int>{}(value);
    }
    return h;
}

bool IntSet::operator==(const IntSet& other) const { return size_ == other.size_ && containsAll(other); }
bool IntSet::operator!=(const IntSet& other) const { return !(*this == other); }

std::ostream& operator<<(std::ostream& out, const IntSet& set) { return out << set.toString(); }

}  // namespace collections

std::size_t std::hash<collections::IntSet>::operator()(const collections::IntSet& set) const noexcept {
    return set.hashCode();
}
