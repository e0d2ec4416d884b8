// collections: Bag, a multiset of strings that counts how often each was added.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace collections {

class Bag {
public:
    Bag() = default;

    // Adds one copy of `item`.
    void add(const std::string& item);
    // Adds `copies` copies (copies >= 1, else std::invalid_argument; std::length_error when the
    // bag would hold more than INT_MAX items).
    void add(const std::string& item, int copies);
    // Removes one copy; returns whether there was one.
    bool remove(const std::string& item);
    // Removes up to `copies` copies (copies >= 1, else std::invalid_argument); returns how many.
    int remove(const std::string& item, int copies);
    int count(const std::string& item) const;
    bool contains(const std::string& item) const;
    // Whether this bag has at least as many copies of every item as `other`.
    bool containsAll(const Bag& other) const;
    void addAll(const Bag& other);
    // All copies.
    int size() const;
    // Distinct items.
    int uniqueCount() const;
    bool isEmpty() const;
    void clear();
    // The distinct items in ascending order.
    std::vector<std::string> uniqueItems() const;

    // "[apple:2, pear:1]"
    std::string toString() const;
    std::size_t hashCode() const;
    bool operator==(const Bag& other) const;
    bool operator!=(const Bag& other) const;

private:
    std::map<std::string, int> counts_;
    int size_ = 0;
};

std::ostream& operator<<(std::ostream& out, const Bag& bag);

}  // namespace collections

namespace std {
template <>
struct hash<collections::Bag> {
    std::size_t operator()(const collections::Bag& bag) const noexcept;
};
}  // namespace std
