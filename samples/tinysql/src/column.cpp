#include "tinysql/column.hpp"

#include <utility>

#include "tinysql/error.hpp"

namespace tinysql {

template <typename T>
Column<T>::Column(std::string name) : name_(std::move(name)) {}

template <typename T>
const std::string& Column<T>::name() const {
    return name_;
}

template <typename T>
std::size_t Column<T>::size() const {
    return values_.size();
}

template <typename T>
bool Column<T>::empty() const {
    return values_.empty();
}

template <typename T>
std::size_t Column<T>::nullCount() const {
    return nullCount_;
}

template <typename T>
void Column<T>::append(const T& value) {
    values_.push_back(value);
    nulls_.push_back(false);
}

template <typename T>
void Column<T>::appendNull() {
    values_.push_back(T{});
    nulls_.push_back(true);
    ++nullCount_;
}

template <typename T>
bool Column<T>::isNull(std::size_t index) const {
    checkIndex(index);
    return nulls_[index];
}

template <typename T>
const T& Column<T>::at(std::size_t index) const {
    checkIndex(index);
    if (nulls_[index]) {
        throw SqlError("column " + name_ + " is NULL at " + std::to_string(index));
    }
    return values_[index];
}

template <typename T>
void Column<T>::checkIndex(std::size_t index) const {
    if (index >= values_.size()) {
        throw SqlError("index " + std::to_string(index) + " out of range for column " + name_ +
                       " of " + std::to_string(values_.size()) + " values");
    }
}

template class Column<long>;
template class Column<std::string>;

}  // namespace tinysql
