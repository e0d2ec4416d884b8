#include "table.hpp"

#include <algorithm>
#include <utility>

#include "text.hpp"
#include "tinysql/error.hpp"

namespace tinysql::detail {

Table::Table(std::string name, std::vector<ColumnDef> columns)
    : name_(std::move(name)), columns_(std::move(columns)) {
    if (columns_.empty()) throw SqlError("table " + name_ + " needs at least one column");
}

const std::string& Table::name() const {
    return name_;
}

const std::vector<ColumnDef>& Table::columns() const {
    return columns_;
}

std::optional<std::size_t> Table::findColumn(const std::string& name) const {
    for (std::size_t i = 0; i < columns_.size(); ++i) {
        if (equalsIgnoreCase(columns_[i].name, name)) return i;
    }
    return std::nullopt;
}

std::size_t Table::rowCount() const {
    return rows_.size();
}

const Row& Table::row(std::size_t index) const {
    return rows_.at(index);
}

void Table::insert(std::vector<Value> cells) {
    if (cells.size() != columns_.size()) {
        throw SqlError("table " + name_ + " has " + std::to_string(columns_.size()) +
                       " columns, got " + std::to_string(cells.size()) + " values");
    }
    Row row{nextId_++, std::move(cells)};
    // After every row with a key that is not greater: equal keys stay in insertion order.
    const auto at = std::upper_bound(rows_.begin(), rows_.end(), row, keyLess);
    rows_.insert(at, std::move(row));
}

std::vector<std::size_t> Table::matchingRows(const std::optional<Condition>& where) const {
    std::vector<std::size_t> found;
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        if (!where) {
            found.push_back(i);
            continue;
        }
        if (pastKeyBound(rows_[i], *where)) break;  // later rows have greater keys
        if (satisfies(rows_[i].cells[where->column], where->op, where->literal)) found.push_back(i);
    }
    return found;
}

std::size_t Table::update(std::size_t column, const Value& value,
                          const std::optional<Condition>& where) {
    // Remember the rows by id first: changing the key moves rows around.
    std::vector<std::uint64_t> ids;
    for (std::size_t index : matchingRows(where)) ids.push_back(rows_[index].id);
    for (std::uint64_t id : ids) {
        const std::size_t index = indexOf(id);
        rows_[index].cells[column] = value;
        if (column == 0) reposition(index);
    }
    return ids.size();
}

std::size_t Table::remove(const std::optional<Condition>& where) {
    const std::vector<std::size_t> doomed = matchingRows(where);
    for (auto it = doomed.rbegin(); it != doomed.rend(); ++it) {
        rows_.erase(rows_.begin() + static_cast<std::ptrdiff_t>(*it));
    }
    return doomed.size();
}

bool Table::keyLess(const Row& a, const Row& b) {
    return a.cells[0] < b.cells[0];
}

// True when `row` and every row after it are beyond an upper bound that `where` puts on the
// key, so the scan can stop.
bool Table::pastKeyBound(const Row& row, const Condition& where) const {
    if (where.column != 0 || where.literal.isNull()) return false;
    const Value& key = row.cells[0];
    switch (where.op) {
        case CompareOp::Eq:
            return where.literal < key;
        case CompareOp::Lt:
        case CompareOp::Le:  // known bug B5 (BUGS.md): for <= this also stops at key == literal
            return !(key < where.literal);
        default:
            return false;
    }
}

std::size_t Table::indexOf(std::uint64_t id) const {
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        if (rows_[i].id == id) return i;
    }
    throw SqlError("internal error: row " + std::to_string(id) + " of " + name_ + " vanished");
}

// The key of rows_[index] has just changed: move the row by swaps to where the order wants it.
void Table::reposition(std::size_t index) {
    for (;;) {
        if (index + 1 < rows_.size() && !keyLess(rows_[index], rows_[index + 1])) {
            // The next key is not greater: go after it (equal keys: after, like insert()).
            std::swap(rows_[index], rows_[index + 1]);
            ++index;
        } else if (index > 0 && !keyLess(rows_[index - 1], rows_[index])) {
            // The previous key is not smaller: go before it.
            // Known bug B3 (BUGS.md): with equal keys this undoes the step above, forever.
            std::swap(rows_[index - 1], rows_[index]);
            --index;
        } else {
            return;
        }
    }
}

}  // namespace tinysql::detail
