#include "collections/string_map.hpp"

#include <algorithm>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace collections {

namespace {
bool keyLess(const std::pair<std::string, std::string>& entry, const std::string& key) { return entry.first < key; }
}

StringMap::StringMap() : modCount_(0) {}
StringMap::StringMap(const StringMap& other) : entries_(other.entries_), modCount_(0) {}

StringMap& StringMap::operator=(const StringMap& other) {
    if (this == &other) return *this;
    entries_ = other.entries_;
    ++modCount_;
    return *this;
}

std::vector<StringMap::Entry>::iterator StringMap::find(const std::string& key) {
    auto at = std::lower_bound(entries_.begin(), entries_.end(), key, keyLess);
    return at != entries_.end() && at->first == key ? at : entries_.end();
}

std::vector<StringMap::Entry>::const_iterator StringMap::find(const std::string& key) const {
    auto at = std::lower_bound(entries_.begin(), entries_.end(), key, keyLess);
    return at != entries_.end() && at->first == key ? at : entries_.end();
}

bool StringMap::put(const std::string& key, const std::string& value) {
    auto at = std::lower_bound(entries_.begin(), entries_.end(), key, keyLess);
    if (at != entries_.end() && at->first == key) {
        at->second = value;
        return false;
    }
    entries_.insert(at, Entry(key, value));
    ++modCount_;
    return true;
}

void StringMap::putAll(const StringMap& other) {
    const std::vector<Entry> entries = other.entries_;  // other may be this map
    for (const Entry& entry : entries) put(entry.first, entry.second);
}

std::string StringMap::get(const std::string& key) const {
    auto found = find(key);
    if (found == entries_.end()) throw std::out_of_range("no key '" + key + "'");
    return found->second;
}

std::string StringMap::getOrDefault(const std::string& key, const std::string& fallback) const {
    auto found = find(key);
    return found == entries_.end() ? fallback : found->second;
}

void StringMap::replace(const std::string& key, const std::string& value) {
    auto found = find(key);
    if (found == entries_.end()) throw std::out_of_range("no key '" + key + "'");
    found->second = value;
}

bool StringMap::remove(const std::string& key) {
    auto found = find(key);
    if (found == entries_.end()) return false;
    entries_.erase(found);
    ++modCount_;
    return true;
}

bool StringMap::containsKey(const std::string& key) const { return find(key) != entries_.end(); }

std::string StringMap::firstKey() const {
    if (entries_.empty()) throw std::out_of_range("map is empty");
    return entries_.front().first;
}

std::string StringMap::lastKey() const {
    if (entries_.empty()) throw std::out_of_range("map is empty");
    return entries_.back().first;
}

std::vector<std::string> StringMap::keys() const {
    std::vector<std::string> result;
    for (const Entry& e : entries_) result.push_back(e.first);
    return result;
}

int StringMap::size() const { return static_cast<int>(entries_.size()); }
bool StringMap::isEmpty() const { return entries_.empty(); }

void StringMap::clear() {
    entries_.clear();
    ++modCount_;
}

StringMap::Iterator StringMap::iterator() { return Iterator(*this); }

std::string StringMap::toString() const {
    std::ostringstream out;
    out << '{';
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        out << (i > 0 ? ", " : "") << entries_[i].first << '=' << entries_[i].second;
    }
    out << '}';
    return out.str();
}

std::size_t StringMap::hashCode() const {
    std::size_t h = 0;
    for (const Entry& e : entries_) h += std::hash<std::string>{}(e.first) ^ std::hash<std::string>{}(e.second);
    return h;
}

bool StringMap::operator==(const StringMap& other) const { return entries_ == other.entries_; }
bool StringMap::operator!=(const StringMap& other) const { return !(*this == other); }

std::ostream& operator<<(std::ostream& out, const StringMap& map) { return out << map.toString(); }

// The iterator

StringMap::Iterator::Iterator(StringMap& map)
    : map_(&map), pos_(0), lastIndex_(-1), hasCurrent_(false), expectedModCount_(map.modCount_) {}

void StringMap::Iterator::checkForChange() const {
    if (expectedModCount_ != map_->modCount_) throw std::logic_error("map changed during iteration");
}

bool StringMap::Iterator::hasNext() const { return pos_ < map_->entries_.size(); }

std::string StringMap::Iterator::next() {
    checkForChange();
    if (!hasNext()) throw std::out_of_range("no more entries");
    lastIndex_ = static_cast<int>(pos_);
    hasCurrent_ = true;
    currentKey_ = map_->entries_[pos_++].first;
    return currentKey_;
}

std::string StringMap::Iterator::value() const {
    checkForChange();
    if (!hasCurrent_ || !map_->containsKey(currentKey_)) throw std::logic_error("no current entry");
    return map_->get(currentKey_);
}

// Known bug B1 (BUGS.md): takes the current key to be in the map. After remove(), or once the map
// lost the key (remove, clear, assignment), replace() throws std::out_of_range out of this noexcept
// function: std::terminate.
void StringMap::Iterator::setValue(const std::string& value) noexcept {
    if (!hasCurrent_) return;
    map_->replace(currentKey_, value);
}

void StringMap::Iterator::remove() {
    checkForChange();
    if (lastIndex_ < 0) throw std::logic_error("remove() without next()");
    map_->entries_.erase(map_->entries_.begin() + lastIndex_);
    ++map_->modCount_;
    pos_ = static_cast<std::size_t>(lastIndex_);
    lastIndex_ = -1;
    expectedModCount_ = map_->modCount_;
}

}  // namespace collections

std::size_t std::hash<collections::StringMap>::operator()(const collections::StringMap& map) const noexcept {
    return map.hashCode();
}
