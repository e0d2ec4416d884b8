#include "collections/int_list.hpp"

#include <algorithm>
#include <ostream>
#include <sstream>
#include <stdexcept>

namespace collections {

IntList::IntList() : data_(nullptr), size_(0), capacity_(0), modCount_(0) {}

IntList::IntList(const IntList& other)
    : data_(other.size_ > 0 ? new int[other.size_] : nullptr), size_(other.size_), capacity_(other.size_),
      modCount_(0) {
    std::copy(other.data_, other.data_ + other.size_, data_);
}

IntList& IntList::operator=(const IntList& other) {
    if (this == &other) return *this;
    int* copy = other.size_ > 0 ? new int[other.size_] : nullptr;
    std::copy(other.data_, other.data_ + other.size_, copy);
    delete[] data_;
    data_ = copy;
    size_ = capacity_ = other.size_;
    ++modCount_;
    return *this;
}

IntList::~IntList() { delete[] data_; }

void IntList::grow(int minCapacity) {
    if (minCapacity <= capacity_) return;
    int capacity = capacity_ == 0 ? 1 : capacity_ * 2;
    if (capacity < minCapacity) capacity = minCapacity;
    int* bigger = new int[capacity];
    std::copy(data_, data_ + size_, bigger);
    delete[] data_;
    data_ = bigger;
    capacity_ = capacity;
}

void IntList::checkIndex(int index, int limit) const {
    if (index < 0 || index >= limit) {
        throw std::out_of_range("index " + std::to_string(index) + " out of range for size " + std::to_string(size_));
    }
}

void IntList::add(int value) {
    grow(size_ + 1);
    data_[size_++] = value;
    ++modCount_;
}

void IntList::insert(int index, int value) {
    checkIndex(index, size_ + 1);
    grow(size_ + 1);
    std::copy_backward(data_ + index, data_ + size_, data_ + size_ + 1);
    data_[index] = value;
    ++size_;
    ++modCount_;
}

void IntList::addAll(const IntList& other) {
    const int n = other.size_;  // other may be this list
    grow(size_ + n);
    for (int i = 0; i < n; ++i) data_[size_ + i] = other.data_[i];
    size_ += n;
    ++modCount_;
}

int IntList::removeAt(int index) {
    checkIndex(index, size_);
    const int old = data_[index];
    std::copy(data_ + index + 1, data_ + size_, data_ + index);
    --size_;
    ++modCount_;
    return old;
}

bool IntList::removeValue(int value) {
    const int index = indexOf(value);
    if (index < 0) return false;
    removeAt(index);
    return true;
}

int IntList::get(int index) const {
    checkIndex(index, size_);
    return data_[index];
}

int IntList::set(int index, int value) {
    checkIndex(index, size_);
    const int old = data_[index];
    data_[index] = value;
    return old;
}

int IntList::indexOf(int value) const {
    for (int i = 0; i < size_; ++i) {
        if (data_[i] == value) return i;
    }
    return -1;
}

bool IntList::contains(int value) const { return indexOf(value) >= 0; }
int IntList::size() const { return size_; }
bool IntList::isEmpty() const { return size_ == 0; }

void IntList::clear() {
    delete[] data_;
    data_ = nullptr;
    size_ = capacity_ = 0;
    ++modCount_;
}

void IntList::trimToSize() {
    if (capacity_ == size_) return;
    int* exact = size_ > 0 ? new int[size_] : nullptr;
    std::copy(data_, data_ + size_, exact);
    delete[] data_;
    data_ = exact;
    capacity_ = size_;
    ++modCount_;
}

long long IntList::sum() const {
    long long total = 0;
    for (int i = 0; i < size_; ++i) total += data_[i];
    return total;
}

std::vector<int> IntList::toVector() const { return std::vector<int>(data_, data_ + size_); }

IntList::Iterator IntList::iterator() { return Iterator(*this); }

std::string IntList::toString() const {
    std::ostringstream out;
    out << '[';
    for (int i = 0; i < size_; ++i) out << (i > 0 ? ", " : "") << data_[i];
    out << ']';
    return out.str();
}

std::size_t IntList::hashCode() const {
    std::size_t h = 1;
    for (int i = 0; i < size_; ++i) h = h * 31 + std::hash<int>{}(data_[i]);
    return h;
}

bool IntList::operator==(const IntList& other) const {
    return size_ == other.size_ && std::equal(data_, data_ + size_, other.data_);
}

bool IntList::operator!=(const IntList& other) const { return !(*this == other); }

bool IntList::operator<(const IntList& other) const {
    return std::lexicographical_compare(data_, data_ + size_, other.data_, other.data_ + other.size_);
}

std::ostream& operator<<(std::ostream& out, const IntList& list) { return out << list.toString(); }

// The iterator

IntList::Iterator::Iterator(IntList& list)
    : list_(&list), data_(list.data_), end_(list.size_), cursor_(0), lastReturned_(-1),
      expectedModCount_(list.modCount_) {}

bool IntList::Iterator::hasNext() const { return cursor_ < end_; }

// Known bug B2 (BUGS.md): does not check for a change of the list, and reads through the cached
// array: after the list reallocated (grew, clear, trimToSize, assignment) that array is freed.
int IntList::Iterator::next() {
    if (cursor_ >= end_) throw std::out_of_range("no more elements");
    lastReturned_ = cursor_;
    return data_[cursor_++];
}

void IntList::Iterator::remove() {
    if (expectedModCount_ != list_->modCount_) throw std::logic_error("list changed during iteration");
    if (lastReturned_ < 0) throw std::logic_error("remove() without next()");
    list_->removeAt(lastReturned_);
    cursor_ = lastReturned_;
    lastReturned_ = -1;
    data_ = list_->data_;
    end_ = list_->size_;
    expectedModCount_ = list_->modCount_;
}

}  // namespace collections

std::size_t std::hash<collections::IntList>::operator()(const collections::IntList& list) const noexcept {
    return list.hashCode();
}
