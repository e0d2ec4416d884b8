#include "tinysql/properties.hpp"

#include "text.hpp"

namespace tinysql {

namespace {
constexpr std::size_t npos = static_cast<std::size_t>(-1);
}

void Properties::set(const std::string& key, const std::string& value) {
    const std::size_t index = find(key);
    if (index == npos) {
        entries_.emplace_back(key, value);
    } else {
        entries_[index].second = value;
    }
}

std::string Properties::get(const std::string& key) const {
    const std::size_t index = find(key);
    return index == npos ? std::string() : entries_[index].second;
}

bool Properties::has(const std::string& key) const {
    return find(key) != npos;
}

bool Properties::remove(const std::string& key) {
    const std::size_t index = find(key);
    if (index == npos) return false;
    entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(index));
    return true;
}

std::size_t Properties::size() const {
    return entries_.size();
}

bool Properties::empty() const {
    return entries_.empty();
}

std::vector<std::string> Properties::keys() const {
    std::vector<std::string> result;
    for (const auto& entry : entries_) result.push_back(entry.first);
    return result;
}

// Order-independent, so that equal maps filled in different orders hash alike.
// Known bug B4 (BUGS.md): hashes the key as spelled, while operator== ignores its case.
std::size_t Properties::hashCode() const {
    std::size_t sum = 0;
    for (const auto& entry : entries_) {
        sum += std::hash<std::string>{}(entry.first) * 31 + std::hash<std::string>{}(entry.second);
    }
    return sum;
}

bool Properties::operator==(const Properties& other) const {
    if (entries_.size() != other.entries_.size()) return false;
    for (const auto& entry : entries_) {
        const std::size_t index = other.find(entry.first);
        if (index == npos || other.entries_[index].second != entry.second) return false;
    }
    return true;
}

bool Properties::operator!=(const Properties& other) const {
    return !(*this == other);
}

std::size_t Properties::find(const std::string& key) const {
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        if (detail::equalsIgnoreCase(entries_[i].first, key)) return i;
    }
    return npos;
}

}  // namespace tinysql

std::size_t std::hash<tinysql::Properties>::operator()(
    const tinysql::Properties& properties) const noexcept {
    return properties.hashCode();
}
