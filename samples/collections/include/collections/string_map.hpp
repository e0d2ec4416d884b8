// collections: StringMap, a sorted map from strings to strings, and its entry iterator.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace collections {

class StringMap {
public:
    // Walks the entries in key order. Fail-fast: once the map changes other than through this
    // iterator (a new key, a removal), next(), value() and remove() throw std::logic_error.
    class Iterator {
    public:
        bool hasNext() const;
        // Moves to the next entry and returns its key; std::out_of_range when there is none.
        std::string next();
        // The value of the current entry (the one the last next() returned); std::logic_error
        // when there is none (before next(), after remove()).
        std::string value() const;
        // Replaces the value of the current entry. Never throws: no effect when there is no
        // current entry, or when its key is no longer in the map (after remove(), for example).
        void setValue(const std::string& value) noexcept;
        // Removes the current entry; std::logic_error without one.
        void remove();

    private:
        friend class StringMap;
        explicit Iterator(StringMap& map);
        void checkForChange() const;

        StringMap* map_;
        std::size_t pos_;  // the index of the next entry
        int lastIndex_;    // the index of the current entry for remove(), or -1
        bool hasCurrent_;
        std::string currentKey_;
        unsigned long expectedModCount_;
    };

    StringMap();
    StringMap(const StringMap& other);
    StringMap& operator=(const StringMap& other);

    // Sets the value of `key`; returns whether the key is new.
    bool put(const std::string& key, const std::string& value);
    void putAll(const StringMap& other);
    // The value of `key`; std::out_of_range when absent.
    std::string get(const std::string& key) const;
    std::string getOrDefault(const std::string& key, const std::string& fallback) const;
    // Replaces the value of an existing key; std::out_of_range when absent.
    void replace(const std::string& key, const std::string& value);
    // Removes `key`; returns whether it was there.
    bool remove(const std::string& key);
    bool containsKey(const std::string& key) const;
    // The smallest (largest) key; std::out_of_range when empty.
    std::string firstKey() const;
    std::string lastKey() const;
    // The keys in ascending order.
    std::vector<std::string> keys() const;
    int size() const;
    bool isEmpty() const;
    void clear();
    Iterator iterator();

    // "{a=1, b=2}"
    std::string toString() const;
    std::size_t hashCode() const;
    bool operator==(const StringMap& other) const;
    bool operator!=(const StringMap& other) const;

private:
    using Entry = std::pair<std::string, std::string>;
    std::vector<Entry>::iterator find(const std::string& key);
    std::vector<Entry>::const_iterator find(const std::string& key) const;

    std::vector<Entry> entries_;  // ordered by key
    unsigned long modCount_;
};

std::ostream& operator<<(std::ostream& out, const StringMap& map);

}  // namespace collections

namespace std {
template <>
struct hash<collections::StringMap> {
    std::size_t operator()(const collections::StringMap& map) const noexcept;
};
}  // namespace std
