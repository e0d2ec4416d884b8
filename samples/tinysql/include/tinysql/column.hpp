// tinysql: a whole column of a result, fetched at once (ResultSet::intColumn, textColumn).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace tinysql {

// A named, nullable column of values of type T. Member functions are defined in column.cpp
// and instantiated there for the two aliases below.
template <typename T>
class Column {
public:
    explicit Column(std::string name);

    const std::string& name() const;
    std::size_t size() const;
    bool empty() const;
    std::size_t nullCount() const;

    void append(const T& value);
    void appendNull();

    bool isNull(std::size_t index) const;   // throws SqlError when out of range
    const T& at(std::size_t index) const;   // throws SqlError when out of range or NULL

private:
    void checkIndex(std::size_t index) const;

    std::string name_;
    std::vector<T> values_;   // a NULL holds T{} here
    std::vector<bool> nulls_;
    std::size_t nullCount_ = 0;
};

using IntColumn = Column<long>;
using TextColumn = Column<std::string>;

extern template class Column<long>;
extern template class Column<std::string>;

}  // namespace tinysql
