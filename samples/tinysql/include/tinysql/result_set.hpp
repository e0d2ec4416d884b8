// tinysql: the rows of a SELECT, read with a cursor as in JDBC.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "tinysql/column.hpp"
#include "tinysql/column_type.hpp"
#include "tinysql/value.hpp"

namespace tinysql {

class Statement;

namespace detail {
struct ResultData;
}

// Made by Statement::executeQuery. Columns are numbered from 1. The cursor starts before the
// first row; next() moves it. Every method but close() and isClosed() throws SqlError once
// the ResultSet is closed.
class ResultSet {
public:
    ~ResultSet();
    ResultSet(const ResultSet&) = delete;
    ResultSet& operator=(const ResultSet&) = delete;

    // Moves to the next row; false once past the last row.
    bool next();
    // 1-based index of the current row, 0 when not on a row.
    std::size_t row() const;
    std::size_t rowCount() const;

    // Getters read the current row. A NULL reads as 0 or "" and sets wasNull().
    // getInt throws SqlError for a TEXT column; getString formats an INT in decimal.
    long getInt(int column);
    long getInt(const std::string& column);
    std::string getString(int column);
    std::string getString(const std::string& column);
    Value getValue(int column);
    bool wasNull() const;

    int columnCount() const;
    // 1-based index of the column of that name (case-insensitive); throws SqlError if none.
    int findColumn(const std::string& name) const;
    std::string columnName(int column) const;
    ColumnType columnType(int column) const;

    // The whole column, every row, independent of the cursor; throws SqlError when the
    // column has the other type.
    IntColumn intColumn(int column) const;
    TextColumn textColumn(int column) const;

    void close();
    bool isClosed() const;

private:
    friend class Statement;

    ResultSet(Statement* owner, const detail::ResultData* data);

    void ensureOpen() const;
    void detach();   // the statement closes this result set
    std::size_t checkedColumn(int column) const;   // 1-based to 0-based, range checked
    const std::vector<Value>& currentRow() const;
    const Value& cell(int column);                 // a cell of the current row; sets wasNull_

    Statement* owner_;
    const detail::ResultData* data_;
    std::size_t cursor_ = 0;   // 0: before the first row; rowCount() + 1: after the last
    bool closed_ = false;
    bool wasNull_ = false;
};

}  // namespace tinysql
