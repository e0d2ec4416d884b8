// collections: IntList, a growable array of ints, and its fail-fast iterator.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace collections {

class IntList {
public:
    // Iterates the list front to back. Fail-fast: once the list changes other than through this
    // iterator, next() and remove() throw std::logic_error.
    class Iterator {
    public:
        bool hasNext() const;
        // The next element; std::out_of_range when there is none.
        int next();
        // Removes the element the last next() returned; std::logic_error without such an element.
        void remove();

    private:
        friend class IntList;
        explicit Iterator(IntList& list);

        IntList* list_;
        const int* data_;  // the list's array, cached for next()
        int end_;          // the list's size, cached for hasNext()
        int cursor_;
        int lastReturned_;
        unsigned long expectedModCount_;
    };

    IntList();
    IntList(const IntList& other);
    IntList& operator=(const IntList& other);
    ~IntList();

    void add(int value);
    // Inserts at `index` (0..size()); std::out_of_range otherwise.
    void insert(int index, int value);
    void addAll(const IntList& other);
    // Removes and returns the element at `index`; std::out_of_range when out of range.
    int removeAt(int index);
    // Removes the first `value`; returns whether there was one.
    bool removeValue(int value);
    int get(int index) const;
    // Replaces the element at `index`, returns the old one.
    int set(int index, int value);
    int indexOf(int value) const;
    bool contains(int value) const;
    int size() const;
    bool isEmpty() const;
    // Empties the list and releases its array.
    void clear();
    // Shrinks the array to the size.
    void trimToSize();
    long long sum() const;
    std::vector<int> toVector() const;
    Iterator iterator();

    // "[1, 2, 3]"
    std::string toString() const;
    std::size_t hashCode() const;
    bool operator==(const IntList& other) const;
    bool operator!=(const IntList& other) const;
    // Lexicographic.
    bool operator<(const IntList& other) const;

private:
    void grow(int minCapacity);
    void checkIndex(int index, int limit) const;

    int* data_;
    int size_;
    int capacity_;
    unsigned long modCount_;
};

std::ostream& operator<<(std::ostream& out, const IntList& list);

}  // namespace collections

namespace std {
template <>
struct hash<collections::IntList> {
    std::size_t operator()(const collections::IntList& list) const noexcept;
};
}  // namespace std
