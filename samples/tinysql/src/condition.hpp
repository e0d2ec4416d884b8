// tinysql internals: a WHERE condition bound to a column index.
#pragma once

#include <cstddef>

#include "tinysql/value.hpp"

namespace tinysql::detail {

enum class CompareOp { Eq, Ne, Lt, Le, Gt, Ge };

struct Condition {
    std::size_t column;  // 0-based index in the table
    CompareOp op;
    Value literal;       // NULL or of the column's type
};

// SQL comparison: false when either side is NULL; both sides have the same type otherwise.
bool satisfies(const Value& cell, CompareOp op, const Value& literal);

}  // namespace tinysql::detail
