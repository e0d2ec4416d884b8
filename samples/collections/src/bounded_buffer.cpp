#include "collections/bounded_buffer.hpp"

#include <ostream>
#include <sstream>
#include <stdexcept>

namespace collections {

BoundedBuffer::BoundedBuffer(int capacity) : head_(0), count_(0), modCount_(0) {
    if (capacity < 1 || capacity > maxCapacity) {
        throw std::invalid_argument("capacity must be between 1 and " + std::to_string(maxCapacity));
    }
    slots_.assign(static_cast<std::size_t>(capacity), 0);
}

BoundedBuffer::BoundedBuffer(const BoundedBuffer& other)
    : slots_(other.slots_), head_(other.head_), count_(other.count_), modCount_(0) {}

BoundedBuffer& BoundedBuffer::operator=(const BoundedBuffer& other) {
    if (this == &other) return *this;
    slots_ = other.slots_;
    head_ = other.head_;
    count_ = other.count_;
    ++modCount_;  // not other's: this buffer's iterators must see the change
    return *this;
}

int BoundedBuffer::slotOf(int index) const { return (head_ + index) % capacity(); }

void BoundedBuffer::add(int value) {
    if (isFull()) {
        head_ = slotOf(1);
        --count_;
    }
    slots_[static_cast<std::size_t>(slotOf(count_))] = value;
    ++count_;
    ++modCount_;
}

bool BoundedBuffer::offer(int value) {
    if (isFull()) return false;
    add(value);
    return true;
}

int BoundedBuffer::poll() {
    const int oldest = peek();
    head_ = slotOf(1);
    --count_;
    ++modCount_;
    return oldest;
}

int BoundedBuffer::peek() const { return get(0); }
int BoundedBuffer::peekLast() const { return get(count_ - 1); }

int BoundedBuffer::get(int index) const {
    if (count_ == 0) throw std::out_of_range("buffer is empty");
    if (index < 0 || index >= count_) {
        throw std::out_of_range("index " + std::to_string(index) + " out of range for size " + std::to_string(count_));
    }
    return slots_[static_cast<std::size_t>(slotOf(index))];
}

int BoundedBuffer::size() const { return count_; }
int BoundedBuffer::capacity() const { return static_cast<int>(slots_.size()); }
int BoundedBuffer::remainingCapacity() const { return capacity() - count_; }
bool BoundedBuffer::isEmpty() const { return count_ == 0; }
bool BoundedBuffer::isFull() const { return count_ == capacity(); }

void BoundedBuffer::clear() {
    head_ = count_ = 0;
    ++modCount_;
}

BoundedBuffer::Iterator BoundedBuffer::iterator() const { return Iterator(*this); }

std::string BoundedBuffer::toString() const {
    std::ostringstream out;
    out << '[';
    for (int i = 0; i < count_; ++i) out << (i > 0 ? ", " : "") << get(i);
    out << ']';
    return out.str();
}

std::size_t BoundedBuffer::hashCode() const {
    std::size_t h = 1;
    for (int i = 0; i < count_; ++i) h = h * 31 + std::hash<int>{}(get(i));
    return h;
}

bool BoundedBuffer::operator==(const BoundedBuffer& other) const {
    if (count_ != other.count_) return false;
    for (int i = 0; i < count_; ++i) {
        if (get(i) != other.get(i)) return false;
    }
    return true;
}

bool BoundedBuffer::operator!=(const BoundedBuffer& other) const { return !(*this == other); }

std::ostream& operator<<(std::ostream& out, const BoundedBuffer& buffer) { return out << buffer.toString(); }

// The iterator

BoundedBuffer::Iterator::Iterator(const BoundedBuffer& buffer)
    : buffer_(&buffer), slot_(buffer.head_), returned_(0), expectedModCount_(buffer.modCount_) {}

// Known bug B5 (BUGS.md): compares array slots, as if the elements never wrapped around the end of
// the array. When they reach the last slot (a full buffer, or one that wrapped), the end slot
// (head + size) % capacity is not after the start slot, and hasNext() is false too early.
bool BoundedBuffer::Iterator::hasNext() const {
    const int end = (buffer_->head_ + buffer_->count_) % buffer_->capacity();
    return slot_ < end;
}

int BoundedBuffer::Iterator::next() {
    if (expectedModCount_ != buffer_->modCount_) throw std::logic_error("buffer changed during iteration");
    if (returned_ >= buffer_->count_) throw std::out_of_range("no more elements");
    const int value = buffer_->slots_[static_cast<std::size_t>(slot_)];
    slot_ = (slot_ + 1) % buffer_->capacity();
    ++returned_;
    return value;
}

}  // namespace collections

std::size_t std::hash<collections::BoundedBuffer>::operator()(const collections::BoundedBuffer& buffer) const noexcept {
    return buffer.hashCode();
}
