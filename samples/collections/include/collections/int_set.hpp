// collections: IntSet, a hash set of ints (separate chaining).
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace collections {

class IntSet {
public:
    IntSet();
    // The copy is built afresh from the elements, ascending, in a table sized for them.
    IntSet(const IntSet& other);
    IntSet& operator=(const IntSet& other);

    // Adds `value`; returns whether it was new.
    bool add(int value);
    // Removes `value`; returns whether it was there.
    bool remove(int value);
    bool contains(int value) const;
    void addAll(const IntSet& other);
    // Keeps only the elements `other` has.
    void retainAll(const IntSet& other);
    bool containsAll(const IntSet& other) const;
    int size() const;
    bool isEmpty() const;
    void clear();
    // The elements in ascending order.
    std::vector<int> toVector() const;

    // "{1, 2, 3}", ascending
    std::string toString() const;
    std::size_t hashCode() const;
    // Same elements.
    bool operator==(const IntSet& other) const;
    bool operator!=(const IntSet& other) const;

private:
    std::size_t bucketOf(int value) const;
    void rehash(std::size_t buckets);

    std::vector<std::vector<int>> buckets_;
    int size_;
};

std::ostream& operator<<(std::ostream& out, const IntSet& set);

}  // namespace collections

namespace std {
template <>
struct hash<collections::IntSet> {
    std::size_t operator()(const collections::IntSet& set) const noexcept;
};
}  // namespace std
