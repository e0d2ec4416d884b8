#include "minisat/lit_vec.hpp"

#include <algorithm>
#include <cstring>
#include <ostream>
#include <stdexcept>
#include <string>

namespace minisat {

namespace {

// Contribution of `lit` at `position` to a LitVec's hash.
std::size_t mix(int lit, int position) {
    std::size_t h = static_cast<std::size_t>(static_cast<unsigned>(lit)) * 0x9E3779B97F4A7C15ull;
    h ^= static_cast<std::size_t>(position + 1) * 0xC2B2AE3D27D4EB4Full;
    return h ^ (h >> 29);
}

}  // namespace

int varOf(int lit) {
    if (lit == 0 || lit > kMaxVar || lit < -kMaxVar)
        throw std::invalid_argument("not a literal: " + std::to_string(lit));
    return lit > 0 ? lit : -lit;
}

LitVec::LitVec(const LitVec& other) : hash_(other.hash_) {
    reserve(other.size_);
    if (other.size_ > 0) std::memcpy(data_, other.data_, sizeof(int) * static_cast<std::size_t>(other.size_));
    size_ = other.size_;
}

LitVec::LitVec(LitVec&& other) noexcept
    : data_(other.data_), size_(other.size_), capacity_(other.capacity_), hash_(other.hash_) {
    other.data_ = nullptr;
    other.size_ = other.capacity_ = 0;
    other.hash_ = 0;
}

LitVec& LitVec::operator=(const LitVec& other) {
    if (this == &other) return *this;
    if (other.size_ > capacity_) {
        delete[] data_;
        data_ = nullptr;
        size_ = capacity_ = 0;
        reserve(other.size_);
    }
    if (other.size_ > 0) std::memcpy(data_, other.data_, sizeof(int) * static_cast<std::size_t>(other.size_));
    size_ = other.size_;
    hash_ = other.hash_;
    return *this;
}

LitVec& LitVec::operator=(LitVec&& other) noexcept {
    if (this == &other) return *this;
    delete[] data_;
    data_ = other.data_;
    size_ = other.size_;
    capacity_ = other.capacity_;
    hash_ = other.hash_;
    other.data_ = nullptr;
    other.size_ = other.capacity_ = 0;
    other.hash_ = 0;
    return *this;
}

LitVec::~LitVec() {
    delete[] data_;
}

void LitVec::reserve(int capacity) {
    if (capacity <= capacity_) return;
    int* grown = new int[static_cast<std::size_t>(capacity)];
    if (size_ > 0) std::memcpy(grown, data_, sizeof(int) * static_cast<std::size_t>(size_));
    delete[] data_;
    data_ = grown;
    capacity_ = capacity;
}

void LitVec::push(int lit) {
    varOf(lit);
    if (size_ == capacity_) reserve(capacity_ < 4 ? 4 : capacity_ * 2);
    data_[size_] = lit;
    hash_ += mix(lit, size_);
    ++size_;
}

void LitVec::pop() {
    if (size_ == 0) throw std::out_of_range("LitVec::pop: empty");
    // Known bug B4 (BUGS.md): the popped literal's share of hash_ is not taken out.
    --size_;
}

void LitVec::clear() noexcept {
    size_ = 0;
    hash_ = 0;
}

int LitVec::size() const noexcept {
    return size_;
}

bool LitVec::empty() const noexcept {
    return size_ == 0;
}

int LitVec::at(int index) const {
    if (index < 0 || index >= size_)
        throw std::out_of_range("LitVec::at: index " + std::to_string(index) + " of " + std::to_string(size_));
    return data_[index];
}

int LitVec::last() const {
    if (size_ == 0) throw std::out_of_range("LitVec::last: empty");
    return data_[size_ - 1];
}

bool LitVec::contains(int lit) const noexcept {
    return indexOf(lit) >= 0;
}

int LitVec::indexOf(int lit) const noexcept {
    for (int i = 0; i < size_; ++i)
        if (data_[i] == lit) return i;
    return -1;
}

int LitVec::maxVar() const noexcept {
    int result = 0;
    for (int i = 0; i < size_; ++i) result = std::max(result, data_[i] > 0 ? data_[i] : -data_[i]);
    return result;
}

LitVec LitVec::sorted() const {
    LitVec result(*this);
    std::sort(result.data_, result.data_ + result.size_, [](int a, int b) {
        const int va = a > 0 ? a : -a;
        const int vb = b > 0 ? b : -b;
        return va != vb ? va < vb : a < b;
    });
    result.hash_ = 0;
    for (int i = 0; i < result.size_; ++i) result.hash_ += mix(result.data_[i], i);
    return result;
}

LitVec LitVec::negated() const {
    LitVec result;
    result.reserve(size_);
    for (int i = 0; i < size_; ++i) result.push(-data_[i]);
    return result;
}

std::size_t LitVec::hashCode() const noexcept {
    return hash_;
}

bool LitVec::operator==(const LitVec& other) const noexcept {
    if (size_ != other.size_) return false;
    for (int i = 0; i < size_; ++i)
        if (data_[i] != other.data_[i]) return false;
    return true;
}

bool LitVec::operator!=(const LitVec& other) const noexcept {
    return !(*this == other);
}

bool LitVec::operator<(const LitVec& other) const noexcept {
    return std::lexicographical_compare(data_, data_ + size_, other.data_, other.data_ + other.size_);
}

std::ostream& operator<<(std::ostream& out, const LitVec& lits) {
    out << '[';
    for (int i = 0; i < lits.size(); ++i) out << (i > 0 ? " " : "") << lits.at(i);
    return out << ']';
}

}  // namespace minisat
