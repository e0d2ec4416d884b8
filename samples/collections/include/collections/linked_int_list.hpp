// collections: LinkedIntList, a doubly linked list of ints, and its list iterator.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>

namespace collections {

class LinkedIntList {
    struct Node;

public:
    // Walks the list both ways, like java.util.ListIterator. Fail-fast: once the list changes
    // other than through this iterator, next(), previous() and remove() throw std::logic_error.
    class Iterator {
    public:
        bool hasNext() const;
        bool hasPrevious() const;
        // std::out_of_range when there is no next (previous) element.
        int next();
        int previous();
        // The index of the element next() would return.
        int nextIndex() const;
        // Removes the element the last next() or previous() returned; std::logic_error if none.
        void remove();

    private:
        friend class LinkedIntList;
        explicit Iterator(LinkedIntList& list);
        void checkForChange() const;

        LinkedIntList* list_;
        Node* next_;
        Node* lastReturned_;
        int nextIndex_;
        unsigned long expectedModCount_;
    };

    LinkedIntList();
    LinkedIntList(const LinkedIntList& other);
    LinkedIntList& operator=(const LinkedIntList& other);
    ~LinkedIntList();

    void addFirst(int value);
    void addLast(int value);
    // Remove and return the first (last) element; std::out_of_range when empty.
    int removeFirst();
    int removeLast();
    int getFirst() const;
    int getLast() const;
    int get(int index) const;
    int set(int index, int value);
    int indexOf(int value) const;
    bool contains(int value) const;
    // Removes every `value`; returns how many.
    int removeAll(int value);
    // Replaces every `from` with `to`; returns how many.
    int replaceAll(int from, int to);
    void reverse();
    int size() const;
    bool isEmpty() const;
    void clear();
    Iterator iterator();

    // "[1, 2, 3]"
    std::string toString() const;
    std::size_t hashCode() const;
    bool operator==(const LinkedIntList& other) const;
    bool operator!=(const LinkedIntList& other) const;

private:
    struct Node {
        int value;
        Node* prev;
        Node* next;
    };

    Node* nodeAt(int index) const;
    void linkBefore(Node* successor, int value);
    void unlink(Node* node);

    Node* head_;
    Node* tail_;
    int size_;
    unsigned long modCount_;
};

std::ostream& operator<<(std::ostream& out, const LinkedIntList& list);

}  // namespace collections

namespace std {
template <>
struct hash<collections::LinkedIntList> {
    std::size_t operator()(const collections::LinkedIntList& list) const noexcept;
};
}  // namespace std
