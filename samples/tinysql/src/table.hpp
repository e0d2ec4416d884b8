// tinysql internals: one table, its schema and its rows.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "condition.hpp"
#include "tinysql/column_type.hpp"
#include "tinysql/value.hpp"

namespace tinysql::detail {

struct ColumnDef {
    std::string name;
    ColumnType type;
};

struct Row {
    std::uint64_t id;           // unique within the table, never reused
    std::vector<Value> cells;   // one per column
};

// Rows are kept ordered by the first column (the key; NULL first), rows with equal keys in the
// order they were inserted, so that SELECT lists rows in key order and a scan with an upper
// bound on the key can stop early. Callers check types; the table checks only the shape.
class Table {
public:
    Table(std::string name, std::vector<ColumnDef> columns);

    const std::string& name() const;
    const std::vector<ColumnDef>& columns() const;
    std::optional<std::size_t> findColumn(const std::string& name) const;  // case-insensitive
    std::size_t rowCount() const;
    const Row& row(std::size_t index) const;

    void insert(std::vector<Value> cells);
    // Indices of the rows satisfying `where` (all rows without it), in key order.
    std::vector<std::size_t> matchingRows(const std::optional<Condition>& where) const;
    // Sets `column` to `value` in the matching rows; returns how many.
    std::size_t update(std::size_t column, const Value& value, const std::optional<Condition>& where);
    // Removes the matching rows; returns how many.
    std::size_t remove(const std::optional<Condition>& where);

private:
    static bool keyLess(const Row& a, const Row& b);
    bool pastKeyBound(const Row& row, const Condition& where) const;
    std::size_t indexOf(std::uint64_t id) const;
    void reposition(std::size_t index);

    std::string name_;
    std::vector<ColumnDef> columns_;
    std::vector<Row> rows_;
    std::uint64_t nextId_ = 1;
};

}  // namespace tinysql::detail
