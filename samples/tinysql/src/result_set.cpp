#include "tinysql/result_set.hpp"

#include "result_data.hpp"
#include "text.hpp"
#include "tinysql/error.hpp"
#include "tinysql/statement.hpp"

namespace tinysql {

ResultSet::ResultSet(Statement* owner, const detail::ResultData* data)
    : owner_(owner), data_(data) {}

ResultSet::~ResultSet() {
    close();
}

bool ResultSet::next() {
    ensureOpen();
    if (cursor_ <= data_->rows.size()) ++cursor_;
    return cursor_ <= data_->rows.size();
}

std::size_t ResultSet::row() const {
    ensureOpen();
    return cursor_ >= 1 && cursor_ <= data_->rows.size() ? cursor_ : 0;
}

std::size_t ResultSet::rowCount() const {
    ensureOpen();
    return data_->rows.size();
}

long ResultSet::getInt(int column) {
    const Value& value = cell(column);
    if (value.isNull()) return 0;
    if (!value.isInt()) {
        throw SqlError("column " + data_->names[static_cast<std::size_t>(column) - 1] +
                       " is TEXT; use getString");
    }
    return value.asInt();
}

long ResultSet::getInt(const std::string& column) {
    return getInt(findColumn(column));
}

std::string ResultSet::getString(int column) {
    const Value& value = cell(column);
    if (value.isNull()) return std::string();
    return value.isInt() ? std::to_string(value.asInt()) : value.asText();
}

std::string ResultSet::getString(const std::string& column) {
    return getString(findColumn(column));
}

Value ResultSet::getValue(int column) {
    return cell(column);
}

bool ResultSet::wasNull() const {
    ensureOpen();
    return wasNull_;
}

int ResultSet::columnCount() const {
    ensureOpen();
    return static_cast<int>(data_->names.size());
}

int ResultSet::findColumn(const std::string& name) const {
    ensureOpen();
    for (std::size_t i = 0; i < data_->names.size(); ++i) {
        if (detail::equalsIgnoreCase(data_->names[i], name)) return static_cast<int>(i) + 1;
    }
    throw SqlError("no column " + name + " in the result");
}

std::string ResultSet::columnName(int column) const {
    const std::size_t index = checkedColumn(column);
    return data_->names[index];
}

ColumnType ResultSet::columnType(int column) const {
    const std::size_t index = checkedColumn(column);
    return data_->types[index];
}

IntColumn ResultSet::intColumn(int column) const {
    const std::size_t index = checkedColumn(column);
    if (data_->types[index] != ColumnType::Int) {
        throw SqlError("column " + data_->names[index] + " is TEXT; use textColumn");
    }
    IntColumn result(data_->names[index]);
    for (const std::vector<Value>& row : data_->rows) {
        if (row[index].isNull()) {
            result.appendNull();
        } else {
            result.append(row[index].asInt());
        }
    }
    return result;
}

TextColumn ResultSet::textColumn(int column) const {
    const std::size_t index = checkedColumn(column);
    if (data_->types[index] != ColumnType::Text) {
        throw SqlError("column " + data_->names[index] + " is INT; use intColumn");
    }
    TextColumn result(data_->names[index]);
    for (const std::vector<Value>& row : data_->rows) {
        if (row[index].isNull()) {
            result.appendNull();
        } else {
            result.append(row[index].asText());
        }
    }
    return result;
}

void ResultSet::close() {
    if (closed_) return;
    closed_ = true;
    data_ = nullptr;
    if (owner_ != nullptr) {
        owner_->resultClosed(this);
        owner_ = nullptr;
    }
}

bool ResultSet::isClosed() const {
    return closed_;
}

void ResultSet::ensureOpen() const {
    if (closed_) throw SqlError("result set is closed");
}

void ResultSet::detach() {
    closed_ = true;
    data_ = nullptr;
    owner_ = nullptr;
}

std::size_t ResultSet::checkedColumn(int column) const {
    ensureOpen();
    if (column < 1 || column > static_cast<int>(data_->names.size())) {
        throw SqlError("column " + std::to_string(column) + " out of range 1.." +
                       std::to_string(data_->names.size()));
    }
    return static_cast<std::size_t>(column - 1);
}

const std::vector<Value>& ResultSet::currentRow() const {
    ensureOpen();
    if (cursor_ < 1 || cursor_ > data_->rows.size()) {
        throw SqlError(cursor_ < 1 ? "no current row: call next() first"
                                   : "no current row: past the last row");
    }
    return data_->rows[cursor_ - 1];
}

const Value& ResultSet::cell(int column) {
    const std::vector<Value>& row = currentRow();
    const std::size_t index = static_cast<std::size_t>(column) - 1;
    // Known bug B2 (BUGS.md): off by one, index == row.size() gets through.
    if (column < 1 || index > row.size()) {
        throw SqlError("column " + std::to_string(column) + " out of range 1.." +
                       std::to_string(row.size()));
    }
    const Value& value = row[index];
    wasNull_ = value.isNull();
    return value;
}

}  // namespace tinysql
