// collections: BoundedBuffer, a fixed-capacity ring buffer of ints (a circular FIFO queue).
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace collections {

class BoundedBuffer {
public:
    // Iterates from the oldest to the newest element. Fail-fast: once the buffer changes,
    // next() throws std::logic_error.
    class Iterator {
    public:
        bool hasNext() const;
        // The next element; std::out_of_range when there is none.
        int next();

    private:
        friend class BoundedBuffer;
        explicit Iterator(const BoundedBuffer& buffer);

        const BoundedBuffer* buffer_;
        int slot_;      // the array slot of the next element
        int returned_;  // how many next() returned
        unsigned long expectedModCount_;
    };

    static constexpr int maxCapacity = 1 << 16;

    // 1 <= capacity <= maxCapacity, else std::invalid_argument.
    explicit BoundedBuffer(int capacity);
    BoundedBuffer(const BoundedBuffer& other);
    // Takes other's capacity and elements.
    BoundedBuffer& operator=(const BoundedBuffer& other);

    // Appends `value`; when full, the oldest element is dropped to make room.
    void add(int value);
    // Appends `value` unless full; returns whether it did.
    bool offer(int value);
    // Removes and returns the oldest element; std::out_of_range when empty.
    int poll();
    // The oldest (newest) element; std::out_of_range when empty.
    int peek() const;
    int peekLast() const;
    // The element `index` places after the oldest; std::out_of_range when out of range.
    int get(int index) const;
    int size() const;
    int capacity() const;
    int remainingCapacity() const;
    bool isEmpty() const;
    bool isFull() const;
    void clear();
    Iterator iterator() const;

    // "[oldest, ..., newest]"
    std::string toString() const;
    std::size_t hashCode() const;
    // Same elements in the same order (capacities may differ).
    bool operator==(const BoundedBuffer& other) const;
    bool operator!=(const BoundedBuffer& other) const;

private:
    int slotOf(int index) const;

    std::vector<int> slots_;
    int head_;  // the slot of the oldest element
    int count_;
    unsigned long modCount_;
};

std::ostream& operator<<(std::ostream& out, const BoundedBuffer& buffer);

}  // namespace collections

namespace std {
template <>
struct hash<collections::BoundedBuffer> {
    std::size_t operator()(const collections::BoundedBuffer& buffer) const noexcept;
};
}  // namespace std
